package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.SoftwareSpec;
import org.junit.jupiter.api.Test;

/**
 * The weight-gradient GEMM under gradient-accumulation fusion reads and writes the FP32 gradient buffer
 * ({@link GemmPasses#weightGradientBytes}), which costs time only where the GEMM reduces over few rows.
 */
class WeightGradientAccumulationTest {
    /** 989 TFLOP/s, 3.35 TB/s (memory kernels at 0.8 of it: 2.68 TB/s), MAMF 0.8, 132 tile slots, BF16. */
    private static final Device H100_LIKE = new Device(989e12, 989e12, 3.35e12, 0.8, 132, 2);
    private static final double HBM_BYTES_PER_SECOND = 3.35e12 * 0.8;

    @Test
    void shouldReadAndWriteTheFp32GradientWhereTheStackAccumulatesInsideTheGemm() {
        assertEquals(8, GemmPasses.weightGradientBytes(H100_LIKE, SoftwareSpec.MEGATRON_CORE, 4));
        assertEquals(4, GemmPasses.weightGradientBytes(H100_LIKE, SoftwareSpec.MEGATRON_CORE, 2));
        SoftwareSpec folding = SoftwareSpec.MEGATRON_CORE.withGradientHandling("test.Folding",
                ComputeCalibration.FSDP_FLAT_GRADIENT_BYTES, false);
        assertEquals(2, GemmPasses.weightGradientBytes(H100_LIKE, folding, 4));
    }

    @Test
    void shouldMakeTheWeightGradientOfAnExpertsFewRowsMemoryBound() {
        // Qwen3-235B's expert up-projection at 512 rows (TP4 EP8): forward (512, 3072, 4096), weight gradient
        // (4096, 3072) reduced over the 512 rows.
        // Compute: 2·4096·3072·512 = 12.885 GFLOP; tiles 32·12 = 384 (or 32·24 = 768 at half width) on 132 slots,
        // q_wave 2.909/3 = 0.9697, depth 512/(512 + 64) = 0.8889: efficiency 0.8·0.9697·0.8889 = 0.6896,
        // 12.885e9 / (989e12 · 0.6896) = 18.9 µs.
        // Memory: operands 2·(4096·512 + 512·3072) = 7,340,032 B, the FP32 gradient read and written
        // 8·4096·3072 = 100,663,296 B: 108,003,328 B / 2.68 TB/s = 40.3 µs, which bounds it.
        GemmPasses fused = new GemmPasses(0, 1, 8);
        PassTime expert = fused.of(H100_LIKE, 512, 0, 3072, 4096, OperandSource.CAST);
        assertEquals(108_003_328 / HBM_BYTES_PER_SECOND, expert.backwardWeightSeconds(), 1e-12);
        // Writing a BF16 gradient instead: 7,340,032 + 2·12,582,912 = 32,505,856 B, 12.1 µs, under the compute.
        PassTime written = new GemmPasses(0, 1, 2).of(H100_LIKE, 512, 0, 3072, 4096, OperandSource.CAST);
        assertEquals(12.885e9 / (989e12 * 0.8 * (2.909090909 / 3) * (512.0 / 576)), written.backwardWeightSeconds(),
                1e-9);
    }

    @Test
    void shouldLeaveTheWeightGradientOfALongReductionComputeBound() {
        // A dense GEMM over 4,096 tokens: (4096, 3072, 4096). Weight gradient: 2·4096·3072·4096 = 103.08 GFLOP at
        // 0.8·0.9697·4096/4160 = 0.7638, 136.4 µs; its bytes 2·(4096·4096 + 4096·3072) + 8·4096·3072 = 159,383,552,
        // 59.5 µs: the gradient buffer's traffic hides under the arithmetic, as before.
        PassTime dense = new GemmPasses(0, 1, 8).of(H100_LIKE, 4096, 0, 3072, 4096, OperandSource.CAST);
        assertEquals(Gemm.seconds(H100_LIKE, 4096, 3072, 4096, 1), dense.backwardWeightSeconds(), 1e-15);
        assertEquals(103.079e9 / (989e12 * 0.8 * (2.909090909 / 3) * (4096.0 / 4160)), dense.backwardWeightSeconds(),
                1e-9);
    }
}
