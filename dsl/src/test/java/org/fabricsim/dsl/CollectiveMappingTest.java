package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.collective.PhaseScope;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.junit.jupiter.api.Test;

class CollectiveMappingTest extends FabricModelTest {
    @Test
    void shouldMapAUserDefinedCollectiveToItsPhasesAndRunIt() throws Exception {
        // A phased all-to-all used to map to HIERARCHICAL and fail with "HIERARCHICAL cannot run ALL_TO_ALL".
        Model model = parser.parse("""
                cluster C { nodes 2 x 4 accelerators link 100 GB/s latency 1 us }
                collective Dispatch {
                    operation all-to-all
                    phase all-to-all direct per-rail
                    phase all-to-all direct within-node
                }
                benchmark Bench {
                    collective Dispatch
                    on C
                    sizes 1 MiB
                }
                """);
        validation.assertNoErrors(model);
        CollectiveBenchmarkSpec benchmark = (CollectiveBenchmarkSpec) mapper.toStudy(model, "p.fabric").workloads()
                .get(0);
        assertEquals(List.of(
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.PER_RAIL),
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.WITHIN_NODE)),
                benchmark.phases());
        RunResult run = new Simulator().run(benchmark);
        assertEquals("phased", run.parameters().get("algorithm"));
    }

    @Test
    void shouldMapEveryPhaseScopeOfTheLanguageToTheEngineScopeOfTheSameKeyword() throws Exception {
        // Language and engine both group by node, so the mapping goes by constant name and every
        // keyword, parsed in a model, lands on the engine scope whose label is that keyword.
        List<String> keywords = org.fabricsim.dsl.fabric.PhaseScope.VALUES.stream()
                .map(org.fabricsim.dsl.fabric.PhaseScope::getLiteral).toList();
        assertEquals(List.of("within-node", "across-nodes", "per-rail", "global"), keywords);
        assertEquals(keywords, Stream.of(PhaseScope.values()).map(PhaseScope::label).toList(),
                "every engine scope can be written, under its own keyword");
        StringBuilder phases = new StringBuilder();
        keywords.forEach(keyword -> phases.append("    phase all-reduce ring ").append(keyword).append('\n'));
        Model model = parser.parse("""
                cluster C { nodes 2 x 4 accelerators link 100 GB/s latency 1 us }
                collective EveryScope {
                    operation all-reduce
                %s}
                benchmark Bench {
                    collective EveryScope
                    on C
                    sizes 1 MiB
                }
                """.formatted(phases));
        validation.assertNoErrors(model);
        CollectiveBenchmarkSpec benchmark = (CollectiveBenchmarkSpec) mapper.toStudy(model, "p.fabric").workloads()
                .get(0);
        assertEquals(keywords, benchmark.phases().stream().map(phase -> phase.scope().label()).toList());
    }

    @Test
    void shouldMapEveryOperationAndAlgorithmOfTheLanguageToTheEngineConstantOfTheSameKeyword() {
        // The mapping goes by constant name; the engine's label must then be the keyword the user wrote.
        for (var written : org.fabricsim.dsl.fabric.CollectiveOperation.VALUES) {
            assertEquals(written.getLiteral(), CollectiveOperation.valueOf(written.getName()).label());
        }
        for (var written : org.fabricsim.dsl.fabric.CollectiveAlgorithm.VALUES) {
            assertEquals(written.getLiteral(), Algorithm.valueOf(written.getName()).label());
        }
    }

    @Test
    void shouldRunAGatherAsNcclTestsGatherPerfReportsIt() throws Exception {
        // 8 sketched accelerators, each with its own 100 GB/s link of 1 us to one switch, stated at 100 % (else the
        // profile's NIC efficiency, 0.96, derates it); an ideal harness adds no software latency. The 7 other ranks send the root 8 MiB / 8 = 1 MiB each at once, all through its
        // downlink: T = 7 x 1,048,576 B / 100e9 B/s + 2 us = 73.40032 + 2 = 75.40032 us. nccl-tests reports
        // algbw = S/T = 111.254 GB/s and busbw = algbw x 7/8 = 97.347 GB/s (src/gather.cu).
        Model model = parser.parse("""
                cluster C { nodes 2 x 4 accelerators link 100 GB/s latency 1 us efficiency 100 % }
                benchmark Incast {
                    gather
                    on C
                    sizes 8 MiB
                    harness ideal
                }
                """);
        validation.assertNoErrors(model);
        RunResult run = new Simulator().run(mapper.toStudy(model, "p.fabric").workloads().get(0));
        assertEquals("gather", run.parameters().get("operation"));
        assertEquals(0, run.parameters().get("root"));
        Map<?, ?> row = (Map<?, ?>) ((List<?>) run.metrics().get("rows")).get(0);
        assertEquals("direct", row.get("algorithm"));
        assertEquals(75.40032e-6, (Double) row.get("timeSeconds"), 1e-12);
        assertEquals(111.254, (Double) row.get("algbwGBps"), 1e-3);
        assertEquals(97.347, (Double) row.get("busbwGBps"), 1e-3);
    }
}
