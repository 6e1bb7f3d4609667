package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;

/**
 * The compute rates a run needs an accelerator to state, as one rule for the run (which refuses) and the editor
 * (which asks): a BF16 peak for every training and deployment, and a measured GEMM rate for a served precision.
 */
public final class ComputeRates {

    private ComputeRates() {
    }

    /**
     * Whether {@code accelerator} states a BF16 peak, the rate 16-bit GEMMs and attention run at: the rule {@link
     * #requireBf16Rate} applies and the editor's {@code fabric.workload.missing-bf16-rate} asks. O(1).
     */
    public static boolean statesBf16Rate(AcceleratorSpec accelerator) {
        return accelerator.bf16FlopsPerSecond() > 0;
    }

    /**
     * Refuses a part without a BF16 peak (one that states only {@code fp16}, a sketch's generic accelerator) before a
     * run times its kernels: 16-bit GEMMs and attention run at that peak, so at 0 FLOP/s they would never end. O(1).
     */
    public static void requireBf16Rate(AcceleratorSpec accelerator) {
        if (!statesBf16Rate(accelerator)) {
            throw new IllegalArgumentException(accelerator.name() + " states no bf16 compute rate, and the compute"
                    + " model runs 16-bit GEMMs and attention at the BF16 peak: give the accelerator a 'bf16 ... TFLOPS'"
                    + " rate (a sketched cluster's generic accelerators have none: declare a node with an accelerator"
                    + " to train or serve on)");
        }
    }

    /**
     * Refuses a served precision whose GEMM rate the model does not have: INT8 (the catalog states no INT8 rates),
     * and FP4 on a part with no FP4 peak in the catalog or no measured {@link Device#fp4GemmFraction} for its generation.
     * Its GEMMs would otherwise run at the BF16 rate while {@code Memory} counts the smaller weights. O(1).
     *
     * @throws IllegalArgumentException naming the part and what to write instead
     */
    public static void requireServedGemmRate(AcceleratorSpec accelerator, Precision precision) {
        if (precision == Precision.INT8) {
            throw new IllegalArgumentException("serving at int8 is not modelled: the compute model has GEMM rates for"
                    + " bf16, fp8 and (on Blackwell) fp4, so " + accelerator.name() + "'s INT8 GEMMs would run at the"
                    + " BF16 rate; serve at fp8 or bf16");
        }
        if (precision != Precision.FP4) {
            return;
        }
        if (!(accelerator.fp4FlopsPerSecond() > 0)) {
            throw new IllegalArgumentException(accelerator.name() + " has no FP4 rate in the catalog, so FP4 GEMMs"
                    + " would run at the BF16 rate: serve at fp8 or bf16, or give the accelerator an 'fp4 ... TFLOPS'"
                    + " compute rate");
        }
        if (!(Device.fp4GemmFraction(accelerator) > 0)) {
            throw new IllegalArgumentException(accelerator.name() + " has no measured FP4 GEMM efficiency for its"
                    + " architecture ('" + accelerator.architecture() + "'; measured for blackwell only): serve at"
                    + " fp8 or bf16");
        }
    }
}
