package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * The attention core timing causal pairs (a chunk's new tokens against each other) at the causal
 * forward rate and unmasked ones (against a cached prefix, and every decoding pair) at the unmasked
 * rate, against times derived by hand from FlashAttention-3's Fig. 5(c)/(d) ratio 1804/1586.
 */
class UnmaskedAttentionTest {
    /** 2 layers, hidden 256, 4 heads of width d = 64: 2 · 4 · (2 · 64) = 1,024 FLOPs per pair on TP 1. */
    private static final TransformerSpec TOY = new TransformerSpec("t.Toy", 2, 256, 1024, 4, 4, 64, 1000,
            false, 0, 0, 0, 0, 0, 0, 0);
    /** Attention at 989 TFLOPS before the stack's efficiency. */
    private static final Device DEVICE = new Device(989e12, 989e12, 3.35e12, 1.0, 132, 2);

    /** Kernels with no cache bytes, so the core is compute-bound. */
    private static LayerKernels kernels() {
        return new LayerKernels(TOY, DEVICE, DEVICE, 2, ServingFixtures.tensor(1), 0, 0, 1, false,
                DecodeAttentionRead.ELEMENT_WISE);
    }

    @Test
    void shouldTimeAPrefillChunksPrefixPairsAtTheUnmaskedRate() {
        // 1,000 new tokens after a cached prefix of 3,000: causal pairs 1000 · 1001 / 2 = 500,500,
        // unmasked 1000 · 3000 = 3,000,000. Causal: 500,500 · 1,024 = 512,512,000 FLOPs at
        // 989e12 · 0.535 = 9.6862e-7 s; unmasked: 3,072,000,000 FLOPs at 989e12 · 0.535 · 1804/1586
        // (0.60854) = 5.1043e-6 s; together 6.0729e-6 s.
        LayerKernels kernels = kernels();
        double seconds = kernels.attentionCore(3_500_500, 3_000_000, 0, 0);
        assertEquals(6.0729e-6, seconds, 6.0729e-6 * 1e-4);
        assertEquals(3_584_512_000.0, kernels.takeFlops(), 1e-3);
    }

    @Test
    void shouldTimeADecodingTokenAtTheUnmaskedRate() {
        // One token with 4,095 cached tokens attends to 4,096 keys (itself included), all unmasked:
        // 4,096 · 1,024 = 4,194,304 FLOPs at 989e12 · 0.60854 = 6.9691e-9 s (6.9691e-9 × 1.137 =
        // 7.9270e-9 s at the causal rate before).
        assertEquals(6.9691e-9, kernels().attentionCore(0, 0, 4096, 0), 6.9691e-9 * 1e-4);
    }

    @Test
    void shouldTakeUnmaskedPairsInTheCausalOverUnmaskedTimeRatio() {
        // The same pairs take 1586/1804 = 0.87916 of the causal time when unmasked.
        LayerKernels kernels = kernels();
        double ratio = kernels.attentionCore(1e6, 1e6, 0, 0) / kernels.attentionCore(1e6, 0, 0, 0);
        assertEquals(1586.0 / 1804, ratio, 1e-12);
    }

    @Test
    void shouldTakeTheRooflineMaxToTheBitOnBothSidesOfTheCrossover() {
        // 100,000 decoding pairs (102,400,000 FLOPs, 1.70e-7 s at the unmasked rate) against reads of
        // 1 to 10^5 cached tokens of κ = 4,096 bytes over 2 layers (2,048 bytes a layer, 7.64e-10 s at
        // 3.35e12 · 0.8 B/s): the read outlasts the compute from about 223·S_kv tokens on, where the
        // shortcut answers; S_kv = 8 divides by its exact reciprocal, S_kv = 3 by division; whole
        // token counts multiply by κ/L = 2,048, a quarter token and κ = 4,097 (no whole κ/L) divide.
        // Oracle: the roofline spelt out.
        for (double kvBytes : new double[] {4096, 4097}) {
            for (int kvShards : new int[] {1, 3, 8}) {
                LayerKernels kernels = new LayerKernels(TOY, DEVICE, DEVICE, 2, ServingFixtures.tensor(1), 0,
                        kvBytes, kvShards, false, DecodeAttentionRead.ELEMENT_WISE);
                double compute = SoftwareSpec.MEGATRON_CORE.attentionForwardSeconds(0, 100_000 * 1024.0,
                        DEVICE.attentionFlopsPerSecond());
                for (double tokens = 1; tokens < 1e5; tokens = Math.ceil(tokens * 1.01)) {
                    for (double kvTokens : new double[] {tokens, tokens + 0.25}) {
                        double memory = DEVICE.memorySeconds(kvTokens * kvBytes / 2 / kvShards * 1);
                        assertEquals(Math.max(compute, memory), kernels.attentionCore(0, 0, 100_000, kvTokens), 0);
                    }
                }
            }
        }
    }

    @Test
    void shouldCapTheUnmaskedEfficiencyAtTheWholePeak() {
        SoftwareSpec fast = new SoftwareSpec("t.Fast", SoftwareSpec.AttentionKernel.FLASH, 0.95, 0.9, 6);
        assertEquals(1.0, fast.unmaskedForwardEfficiency(), 0);
        assertEquals(0.535 * 1804 / 1586, SoftwareSpec.MEGATRON_CORE.unmaskedForwardEfficiency(), 1e-12);
    }
}
