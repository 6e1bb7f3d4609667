package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Blockwise FP8 on Blackwell (MXFP8): block scales applied by the tensor cores, quantized as on Hopper. */
class BlockScaledFp8Test {
    /** The catalog's B200: 2,250 BF16 and 4,500 FP8 TFLOP/s at 77.6% and 76.3%, 8.0 TB/s, 148 SMs. */
    private static final AcceleratorSpec B200 = new AcceleratorSpec("t.B200", "t", 2250e12, 4500e12,
            180_000_000_000L, 8.0e12, 0.776, 0.763, 900e9, 0).withArchitecture("blackwell", 148);
    private static final Device TENSOR = Device.forTraining(B200, Precision.FP8, Fp8Scaling.TENSOR,
            CalibrationProfile.defaults());
    private static final Device BLOCKWISE = Device.forTraining(B200, Precision.FP8, Fp8Scaling.BLOCKWISE,
            CalibrationProfile.defaults());

    @Test
    void shouldRunABlockScaledGemmOnBlackwellAtThePerTensorRate() {
        // 4,736 x 1,024 (37 x 4 = 148 full 128 x 256 tiles, one wave), k = 4,096: 0.763 x 0.704 (the default profile's
        // Blackwell sustained fraction) x 4096/4160 either way; Hopper's promotion (0.954 x 4096/4792) does not apply
        // where the MMA applies the scales.
        assertEquals(0.763 * 0.704 * 4096 / 4160, Gemm.efficiency(TENSOR, 4736, 1024, 4096), 1e-12);
        assertEquals(0.763 * 0.704 * 4096 / 4160, Gemm.efficiency(BLOCKWISE, 4736, 1024, 4096), 1e-12);
    }

    @Test
    void shouldQuantizeEachInputAndOutputGradientOfABlockScaledGemmByAKernelOfItsOwn() {
        // m = 8,192 tokens, n = 4,096, k = 1,024, cast from a kernel of its own: per tensor on Blackwell 3 B an element
        // (no transposed copy), MXFP8 2 + 1 + 1 + 2/32 = 4.0625 B; forward m x k, backward m x n elements, at 0.8 x
        // 8.0 TB/s, plus one kernel of c = 10 us each.
        double c = 10e-6;
        double rate = 0.8 * 8.0e12;
        PassTime tensor = Fp8Operands.TENSORWISE.casts(TENSOR, 8192, 4096, 1024, OperandSource.CAST, 1, c);
        PassTime blockwise = BLOCKWISE.fp8Operands().casts(BLOCKWISE, 8192, 4096, 1024, OperandSource.CAST, 1,
                c);
        assertEquals(8192.0 * 1024 * 3 / rate + c, tensor.forwardSeconds(), 1e-15);
        assertEquals(8192.0 * 1024 * 4.0625 / rate + c, blockwise.forwardSeconds(), 1e-15);
        assertEquals(8192.0 * 4096 * 4.0625 / rate + c, blockwise.backwardInputSeconds(), 1e-15);
    }
}
