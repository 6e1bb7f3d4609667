package org.fabricsim.runtime.compute;

/**
 * The forward and backward of one GEMM (m, n, k) of a training layer: the forward and the input-gradient GEMM
 * (m, k, n) tile m, the weight-gradient GEMM (k, n, m) reduces over it; each is timed by {@link Gemm} (over random
 * rows by {@link RaggedExpertRows} when σ &gt; 0) and adds one kernel launch. A blockwise FP8 GEMM also quantizes its
 * input (m·k) before the forward and its output gradient (m·n) before the backward, one kernel each
 * ({@link BlockwiseFp8#quantizationSeconds}). FLOPs: 2·m·n·k forward, three times that forward and backward. O(1).
 *
 * @param kernelSeconds  fixed cost of one kernel launch
 */
record GemmPasses(double kernelSeconds) {

    /** The GEMM on {@code on} over m rows of mean m and spread σ (σ = 0 for fixed rows). */
    PassTime of(Device on, double m, double sigma, double n, double k) {
        double quantizeInput = on.blockwiseFp8() ? BlockwiseFp8.quantizationSeconds(on, m * k) + kernelSeconds : 0;
        double quantizeGradient = on.blockwiseFp8() ? BlockwiseFp8.quantizationSeconds(on, m * n) + kernelSeconds : 0;
        double forward = RaggedExpertRows.seconds(on, m, sigma, n, k) + kernelSeconds + quantizeInput;
        double inputGradient = RaggedExpertRows.seconds(on, m, sigma, k, n) + kernelSeconds + quantizeGradient;
        double weightGradient = Gemm.seconds(on, k, n, m, 1) + kernelSeconds;
        double flops = Gemm.flops(m, n, k);
        return new PassTime(forward, inputGradient, weightGradient, flops, 3 * flops);
    }
}
