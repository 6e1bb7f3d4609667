package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * An algorithm the benchmark's or phase's operation has no schedule for is an editor error, by the engine's own rule
 * (runtime {@code Algorithm.serves}), instead of a refusal when the run starts; the message names the algorithms
 * that run the operation, and the quick fix writes {@code auto}.
 */
class CollectiveAlgorithmValidatorTest extends FabricModelTest {
    private static final String BENCHMARK = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            cluster Dgx { nodes 2 x DGX_H100 scale-out RoCEv2 rail-optimized { rails 8 } }
            benchmark Bench {
                %s
                on Dgx nodes 2
                sizes 1 MiB
            }
            """;
    private static final String PHASES = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            cluster Dgx { nodes 2 x DGX_H100 scale-out RoCEv2 rail-optimized { rails 8 } }
            collective Dispatch {
                operation all-to-all
                phase %s per-rail
                phase all-to-all direct within-node
            }
            benchmark Bench { collective Dispatch on Dgx nodes 2 sizes 1 MiB }
            """;

    private List<Issue> errors(String model) throws Exception {
        return validation.validate(parser.parse(model)).stream()
                .filter(issue -> issue.getSeverity() == Severity.ERROR).toList();
    }

    @Test
    void shouldRefuseARingAllToAllNamingTheAlgorithmsThatRunIt() throws Exception {
        List<Issue> errors = errors(BENCHMARK.formatted("all-to-all ring"));
        assertEquals(List.of(IssueCodes.ALGORITHM_OPERATION), errors.stream().map(Issue::getCode).toList(),
                errors::toString);
        // AllToAllSchedules has direct and pairwise schedules only
        assertTrue(errors.get(0).getMessage().startsWith(
                "'ring' does not run all-to-all: all-to-all runs on 'direct' or 'pairwise'."), errors.get(0).getMessage());
        assertEquals(List.of("auto"), List.of(errors.get(0).getData()));
    }

    @Test
    void shouldNameTheAlgorithmsInTheWordsOfTheRunsRefusal() throws Exception {
        // The run refuses a ring all-to-all on 2 nodes of 8 as "... (all-to-all runs on 'direct' or 'pairwise'); ...";
        // the editor's error carries the same sentence, made by the same code (Algorithm.runsOn).
        LinkClass nic = new LinkClass(50e9, 0);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.switched(8,
                new LinkClass(400e9, 0), false), nic, FatTreeParameters.singleSwitch(nic)));
        String refusal = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(cluster,
                CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 1 << 20, 16).withAlgorithm(Algorithm.RING)))
                .getMessage();
        String runs = refusal.substring(refusal.indexOf('(') + 1, refusal.indexOf(')'));
        assertEquals("all-to-all runs on 'direct' or 'pairwise'", runs, refusal);
        List<Issue> errors = errors(BENCHMARK.formatted("all-to-all ring"));
        assertEquals("'ring' does not run all-to-all: " + runs + ". Write one of them, or 'auto' (the quick fix).",
                errors.get(0).getMessage());
    }

    @Test
    void shouldRefuseADirectAllReduceAndATreeAllGather() throws Exception {
        validation.assertError(parser.parse(BENCHMARK.formatted("all-reduce direct")), Literals.BENCHMARK,
                IssueCodes.ALGORITHM_OPERATION, "all-reduce runs on 'ring', 'double-binary-tree', 'halving-doubling',"
                        + " 'hierarchical', 'in-network', 'collnet-direct', 'collnet-chain' or 'bucket'");
        validation.assertError(parser.parse(BENCHMARK.formatted("all-gather double-binary-tree")),
                Literals.BENCHMARK, IssueCodes.ALGORITHM_OPERATION, "'double-binary-tree' does not run all-gather");
        validation.assertError(parser.parse(BENCHMARK.formatted("send-recv pairwise")), Literals.BENCHMARK,
                IssueCodes.ALGORITHM_OPERATION, "send-recv runs on 'direct'.");
    }

    @Test
    void shouldRefuseARingGatherAndAnInNetworkScatterOfferingAuto() throws Exception {
        // NCCL runs gather and scatter as grouped sends and receives: no ring or chain, no in-switch reduction.
        List<Issue> errors = errors(BENCHMARK.formatted("gather ring"));
        assertEquals(List.of(IssueCodes.ALGORITHM_OPERATION), errors.stream().map(Issue::getCode).toList(),
                errors::toString);
        assertEquals("'ring' does not run gather: gather runs on 'direct'. Write one of them, or 'auto' (the quick"
                + " fix).", errors.get(0).getMessage());
        assertEquals(List.of("auto"), List.of(errors.get(0).getData()));
        validation.assertError(parser.parse(BENCHMARK.formatted("scatter in-network")), Literals.BENCHMARK,
                IssueCodes.ALGORITHM_OPERATION, "'in-network' does not run scatter: scatter runs on 'direct'.");
    }

    @Test
    void shouldAcceptAnAlgorithmThatRunsTheOperation() throws Exception {
        for (String written : List.of("all-to-all direct", "all-to-all pairwise", "all-reduce ring",
                "all-reduce double-binary-tree", "reduce-scatter halving-doubling", "broadcast ring", "send-recv direct",
                "all-to-all auto", "reduce auto", "gather direct", "scatter direct", "gather auto", "scatter")) {
            validation.assertNoIssue(parser.parse(BENCHMARK.formatted(written)), Literals.BENCHMARK,
                    IssueCodes.ALGORITHM_OPERATION);
        }
    }

    @Test
    void shouldRefuseAPhaseWhoseAlgorithmDoesNotRunItsOperation() throws Exception {
        List<Issue> errors = errors(PHASES.formatted("all-to-all ring"));
        assertEquals(List.of(IssueCodes.ALGORITHM_OPERATION), errors.stream().map(Issue::getCode).toList(),
                errors::toString);
        assertTrue(errors.get(0).getMessage().contains("all-to-all runs on 'direct' or 'pairwise'"),
                errors.get(0).getMessage());
        validation.assertNoIssue(parser.parse(PHASES.formatted("all-to-all pairwise")), Literals.PHASE,
                IssueCodes.ALGORITHM_OPERATION);
        validation.assertNoIssue(parser.parse(PHASES.formatted("all-to-all auto")), Literals.PHASE,
                IssueCodes.ALGORITHM_OPERATION);
    }

    @Test
    void shouldRefuseHalvingDoublingOverRanksThatAreNoPowerOfTwo() throws Exception {
        // 3 sketched nodes of 8: 24 ranks; 2 nodes: 16 = 2^4
        String model = """
                cluster Trio { nodes 3 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Bench { all-reduce halving-doubling on Trio nodes %d sizes 1 MiB }
                """;
        validation.assertError(parser.parse(model.formatted(3)), Literals.BENCHMARK, IssueCodes.ALGORITHM_RANKS,
                "'halving-doubling' needs a power-of-two rank count, and this benchmark runs on 24");
        validation.assertNoIssue(parser.parse(model.formatted(2)), Literals.BENCHMARK, IssueCodes.ALGORITHM_RANKS);
    }

    @Test
    void shouldRefuseHierarchicalInsideOneScaleUpDomain() throws Exception {
        // a DGX H100 is one NVLink domain of 8: one node has no second domain to reduce across, two have
        validation.assertError(parser.parse(BENCHMARK.formatted("all-reduce hierarchical").replace("on Dgx nodes 2",
                "on Dgx nodes 1")), Literals.BENCHMARK, IssueCodes.ALGORITHM_RANKS,
                "needs two or more whole scale-up domains of 8 accelerators, and this benchmark runs on 8");
        validation.assertNoIssue(parser.parse(BENCHMARK.formatted("all-reduce hierarchical")), Literals.BENCHMARK,
                IssueCodes.ALGORITHM_RANKS);
    }

    @Test
    void shouldRefuseAVariedAlgorithmThatDoesNotRunTheBenchmarksOperation() throws Exception {
        String study = BENCHMARK.formatted("all-reduce ring") + """
                study Algorithms {
                    simulate Bench
                    vary algorithm in [%s]
                }
                """;
        List<Issue> errors = errors(study.formatted("ring, direct"));
        assertEquals(List.of(IssueCodes.ALGORITHM_OPERATION), errors.stream().map(Issue::getCode).toList(),
                errors::toString);
        assertTrue(errors.get(0).getMessage().startsWith("'direct' does not run all-reduce"), errors.get(0).getMessage());
        validation.assertNoIssue(parser.parse(study.formatted("ring, double-binary-tree, auto")),
                Literals.KEYWORD_VALUE, IssueCodes.ALGORITHM_OPERATION);
    }
}
