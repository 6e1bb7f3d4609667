package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * NCCL's tree chunks by protocol (RCCL's Simple chunk), the tree's fill with them, and NCCL's tree latencies (NCCL
 * 2.30.7).
 */
class TreePipelineTest {
    private static final long US = 1_000_000L;

    @Test
    void shouldHalveTheLl128ChunkAsEnqueueDoesForASmallCallOverFewNodes() {
        // 4 nodes of 8, 16 channels, 1 MiB: n = 1 + 2 + 0.8 = 3.8. First rule (below 3.8 x 64 / 8 = 30.4
        // and above 128 KiB): floor(1,048,576 / (16 c)) = 0 for 576,000, 288,000 and 144,000, so 72,000.
        // Second rule (below 7.6, above 32 KiB): 0 for 72,000, then floor(1,048,576 / 576,000) = 1 for
        // 36,000, so 18,000; rounded down to 1,920 B grains: 9 x 1,920 = 17,280.
        assertEquals(1_920, TreePipeline.LL128_GRAIN_BYTES);
        assertEquals(17_280,
                TreePipeline.chunkBytes(Generation.HOPPER, Protocol.LL128, 1L << 20, 16, 32, 4, 512 * 1024));
    }

    @Test
    void shouldKeepALargerLl128ChunkOnceEachChannelHasEnoughChunks() {
        // 8 nodes of 8, 16 channels, 16 MiB: n = 4.8. First rule (below 38.4): 1, 3, 7 for 576,000,
        // 288,000, 144,000, stopping at 72,000; second rule (below 9.6): floor(16,777,216 / 1,152,000) = 14
        // keeps it; 37 grains: 71,040.
        assertEquals(71_040,
                TreePipeline.chunkBytes(Generation.HOPPER, Protocol.LL128, 16L << 20, 16, 64, 8, 512 * 1024));
    }

    @Test
    void shouldRunLlInItsBufferStepAndSimpleInTheRequestsChunk() {
        assertEquals(32_768, TreePipeline.chunkBytes(Generation.HOPPER, Protocol.LL, 1L << 20, 16, 32, 4, 512 * 1024));
        assertEquals(524_288,
                TreePipeline.chunkBytes(Generation.HOPPER, Protocol.SIMPLE, 1L << 20, 16, 32, 4, 512 * 1024));
    }

    @Test
    void shouldHalveRcclsSimpleTreeChunkByTheTreesDepth() {
        // RCCL's computeCollChunkInfo, 2 nodes of 8, depth 7 + 1 = 8, 64 channels. 16 MiB: 256 KiB a channel;
        // below 64 chunks above 128 KiB: 0 chunks of 512 KiB, 1 of 256 KiB, 2 of 128 KiB (the rule's floor);
        // below 32 above 64 KiB: 4 of 64 KiB; below 8 above 32 KiB: 8 of 32 KiB. 256 MiB: 4 MiB a channel, 8, 16,
        // then 32 chunks of 128 KiB (the first floor), and 32 is not below 32. NCCL keeps its 512 KiB.
        assertEquals(32_768, TreePipeline.chunkBytes(Generation.CDNA3, Protocol.SIMPLE, 16L << 20, 64, 16, 2,
                512 * 1024));
        assertEquals(131_072, TreePipeline.chunkBytes(Generation.CDNA3, Protocol.SIMPLE, 256L << 20, 64, 16, 2,
                512 * 1024));
        assertEquals(524_288, TreePipeline.chunkBytes(Generation.HOPPER, Protocol.SIMPLE, 16L << 20, 64, 16, 2,
                512 * 1024));
        // The fill through a pipeline 15 deep: 8 chunks, (15 + 7) / 8 = 2.75, against the simulated lane's 4
        // chunks, (15 + 3) / 4 = 4.5.
        assertEquals(2.75 / 4.5, TreePipeline.fillRatio(Generation.CDNA3, Protocol.SIMPLE, 16L << 20, 64, 16, 2, 15,
                4, 512 * 1024), 1e-12);
    }

    @Test
    void shouldShortenTheFillByTheChunksEachChannelRuns() {
        // 4 nodes of 8: d = 7 + 2 = 9. Simple's 512 KiB chunk leaves each channel's 64 KiB one chunk,
        // 9 chunk times for one chunk's bytes; LL128's 17,280 B gives 4 chunks, (9 + 3) / 4 = 3.
        assertEquals(9.0, TreePipeline.fillFactor(9, 1), 1e-12);
        assertEquals(3.0, TreePipeline.fillFactor(9, 4), 1e-12);
        assertEquals(1.0 / 3, TreePipeline.fillRatio(Generation.HOPPER, Protocol.LL128, 1L << 20, 16, 32, 4, 9, 1,
                512 * 1024), 1e-12);
        assertEquals(1.0, TreePipeline.fillRatio(Generation.HOPPER, Protocol.SIMPLE, 1L << 20, 16, 32, 4, 9, 1,
                512 * 1024), 1e-12);
    }

    @Test
    void shouldChargeNcclsTreeLatenciesWithoutTheRingsPostFloor() {
        // tuning.cc: 2 ((k - 1) intraLat + log2 D interLat); LL128 over 4 nodes of 8: 2 (7 x 1.25 + 2 x 8.5)
        // = 51.5 us; LL over 2 nodes: 2 (7 x 0.6 + 5.0) = 18.4 us (0.6, not the ring's 1 us post floor).
        assertEquals(51_500_000L, NcclTuning.treeLatencyPs(Protocol.LL128, 8, 4));
        assertEquals(18_400_000L, NcclTuning.treeLatencyPs(Protocol.LL, 8, 2));
    }

    @Test
    void shouldTimeASixteenByteCallOnTwoNodesAtNcclsTreeLlLatency() {
        // nccl-tests issue #309, 16 B over 2 nodes of 8 H100: the LL tree's base 6.8 us plus 18.4 us of steps,
        // 25.2 us; the 16 bytes and the path add well under 0.1 us (published 24.96 us).
        CollectiveResult result = HeldOutCollectivesTest.predict(Map.ofEntries(Map.entry("gpu", "H100_SXM"),
                Map.entry("collective", "all-reduce"), Map.entry("gpus", "16"), Map.entry("nodes", "2"),
                Map.entry("nics_per_node", "8"), Map.entry("nic_gbps", "400"), Map.entry("algorithm", "auto"),
                Map.entry("protocol", "auto"), Map.entry("channels", ""), Map.entry("bytes", "16")));
        assertEquals(Protocol.LL, result.protocol());
        assertEquals(25.2, result.timePs() / (double) US, 0.1);
    }
}
