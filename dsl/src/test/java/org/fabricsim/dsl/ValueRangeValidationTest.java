package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * Values no hardware reaches, and domains that do not fit their nodes, are editor errors in the
 * user's words instead of run-time failures or validator crashes (issue 21 S3, S5, S7, C2, C8).
 */
class ValueRangeValidationTest extends FabricModelTest {

    private Model nic(String rate) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                nic Card { vendor NVIDIA ports 1 x %s speaks RoCEv2 }
                """.formatted(rate));
    }

    private List<Issue> issues(Model model, String code) {
        return validation.validate(model).stream().filter(i -> code.equals(i.getCode())).toList();
    }

    @Test
    void shouldRejectAPortRateAbove1PetabitInsteadOfRunningOutOfMemory() throws Exception {
        for (String rate : List.of("2147483648 Gb/s", "100000000000000000000 Gb/s")) {
            validation.assertError(nic(rate), Literals.QUANTITY, IssueCodes.TOO_LARGE,
                    "A data rate is at most 1 Pb/s (1000 Tb/s)");
        }
        assertEquals(List.of(), issues(nic("1000 Tb/s"), IssueCodes.TOO_LARGE));
        assertEquals(List.of(), issues(nic("800 Gb/s"), IssueCodes.TOO_LARGE));
    }

    private Model accelerator(String rate, String scaleUp) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                accelerator Chip { vendor NVIDIA compute bf16 %s memory 80 GB bandwidth 3.35 TB/s scale-up %s }
                """.formatted(rate, scaleUp));
    }

    @Test
    void shouldRejectAComputeRateAboveAnExaflopInsteadOfWrappingTheEnginesCounts() throws Exception {
        // 99999999999999999999 TFLOPS (1e32 FLOP/s) was session 61's mutant; 1001 PFLOPS is just above 1e18 FLOP/s.
        for (String rate : List.of("99999999999999999999 TFLOPS", "1001 PFLOPS", "1000001 TFLOPS")) {
            validation.assertError(accelerator(rate, "18 x 25 GB/s"), Literals.QUANTITY, IssueCodes.TOO_LARGE,
                    "A compute rate is at most 1000 PFLOPS (1 EFLOPS)");
        }
        for (String rate : List.of("1000 PFLOPS", "1000000 TFLOPS", "10066.4 TFLOPS", "989 TFLOPS")) {
            assertEquals(List.of(), issues(accelerator(rate, "18 x 25 GB/s"), IssueCodes.TOO_LARGE), rate);
        }
    }

    @Test
    void shouldRejectAScaleUpRateOfPortsTimesTheirRateAbove1Petabit() throws Exception {
        // 2,147,483,647 ports x 1000 Tb/s is 2,147,483,647,000 Tb/s; 1001 x 1 Tb/s is 1,001 Tb/s; 1000 x 1 Tb/s is
        // 1 Pb/s, the bound.
        validation.assertError(accelerator("989 TFLOPS", "2147483647 x 1000 Tb/s"), Literals.ACCELERATOR,
                IssueCodes.TOO_LARGE, "gives each accelerator 2,147,483,647,000 Tb/s of scale-up");
        validation.assertError(accelerator("989 TFLOPS", "1001 x 1 Tb/s"), Literals.ACCELERATOR,
                IssueCodes.TOO_LARGE, "gives each accelerator 1,001 Tb/s of scale-up, above the 1 Pb/s");
        assertEquals(List.of(), issues(accelerator("989 TFLOPS", "1000 x 1 Tb/s"), IssueCodes.TOO_LARGE));
        assertEquals(List.of(), issues(accelerator("989 TFLOPS", "18 x 50 GB/s"), IssueCodes.TOO_LARGE));
        // a port rate above the bound itself is reported once, on the rate
        assertEquals(1, issues(accelerator("989 TFLOPS", "18 x 2000 Tb/s"), IssueCodes.TOO_LARGE).size());
    }

    private Model oversubscribed(String ratio) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 64 x DGX_H100 scale-out InfiniBand_NDR fat-tree { tiers 2 oversubscription %s } }
                """.formatted(ratio));
    }

    @Test
    void shouldRejectAnOversubscriptionAboveAThousandWithoutENotation() throws Exception {
        List<Issue> issues = validation.validate(oversubscribed("9007199254740993:1"));
        validation.assertError(oversubscribed("9007199254740993:1"), Literals.RATIO, IssueCodes.TOO_LARGE,
                "An oversubscription is at most 1000:1");
        assertTrue(issues.stream().noneMatch(i -> i.getMessage().matches(".*\\dE\\d.*")), issues::toString);
        assertEquals(List.of(), issues(oversubscribed("3:1"), IssueCodes.TOO_LARGE));
    }

    private Model domain(int size) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                node Box { accelerators 8 x H100_SXM scale-up NVLink4 switched domain %d }
                """.formatted(size));
    }

    @Test
    void shouldRejectAScaleUpDomainThatNeitherSplitsNorSpansWholeNodes() throws Exception {
        validation.assertError(domain(7), Literals.SCALE_UP_DOMAIN, IssueCodes.DOMAIN_MISFIT,
                "A scale-up domain of 7 does not fit nodes of 8 accelerators");
        for (int fits : List.of(1, 4, 8, 16, 72 * 8)) {
            assertEquals(List.of(), issues(domain(fits), IssueCodes.DOMAIN_MISFIT), "domain " + fits);
        }
    }

    @Test
    void shouldRefuseAClusterOfMoreAcceleratorsThanTheEngineCounts() throws Exception {
        // 2,147,483,647 DGX nodes of 8 hold 17,179,869,176 accelerators, above 2^31 - 1: it validated and simulate
        // ended in an integer overflow. 268,435,455 nodes hold 2,147,483,640, which the engine counts.
        String cluster = """
                import fabric.catalog.nvidia.*
                cluster C { nodes %d x DGX_H100 }
                """;
        validation.assertError(parser.parse(cluster.formatted(Integer.MAX_VALUE)), Literals.CLUSTER,
                IssueCodes.TOO_MANY_ACCELERATORS, "C has 17179869176 accelerators, more than the 2147483647");
        assertEquals(List.of(), issues(parser.parse(cluster.formatted(268_435_455)), IssueCodes.TOO_MANY_ACCELERATORS));
    }

    @Test
    void shouldReportATierUplinkRateInMillisecondsAsAWrongDimension() throws Exception {
        // 'uplinks' is a data rate; '400 ms' validated before and the mapper threw on simulate.
        String tiers = """
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                switch S16 { vendor NVIDIA ports 16 x 400 Gb/s speaks RoCEv2 }
                cluster C { nodes 4 x DGX_H100 scale-out RoCEv2 fat-tree { switch S16 tiers 2 leaf 4 x S16 uplinks %s } }
                """;
        validation.assertError(parser.parse(tiers.formatted("400 ms")), Literals.QUANTITY, IssueCodes.WRONG_DIMENSION,
                "Expected a data rate here");
        assertEquals(List.of(), issues(parser.parse(tiers.formatted("400 Gb/s")), IssueCodes.WRONG_DIMENSION));
    }

    @Test
    void shouldReportASwitchPortRateInBytesAsAWrongDimensionWithoutAValidatorCrash() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                switch Big { vendor NVIDIA ports 8 x 200 TiB speaks RoCEv2 }
                cluster C { nodes 4 x DGX_H100 scale-out RoCEv2 fat-tree { switch Big tiers 2 } }
                """);
        validation.assertError(model, Literals.QUANTITY, IssueCodes.WRONG_DIMENSION);
        List<Issue> issues = validation.validate(model);
        assertTrue(issues.stream().noneMatch(i -> i.getMessage().contains("Error executing")
                || String.valueOf(i.getCode()).contains("@")), issues::toString);
    }

    @Test
    void shouldCheckAQuantityWhoseNumberBrokeWithoutAValidatorCrash() throws Exception {
        Model model = parser.parse("cost Rent {\n    accelerator-hour $2.\t50/h\n}\n");
        List<Issue> issues = validation.validate(model);
        assertTrue(issues.stream().noneMatch(i -> i.getMessage().contains("Error executing")), issues::toString);
        assertEquals(List.of(), issues(parser.parse("cost Rent {\n    accelerator-hour $2.50/h\n}\n"),
                IssueCodes.NOT_POSITIVE));
    }

    @Test
    void shouldCheckATrainingWithTheLargestLayerCountWithoutAValidatorCrash() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.intel.*
                cluster Gaudi { nodes 4 x Gaudi3_HLS }
                model Small transformer { layers 2147483647 hidden 1024 heads 16 vocab 32000 }
                training Train {
                    model Small on Gaudi
                    sequence 2048
                    batch 64 sequences
                    parallel tensor 8 context 2 ring data 2
                }
                """);
        List<Issue> issues = validation.validate(model);
        assertTrue(issues.stream().noneMatch(i -> i.getMessage().contains("Error executing")), issues::toString);
    }

    @Test
    void shouldRefuseALatencyOrTimerAboveOneSecondInsteadOfWrappingTheClock() throws Exception {
        // 1e20 us is 1e26 ps, past the clock's 2^63 ps (9.2e18); it validated and the run wrapped. 1 s is 1e12 ps.
        String sketch = """
                cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency %s }
                """;
        for (String latency : List.of("99999999999999999999 us", "2 s", "1001 ms")) {
            validation.assertError(parser.parse(sketch.formatted(latency)), Literals.QUANTITY, IssueCodes.TOO_LARGE,
                    "A latency, timer or host time is at most 1 s");
        }
        for (String latency : List.of("1 s", "1000 ms", "1 us", "0 ns")) {
            assertEquals(List.of(), issues(parser.parse(sketch.formatted(latency)), IssueCodes.TOO_LARGE), latency);
        }
        String dcqcn = """
                import fabric.catalog.standards.*
                fabric Roce { vendor IBTA scope scale-out link 400 Gb/s latency 1 us congestion-control dcqcn {
                    increase-timer %s } }
                """;
        validation.assertError(parser.parse(dcqcn.formatted("3 h")), Literals.QUANTITY, IssueCodes.TOO_LARGE, "1 s");
        assertEquals(List.of(), issues(parser.parse(dcqcn.formatted("300 us")), IssueCodes.TOO_LARGE));
    }

    @Test
    void shouldRefuseAClusterOfMoreNicPortsThanTheEngineCounts() throws Exception {
        // DGX_H100 has 8 accelerators; 4 nodes x 2,147,483,647 one-port NICs = 8,589,934,588 ports, above 2^31 - 1: it
        // validated and the run ended in the engine's words. 4 x 536,870,911 = 2,147,483,644 ports it counts.
        String cluster = """
                import fabric.catalog.nvidia.*
                node Box { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics %d x ConnectX7 }
                cluster C { nodes 4 x Box scale-out InfiniBand_NDR single-switch }
                """;
        validation.assertError(parser.parse(cluster.formatted(Integer.MAX_VALUE)), Literals.CLUSTER,
                IssueCodes.TOO_MANY_NICS, "C has 8589934588 NIC ports (nodes x NICs x ports per NIC), more than the"
                        + " 2147483647");
        for (int nics : List.of(536_870_911, 8)) {
            assertEquals(List.of(), issues(parser.parse(cluster.formatted(nics)), IssueCodes.TOO_MANY_NICS));
        }
    }
}
