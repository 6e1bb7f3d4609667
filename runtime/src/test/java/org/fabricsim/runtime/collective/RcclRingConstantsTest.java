package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * RCCL's rings carry none of NCCL's ring constants that sit in the non-AMD branches of {@code src/graph/tuning.cc}
 * (ROCm/rccl at 0cbce2a7): {@code ncclTopoTuneModel}'s AMD branch (lines 377 to 381) multiplies the bus bandwidth by
 * the tuning model's {@code bwRatio} alone, where NCCL's (lines 383 to 384) caps a ring's LL at {@code llMaxBw} and its
 * LL128 at nChannels · {@code perChMaxRingLL128Bw}. RCCL's kernels run 256 threads a channel with every protocol
 * ({@code device.h} lines 68 to 70 and 87).
 */
class RcclRingConstantsTest {
    private static final double GB = 1e9;

    @Test
    void shouldLeaveRcclsRingsUncappedWhereNcclCapsThem() {
        for (Generation rccl : new Generation[] { Generation.CDNA3, Generation.CDNA4 }) {
            NcclTuning tuning = new NcclTuning(rccl);
            for (int nodes : new int[] { 1, 2, 4 }) {
                for (Protocol protocol : Protocol.CONCRETE) {
                    assertEquals(Double.POSITIVE_INFINITY,
                            tuning.busBandwidthCapBytesPerSecond(Algorithm.RING, protocol, 64, nodes));
                }
            }
        }
        // NCCL's Hopper rows: llMaxBws 141 GB/s on one node, 39 on 2 and 20.4 beyond (x86 Intel host);
        // perChMaxRingLL128Bws 36.7 GB/s a channel, 64 x 36.7 = 2,348.8 GB/s.
        NcclTuning hopper = new NcclTuning(Generation.HOPPER);
        assertEquals(141 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL, 64, 1), 1);
        assertEquals(39 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL, 64, 2), 1);
        assertEquals(20.4 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL, 64, 4), 1);
        assertEquals(2_348.8 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL128, 64, 2), 1e3);
    }

    @Test
    void shouldKeepMoreChannelsOnSmallCallsWithRcclsTwoHundredFiftySixThreads() {
        // enqueue.cc lowers nc while S < nc · nt · threshold. RCCL, nt = 256: Simple 256 x 64 B = 16 KiB a channel,
        // 128 KiB -> 8 channels (NCCL, 512 threads: 4); LL128 256 x 8 B = 2 KiB, 128 KiB -> 32 of 32 (NCCL, 640
        // threads, 5 KiB: 25); LL on a ring of 8, 256 x 8 x 8 = 16 KiB, 128 KiB -> 8 (NCCL: 4).
        long size = 128L << 10;
        for (Generation rccl : new Generation[] { Generation.CDNA3, Generation.CDNA4 }) {
            assertEquals(8, NcclChannels.perCall(rccl, 32, Protocol.SIMPLE, true, 8, size));
            assertEquals(32, NcclChannels.perCall(rccl, 32, Protocol.LL128, true, 8, size));
            assertEquals(8, NcclChannels.perCall(rccl, 32, Protocol.LL, true, 8, size));
        }
        assertEquals(4, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.SIMPLE, true, 8, size));
        assertEquals(25, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL128, true, 8, size));
        assertEquals(4, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL, true, 8, size));
    }
}
