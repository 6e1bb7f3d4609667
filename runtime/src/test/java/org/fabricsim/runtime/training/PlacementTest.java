package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.ParallelismSpec;
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
}
