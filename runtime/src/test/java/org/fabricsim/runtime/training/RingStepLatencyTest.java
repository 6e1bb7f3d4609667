package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * Which step latency a ring step and a pipeline send pay ({@link FabricCollectiveTimer}): a ring's ranks wait only
 * for their own predecessor, so each step pays the mean over the ring's hops of NCCL's network (α_out = 14 µs) and
 * NVLink (α_up = 3.4 µs) step latencies, NCCL's (nsteps − nInterSteps)·intraLat + nInterSteps·interLat
 * (src/graph/tuning.cc); the concurrent pipeline sends are one synchronous phase and pay α_out when one of them leaves
 * its node. A ring step is linear in its bytes with the latency as intercept: 2·t(1 GB) − t(2 GB) is that latency.
 */
class RingStepLatencyTest {
    private static final double UP = Calibration.DEFAULT.nvlinkStepPs() / 1e12;
    private static final double OUT = Calibration.DEFAULT.netStepPs() / 1e12;

    /** {@code nodes} nodes of {@code perNode} H100 on switched NVLink, one 400G NIC each, on one NDR switch. */
    static FabricCollectiveTimer timer(int nodes, int perNode, ParallelismSpec plan) {
        return timer(nodes, perNode, plan, Generation.HOPPER);
    }

    /** The same job's timer with {@code generation}'s collective library (RCCL on CDNA3 and CDNA4). */
    static FabricCollectiveTimer timer(int nodes, int perNode, ParallelismSpec plan, Generation generation) {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, perNode, new ScaleUpSpec(TrainingFixtures.NVLINK4,
                ScaleUpSpec.Kind.SWITCHED, perNode, 450e9, false), TrainingFixtures.CX7, perNode, true);
        return new FabricCollectiveTimer(ClusterTopologies.build(new ClusterSpec("t.Nodes", node, nodes,
                new ScaleOutSpec(TrainingFixtures.NDR, new TopologySpec.SingleSwitch(TrainingFixtures.QM9700),
                        ScaleOutSpec.Routing.ECMP), 0, null, null)),
                Placement.of(plan), RoutingMode.ECMP, FabricSpec.DEFAULT_FLOWS_PER_PEER, 1, Calibration.DEFAULT,
                NetworkKind.MAX_MIN, null, null, generation, false, Algorithm.AUTO);
    }

    private static double ringStepLatency(FabricCollectiveTimer timer, Axis axis) {
        return 2 * timer.ringStepSeconds(axis, 1e9, 0) - timer.ringStepSeconds(axis, 2e9, 0);
    }

    @Test
    void shouldChargeAStridedDataParallelRingTheMeanOfItsHopsWhenItsNextRankSharesTheNode() {
        // TP2 x DP4 on 2 nodes of 4: rank 0's DP ring is 0 -> 2 -> 4 -> 6 -> 0; hops 2 -> 4 and 6 -> 0 leave a node:
        // (2 x 14 + 2 x 3.4) / 4 = 8.7 µs a step. (Rank 0's next rank, 2, shares its node: the old axis rule gave 3.4.)
        FabricCollectiveTimer timer = timer(2, 4, new ParallelismSpec(2, 1, 4, 1, 1, false));
        assertEquals((2 * OUT + 2 * UP) / 4, ringStepLatency(timer, Axis.DATA), 1e-12);
    }

    @Test
    void shouldChargeADataParallelRingOverTwoNodesTheMeanOfItsHops() {
        // DP8 on 2 nodes of 4: the ring 0 -> 1 -> ... -> 7 -> 0 leaves a node at 3 -> 4 and 7 -> 0:
        // (2 x 14 + 6 x 3.4) / 8 = 6.05 µs a step. (The old axis rule, rank 1 on rank 0's node, gave 3.4.)
        FabricCollectiveTimer timer = timer(2, 4, new ParallelismSpec(1, 1, 8, 1, 1, false));
        assertEquals((2 * OUT + 6 * UP) / 8, ringStepLatency(timer, Axis.DATA), 1e-12);
    }

    @Test
    void shouldChargeTheExpertDataRingTheMeanOfItsHops() {
        // DP8 EP2 on 2 nodes of 4: rank 0's expert data group is folded indices 0, 2, 4, 6 (TP·DP ÷ EP = 4 ranks), its
        // ring 0 -> 2 -> 4 -> 6 -> 0 leaving a node at 2 -> 4 and 6 -> 0: (2 x 14 + 2 x 3.4) / 4 = 8.7 µs a step. (The
        // old expert rule, any member off the node, gave 14.) A reduce-scatter over 4 ranks is 3 steps of a quarter.
        FabricCollectiveTimer timer = timer(2, 4, new ParallelismSpec(1, 1, 8, 1, 2, false));
        double latency = 2 * timer.expertDataRingSeconds(4, 4e9, 0) / 3 - timer.expertDataRingSeconds(4, 8e9, 0) / 3;
        assertEquals((2 * OUT + 2 * UP) / 4, latency, 1e-12);
    }

    @Test
    void shouldChargePipelineSendsTheNetworkLatencyWhenALaterStageLeavesTheNode() {
        // PP4 on 2 nodes of 2: the sends 0 -> 1 and 2 -> 3 stay on NVLink, 1 -> 2 leaves through GPU 1's NIC at
        // 0.96 x 50 GB/s and ends the phase: 1e9 / 48e9 s + 14 µs. (The old rule, rank 1 on rank 0's node, gave 3.4.)
        FabricCollectiveTimer timer = timer(2, 2, new ParallelismSpec(1, 4, 1, 1, 1, false));
        double expected = 1e9 / (50e9 * Calibration.DEFAULT.nicEfficiency()) + OUT;
        assertEquals(expected, timer.pipelineSendSeconds(1e9), 1e-12);
    }

    @Test
    void shouldChargeRingsInsideANodeNvlinkAndRingsCrossingAtEveryHopTheNetworkAsBefore() {
        // TP2 x DP4 on 2 nodes of 4: the TP ring 0 -> 1 -> 0 stays in node 0, 3.4 µs a step. TP4 x DP2: the DP ring
        // 0 -> 4 -> 0 crosses at both hops, 14 µs. The old rules agreed on both.
        assertEquals(UP, ringStepLatency(timer(2, 4, new ParallelismSpec(2, 1, 4, 1, 1, false)), Axis.TENSOR), 1e-12);
        assertEquals(OUT, ringStepLatency(timer(2, 4, new ParallelismSpec(4, 1, 2, 1, 1, false)), Axis.DATA), 1e-12);
    }
}
