package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * Failures and stragglers of a job whose data parallelism spans pods are re-simulated on the
 * hierarchical timer ({@link PodHierarchyTimer}), against hand-derived slowdowns.
 *
 * <p>The cluster: two pods, each the 8-node rail-optimized fat-tree of {@link DegradedFabricStepTest}
 * (2 leaves per rail, 4 uplinks of the NIC rate L per leaf), 16 DGX H100 in all, joined by a
 * data-centre network: one switch, every accelerator's NIC into it at 1 PB/s, so that the cross-pod
 * part of a collective costs its step latencies and nothing measurable besides (its transfers of at
 * most a few hundred MB take under a microsecond). The job: TP 8 in a node, CP 4 across the 4 nodes
 * of a leaf, DP 4 = 2 in each pod (across its two leaves) × 2 pods, no overlap. Its DP all-reduce is a
 * reduce-scatter in the pod (one ring step), a reduce-scatter and an all-gather across pods (one step
 * each) and an all-gather in the pod (one step): four ring steps, each paying NCCL's scale-out step
 * latency o, two of them across the pods. So the exposed DP time is the in-pod transfers + 4 o.
 */
class PodFailureStepTest {
    private static final double HOUR = 3600;
    private static final double O = DegradedFabricStepTest.SCALE_OUT_STEP_SECONDS;

    private static TrainingSpec job(ReliabilitySpec reliability) {
        SwitchSpec radix8 = new SwitchSpec("t.Radix8", "generic", 8, 50e9, 0, 0, false, false);
        SwitchSpec dcnSwitch = new SwitchSpec("t.Dcn", "generic", 128, 1e15, 0, 0, false, false);
        ClusterSpec cluster = new ClusterSpec("t.TwoPods", TrainingFixtures.DGX_H100, 16, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.RailOptimized(radix8, 8, 2, List.of(1.0, 1.0)),
                ScaleOutSpec.Routing.SPRAYING), 0, null, reliability)
                .withDataCentre(new DataCentreSpec(new ScaleOutSpec(TrainingFixtures.NDR,
                        new TopologySpec.SingleSwitch(dcnSwitch), ScaleOutSpec.Routing.ECMP), 1e15));
        ParallelismSpec plan = new ParallelismSpec(8, 1, 4, 4, 1, true).withPods(2);
        return new TrainingSpec("t.Job", TrainingFixtures.dense("t.Gpt", 2, 4096, 16384, 32, 32, 32000, false),
                cluster, plan.accelerators(), 8192, 4, 1, Precision.BF16, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE, 0.0);
    }

    private static ReliabilitySpec straggler(double speed, boolean link) {
        return new ReliabilitySpec("t.R", List.of(), 1800, 60, 600, 0, 0, 0.1, speed, 0, link);
    }

    private static Map<String, Object> metrics(ReliabilitySpec reliability) {
        return TrainingSimulator.run(job(reliability)).metrics();
    }

    private static double exposed(Map<String, Object> metrics, String axis) {
        return (Double) ((Map<?, ?>) metrics.get("exposedCommunicationSeconds")).get(axis);
    }

    private static double straggled(Map<String, Object> metrics) {
        return (Double) ((Map<?, ?>) metrics.get("straggler")).get("stepTimeSeconds");
    }

    @Test
    void shouldSlowOnlyTheInPodTransfersThroughAHalfSpeedNicCable() {
        // Accelerator 0's NIC cable at half its rate, in pod 0 (as StragglerStepTest derives on one pod):
        // its CP ring transfers and its in-pod DP transfers leave at L/2, every other at L, and each ring
        // step ends with its slowest transfer, so their transfer parts double; the cross-pod steps run on
        // the data-centre NICs, untouched. CP pays o in 18 ring steps (StragglerStepTest), DP in 4
        // (class comment): Ts − T = (cp − 18 o) + (dp − 4 o).
        Map<String, Object> m = metrics(straggler(0.5, true));
        double step = (Double) m.get("stepTimeSeconds");
        double transfers = exposed(m, "cp") - 18 * O + exposed(m, "dp") - 4 * O;
        assertTrue(exposed(m, "dp") - 4 * O > 0.01 * step, "the in-pod DP transfers must matter: " + m);
        assertEquals(transfers, straggled(m) - step, 0.005 * transfers);
    }

    @Test
    void shouldStretchTheHierarchicalStepByTheComputeOfTheSlowAcceleratorOnly() {
        // One pipeline stage: Ts = T + (1/v − 1) W, W the step's compute, the communication (timed on the
        // same hierarchical timer) unchanged. So the stretch at v = 1/2 is twice that at v = 2/3.
        Map<String, Object> half = metrics(straggler(0.5, false));
        Map<String, Object> twoThirds = metrics(straggler(2.0 / 3, false));
        double step = (Double) half.get("stepTimeSeconds");
        double stretch = straggled(half) - step;
        assertEquals(stretch, 2 * (straggled(twoThirds) - step), 1e-9 * step);
        assertTrue(stretch > 0, stretch + " of " + step);
    }

    @Test
    void shouldSlowTheHierarchicalStepByAThirdOfItsInPodTransfersWhenALeafLosesAnUplink() {
        // A cable between the first leaf of rail 0 in pod 0 and a spine fails: that leaf's 4 hosts share
        // 3 L towards the other leaf (DegradedFabricStepTest), so the in-pod DP transfers take 4/3 as
        // long; CP stays under the leaf and the cross-pod steps on the data-centre network:
        // Td − T = (dp − 4 o) ÷ 3.
        Map<String, Object> m = metrics(new ReliabilitySpec("t.R",
                List.of(Rate.ofMtbf(Component.LINK, 100_000 * HOUR)), 1800, 60, 600, 24 * HOUR, 0, 0, 1, 0));
        double step = (Double) m.get("stepTimeSeconds");
        double inPod = exposed(m, "dp") - 4 * O;
        Map<?, ?> link = (Map<?, ?>) ((Map<?, ?>) m.get("degradedFabric")).get("link");
        assertEquals(inPod / 3, (Double) link.get("stepTimeSeconds") - step, 0.005 * inPod / 3);
    }
}
