package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.SoftwareSpec;

/**
 * The forward and backward of one GEMM (m, n, k) of a training layer: the forward and the input-gradient GEMM
 * (m, k, n) tile m, the weight-gradient GEMM (k, n, m) reduces over it; each is timed by {@link Gemm} (over random
 * rows by {@link RaggedExpertRows} when σ &gt; 0) and adds one kernel launch. The weight-gradient GEMM's output moves
 * {@code weightGradientBytes} per element ({@link #weightGradientBytes}), which matters where m is short (an expert's
 * few hundred rows): its k·n outputs then outweigh its operands. An FP8 GEMM also pays the casts that make its FP8
 * input and output gradient ({@link Fp8Operands#casts}, by where they come from). FLOPs: 2·m·n·k forward, three
 * times that forward and backward. O(1).
 *
 * @param kernelSeconds        fixed cost of one kernel launch
 * @param sequenceShards       the shards sequence parallelism splits a TP group's activations into: TP, 1 without it
 * @param weightGradientBytes  HBM bytes per element of the weight-gradient GEMM's output
 */
record GemmPasses(double kernelSeconds, double sequenceShards, double weightGradientBytes) {

    /**
     * Bytes per weight-gradient element its GEMM moves: with the stack's gradient-accumulation fusion (no separate
     * accumulation pass, {@link SoftwareSpec#gradientAccumulationBytes} 0) the GEMM reads the gradient buffer and
     * writes it back with its product added, 2 × {@code gradientBytes} (Megatron-LM's default
     * {@code gradient_accumulation_fusion}: Transformer Engine's {@code Linear} and {@code GroupedLinear} take
     * {@code fuse_wgrad_accumulation} and run the weight-gradient GEMM into {@code main_grad}, FP32 by
     * {@code --main-grads-dtype}, with {@code accumulate=True}; TransformerEngine v2.3
     * {@code pytorch/module/grouped_linear.py}); otherwise it writes one activation, {@link Device#activationBytes},
     * and the stack's own pass folds it in.
     */
    static double weightGradientBytes(Device device, SoftwareSpec software, double gradientBytes) {
        return software.gradientAccumulationBytes() > 0 ? device.activationBytes() : 2 * gradientBytes;
    }

    /** The GEMM on {@code on} over m rows of mean m and spread σ (σ = 0 for fixed rows), operands from {@code source}. */
    PassTime of(Device on, double m, double sigma, double n, double k, OperandSource source) {
        double forward = RaggedExpertRows.seconds(on, m, sigma, n, k) + kernelSeconds;
        double inputGradient = RaggedExpertRows.seconds(on, m, sigma, k, n) + kernelSeconds;
        double weightGradient = Gemm.accumulatingSeconds(on, k, n, m, weightGradientBytes) + kernelSeconds;
        double flops = Gemm.flops(m, n, k);
        return new PassTime(forward, inputGradient, weightGradient, flops, 3 * flops)
                .plus(on.fp8Operands().casts(on, m, n, k, source, sequenceShards, kernelSeconds));
    }
}
