package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * Serving's MLA attention projections with DeepSeek-V3's query compression (rank 1,536, arXiv 2412.19437 §4.2): Q down
 * (x, 1,536, 7,168) and Q up (x, 128 · 192, 1,536) where the full rank runs (x, 24,576, 7,168).
 */
class QueryCompressionServingTest {
    private static final Device H100_FP8 = new Device(1979e12, 989e12, 3.35e12, 0.77, 132, 2);

    /** At TP 1 over 1,000 tokens: 2 · 1,000 · (48,758,784 − 176,160,768) = −254,803,968,000 FLOPs. */
    @Test
    void shouldProjectTheQueriesThroughTheirCompression() {
        LayerKernels compressed = kernels(1536);
        LayerKernels full = kernels(0);
        compressed.attentionProjections(1000);
        full.attentionProjections(1000);
        assertEquals(-254_803_968_000.0, compressed.takeFlops() - full.takeFlops(), 1);
    }

    private static LayerKernels kernels(int queryRank) {
        TransformerSpec v3 = new TransformerSpec("t.V3", 61, 7168, 18432, 128, 128, 128, 129280, true, 256, 8, 1, 2048,
                3, 512, 64, queryRank, 0, false);
        return new LayerKernels(v3, H100_FP8, H100_FP8, 1, ServingFixtures.tensor(1), v3.experts(), 0, 1, false,
                DecodeAttentionRead.ELEMENT_WISE);
    }
}
