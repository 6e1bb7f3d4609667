package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class TransformerComputeTest {
    /** H100-like: 132 SMs, 3.35 TB/s HBM, element-wise kernels at 80% of it (2.68 TB/s). */
    private static final Device H100_LIKE = new Device(989e12, 989e12, 3.35e12, 0.8, 132, 2);
    private static final TransformerSpec GPT = new TransformerSpec("t.Gpt", 2, 1024, 4096, 8, 8, 128, 32768, false,
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
    void shouldZeroFourBytesOfGradientBufferPerParameter() {
        // 1e9 parameters x 4 B (FP32) / 2.68e12 B/s = 1.4925 ms.
        TransformerCompute compute = new TransformerCompute(H100_LIKE, GPT, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0);
        assertEquals(4e9 / 2.68e12, compute.gradientResetSeconds(1e9), 1e-15);
    }

    @Test
    void shouldLendSixteenOfTheSmsToAHiddenCollective() {
        assertEquals(16.0 / 132, H100_LIKE.collectiveSmShare(), 1e-15);
        assertEquals(1.0, new Device(1e12, 1e12, 1e12, 1, 8, 2).collectiveSmShare(), 1e-15);
    }
}
