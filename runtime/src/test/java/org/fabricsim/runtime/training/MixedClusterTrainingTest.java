package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * Training on a cluster of two node types, the job of {@link DegradedFabricStepTest} (TP 8 in a node,
 * CP 4, DP 2 across 8 nodes): 4 DGX H100 then 4 nodes alike but for an accelerator with twice the
 * compute and memory bandwidth (same NVLink, same NICs), so only the compute differs.
 */
class MixedClusterTrainingTest {
    private static final AcceleratorSpec DOUBLE_H100 = new AcceleratorSpec("t.DoubleH100", "NVIDIA", 2 * 989e12,
            2 * 1979e12, 81_559L << 20, 2 * 3.35e12, 0.803, 450e9).withArchitecture("hopper", 2 * 132);
    private static final NodeSpec FAST = new NodeSpec("t.Fast", DOUBLE_H100, 8, TrainingFixtures.DGX_H100.scaleUp(),
            TrainingFixtures.CX7, 8, true);

    private static Map<String, Object> run(List<NodeGroupSpec> groups) {
        SwitchSpec radix8 = new SwitchSpec("t.Radix8", "generic", 8, 50e9, 0, 0, false, false);
        ClusterSpec cluster = new ClusterSpec("t.Rails", groups.get(0).node(), 8, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.RailOptimized(radix8, 8, 2, List.of(1.0, 1.0)),
                ScaleOutSpec.Routing.SPRAYING), 0, null, null, groups);
        ParallelismSpec plan = new ParallelismSpec(8, 1, 2, 4, 1, true);
        return TrainingSimulator.run(new TrainingSpec("t.Job", TrainingFixtures.dense("t.Gpt", 2, 4096, 16384, 32, 32,
                32000, false), cluster, plan.accelerators(), 8192, 2, 1, Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE,
                0.0)).metrics();
    }

    @Test
    void shouldWaitForTheSlowerGroupsComputeAndCountTheFasterGroupsPeakInTheMfu() {
        // Every rank runs the same layers and the DP reduction waits for the last: the step is the all-H100
        // step (its communication runs on the same links). MFU divides by the mean peak, (989 + 1978) / 2 =
        // 1483.5 TFLOPS, so it is 989 / 1483.5 = 2/3 of the all-H100 MFU.
        Map<String, Object> hopper = run(List.of(new NodeGroupSpec(TrainingFixtures.DGX_H100, 8)));
        Map<String, Object> mixed = run(List.of(new NodeGroupSpec(TrainingFixtures.DGX_H100, 4),
                new NodeGroupSpec(FAST, 4)));
        Map<String, Object> fastFirst = run(List.of(new NodeGroupSpec(FAST, 4),
                new NodeGroupSpec(TrainingFixtures.DGX_H100, 4)));
        Map<String, Object> fast = run(List.of(new NodeGroupSpec(FAST, 8)));
        double step = (Double) hopper.get("stepTimeSeconds");
        assertEquals(step, (Double) mixed.get("stepTimeSeconds"), 1e-9 * step);
        assertEquals(step, (Double) fastFirst.get("stepTimeSeconds"), 1e-9 * step, "placement order does not matter");
        assertEquals(2.0 / 3 * (Double) hopper.get("mfu"), (Double) mixed.get("mfu"), 1e-9);
        assertTrue((Double) fast.get("stepTimeSeconds") < step, "all fast nodes step faster: " + fast.get("stepTimeSeconds"));
    }

    @Test
    void shouldRefuseAGroupWhoseAcceleratorStatesNoBf16RateInsteadOfRunningItsKernelsForever() {
        // a part written 'compute fp16 ...' alone maps to a BF16 peak of 0: its GEMMs would take flops / 0 s
        AcceleratorSpec fp16Only = new AcceleratorSpec("t.Fp16Only", "NVIDIA", 0, 0, 81_559L << 20, 3.35e12, 0.803,
                450e9).withArchitecture("hopper", 132);
        NodeSpec slow = new NodeSpec("t.Fp16Node", fp16Only, 8, TrainingFixtures.DGX_H100.scaleUp(),
                TrainingFixtures.CX7, 8, true);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> run(List.of(
                new NodeGroupSpec(TrainingFixtures.DGX_H100, 4), new NodeGroupSpec(slow, 4))));
        assertTrue(refused.getMessage().startsWith("t.Fp16Only states no bf16 compute rate"), refused.getMessage());
    }
}
