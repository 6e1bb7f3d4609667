package org.fabricsim.runtime.spec;

/**
 * An accelerator.
 *
 * @param name                       qualified name
 * @param vendor                     the maker's name
 * @param bf16FlopsPerSecond         dense BF16 peak, FLOP/s (the MFU denominator)
 * @param fp8FlopsPerSecond          dense FP8 peak, FLOP/s; 0 when the part has none
 * @param memoryBytes                HBM capacity, bytes
 * @param memoryBytesPerSecond       HBM bandwidth, bytes per second
 * @param matmulEfficiency           achievable fraction of peak on large GEMMs (measured, e.g. MAMF), 0..1
 * @param fp8MatmulEfficiency        achievable fraction of the FP8 peak on large FP8 GEMMs, 0..1; 0 when not
 *                                   measured separately (FP8 GEMMs then take {@code matmulEfficiency})
 * @param scaleUpBytesPerSecond      scale-up bandwidth of one accelerator in one direction, bytes per second
 * @param scaleUpEfficiency          measured fraction of {@code scaleUpBytesPerSecond} one accelerator reaches,
 *                                   0..1; 0 when not measured (the engine's default then applies)
 * @param architecture               the part's architecture generation in lower case ({@code ampere},
 *                                   {@code hopper}, {@code blackwell}, {@code cdna3}, ...), the key of its
 *                                   generation's fitted constants in a calibration profile; empty when unstated
 * @param computeUnits               streaming multiprocessors (NVIDIA) or compute units (AMD), the output
 *                                   tiles a GEMM computes at once; 0 when unstated (the compute model then
 *                                   derives them from the BF16 peak at a Hopper SM's rate)
 * @param reservedMemoryBytes        bytes of {@code memoryBytes} the driver keeps from the process (NVML's total
 *                                   less the total cudaMemGetInfo reports), measured for the part; 0 when unstated
 * @param fp4FlopsPerSecond          dense FP4 peak, FLOP/s; 0 when the part has none (serving at FP4 is then refused,
 *                                   {@code Device.of})
 * @param memoryEfficiency           measured fraction of {@code memoryBytesPerSecond} streaming kernels reach on the
 *                                   part (a STREAM-like copy), 0..1; 0 when not measured (the compute model's
 *                                   element-wise fraction, {@code ComputeCalibration.MEMORY_EFFICIENCY}, then applies)
 */
public record AcceleratorSpec(String name, String vendor, double bf16FlopsPerSecond, double fp8FlopsPerSecond,
        long memoryBytes, double memoryBytesPerSecond, double matmulEfficiency, double fp8MatmulEfficiency,
        double scaleUpBytesPerSecond, double scaleUpEfficiency, String architecture, int computeUnits,
        long reservedMemoryBytes, double fp4FlopsPerSecond, double memoryEfficiency) {

    /** An accelerator without a measured memory efficiency. */
    public AcceleratorSpec(String name, String vendor, double bf16FlopsPerSecond, double fp8FlopsPerSecond,
            long memoryBytes, double memoryBytesPerSecond, double matmulEfficiency, double fp8MatmulEfficiency,
            double scaleUpBytesPerSecond, double scaleUpEfficiency, String architecture, int computeUnits,
            long reservedMemoryBytes, double fp4FlopsPerSecond) {
        this(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes, memoryBytesPerSecond, matmulEfficiency,
                fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency, architecture, computeUnits,
                reservedMemoryBytes, fp4FlopsPerSecond, 0);
    }

    /** An accelerator without an FP4 rate. */
    public AcceleratorSpec(String name, String vendor, double bf16FlopsPerSecond, double fp8FlopsPerSecond,
            long memoryBytes, double memoryBytesPerSecond, double matmulEfficiency, double fp8MatmulEfficiency,
            double scaleUpBytesPerSecond, double scaleUpEfficiency, String architecture, int computeUnits,
            long reservedMemoryBytes) {
        this(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes, memoryBytesPerSecond, matmulEfficiency,
                fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency, architecture, computeUnits,
                reservedMemoryBytes, 0);
    }

    /** An accelerator that states no reserved memory. */
    public AcceleratorSpec(String name, String vendor, double bf16FlopsPerSecond, double fp8FlopsPerSecond,
            long memoryBytes, double memoryBytesPerSecond, double matmulEfficiency, double fp8MatmulEfficiency,
            double scaleUpBytesPerSecond, double scaleUpEfficiency, String architecture, int computeUnits) {
        this(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes, memoryBytesPerSecond, matmulEfficiency,
                fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency, architecture, computeUnits, 0);
    }

    /** An accelerator whose architecture and compute units are unstated. */
    public AcceleratorSpec(String name, String vendor, double bf16FlopsPerSecond, double fp8FlopsPerSecond,
            long memoryBytes, double memoryBytesPerSecond, double matmulEfficiency, double fp8MatmulEfficiency,
            double scaleUpBytesPerSecond, double scaleUpEfficiency) {
        this(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes, memoryBytesPerSecond, matmulEfficiency,
                fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency, "", 0);
    }

    /** This accelerator with its architecture generation and compute units stated. */
    public AcceleratorSpec withArchitecture(String generation, int units) {
        return new AcceleratorSpec(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes,
                memoryBytesPerSecond, matmulEfficiency, fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency,
                generation, units, reservedMemoryBytes, fp4FlopsPerSecond, memoryEfficiency);
    }

    /** This accelerator with {@code bytes} of its memory kept by the driver from the process. */
    public AcceleratorSpec withReservedMemory(long bytes) {
        return new AcceleratorSpec(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes,
                memoryBytesPerSecond, matmulEfficiency, fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency,
                architecture, computeUnits, bytes, fp4FlopsPerSecond, memoryEfficiency);
    }

    /** This accelerator with a dense FP4 peak of {@code flopsPerSecond}. */
    public AcceleratorSpec withFp4(double flopsPerSecond) {
        return new AcceleratorSpec(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes,
                memoryBytesPerSecond, matmulEfficiency, fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency,
                architecture, computeUnits, reservedMemoryBytes, flopsPerSecond, memoryEfficiency);
    }

    /** This accelerator with its measured memory efficiency, {@code fraction} of its HBM bandwidth. */
    public AcceleratorSpec withMemoryEfficiency(double fraction) {
        return new AcceleratorSpec(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes,
                memoryBytesPerSecond, matmulEfficiency, fp8MatmulEfficiency, scaleUpBytesPerSecond, scaleUpEfficiency,
                architecture, computeUnits, reservedMemoryBytes, fp4FlopsPerSecond, fraction);
    }

    /** An accelerator without a separate FP8 GEMM efficiency or a measured scale-up efficiency. */
    public AcceleratorSpec(String name, String vendor, double bf16FlopsPerSecond, double fp8FlopsPerSecond,
            long memoryBytes, double memoryBytesPerSecond, double matmulEfficiency, double scaleUpBytesPerSecond) {
        this(name, vendor, bf16FlopsPerSecond, fp8FlopsPerSecond, memoryBytes, memoryBytesPerSecond, matmulEfficiency,
                0, scaleUpBytesPerSecond, 0);
    }

    public AcceleratorSpec {
        Specs.requireName(name);
        Specs.requireNonNegative("bf16FlopsPerSecond", bf16FlopsPerSecond);
        Specs.requireNonNegative("fp8FlopsPerSecond", fp8FlopsPerSecond);
        Specs.requireNonNegative("memoryBytes", memoryBytes);
        Specs.requireNonNegative("matmulEfficiency", matmulEfficiency);
        Specs.requireNonNegative("fp8MatmulEfficiency", fp8MatmulEfficiency);
        Specs.requireNonNegative("scaleUpBytesPerSecond", scaleUpBytesPerSecond);
        Specs.requireNonNegative("scaleUpEfficiency", scaleUpEfficiency);
        Specs.requireNonNegative("computeUnits", computeUnits);
        Specs.requireNonNegative("reservedMemoryBytes", reservedMemoryBytes);
        Specs.requireNonNegative("fp4FlopsPerSecond", fp4FlopsPerSecond);
        if (!(memoryEfficiency >= 0 && memoryEfficiency <= 1)) {
            throw new IllegalArgumentException("memoryEfficiency must be within 0..1, was " + memoryEfficiency);
        }
        if (reservedMemoryBytes > 0 && reservedMemoryBytes >= memoryBytes) {
            throw new IllegalArgumentException("reservedMemoryBytes must be below memoryBytes (" + memoryBytes
                    + "), was " + reservedMemoryBytes);
        }
        architecture = architecture == null ? "" : architecture;
    }
}
