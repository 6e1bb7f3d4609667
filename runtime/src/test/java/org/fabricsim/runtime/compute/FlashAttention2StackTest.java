package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.junit.jupiter.api.Test;

/**
 * {@link SoftwareSpec#FLASH_ATTENTION_2} against FlashAttention-3's published FlashAttention-2 bars, and {@link
 * SoftwareSpec#FLASH_ATTENTION_2_AMPERE} against FlashAttention-2's own A100 range.
 */
class FlashAttention2StackTest {
    /** Dense BF16 peak of the H100 SXM5 the bars are measured on, TFLOP/s. */
    private static final double PEAK_TFLOPS = 989;

    @Test
    void shouldTakeTheMeanOfFlashAttention2sH100BarsAtFourToSixteenThousandTokens() {
        // Shah et al., arXiv 2407.08608, head dimension 128: Fig. 5(d) causal forward 319, 333, 335 TFLOP/s
        // (mean 329.0 → 0.3327 of 989), Fig. 6(b) backward 310, 318, 322 (mean 316.7 → 0.3202); rounded to 3 places.
        assertEquals((319 + 333 + 335) / 3.0 / PEAK_TFLOPS, SoftwareSpec.FLASH_ATTENTION_2.attentionForwardEfficiency(),
                5e-4);
        assertEquals((310 + 318 + 322) / 3.0 / PEAK_TFLOPS,
                SoftwareSpec.FLASH_ATTENTION_2.attentionBackwardEfficiency(), 5e-4);
    }

    @Test
    void shouldRunLongContextAttentionSlowerThanCudnnByTheRatioOfTheRates() {
        // One rank of CP 16 all-gather at 131,072 tokens (T = 8,192): 97% of its forward pairs unmasked, timed
        // at η·1.137 under either stack, so forward and backward scale by cuDNN's rate over FlashAttention-2's:
        // 0.535/0.333 = 1.607 and 0.517/0.320 = 1.616 (no kernel overhead). FLOPs are the model's, unchanged.
        CausalPairs pairs = CausalPairs.perRank(ContextMode.ALL_GATHER, 16, 131072);
        PassTime cudnn = core(SoftwareSpec.MEGATRON_CORE, pairs);
        PassTime fa2 = core(SoftwareSpec.FLASH_ATTENTION_2, pairs);
        assertEquals(0.535 / 0.333, fa2.forwardSeconds() / cudnn.forwardSeconds(), 1e-12);
        assertEquals(0.517 / 0.320, fa2.backwardSeconds() / cudnn.backwardSeconds(), 1e-12);
        assertEquals(cudnn.hardwareFlops(), fa2.hardwareFlops(), 0);
    }

    @Test
    void shouldTimeAmpereAttentionAtTheFloorOfFlashAttention2sA100Range() {
        // Dao, arXiv 2307.08691, abstract: 50-73% of the A100's theoretical maximum. On a device whose attention rate
        // is 312 TFLOP/s, a 2,048-token causal micro-batch of one 1,024-wide layer (8 heads of 128) does
        // 2·2048·1024·256·8 = 8.59e9 forward FLOPs (s/2 keys per query, QK and PV) and 2.5 times that backward:
        // 8.59e9 / (0.50·312e12) = 55.1 us forward, 137.7 us backward, no kernel overhead.
        Device a100 = new Device(312e12, 312e12, 2.039e12, 0.869, 108, 2);
        PassTime core = new TransformerCompute(a100, TransformerComputeTest.GPT, 2048, 2048, 1, 1, 1, false,
                Recompute.NONE, SoftwareSpec.FLASH_ATTENTION_2_AMPERE, 0).attentionCore();
        double forwardFlops = 2.0 * 2048 * 1024 * 256 * 8;
        assertEquals(forwardFlops / (0.50 * 312e12), core.forwardSeconds(), 1e-9);
        assertEquals(2.5 * forwardFlops / (0.50 * 312e12), core.backwardSeconds(), 1e-9);
    }

    private static PassTime core(SoftwareSpec stack, CausalPairs pairs) {
        return new TransformerCompute(TransformerComputeTest.H100_LIKE, TransformerComputeTest.GPT, 8192, 131072, 1, 1,
                1, false, Recompute.NONE, stack, 0, pairs).attentionCore();
    }
}
