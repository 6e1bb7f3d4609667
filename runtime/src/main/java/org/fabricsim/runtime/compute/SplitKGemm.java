package org.fabricsim.runtime.compute;

/**
 * GEMM efficiency when the output has fewer tiles than the part has tile slots, as in the
 * decode steps of inference (m = a few sequences): libraries then split the reduction dimension
 * over idle SMs (cuBLAS split-K, CUTLASS stream-K) instead of leaving them empty.
 *
 * <p>With t output tiles, S slots and k-blocks of K₀ (see {@link Gemm}): split factor s =
 * max(1, min(⌊S/t⌋, ⌊k/K₀⌋)); the t·s work units of depth k/s give q_wave = (t·s/S) ÷ ⌈t·s/S⌉
 * and a depth factor (k/s) ÷ (k/s + K₀). Efficiency = MAMF × q_tile × q_wave × depth factor
 * (q_tile as in {@link Gemm#efficiency}); the partial-sum reduction is not charged. With t ≥ S
 * it equals {@link Gemm#efficiency}. O(1).
 */
public final class SplitKGemm {
    private SplitKGemm() {
    }

    /** The achieved fraction of peak on this shape with split-K (see the class comment). */
    public static double efficiency(Device device, double m, double n, double k) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return device.matmulEfficiency();
        }
        double tiles = Math.ceil(m / ComputeCalibration.TILE_ROWS) * Math.ceil(n / ComputeCalibration.TILE_COLUMNS);
        double tileQuantization = m * n / (tiles * ComputeCalibration.TILE_ROWS * ComputeCalibration.TILE_COLUMNS);
        double splits = Math.max(1, Math.min(Math.floor(device.tileSlots() / tiles),
                Math.floor(k / ComputeCalibration.TILE_DEPTH)));
        double waves = tiles * splits / device.tileSlots();
        double waveQuantization = waves / Math.ceil(waves);
        double depth = k / splits;
        return device.matmulEfficiency() * tileQuantization * waveQuantization
                * (depth / (depth + ComputeCalibration.TILE_DEPTH));
    }
}
