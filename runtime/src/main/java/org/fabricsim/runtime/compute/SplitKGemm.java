package org.fabricsim.runtime.compute;

/**
 * GEMM efficiency when the output has fewer tiles than the part has tile slots, as in the
 * decode steps of inference (m = a few sequences): libraries then split the reduction dimension
 * over idle SMs (cuBLAS split-K, CUTLASS stream-K) instead of leaving them empty.
 *
 * <p>Tiles are R = {@link ComputeCalibration#TILE_ROWS} rows high, or R_s = the device's {@link
 * Device#shortTileRows} for a decode batch of fewer than 2R rows where
 * ⌈m/R_s⌉·R_s &lt; ⌈m/R⌉·R (the shorter tile pads fewer rows: 139 rows run as three tiles of 64, 192
 * rows, not two of 128; Blackwell's block-scaled MMAs have no tile shorter than R, {@link
 * ComputeCalibration#BLOCK_SCALED_TILE_ROWS}). From 2R rows on the tall tile is kept: the efficiency here does
 * not charge a short tile its lower operand reuse, so it would credit short tiles with finer waves alone (Dynamo's
 * 3,000-token TP1 prefills 6% faster, docs/calibration.md, "Short output tiles"). With t output tiles (of
 * either tile width {@link Gemm} considers, the better one taken), S
 * slots and k-blocks of K₀: split factor s =
 * max(1, min(⌊S/t⌋, ⌊k/K₀⌋)); the t·s work units of depth k/s give q_wave = (t·s/S) ÷ ⌈t·s/S⌉
 * and a depth factor (k/s) ÷ (k/s + K₀) ({@link BlockwiseFp8#depth} of k/s on a blockwise FP8 device).
 * Efficiency = MAMF × q_tile × q_wave × depth factor (q_tile as in {@link Gemm#efficiency}, over the tile's R or
 * R_s rows); the partial-sum reduction is not charged. With t ≥ S and m a multiple of R it equals {@link
 * Gemm#efficiency}. O(1).
 */
public final class SplitKGemm {
    private SplitKGemm() {
    }

    /** The achieved fraction of peak on this shape with split-K (see the class comment). */
    public static double efficiency(Device device, double m, double n, double k) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return device.matmulEfficiency();
        }
        int rows = tileRows(m, device.shortTileRows());
        return Math.max(efficiency(device, m, n, k, rows, ComputeCalibration.TILE_COLUMNS),
                efficiency(device, m, n, k, rows, ComputeCalibration.TILE_COLUMNS / 2));
    }

    /** R_s ({@code shortRows}) when m &lt; 2R and ⌈m/R_s⌉·R_s &lt; ⌈m/R⌉·R, else R (see the class comment). */
    static int tileRows(double m, int shortRows) {
        int tall = ComputeCalibration.TILE_ROWS;
        return m < 2 * tall && Math.ceil(m / shortRows) * shortRows < Math.ceil(m / tall) * tall ? shortRows : tall;
    }

    private static double efficiency(Device device, double m, double n, double k, int rows, int columns) {
        double tiles = Gemm.tiles(m, n, rows, columns);
        double splits = Math.max(1, Math.min(Math.floor(device.tileSlots() / tiles),
                Math.floor(k / ComputeCalibration.TILE_DEPTH)));
        return device.matmulEfficiency() * Gemm.tileQuantization(m, n, rows, columns)
                * Gemm.waveQuantization(device, tiles * splits) * Gemm.depth(device, k / splits);
    }
}
