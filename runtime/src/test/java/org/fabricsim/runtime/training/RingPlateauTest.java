package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.junit.jupiter.api.Test;

/**
 * NCCL's "plateau effect of ring" on training's all-reduces: NCCL multiplies the latency of a Simple ring all-reduce
 * whose communicator spans several nodes, with at least 64 bytes per channel and rank, by 1.4 from compute capability
 * 8.0 on (NVIDIA/nccl src/graph/tuning.cc, ncclTopoGetAlgoTime: "lat *= comm->minCompCap &lt; 80 ? 1.9 : 1.4; // Plateau
 * effect of ring"), and never a reduce-scatter's or an all-gather's. A gradient all-reduce ({@link
 * DataParallelSync#reduceSeconds}) is a reduce-scatter and an all-gather of n − 1 steps each, plus (1.4 − 1) times
 * its 2(n − 1) steps' latency where the ring leaves a node. Step latencies: α_out = 14 µs across nodes, α_up = 3.4 µs
 * on NVLink, a step paying the mean over the ring's hops ({@link RingStepLatencyTest}).
 */
class RingPlateauTest {
    private static double plateau(FabricCollectiveTimer timer, int dp, int edp, double parameters, double experts) {
        return DataParallelSync.reduceSeconds(timer, dp, edp, parameters, experts, 4, 0, true)
                - 2 * DataParallelSync.reduceSeconds(timer, dp, edp, parameters, experts, 4, 0, false);
    }

    @Test
    void shouldAddThePlateauToADataParallelAllReduceAcrossNodes() {
        // TP4 x DP2 on 2 nodes of 4: the DP ring 0 -> 4 -> 0 crosses at both hops, 14 µs a step; the all-reduce's
        // 2 x (2 - 1) = 2 steps pay (1.4 - 1) x 2 x 14 = 11.2 µs more.
        FabricCollectiveTimer timer = RingStepLatencyTest.timer(2, 4, new ParallelismSpec(4, 1, 2, 1, 1, false));
        assertEquals(11.2e-6, plateau(timer, 2, 2, 1e9, 0), 1e-12);
    }

    @Test
    void shouldScaleTheMeanHopLatencyOfADenseAndAnExpertDataAllReduce() {
        // DP8 EP2 on 2 nodes of 4: the DP ring crosses at 2 of its 8 hops, (2 x 14 + 6 x 3.4) / 8 = 6.05 µs a step,
        // 14 steps: 0.4 x 14 x 6.05 = 33.88 µs; the expert data ring (4 ranks, 0 -> 2 -> 4 -> 6 -> 0) at 2 of 4,
        // 8.7 µs a step, 6 steps: 0.4 x 6 x 8.7 = 20.88 µs. Both: 54.76 µs.
        FabricCollectiveTimer timer = RingStepLatencyTest.timer(2, 4, new ParallelismSpec(1, 1, 8, 1, 2, false));
        assertEquals(54.76e-6, plateau(timer, 8, 4, 2e9, 1e9), 1e-12);
    }

    @Test
    void shouldNotAddThePlateauUnderRccl() {
        // RCCL's ncclTopoGetAlgoTime multiplies by the plateau only in its non-AMD branch (ROCm/rccl
        // src/graph/tuning.cc at 0cbce2a7, line 664): the same TP4 x DP2 job as CDNA3 or CDNA4 pays its rings alone,
        // as Hopper the 11.2 µs above.
        ParallelismSpec plan = new ParallelismSpec(4, 1, 2, 1, 1, false);
        assertEquals(0, plateau(RingStepLatencyTest.timer(2, 4, plan, Generation.CDNA3), 2, 2, 1e9, 0), 1e-15);
        assertEquals(0, plateau(RingStepLatencyTest.timer(2, 4, plan, Generation.CDNA4), 2, 2, 1e9, 0), 1e-15);
        assertEquals(11.2e-6, plateau(RingStepLatencyTest.timer(2, 4, plan, Generation.HOPPER), 2, 2, 1e9, 0), 1e-12);
    }

    @Test
    void shouldNotAddThePlateauToAReduceScatter() {
        // ZeRO-1/2 and FSDP reduce-scatter their gradients: the ring alone, whatever it crosses.
        FabricCollectiveTimer timer = RingStepLatencyTest.timer(2, 4, new ParallelismSpec(4, 1, 2, 1, 1, false));
        assertEquals(timer.ringSeconds(Axis.DATA, 2, 4e9, 0),
                DataParallelSync.reduceSeconds(timer, 2, 2, 1e9, 0, 4, 0, false), 1e-15);
    }

    @Test
    void shouldNotAddThePlateauToARingInsideOneNode() {
        // DP4 on the first of 2 nodes of 4: the DP ring 0 -> 1 -> 2 -> 3 -> 0 stays in node 0 (NCCL's nNodes = 1), as
        // does TP4 x DP2's tensor ring: an all-reduce is exactly its two rings.
        FabricCollectiveTimer dataInNode = RingStepLatencyTest.timer(2, 4, new ParallelismSpec(1, 1, 4, 1, 1, false));
        assertEquals(0, plateau(dataInNode, 4, 4, 1e9, 0), 1e-15);
        FabricCollectiveTimer tensorInNode = RingStepLatencyTest.timer(2, 4, new ParallelismSpec(4, 1, 2, 1, 1, false));
        assertEquals(0, tensorInNode.allReducePlateauSeconds(Axis.TENSOR, 4));
    }
}
