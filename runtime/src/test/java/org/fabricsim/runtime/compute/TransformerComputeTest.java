package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class TransformerComputeTest {
    /** H100-like: 132 SMs, 3.35 TB/s HBM, element-wise kernels at 80% of it (2.68 TB/s). */
    static final Device H100_LIKE = new Device(989e12, 989e12, 3.35e12, 0.8, 132, 2);
    /** A two-layer GPT-like model, hidden 1,024, 8 heads of 128, vocabulary 32,768. */
    static final TransformerSpec GPT = new TransformerSpec("t.Gpt", 2, 1024, 4096, 8, 8, 128, 32768, false,
            0, 0, 0, 0, 0, 0, 0);

    @Test
    void shouldMoveThirtyEightBytesPerLogitForwardAndFourteenBackwardInTheCrossEntropy() {
        // 1,024 tokens x 32,768 logits (TP 1) = 33,554,432 logits; at 2.68e12 B/s:
        // forward 38 B each = 0.47576 ms, backward 14 B each = 0.17528 ms, on top of the logits GEMM.
        TransformerCompute compute = new TransformerCompute(H100_LIKE, GPT, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0);
        PassTime logits = compute.logits();
        double gemmForward = Gemm.seconds(H100_LIKE, 1024, 32768, 1024, 1);
        double gemmBackward = Gemm.seconds(H100_LIKE, 1024, 1024, 32768, 1);
        assertEquals(33_554_432.0 * 38 / 2.68e12, logits.forwardSeconds() - gemmForward, 1e-12);
        assertEquals(33_554_432.0 * 14 / 2.68e12, logits.backwardInputSeconds() - gemmBackward, 1e-12);
    }

    @Test
    void shouldZeroFourBytesOfGradientBufferPerParameterInBf16AndTwoInFp16() {
        // 1e9 parameters x 4 B (FP32 buffer of a BF16 model) / 2.68e12 B/s = 1.4925 ms; an FP16 model
        // keeps its gradients in FP16 (Megatron-LM without --accumulate-allreduce-grads-in-fp32): half.
        TransformerCompute compute = new TransformerCompute(H100_LIKE, GPT, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0);
        assertEquals(4e9 / 2.68e12,
                compute.gradientResetSeconds(1e9, ComputeCalibration.gradientReduceBytes(Precision.BF16)), 1e-15);
        assertEquals(2e9 / 2.68e12,
                compute.gradientResetSeconds(1e9, ComputeCalibration.gradientReduceBytes(Precision.FP16)), 1e-15);
    }

    @Test
    void shouldLendSixteenOfTheSmsToAHiddenCollective() {
        assertEquals(16.0 / 132, H100_LIKE.collectiveSmShare(), 1e-15);
        assertEquals(1.0, new Device(1e12, 1e12, 1e12, 1, 8, 2).collectiveSmShare(), 1e-15);
    }

    @Test
    void shouldChargeTheKernelOverheadOncePerLaunchedKernel() {
        // A dense GELU layer launches, forward: 4 GEMMs (QKV, output, up, down), 6 element-wise kernels of
        // the Megatron-Core stack and 1 flash attention = 11; backward to the input: 4 input-gradient
        // GEMMs, 2 x 6 element-wise and 3 flash-backward kernels = 19; weight gradients: 4 GEMMs.
        double c = 10e-6;
        PassTime with = new TransformerCompute(H100_LIKE, GPT, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, c).layer(false);
        PassTime without = new TransformerCompute(H100_LIKE, GPT, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).layer(false);
        assertEquals(11 * c, with.forwardSeconds() - without.forwardSeconds(), 1e-15);
        assertEquals(19 * c, with.backwardInputSeconds() - without.backwardInputSeconds(), 1e-15);
        assertEquals(4 * c, with.backwardWeightSeconds() - without.backwardWeightSeconds(), 1e-15);
    }

    @Test
    void shouldMoveTheWholeScoreMatrixThroughHbmInUnfusedAttention() {
        // 1 sequence of 1,024 tokens, 8 heads of 128: 8 x 1,024^2 = 8,388,608 scores; forward softmax and
        // dropout move 9 B each, backward 11 B, at 2.68e12 B/s, on top of the batched GEMMs
        // (QK^T and PV forward; four backward), which unfused attention computes over the full matrix:
        // forward FLOPs 2 x 2 x 1,024^2 x 128 x 8 = 4.29e9 (flash counts the causal half).
        SoftwareSpec unfused = new SoftwareSpec("t.Unfused", SoftwareSpec.AttentionKernel.UNFUSED, 0, 0, 6);
        PassTime core = new TransformerCompute(H100_LIKE, GPT, 1024, 1024, 1, 1, 1, false, Recompute.NONE, unfused, 0)
                .attentionCore();
        double scores = 8.0 * 1024 * 1024;
        double forwardGemms = Gemm.batchedSeconds(H100_LIKE, 1024, 1024, 128, 8)
                + Gemm.batchedSeconds(H100_LIKE, 1024, 128, 1024, 8);
        double backwardGemms = Gemm.batchedSeconds(H100_LIKE, 1024, 1024, 128, 8)
                + 3 * Gemm.batchedSeconds(H100_LIKE, 1024, 128, 1024, 8);
        assertEquals(scores * 9 / 2.68e12, core.forwardSeconds() - forwardGemms, 1e-12);
        assertEquals(scores * 11 / 2.68e12, core.backwardInputSeconds() - backwardGemms, 1e-12);
        assertEquals(2 * 2 * 1024.0 * 1024 * 128 * 8, core.forwardFlops(), 1);
    }
}
