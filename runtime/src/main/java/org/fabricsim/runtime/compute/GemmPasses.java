package org.fabricsim.runtime.compute;

/**
 * The forward and backward of one GEMM (m, n, k) of a training layer: the forward and the input-gradient GEMM
 * (m, k, n) tile m, the weight-gradient GEMM (k, n, m) reduces over it; each is timed by {@link Gemm} (over random
 * rows by {@link RaggedExpertRows} when σ &gt; 0) and adds one kernel launch. An FP8 GEMM also pays the casts that make
 * its FP8 input and output gradient ({@link Fp8Operands#casts}, by where they come from). FLOPs: 2·m·n·k forward,
 * three times that forward and backward. O(1).
 *
 * @param kernelSeconds   fixed cost of one kernel launch
 * @param sequenceShards  the shards sequence parallelism splits a TP group's activations into: TP, 1 without it
 */
record GemmPasses(double kernelSeconds, double sequenceShards) {

    /** The GEMM on {@code on} over m rows of mean m and spread σ (σ = 0 for fixed rows), operands from {@code source}. */
    PassTime of(Device on, double m, double sigma, double n, double k, OperandSource source) {
        double forward = RaggedExpertRows.seconds(on, m, sigma, n, k) + kernelSeconds;
        double inputGradient = RaggedExpertRows.seconds(on, m, sigma, k, n) + kernelSeconds;
        double weightGradient = Gemm.seconds(on, k, n, m, 1) + kernelSeconds;
        double flops = Gemm.flops(m, n, k);
        return new PassTime(forward, inputGradient, weightGradient, flops, 3 * flops)
                .plus(on.fp8Operands().casts(on, m, n, k, source, sequenceShards, kernelSeconds));
    }
}
