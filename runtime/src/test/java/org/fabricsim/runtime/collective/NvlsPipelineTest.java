package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** NCCL 2.30.7's NVLS chunk rule (src/enqueue.cc) and the 3-stage pipeline's fill (src/device/all_reduce.h). */
class NvlsPipelineTest {
    @Test
    void shouldLowerTheChunkAsNcclDoesOnEightHopperGpus() {
        // concurrentOps = 16 channels x 8 heads = 128: 64 KiB below 64 x 128 x 128 KiB = 1 GiB,
        // 32 KiB below 8 x 128 x 64 KiB = 64 MiB, 16 KiB below 2 x 128 x 32 KiB = 8 MiB.
        assertEquals(128 * 1024, NvlsPipeline.chunkBytes(1L << 30, 128));
        assertEquals(64 * 1024, NvlsPipeline.chunkBytes((1L << 30) - 1, 128));
        assertEquals(64 * 1024, NvlsPipeline.chunkBytes(64L << 20, 128));
        assertEquals(32 * 1024, NvlsPipeline.chunkBytes((64L << 20) - 1, 128));
        assertEquals(32 * 1024, NvlsPipeline.chunkBytes(8L << 20, 128));
        assertEquals(16 * 1024, NvlsPipeline.chunkBytes((8L << 20) - 1, 128));
    }

    @Test
    void shouldFillThePipelineForTwoLoopsOfTheCall() {
        // 16 MiB on 8 Hopper GPUs: 1 MiB per channel, loops of 8 x 32 KiB = 256 KiB, k = 4: 2/4.
        assertEquals(0.5, NvlsPipeline.fillFraction(16L << 20, 8, Generation.HOPPER), 1e-12);
        // 128 MiB: 8 MiB per channel, loops of 8 x 64 KiB, k = 16: 2/16.
        assertEquals(0.125, NvlsPipeline.fillFraction(128L << 20, 8, Generation.HOPPER), 1e-12);
        // 2 MiB: 128 KiB per channel, one loop of 8 x 16 KiB: the call takes three loop times.
        assertEquals(2.0, NvlsPipeline.fillFraction(2L << 20, 8, Generation.HOPPER), 1e-12);
        // Blackwell: 24 channels; 16 GiB on 8 GPUs, 128 KiB chunks: 16 GiB / 24 per channel over
        // loops of 1 MiB, k = ceil(682.67) = 683.
        assertEquals(2.0 / 683, NvlsPipeline.fillFraction(16L << 30, 8, Generation.BLACKWELL), 1e-12);
    }

    @Test
    void shouldSizeNvlsTreeChunksByTheTreeRuleAcrossNodes() {
        // enqueue.cc NVLS_TREE branch, concurrentOps 128: two nodes start from 128 KiB, lowered to 64 KiB
        // below 4 x 128 x 128 KiB = 64 MiB and to 32 KiB below 1 x 128 x 64 KiB = 8 MiB.
        assertEquals(128 * 1024, NvlsPipeline.treeChunkBytes(64L << 20, 128, 2));
        assertEquals(64 * 1024, NvlsPipeline.treeChunkBytes((64L << 20) - 1, 128, 2));
        assertEquals(64 * 1024, NvlsPipeline.treeChunkBytes(8L << 20, 128, 2));
        assertEquals(32 * 1024, NvlsPipeline.treeChunkBytes((8L << 20) - 1, 128, 2));
        // From 4 nodes the ceiling is 64 KiB (nvls.cc treeMaxChunkSize), however large the call.
        assertEquals(64 * 1024, NvlsPipeline.treeChunkBytes(16L << 30, 128, 4));
        assertEquals(32 * 1024, NvlsPipeline.treeChunkBytes((8L << 20) - 1, 128, 8));
    }

    @Test
    void shouldFillTheNvlsTreePipelineForItsOwnLoops() {
        // 16 MiB over 8 nodes of 8 Hopper heads: 16 channels, 1 MiB each, loops of 8 x 64 KiB, k = 2: 2/2
        // (one node's rule would give 32 KiB chunks, k = 4).
        assertEquals(1.0, NvlsPipeline.fillFraction(16L << 20, 8, 8, Generation.HOPPER), 1e-12);
        // 1 GiB over 4 nodes: 64 MiB per channel over loops of 512 KiB, k = 128.
        assertEquals(2.0 / 128, NvlsPipeline.fillFraction(1L << 30, 8, 4, Generation.HOPPER), 1e-12);
        // Blackwell across nodes: 32 channels; 1 GiB over 2 nodes, 128 KiB chunks: 32 MiB per channel
        // over loops of 1 MiB, k = 32.
        assertEquals(2.0 / 32, NvlsPipeline.fillFraction(1L << 30, 8, 2, Generation.BLACKWELL), 1e-12);
        // One domain keeps one node's rule.
        assertEquals(0.5, NvlsPipeline.fillFraction(16L << 20, 8, 1, Generation.HOPPER), 1e-12);
    }
}
