package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

class PlacementTest {
    @Test
    void shouldKeepTensorParallelismInsideANodeAndDataParallelismOutermost() {
        // TP2 CP2 PP2 DP2 (Llama 3 §3.3.2's example): GPU0 and GPU1 share TP, GPU2 is GPU0's CP peer,
        // GPU4 its PP peer, GPU8 its DP peer.
        Placement placement = Placement.of(new ParallelismSpec(2, 2, 2, 2, 1, true));
        assertEquals(1, placement.shift(0, Axis.TENSOR, 1));
        assertEquals(2, placement.shift(0, Axis.CONTEXT, 1));
        assertEquals(4, placement.shift(0, Axis.PIPELINE, 1));
        assertEquals(8, placement.shift(0, Axis.DATA, 1));
        assertEquals(0, placement.shift(8, Axis.DATA, 1));
        assertEquals(1, placement.coordinate(13, Axis.DATA));
        assertEquals(1, placement.coordinate(13, Axis.PIPELINE));
    }

    @Test
    void shouldPutDataInsidePipelineWithExpertsSoThatAnExpertGroupIsContiguous() {
        // TP1 PP2 DP8 EP4: order TP, CP, DP, PP; the expert group of GPU5 is DP ranks 4..7 = GPUs 4..7.
        Placement placement = Placement.of(new ParallelismSpec(1, 2, 8, 1, 4, false));
        assertEquals(1, placement.shift(0, Axis.DATA, 1));
        assertEquals(8, placement.shift(0, Axis.PIPELINE, 1));
        assertArrayEquals(new int[] {4, 5, 6, 7}, placement.expertGroup(5));
        assertArrayEquals(new int[] {12, 13, 14, 15}, placement.expertGroup(13));
    }

    @Test
    void shouldFoldExpertGroupsOverTheTensorAndDataRanksSoThatTheyStayInOneNode() {
        // TP2 PP2 DP8 EP8 (32 GPUs, 8 per node): the folded index of GPU 5 (t 1, d 2) is 1 + 2·2 = 5, group 0, the
        // eight consecutive GPUs 0..7 of node 0; the DP ranks of GPU 5 alone (1, 3, ..., 15) would span two nodes.
        // GPU 21 is stage 1's (t 1, d 2), folded index 5 again: GPUs 16..23.
        Placement placement = Placement.of(new ParallelismSpec(2, 2, 8, 1, 8, true));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, placement.expertGroup(5));
        assertArrayEquals(new int[] {16, 17, 18, 19, 20, 21, 22, 23}, placement.expertGroup(21));
        // Megatron-Core's folding allows EP up to TP·CP·DP: TP2 DP4 EP8 is one group of the 8 GPUs.
        Placement wide = Placement.of(new ParallelismSpec(2, 1, 4, 1, 8, true));
        assertEquals(8, wide.expert());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, wide.expertGroup(6));
    }

    @Test
    void shouldFormTheExpertDataParallelGroupOfTheRanksHoldingTheSameExpertsInAStage() {
        // TP2 PP2 DP8 EP8 as above: a stage's 16 ranks hold EP8's expert shards twice, so the expert data-parallel
        // group is TP·CP·DP ÷ EP = 2 ranks, folded indices i and i + 8 (Megatron-Core's ETP-EP-EDP-PP grid, ETP 1):
        // GPU 5 (folded 5) with GPU 13, in node 1; stage 1's GPU 21 with GPU 29. The DP ring of GPU 5 would be its
        // eight DP ranks 1, 3, ..., 15.
        Placement placement = Placement.of(new ParallelismSpec(2, 2, 8, 1, 8, true));
        assertEquals(2, placement.expertData());
        assertEquals(13, placement.expertDataShift(5, 1));
        assertEquals(5, placement.expertDataShift(13, 1));
        assertEquals(29, placement.expertDataShift(21, 1));
        // TP4 DP8 EP8 (one stage of 32): four ranks 0, 8, 16, 24 hold expert shard 0, one in each node of 8.
        Placement tp4 = Placement.of(new ParallelismSpec(4, 1, 8, 1, 8, true));
        assertEquals(4, tp4.expertData());
        assertEquals(8, tp4.expertDataShift(0, 1));
        assertEquals(24, tp4.expertDataShift(0, 3));
        assertEquals(0, tp4.expertDataShift(24, 1));
    }

    @Test
    void shouldLayRanksOutInTheOrderThePlanStates() {
        // DP innermost, then TP, CP, PP: GPU1 is GPU0's DP peer, GPU2 its TP peer.
        ParallelismSpec plan = new ParallelismSpec(2, 2, 2, 1, 1, true)
                .withOrder(List.of(Axis.DATA, Axis.TENSOR, Axis.CONTEXT, Axis.PIPELINE));
        Placement placement = Placement.of(plan);
        assertEquals(1, placement.shift(0, Axis.DATA, 1));
        assertEquals(2, placement.shift(0, Axis.TENSOR, 1));
        assertEquals(4, placement.shift(0, Axis.PIPELINE, 1));
        assertEquals(2, placement.stride(Axis.TENSOR));
    }

    @Test
    void shouldRefuseAnOrderThatIsNotAPermutationOfTheAxes() {
        ParallelismSpec plan = new ParallelismSpec(2, 1, 2, 1, 1, true);
        assertThrows(IllegalArgumentException.class,
                () -> plan.withOrder(List.of(Axis.DATA, Axis.TENSOR, Axis.TENSOR, Axis.PIPELINE)));
        assertThrows(IllegalArgumentException.class, () -> plan.withOrder(List.of(Axis.DATA, Axis.TENSOR)));
    }

    @Test
    void shouldSendTheTensorParallelRingOverTheNicsWhenDataParallelismIsInnermost() {
        // Two DGX H100 on one NDR switch, TP 8 x DP 2, 8 layers, 16 micro-batches of 2,048 tokens.
        // TP innermost: each TP group is one node's NVLink domain. DP innermost: the TP group of GPU 0
        // is GPUs 0, 2, ..., 14, four per node, and its ring crosses between the nodes twice. NCCL
        // spreads such an edge over the k = 4 members' NICs (FabricCollectiveTimer), so a ring step of
        // B = 2,048 x 2,048 x 2 B / 8 = 1 MiB per rank waits for B / 4 through a 400 Gb/s NIC: at
        // least 2^18 B / 50 GB/s. The step has 8 TP collectives per layer and micro-batch (4 per
        // pass), each 7 ring steps, all exposed: a bound of 7 x 8 x 8 x 16 x 2^18 B / 50e9 B/s =
        // 37.6 ms of exposed TP time.
        ClusterSpec twoNodes = new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.SingleSwitch(TrainingFixtures.QM9700),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
        ParallelismSpec tensorInside = new ParallelismSpec(8, 1, 2, 1, 1, true);
        ParallelismSpec dataInside = tensorInside.withOrder(
                List.of(Axis.DATA, Axis.TENSOR, Axis.CONTEXT, Axis.PIPELINE));
        double inside = exposedTensorSeconds(twoNodes, tensorInside);
        double across = exposedTensorSeconds(twoNodes, dataInside);
        double bound = 7.0 * 8 * 8 * 16 * (1 << 18) / 50e9;
        assertTrue(across >= bound, "exposed TP " + across + " s, at least " + bound + " s");
        assertTrue(across > inside, "exposed TP across the NICs " + across + " s, inside NVLink " + inside + " s");
    }

    private static double exposedTensorSeconds(ClusterSpec cluster, ParallelismSpec plan) {
        TrainingSpec job = TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16,
                32000, false), cluster, 2048, 32, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
        Map<?, ?> exposed = (Map<?, ?>) TrainingSimulator.run(job).metrics().get("exposedCommunicationSeconds");
        return (Double) exposed.get("tp");
    }
}
