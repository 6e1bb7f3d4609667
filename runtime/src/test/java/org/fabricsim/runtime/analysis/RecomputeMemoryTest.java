package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * The activations each recomputed module frees, per token and layer at 16 bits (fused attention, TP 1), on
 * DeepSeek-V3's dimensions (h = 7,168, 128 heads of 128, dense FFN 18,432, top-8 of 2,048-wide experts, 1 shared,
 * SwiGLU): what Megatron-Core's checkpoint of that module stops keeping.
 */
class RecomputeMemoryTest {
    private static final TransformerSpec V3 = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128, 129280, true,
            256, 8, 1, 2048, 3, 512, 64, 1536, 1, false);
    private static final TransformerSpec DENSE = new TransformerSpec("D", 2, 1024, 4096, 8, 8, 128, 32768, false,
            0, 0, 0, 0, 0, 0, 0);

    /** The two norms' outputs, the QKV and MLP inputs: 2 · 2 · 7,168 = 28,672 bytes. */
    @Test
    void shouldFreeTheTwoNormOutputsForLayernorm() {
        assertEquals(28_672, freed(V3, true, RecomputeModule.LAYERNORM), 1e-9);
    }

    /** Q, K and V of 128 · 128 each at 2 bytes, K and V counted twice as in Korthikanti's 4·kv: 6 · 16,384 = 98,304. */
    @Test
    void shouldFreeTheQueriesKeysAndValuesForMlaUpProjections() {
        assertEquals(98_304, freed(V3, true, RecomputeModule.MLA_UP_PROJECTION), 1e-9);
    }

    /** A model without MLA keeps its Q, K and V: its projections take the norm output, kept anyway. */
    @Test
    void shouldFreeNothingForMlaUpProjectionsWithoutMla() {
        assertEquals(0, freed(DENSE, false, RecomputeModule.MLA_UP_PROJECTION), 1e-9);
    }

    /** The activation output of each of 8 routed copies: 8 · 2 · 2,048 = 32,768 bytes. */
    @Test
    void shouldFreeTheRoutedActivationOutputsForMoeActivation() {
        assertEquals(32_768, freed(V3, true, RecomputeModule.MOE_ACTIVATION), 1e-9);
    }

    /** SwiGLU's gate, up and product over 18,432 in a dense layer: 2 · 3 · 18,432 = 110,592; none in an MoE layer. */
    @Test
    void shouldFreeTheDenseMlpIntermediatesForMlp() {
        assertEquals(110_592, freed(V3, false, RecomputeModule.MLP), 1e-9);
        assertEquals(0, freed(V3, true, RecomputeModule.MLP), 1e-9);
    }

    /** One shared expert's gate, up and product: 2 · 3 · 2,048 = 12,288 bytes. */
    @Test
    void shouldFreeTheSharedExpertIntermediatesForSharedExperts() {
        assertEquals(12_288, freed(V3, true, RecomputeModule.SHARED_EXPERTS), 1e-9);
    }

    private static double freed(TransformerSpec model, boolean moe, RecomputeModule module) {
        return Memory.activationBytesPerToken(model, 4096, 1, false, moe, Memory.AttentionKernel.FUSED, List.of())
                - Memory.activationBytesPerToken(model, 4096, 1, false, moe, Memory.AttentionKernel.FUSED,
                        List.of(module));
    }
}
