package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * RCCL's trees run their protocol's line without NCCL's tree factors or caps: {@code ncclTopoTuneModel}'s AMD branch
 * applies only the tuning model's {@code bwRatio} (ROCm/rccl {@code src/graph/tuning.cc} at 0cbce2a7, lines 376 to
 * 388), NCCL's 0.92, 1/3.8, {@code llMaxBws} and per-channel tree caps sit in its other branch.
 */
class RcclTreeFactorsTest {
    private static final double GB = 1e9;

    @Test
    void shouldRunRcclsTreeAtItsProtocolsLineAlone() {
        // LL: 4 data bytes of each 8 (ncclLLFifoLine); LL128: 7 data words of 8 (64-byte line); Simple: all.
        NcclTuning rccl = new NcclTuning(Generation.CDNA3);
        assertEquals(0.5, rccl.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.LL, 2), 1e-12);
        assertEquals(0.875, rccl.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.LL128, 2), 1e-12);
        assertEquals(1.0, rccl.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE, 2), 1e-12);
        assertEquals(0.875, new NcclTuning(Generation.CDNA4).efficiency(Algorithm.DOUBLE_BINARY_TREE,
                Protocol.LL128, 1), 1e-12);
    }

    @Test
    void shouldKeepNcclsTreeFactorsOnNvidia() {
        // tuning.cc: 0.92 on every tree protocol, 1/3.8 on LL, 120/128 for LL128 across nodes and 7/9 on one node.
        NcclTuning hopper = new NcclTuning(Generation.HOPPER);
        assertEquals(0.92 / 3.8, hopper.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.LL, 2), 1e-12);
        assertEquals(0.92 * 120 / 128, hopper.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.LL128, 2), 1e-12);
        assertEquals(0.92 * 7 / 9, hopper.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.LL128, 1), 1e-12);
        assertEquals(0.92, hopper.efficiency(Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE, 2), 1e-12);
    }

    @Test
    void shouldLeaveRcclsTreeUncappedAndNcclsAtItsLlMaximum() {
        // Hopper, 2 nodes, 64 channels: LL min(64 x 41.4 / 3.8, 39) = 39 GB/s; Simple 64 x 41.4 = 2,649.6 GB/s.
        NcclTuning hopper = new NcclTuning(Generation.HOPPER);
        assertEquals(39 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.DOUBLE_BINARY_TREE, Protocol.LL, 64, 2),
                1);
        assertEquals(2_649.6 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.DOUBLE_BINARY_TREE,
                Protocol.SIMPLE, 64, 2), 1e3);
        NcclTuning rccl = new NcclTuning(Generation.CDNA3);
        for (Protocol protocol : Protocol.CONCRETE) {
            assertEquals(Double.POSITIVE_INFINITY, rccl.busBandwidthCapBytesPerSecond(Algorithm.DOUBLE_BINARY_TREE,
                    protocol, 64, 2));
        }
    }
}
