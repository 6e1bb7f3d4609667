package org.fabricsim.runtime.compute;

/**
 * Roofline time of a GEMM C[m×n] = A[m×k]·B[k×n] on a {@link Device}.
 *
 * <p>FLOPs = 2mnk. Efficiency = MAMF × q_tile × q_wave × k ÷ (k + K₀) where, with tiles of
 * R×C (R = {@link ComputeCalibration#TILE_ROWS}; C = {@link ComputeCalibration#TILE_COLUMNS}, or
 * half that when it fits the shape better, as libraries choose a narrower tile for narrow
 * outputs), a batch of b GEMMs in one kernel has t = b·⌈m/R⌉·⌈n/C⌉ tiles, q_tile = mn ÷
 * (⌈m/R⌉·⌈n/C⌉·R·C) (padding of the edge tiles) and, with S tile slots, q_wave = (t/S) ÷ ⌈t/S⌉
 * (the last wave runs partly empty); K₀ = {@link ComputeCalibration#TILE_DEPTH}. A blockwise-scaled FP8 GEMM
 * replaces k ÷ (k + K₀) by {@link BlockwiseFp8#depth} (its promotion and larger per-tile cost). Time = max(FLOPs ÷
 * (peak × efficiency), bytes ÷ bandwidth) with bytes = e(mk + kn + mn) for elements of e bytes,
 * per GEMM of the batch. O(1).
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
        return efficiency(device, m, n, k, 1);
    }

    /** The achieved fraction of peak of a batch of {@code batch} GEMMs of this shape in one kernel. */
    public static double efficiency(Device device, double m, double n, double k, double batch) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return device.matmulEfficiency();
        }
        double wide = quantization(device, m, n, batch, ComputeCalibration.TILE_COLUMNS);
        double narrow = quantization(device, m, n, batch, ComputeCalibration.TILE_COLUMNS / 2);
        return device.matmulEfficiency() * Math.max(wide, narrow) * depth(device, k);
    }

    /**
     * The depth factor of a tile that reduces over {@code k}: k ÷ (k + K₀), or {@link BlockwiseFp8#depth} on a
     * device whose GEMMs are blockwise-scaled FP8.
     */
    static double depth(Device device, double k) {
        return device.blockwiseFp8() ? BlockwiseFp8.depth(k) : k / (k + ComputeCalibration.TILE_DEPTH);
    }

    /** q_tile × q_wave with output tiles {@code columns} wide. */
    private static double quantization(Device device, double m, double n, double batch, int columns) {
        double tiles = tiles(m, n, columns);
        return tileQuantization(m, n, columns) * waveQuantization(device, batch * tiles);
    }

    /** ⌈m/R⌉·⌈n/columns⌉: output tiles of one GEMM. */
    static double tiles(double m, double n, int columns) {
        return tiles(m, n, ComputeCalibration.TILE_ROWS, columns);
    }

    /** ⌈m/rows⌉·⌈n/columns⌉: output tiles of one GEMM with tiles {@code rows} high. */
    static double tiles(double m, double n, int rows, int columns) {
        return Math.ceil(m / rows) * Math.ceil(n / columns);
    }

    /** q_tile: the share of the tiles' area the output fills. */
    static double tileQuantization(double m, double n, int columns) {
        return tileQuantization(m, n, ComputeCalibration.TILE_ROWS, columns);
    }

    /** q_tile with tiles {@code rows} high. */
    static double tileQuantization(double m, double n, int rows, int columns) {
        return m * n / (tiles(m, n, rows, columns) * rows * columns);
    }

    /** q_wave of {@code units} work units on the device's tile slots. */
    static double waveQuantization(Device device, double units) {
        double waves = units / device.tileSlots();
        return waves / Math.ceil(waves);
    }

    /** Seconds for {@code count} GEMMs of this shape, one after another (roofline). */
    public static double seconds(Device device, double m, double n, double k, double count) {
        return count <= 0 ? 0 : count * roofline(device, m, n, k, efficiency(device, m, n, k));
    }

    /** Seconds for a batch of {@code batch} GEMMs of this shape run as one kernel (batched GEMM). */
    public static double batchedSeconds(Device device, double m, double n, double k, double batch) {
        return batch <= 0 ? 0 : batch * roofline(device, m, n, k, efficiency(device, m, n, k, batch));
    }

    /**
     * Seconds for one GEMM of this shape whose output moves {@code outputBytes} per element through HBM instead of
     * one activation's write (a weight-gradient GEMM that reads and adds into an FP32 gradient buffer).
     */
    public static double accumulatingSeconds(Device device, double m, double n, double k, double outputBytes) {
        return roofline(device, m, n, k, efficiency(device, m, n, k), outputBytes);
    }

    private static double roofline(Device device, double m, double n, double k, double efficiency) {
        return roofline(device, m, n, k, efficiency, device.activationBytes());
    }

    private static double roofline(Device device, double m, double n, double k, double efficiency,
            double outputBytes) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return 0;
        }
        double computeSeconds = flops(m, n, k) / (device.gemmFlopsPerSecond() * efficiency);
        double memorySeconds = device.memorySeconds(device.activationBytes() * (m * k + k * n) + outputBytes * m * n);
        return Math.max(computeSeconds, memorySeconds);
    }
}
