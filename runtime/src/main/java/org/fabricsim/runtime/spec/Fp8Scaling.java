package org.fabricsim.runtime.spec;

/**
 * How an FP8 training recipe scales its quantized GEMM operands.
 * <ul>
 * <li>{@link #TENSOR}: one FP32 scale per tensor (Transformer Engine's delayed and current scaling); the GEMM runs at
 * the part's FP8 rate and the cast is fused into the kernel that produced the operand.</li>
 * <li>{@link #BLOCKWISE}: one FP32 scale per 1×128 activation tile and per 128×128 weight block (DeepSeek-V3, arXiv
 * 2412.19437 §3.3.1; Transformer Engine's {@code Float8BlockScaling}). On Hopper the tensor cores cannot apply the
 * scales, so the GEMM promotes its partial sums to FP32 CUDA cores every 128 elements of k (§3.3.2) and runs slower
 * than a per-tensor one, and each operand is quantized (and transposed for the weight-gradient GEMM) in a kernel of
 * its own (§3.5.2).</li>
 * </ul>
 */
public enum Fp8Scaling {
    TENSOR, BLOCKWISE
}
