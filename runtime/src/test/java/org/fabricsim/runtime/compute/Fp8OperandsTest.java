package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * The casts per-tensor FP8 training pays for its GEMM operands ({@link Fp8Operands}), against the same GEMMs on a
 * device with the same rates and no casts. The layer: 1,024 tokens, hidden 1,024, 8 heads of 128, GELU MLP 4,096, TP 2
 * with sequence parallelism (2 shards). Its GEMMs (m, n, k) and where their operands come from: QKV (T, 1,536, 1,024)
 * from the norm; output (T, 1,024, 512) row-parallel; up (T, 2,048, 1,024) from the norm; down (T, 1,024, 2,048)
 * row-parallel. Memory at 0.8 × 3.35 TB/s = 2.68 TB/s; each cast or transpose one kernel of c = 10 µs.
 */
class Fp8OperandsTest {
    private static final TransformerSpec GPT = new TransformerSpec("t.Gpt", 2, 1024, 4096, 8, 8, 128, 32768, false, 0,
            0, 0, 0, 0, 0, 0);
    private static final double T = 1024;
    private static final double C = 10e-6;
    private static final double RATE = 0.8 * 3.35e12;

    @Test
    void shouldCastTransposeOnHopperAndGatherTheRowParallelGradientsInFp8() {
        // Forward: output and down inputs, fused cast and transpose, 2 + 1 + 1 = 4 B: (512 + 2,048)·T·4, 2 kernels.
        // Input gradient: QKV and up gradients fused, 4 B: (1,536 + 2,048)·T·4; output and down gradients cast on
        // the local half, 3/2 B of each gathered element: 2 × 1,024·T·1.5; 4 kernels.
        // Weight gradient: transposes of the FP8 copies, 1 + 1 B: QKV and up inputs 2 × 1,024·T, output and down
        // gradients 2 × 1,024·T, 4 kernels.
        PassTime casts = casts(accelerator("hopper"), Fp8Scaling.TENSOR);
        assertEquals(2560 * T * 4 / RATE + 2 * C, casts.forwardSeconds(), 1e-12);
        assertEquals((3584 * T * 4 + 2 * 1024 * T * 1.5) / RATE + 4 * C, casts.backwardInputSeconds(), 1e-12);
        assertEquals(4 * 1024 * T * 2 / RATE + 4 * C, casts.backwardWeightSeconds(), 1e-12);
    }

    @Test
    void shouldOnlyCastOnAPartThatReadsColumnWiseOperandsNatively() {
        // Blackwell: no transposed copies. Forward (512 + 2,048)·T at 3 B; input gradient (1,536 + 2,048)·T at 3 B and
        // 2 × 1,024·T at 3/2 B; nothing before the weight gradient.
        PassTime casts = casts(accelerator("blackwell"), Fp8Scaling.TENSOR);
        assertEquals(2560 * T * 3 / RATE + 2 * C, casts.forwardSeconds(), 1e-12);
        assertEquals((3584 * T * 3 + 2 * 1024 * T * 1.5) / RATE + 4 * C, casts.backwardInputSeconds(), 1e-12);
        assertEquals(0, casts.backwardWeightSeconds(), 1e-15);
    }

    /** The layer's GEMMs at {@code scaling} less the same GEMMs on the same device without casts. */
    private static PassTime casts(AcceleratorSpec part, Fp8Scaling scaling) {
        Device fp8 = Device.forTraining(part, Precision.FP8, scaling, CalibrationProfile.defaults());
        PassTime with = gemms(fp8);
        PassTime without = gemms(fp8.withFp8Operands(Fp8Operands.NONE));
        return new PassTime(with.forwardSeconds() - without.forwardSeconds(),
                with.backwardInputSeconds() - without.backwardInputSeconds(),
                with.backwardWeightSeconds() - without.backwardWeightSeconds(), 0, 0);
    }

    private static PassTime gemms(Device device) {
        return new TransformerCompute(device, GPT, T, T, 2, 1, 1, true, Recompute.NONE, SoftwareSpec.MEGATRON_CORE, C)
                .denseGemms();
    }

    /** 989 BF16 and 1,979 FP8 TFLOP/s at 80.3% and 77.0%, 3.35 TB/s, 132 SMs, of {@code architecture}. */
    private static AcceleratorSpec accelerator(String architecture) {
        return new AcceleratorSpec("t.Part", "t", 989e12, 1979e12, 80_000_000_000L, 3.35e12, 0.803, 0.770, 450e9, 0,
                architecture, 132);
    }
}
