package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

class FabricCollectiveTimerTest {
    /** 8 single-GPU nodes with one 400G NIC each on one switch. */
    private static ClusterTopology eightNodes() {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 1, null, TrainingFixtures.CX7, 1, true);
        return ClusterTopologies.build(new ClusterSpec("t.Eight", node, 8, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, null, null));
    }

    @Test
    void shouldTimeARingStepAtTheDeratedNicRatePlusTheNcclStepLatency() {
        // DP8: every rank sends 1 GB to the next through its NIC at 0.96 x 50 GB/s:
        // 1e9 / 48e9 s = 20.833 ms, plus NCCL's 14 µs network step latency.
        FabricCollectiveTimer timer = new FabricCollectiveTimer(eightNodes(),
                Placement.of(new ParallelismSpec(1, 1, 8, 1, 1, false)), RoutingMode.ECMP, 1);
        double expected = 1e9 / (50e9 * Calibration.NIC_EFFICIENCY) + Calibration.NET_STEP_OVERHEAD_PS / 1e12;
        assertEquals(expected, timer.ringStepSeconds(Axis.DATA, 1e9, 0), expected * 1e-3);
        // A ring reduce-scatter of 8 GB: 7 steps of 1 GB.
        assertEquals(7 * expected, timer.ringSeconds(Axis.DATA, 8, 8e9, 0), 7 * expected * 1e-3);
    }

    @Test
    void shouldSlowTheDataParallelRingWhenPipelineSendsShareItsNics() {
        // PP2 x DP4: stage-0 ranks send their ring step and a pipeline send of the same size through
        // one NIC; max-min gives each half the rate, so the step takes twice as long.
        FabricCollectiveTimer timer = new FabricCollectiveTimer(eightNodes(),
                Placement.of(new ParallelismSpec(1, 2, 4, 1, 1, false)), RoutingMode.ECMP, 1);
        double latency = Calibration.NET_STEP_OVERHEAD_PS / 1e12;
        double alone = timer.ringStepSeconds(Axis.DATA, 1e9, 0) - latency;
        double shared = timer.ringStepSeconds(Axis.DATA, 1e9, 1e9) - latency;
        assertEquals(2 * alone, shared, alone * 2e-2);
        assertEquals(1e9 / 48e9, timer.pipelineSendSeconds(1e9) - latency, 1e9 / 48e9 * 1e-3);
    }
}
