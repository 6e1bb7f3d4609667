package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class BlockwiseFp8Test {
    /** The catalog's H800: 989 BF16 and 1,979 FP8 TFLOP/s at 80.3% and 77.0%, 3.35 TB/s, 132 SMs, no profile derating. */
    private static final AcceleratorSpec H800 = new AcceleratorSpec("t.H800", "t", 989e12, 1979e12, 80_000_000_000L,
            3.35e12, 0.803, 0.770, 200e9, 0.8, "", 132);
    private static final Device TENSOR = Device.forTraining(H800, Precision.FP8, Fp8Scaling.TENSOR,
            CalibrationProfile.defaults());
    private static final Device BLOCKWISE = Device.forTraining(H800, Precision.FP8, Fp8Scaling.BLOCKWISE,
            CalibrationProfile.defaults());

    @Test
    void shouldRunABlockwiseGemmAtThePromotionRateWithItsLargerPerTileCost() {
        // 1,536 x 2,816 (132 full 128 x 256 tiles, one wave), k = 4,096: per tensor 0.77 x 4096/4160,
        // blockwise 0.77 x 0.954 x 4096/4792.
        assertEquals(0.77 * 4096 / 4160, Gemm.efficiency(TENSOR, 1536, 2816, 4096), 1e-12);
        assertEquals(0.77 * 0.954 * 4096 / 4792, Gemm.efficiency(BLOCKWISE, 1536, 2816, 4096), 1e-12);
    }

    @Test
    void shouldRunDeepGemmsLargestDenseShapeNearItsPublishedRate() {
        // DeepGEMM README (a6d97a1, H800): 4096 x 7168 x 16384 at 1,358 TFLOP/s. 896 tiles on 132 SMs: 6.79 of 7
        // waves (0.9697); 1979 x 0.77 x 0.9697 x 0.954 x 16384/17080 = 1,352 TFLOP/s, 0.4% under.
        double rate = Gemm.flops(4096, 7168, 16384) / Gemm.seconds(BLOCKWISE, 4096, 7168, 16384, 1);
        assertEquals(1979e12 * 0.77 * (896.0 / 132 / 7) * 0.954 * 16384 / 17080, rate, 1e9);
        assertEquals(1358e12, rate, 0.01 * 1358e12);
    }

    @Test
    void shouldQuantizeAnFp8GemmsInputForwardAndItsOutputGradientBackward() {
        // One dense GELU layer of 1,024 tokens, hidden 1,024, 8 heads of 128, MLP 4,096, TP 1. Forward inputs: QKV and
        // up read T x 1,024 each, output T x 1,024, down T x 4,096: 7,168 x 1,024 elements; output gradients
        // (backward): QKV 3,072, output 1,024, up 4,096, down 1,024: 9,216 x 1,024. Each element 2 + 1 + 1 + 8/128 B
        // at 0.8 x 3.35 TB/s, one kernel each (4 forward, 4 backward, at c = 10 us). Less what the per-tensor job casts
        // (Fp8Operands; this part has no architecture, so no transposed copies): the output and down inputs
        // (1,024 + 4,096) x 1,024 at 3 B (QKV and up take the norm's FP8 output), every output gradient at 3 B.
        TransformerSpec gpt = new TransformerSpec("t.Gpt", 2, 1024, 4096, 8, 8, 128, 32768, false, 0, 0, 0, 0, 0, 0,
                0);
        double c = 10e-6;
        PassTime tensor = new TransformerCompute(TENSOR, gpt, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, c).denseGemms();
        PassTime blockwise = new TransformerCompute(BLOCKWISE, gpt, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, c).denseGemms();
        double bytes = 2 + 1 + 1 + 8.0 / 128;
        double forwardRate = gemmSeconds(BLOCKWISE, true) - gemmSeconds(TENSOR, true);
        double backwardRate = gemmSeconds(BLOCKWISE, false) - gemmSeconds(TENSOR, false);
        assertEquals(7168.0 * 1024 * bytes / 2.68e12 + 4 * c - (5120.0 * 1024 * 3 / 2.68e12 + 2 * c) + forwardRate,
                blockwise.forwardSeconds() - tensor.forwardSeconds(), 1e-12);
        assertEquals(9216.0 * 1024 * (bytes - 3) / 2.68e12 + backwardRate,
                blockwise.backwardInputSeconds() - tensor.backwardInputSeconds(), 1e-12);
    }

    @Test
    void shouldKeepTheOutputHeadAtTheBf16RateInFp8Training() {
        // The logits GEMM (1,024 x 32,768 x 1,024) runs on the BF16 peak at 80.3% with no quantization,
        // whatever the FP8 scaling: the same seconds as a BF16 job's.
        TransformerSpec gpt = new TransformerSpec("t.Gpt", 2, 1024, 4096, 8, 8, 128, 32768, false, 0, 0, 0, 0, 0, 0,
                0);
        Device bf16 = Device.forTraining(H800, Precision.BF16, CalibrationProfile.defaults());
        double expected = new TransformerCompute(bf16, gpt, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).logits().forwardSeconds();
        assertEquals(expected, new TransformerCompute(BLOCKWISE, gpt, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).logits().forwardSeconds(), 1e-15);
        assertEquals(expected, new TransformerCompute(TENSOR, gpt, 1024, 1024, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).logits().forwardSeconds(), 1e-15);
    }

    @Test
    void shouldLeaveADeviceWithoutASeparateBf16RateAsItIs() {
        Device oneRate = new Device(1979e12, 989e12, 3.35e12, 0.77, 132, 2);
        assertSame(oneRate, oneRate.highPrecision());
    }

    /** Seconds of the four GEMMs of the layer above, forward ({@code forward}) or input-gradient, at {@code device}. */
    private static double gemmSeconds(Device device, boolean forward) {
        double[][] shapes = {{1024, 3072, 1024}, {1024, 1024, 1024}, {1024, 4096, 1024}, {1024, 1024, 4096}};
        double seconds = 0;
        for (double[] s : shapes) {
            seconds += forward ? Gemm.seconds(device, s[0], s[1], s[2], 1) : Gemm.seconds(device, s[0], s[2], s[1], 1);
        }
        return seconds;
    }
}
