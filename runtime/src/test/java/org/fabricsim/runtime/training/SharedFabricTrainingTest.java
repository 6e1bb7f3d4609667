package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.sharing.SharedFabricRuns;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * Two data-parallel training jobs sharing an oversubscribed fat-tree, placed contiguously and
 * fragmented, against a hand-derived step time.
 *
 * <p>The cluster: 16 single-H100 nodes, one 400G NIC each, on a two-tier fat-tree of 5-port
 * switches at 4:1: 4 hosts per leaf (⌊5 · 4/5⌋) and one uplink per leaf, to the one spine. Each job:
 * DP 8 (TP, PP, CP 1), no overlap, no sharding, so its step is compute a' plus the DP all-reduce,
 * 14 ring steps (reduce-scatter and all-gather over 8 ranks) each paying NCCL's scale-out step
 * latency o and a transfer; R, the transfers' total, is the only part of the step a shared link can
 * slow. Contiguous (nodes 0-7 and 8-15) the jobs use disjoint leaves: each runs as alone. Fragmented
 * (even and odd nodes) each job's ring crosses every leaf's uplink once each way (edges 2→4, 6→8,
 * 10→12, 14→0 for the even ring; 3→5, 7→9, 11→13, 15→1 for the odd one), one flow per link, so
 * alone every ring step runs at the link rate and keeps the uplinks busy R out of T seconds.
 *
 * <p>Shared, the fluid fixed point leaves each job a share f = 1 − R/T of the uplinks (the other
 * job's utilization R/T, while that is at most 1/2), so its transfers take R/f: T = a + R/(1 − R/T)
 * with a = T<sub>alone</sub> − R, i.e. T² − (a + 2R)·T + a·R = 0 and
 * T = ((a + 2R) + √(a² + 4R²)) / 2.
 */
class SharedFabricTrainingTest {
    private static final double O = StepOverheads.NCCL.scaleOutPs() / 1e12;

    private static ClusterSpec cluster() {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 1, null, TrainingFixtures.CX7, 1, true);
        SwitchSpec fivePorts = new SwitchSpec("t.S5", "generic", 5, 50e9, 0, 0, false, false);
        return new ClusterSpec("t.Sixteen", node, 16, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.FatTree(fivePorts, 2, List.of(4.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    private static TrainingSpec job(String name) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 8, 1, 1, false);
        return new TrainingSpec(name, TrainingFixtures.dense("t.Gpt", 2, 4096, 16384, 32, 32, 32000, false),
                cluster(), plan.accelerators(), 8192, 8, 1, Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE,
                0.0);
    }

    private static RunResult run(List<Integer> a, List<Integer> b) {
        return SharedFabricRuns.run(new SharedFabricSpec("t.Shared", cluster(),
                List.of(new SharedFabricSpec.Job(job("t.A"), a), new SharedFabricSpec.Job(job("t.B"), b))),
                CalibrationProfile.defaults(), 1, MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE);
    }

    private static List<?> jobs(List<Integer> a, List<Integer> b) {
        return (List<?>) run(a, b).metrics().get("jobs");
    }

    private static double number(Object entry, String key) {
        return ((Number) ((Map<?, ?>) entry).get(key)).doubleValue();
    }

    @Test
    void shouldRunContiguousJobsAsAloneOnAnOversubscribedTree() {
        for (Object entry : jobs(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.of(8, 9, 10, 11, 12, 13, 14, 15))) {
            assertEquals(number(entry, "stepTimeAloneSeconds"), number(entry, "stepTimeSharedSeconds"), 0);
            assertEquals(number(entry, "mfuAlone"), number(entry, "mfuShared"), 0);
        }
    }

    @Test
    void shouldPrintEachJobsNodesStepAndMfuAloneAndSharedOnTheConsole() {
        RunResult run = run(List.of(0, 2, 4, 6, 8, 10, 12, 14), List.of(1, 3, 5, 7, 9, 11, 13, 15));
        Map<?, ?> a = (Map<?, ?>) ((List<?>) run.metrics().get("jobs")).get(0);
        String console = ConsoleTable.render(run);
        assertTrue(console.contains("t.A (training) on nodes 0, 2, 4, 6, 8, 10, 12, 14: slowdown"), console);
        assertTrue(console.contains(String.format(Locale.ROOT, "step %.4f s -> %.4f s, MFU %.1f%% -> %.1f%%",
                number(a, "stepTimeAloneSeconds"), number(a, "stepTimeSharedSeconds"), 100 * number(a, "mfuAlone"),
                100 * number(a, "mfuShared"))), console);
        RunResult contiguous = run(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.of(8, 9, 10, 11, 12, 13, 14, 15));
        assertTrue(ConsoleTable.render(contiguous).contains("t.B (training) on nodes 8 to 15: slowdown 1.000x"));
    }

    @Test
    void shouldSlowFragmentedJobsToTheFixedPointOfTheirSharedUplinks() {
        double alone = (Double) TrainingSimulator.run(job("t.A")).metrics().get("stepTimeSeconds");
        double dp = (Double) ((Map<?, ?>) TrainingSimulator.run(job("t.A")).metrics()
                .get("exposedCommunicationSeconds")).get("dp");
        double r = dp - 14 * O;
        double a = alone - r;
        double expected = (a + 2 * r + Math.sqrt(a * a + 4 * r * r)) / 2;
        assertTrue(r / expected <= 0.5, "the other job leaves more than half: " + r / expected);
        assertTrue(expected > 1.2 * alone, "sharing must matter here: " + expected + " against " + alone);
        List<Integer> even = List.of(0, 2, 4, 6, 8, 10, 12, 14);
        List<Integer> odd = List.of(1, 3, 5, 7, 9, 11, 13, 15);
        for (Object entry : jobs(even, odd)) {
            assertEquals(alone, number(entry, "stepTimeAloneSeconds"), 1e-3 * alone);
            assertEquals(expected, number(entry, "stepTimeSharedSeconds"), 5e-3 * expected);
            assertEquals(number(entry, "mfuAlone") * alone / expected, number(entry, "mfuShared"),
                    1e-2 * number(entry, "mfuShared"));
        }
    }
}
