package org.fabricsim.runtime.compute;

/**
 * Roofline time of a GEMM C[m×n] = A[m×k]·B[k×n] on a {@link Device}.
 *
 * <p>FLOPs = 2mnk. Efficiency = MAMF × q_tile × q_wave × k ÷ (k + K₀) where, with tiles of
 * R×C (= {@link ComputeCalibration#TILE_ROWS}×{@link ComputeCalibration#TILE_COLUMNS}),
 * t = ⌈m/R⌉·⌈n/C⌉ tiles, q_tile = mn ÷ (t·R·C) (padding of the edge tiles) and, with S tile
 * slots, q_wave = (t/S) ÷ ⌈t/S⌉ (the last wave runs partly empty); K₀ = {@link
 * ComputeCalibration#TILE_DEPTH}. Time = max(FLOPs ÷ (peak × efficiency), bytes ÷ bandwidth) with
 * bytes = e(mk + kn + mn) for elements of e bytes. O(1).
 */
public final class Gemm {
    private Gemm() {
    }

    /** 2mnk. */
    public static double flops(double m, double n, double k) {
        return 2 * m * n * k;
    }

    /** The achieved fraction of peak on this shape (see the class comment). */
    public static double efficiency(Device device, double m, double n, double k) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return device.matmulEfficiency();
        }
        double rowTiles = Math.ceil(m / ComputeCalibration.TILE_ROWS);
        double columnTiles = Math.ceil(n / ComputeCalibration.TILE_COLUMNS);
        double tiles = rowTiles * columnTiles;
        double tileQuantization = m * n / (tiles * ComputeCalibration.TILE_ROWS * ComputeCalibration.TILE_COLUMNS);
        double waves = tiles / device.tileSlots();
        double waveQuantization = waves / Math.ceil(waves);
        double depth = k / (k + ComputeCalibration.TILE_DEPTH);
        return device.matmulEfficiency() * tileQuantization * waveQuantization * depth;
    }

    /** Seconds for {@code count} GEMMs of this shape (roofline). */
    public static double seconds(Device device, double m, double n, double k, double count) {
        if (m <= 0 || n <= 0 || k <= 0 || count <= 0) {
            return 0;
        }
        double computeSeconds = flops(m, n, k) / (device.gemmFlopsPerSecond() * efficiency(device, m, n, k));
        double memorySeconds = device.memorySeconds(device.activationBytes() * (m * k + k * n + m * n));
        return count * Math.max(computeSeconds, memorySeconds);
    }
}
