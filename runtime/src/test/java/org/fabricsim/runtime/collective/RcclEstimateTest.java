package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * RCCL's own choice of algorithm and protocol ({@link RcclEstimate}; tuning.cc's tuning_model_5 at ROCm/rccl 9e22c79d,
 * tuning_model_6 at ROCm/rocm-systems 03a89144), each crossover derived by hand from the source's constants. The
 * schedules' Simple transfer time stands at T = S · 2(n − 1)/n / B for ring and tree alike, B = 336 GB/s on one node
 * (7 xGMI links at 48 GB/s) and 380 GB/s across nodes (8 NICs); the crossovers across nodes hold for any B below
 * about 1 TB/s (below).
 *
 * <p>Latencies (µs): one node of 8, ring LL 12 + 14 · 0.8 = 23.2, ring Simple 17 + 14 · 2.1 = 46.4; 2 nodes of 8 (n =
 * 16, 30 steps, 2 across nodes, post overhead 1 µs, ×3 with Simple), ring LL and LL128 12 + 28 · 1 + 2 · 9.5 = 59,
 * ring Simple 17 + 28 · 3 + 2 · 320 = 741, tree LL and LL128 12 + 2 · (7 · 0.9 + 1 · 10.5) = 45.6, tree Simple 17 +
 * 2 · (7 · 2.3 + 25) = 99.2. Bandwidth divisors r · κ, κ at i = ⌊log₂(S/64)⌋: see each test.
 */
class RcclEstimateTest {
    private static final double ONE_NODE_BYTES_PER_SECOND = 336e9;
    private static final double ACROSS_NODES_BYTES_PER_SECOND = 380e9;

    /** The pair RCCL's estimate ranks first among those it enables, as "algorithm/protocol". */
    private static String choice(Generation generation, long bytes, int nodes) {
        int ranks = 8 * nodes;
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, ranks)
                .withGeneration(generation);
        double busBytesPerSecond = nodes == 1 ? ONE_NODE_BYTES_PER_SECOND : ACROSS_NODES_BYTES_PER_SECOND;
        long bandwidthPs = Math.round(bytes * 2.0 * (ranks - 1) / ranks / busBytesPerSecond * 1e12);
        NcclTuning tuning = new NcclTuning(generation);
        String best = null;
        long bestPs = Long.MAX_VALUE;
        for (Algorithm algorithm : new Algorithm[] { Algorithm.RING, Algorithm.DOUBLE_BINARY_TREE }) {
            for (Protocol protocol : Protocol.CONCRETE) {
                if (tuning.enabledByDefault(algorithm, protocol, nodes, nodes > 1)) {
                    long ps = RcclEstimate.timePs(request, algorithm, protocol, nodes, bandwidthPs);
                    if (ps < bestPs) {
                        bestPs = ps;
                        best = algorithm.label() + "/" + protocol.label();
                    }
                }
            }
        }
        return best;
    }

    @Test
    void shouldChargeRcclsLatenciesOfItsOwnTables() {
        CollectiveRequest oneNode = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1 << 20, 8)
                .withGeneration(Generation.CDNA3);
        CollectiveRequest twoNodes = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1 << 20, 16)
                .withGeneration(Generation.CDNA3);
        assertEquals(23.2, RcclEstimate.latencyUs(oneNode, Algorithm.RING, Protocol.LL, 1), 1e-9);
        assertEquals(46.4, RcclEstimate.latencyUs(oneNode, Algorithm.RING, Protocol.SIMPLE, 1), 1e-9);
        assertEquals(59.0, RcclEstimate.latencyUs(twoNodes, Algorithm.RING, Protocol.LL128, 2), 1e-9);
        assertEquals(741.0, RcclEstimate.latencyUs(twoNodes, Algorithm.RING, Protocol.SIMPLE, 2), 1e-9);
        assertEquals(45.6, RcclEstimate.latencyUs(twoNodes, Algorithm.DOUBLE_BINARY_TREE, Protocol.LL, 2), 1e-9);
        assertEquals(99.2, RcclEstimate.latencyUs(twoNodes, Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE, 2), 1e-9);
    }

    @Test
    void shouldCorrectTreesEverywhereAndRingsOnlyAcrossNodesByTheModelsSizeIndex() {
        // i = floor(log2(S/64)): 1 MiB -> 14, 4 MiB -> 16, 32 MiB -> 19, 128 MiB -> 21; S < 128 B -> 0; 8 GiB -> 26.
        assertEquals(1.0, RcclEstimate.correction(Generation.CDNA3, Algorithm.RING, Protocol.SIMPLE, 1 << 20, 1));
        assertEquals(0.4, RcclEstimate.correction(Generation.CDNA3, Algorithm.RING, Protocol.LL, 1 << 20, 2));
        assertEquals(0.1, RcclEstimate.correction(Generation.CDNA3, Algorithm.RING, Protocol.SIMPLE, 128L << 20, 2));
        assertEquals(1.0, RcclEstimate.correction(Generation.CDNA3, Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE,
                4 << 20, 2));
        assertEquals(0.1, RcclEstimate.correction(Generation.CDNA3, Algorithm.DOUBLE_BINARY_TREE, Protocol.LL128,
                32L << 20, 2));
        assertEquals(2.0, RcclEstimate.correction(Generation.CDNA4, Algorithm.DOUBLE_BINARY_TREE, Protocol.LL128,
                32L << 20, 2));
        assertEquals(0.1, RcclEstimate.correction(Generation.CDNA3, Algorithm.DOUBLE_BINARY_TREE, Protocol.LL, 8, 1));
        assertEquals(0.6, RcclEstimate.correction(Generation.CDNA3, Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE,
                8L << 30, 2));
    }

    @Test
    void shouldRunLlRingsOnOneInstinctNodeBelowAbout378KibThenSimple() {
        // Ring LL 23.2 + T/0.08 against ring Simple 46.4 + T (no ring correction on one node; the tree with LL, 24.6 +
        // T/0.06 at best, never wins; LL128 and the Simple tree are off): equal at T = 23.2/11.5 = 2.017 us, S =
        // 2.017e-6 x 336e9 / 1.75 = 387,339 B. 256 KiB: 40.3 against 47.8 us; 512 KiB: 57.3 against 49.1 us.
        assertEquals("ring/LL", choice(Generation.CDNA3, 256 << 10, 1));
        assertEquals("ring/Simple", choice(Generation.CDNA3, 512 << 10, 1));
        assertEquals("ring/Simple", choice(Generation.CDNA4, 512 << 10, 1));
    }

    @Test
    void shouldRunTreesAcrossTwoMi300xNodesFromOneToSixtyFourMibThenRings() {
        // 1 MiB (i = 14; T = 5.17 us): tree LL 45.6 + T/(0.06 x 1.0) = 131.9 against ring LL 59 + T/(0.08 x 0.4) =
        // 220.7 and ring Simple 741 + T/(1 x 0.1) = 792.7; LL ties LL128 and comes first.
        assertEquals("double-binary-tree/LL", choice(Generation.CDNA3, 1 << 20, 2));
        // i = 15 (2 to 4 MiB): tree LL 45.6 + T/0.06 against tree Simple 99.2 + T/(0.11 x 0.7): equal at T = 53.6 /
        // (16.667 - 12.987) = 14.57 us, S = 2.952 MB. 2 MiB (T = 10.35): 218.1 against 233.6; 3.5 MiB (T = 18.11):
        // 347.4 against 334.4.
        assertEquals("double-binary-tree/LL", choice(Generation.CDNA3, 2 << 20, 2));
        assertEquals("double-binary-tree/Simple", choice(Generation.CDNA3, 3_670_016, 2));
        // i = 16 to 20 (4 MiB to 128 MiB): the tree's Simple slope 1/0.11 = 9.09 is under the ring's 1/0.1 = 10 with a
        // lower latency (99.2 against 741), so the tree at any bandwidth; 64 MiB: 3,109 against 4,052 us.
        assertEquals("double-binary-tree/Simple", choice(Generation.CDNA3, 64L << 20, 2));
        // i = 21 (128 MiB, T = 662.3): tree 99.2 + T/(0.11 x 0.7) = 8,700 against ring 741 + T/0.1 = 7,364: the ring
        // wins once T > 641.8/(12.99 - 10) = 214.6 us, i.e. at 128 MiB below B = 1.17 TB/s.
        assertEquals("ring/Simple", choice(Generation.CDNA3, 128L << 20, 2));
    }

    @Test
    void shouldChoosePullRequest9406sPairsBeforeItsTuningAcrossTwoMi350xNodes() {
        // Model 6, i = 19 (32 MiB, T = 165.6): tree LL128 45.6 + T/(0.06 x 2.0) = 1,425.3 against ring Simple 741 +
        // T/0.1 = 2,396.6 (the size rule then keeps LL128: the published "tree LL128"). i = 20 (64 MiB, T = 331.1): ring
        // Simple 741 + T/0.9 = 1,108.9 against tree LL128 45.6 + T/0.12 = 2,805 (rule: LL128, "ring LL128"). i = 21
        // (128 MiB, T = 662.3): ring Simple 741 + T/0.1 = 7,364 against tree LL128 45.6 + T/0.06 = 11,084 ("ring
        // Simple").
        assertEquals("double-binary-tree/LL128", choice(Generation.CDNA4, 32L << 20, 2));
        assertEquals("ring/Simple", choice(Generation.CDNA4, 64L << 20, 2));
        assertEquals("ring/Simple", choice(Generation.CDNA4, 128L << 20, 2));
        // Model 5 at 32 MiB corrects the LL128 tree by 0.1: the Simple tree (99.2 + T/0.11 = 1,604.3) wins.
        assertEquals("double-binary-tree/Simple", choice(Generation.CDNA3, 32L << 20, 2));
    }
}
