package org.fabricsim.runtime.compute;

/**
 * GEMM efficiency when the output has fewer tiles than the part has tile slots, as in the
 * decode steps of inference (m = a few sequences): libraries then split the reduction dimension
 * over idle SMs (cuBLAS split-K, CUTLASS stream-K) instead of leaving them empty.
 *
 * <p>With t output tiles (of either tile width {@link Gemm} considers, the better one taken), S
 * slots and k-blocks of K₀: split factor s =
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
        return Math.max(efficiency(device, m, n, k, ComputeCalibration.TILE_COLUMNS),
                efficiency(device, m, n, k, ComputeCalibration.TILE_COLUMNS / 2));
    }

    private static double efficiency(Device device, double m, double n, double k, int columns) {
        double tiles = Gemm.tiles(m, n, columns);
        double splits = Math.max(1, Math.min(Math.floor(device.tileSlots() / tiles),
                Math.floor(k / ComputeCalibration.TILE_DEPTH)));
        double depth = k / splits;
        return device.matmulEfficiency() * Gemm.tileQuantization(m, n, columns)
                * Gemm.waveQuantization(device, tiles * splits) * (depth / (depth + ComputeCalibration.TILE_DEPTH));
    }
}
