package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;

/**
 * One accelerator as the compute model sees it, at one training precision.
 *
 * @param gemmFlopsPerSecond     dense peak of the GEMMs: FP8 peak for FP8 training (when the part has
 *                               one), else BF16
 * @param bf16FlopsPerSecond     dense BF16 peak: attention and the MFU denominator
 * @param memoryBytesPerSecond   HBM bandwidth
 * @param matmulEfficiency       measured large-GEMM fraction of {@code gemmFlopsPerSecond}: for FP8 GEMMs
 *                               the catalog's {@code fp8-efficiency} when it has one, else (and for
 *                               BF16) its {@code efficiency}; 1 when the catalog has neither
 * @param tileSlots              output tiles computed concurrently (one per SM): BF16 peak ÷ {@link
 *                               ComputeCalibration#FLOPS_PER_TILE_SLOT}, at least 1
 * @param activationBytes        bytes of one activation element: 2 (BF16; FP8 GEMMs still keep BF16
 *                               activations between kernels)
 */
public record Device(double gemmFlopsPerSecond, double bf16FlopsPerSecond, double memoryBytesPerSecond,
        double matmulEfficiency, int tileSlots, double activationBytes) {

    /** The device for {@code accelerator} training at {@code precision}. */
    public static Device of(AcceleratorSpec accelerator, Precision precision) {
        double bf16 = accelerator.bf16FlopsPerSecond();
        boolean fp8 = precision == Precision.FP8 && accelerator.fp8FlopsPerSecond() > 0;
        double gemm = fp8 ? accelerator.fp8FlopsPerSecond() : bf16;
        double measured = fp8 && accelerator.fp8MatmulEfficiency() > 0 ? accelerator.fp8MatmulEfficiency()
                : accelerator.matmulEfficiency();
        double efficiency = measured > 0 ? measured : 1.0;
        int slots = (int) Math.max(1, Math.round(bf16 / ComputeCalibration.FLOPS_PER_TILE_SLOT));
        return new Device(gemm, bf16, accelerator.memoryBytesPerSecond(), efficiency, slots,
                Precision.BF16.bytes());
    }

    /**
     * Compute time lost per second of a collective hidden behind compute: the share of the SMs it
     * occupies, {@link ComputeCalibration#COLLECTIVE_SMS} ÷ tile slots (one per SM), at most 1.
     */
    public double collectiveSmShare() {
        return Math.min(1.0, ComputeCalibration.COLLECTIVE_SMS / (double) tileSlots);
    }

    /** Seconds to move {@code bytes} through HBM at the element-wise efficiency. */
    public double memorySeconds(double bytes) {
        return bytes / (memoryBytesPerSecond * ComputeCalibration.MEMORY_EFFICIENCY);
    }
}
