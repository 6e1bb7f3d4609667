package org.fabricsim.runtime.compute;

/**
 * How a device's GEMMs take FP8 operands, and the casts that make them ({@link GemmPasses}).
 *
 * <p><b>Per-tensor scaling</b> (Transformer Engine's {@code DelayedScaling}, {@code Float8CurrentScaling}): every FP8
 * GEMM input and output gradient is made from BF16 by a cast that reads 2 B and writes 1 B an element (delayed scaling
 * takes the scale of the amax history and reduces the new amax in the same kernel), {@link #CAST_BYTES}. Each tensor
 * is read row-wise by one GEMM and column-wise by another (forward: input and weight row-wise; input gradient: output
 * gradient row-wise, weight column-wise; weight gradient: both column-wise). Hopper's FP8 GEMMs read only row-wise
 * (K-major, "TN") operands, so the column-wise usage is a physically transposed copy, a second 1 B write; Blackwell
 * reads it natively (Transformer Engine docs, "Performance considerations: handling transposes"). By where the tensor
 * comes from ({@link OperandSource}; Transformer Engine {@code module/base.py grad_output_preprocess},
 * {@code layernorm_linear.py}, {@code distributed.py _all_gather_fp8}):
 * <ul>
 * <li>cast by a kernel of its own: the fused cast and transpose, 2 + 1 + 1 = 4 B an element on Hopper, 3 elsewhere;</li>
 * <li>written in FP8 by the norm (its write 1 B in place of the 2 B charged as a BF16 norm, not credited): on Hopper
 * the transpose of the (gathered) FP8 copy before the weight gradient, 1 + 1 = 2 B an element, {@link
 * #TRANSPOSE_BYTES}; nothing elsewhere;</li>
 * <li>an output gradient all-gathered under sequence parallelism over s shards: the cast on the local shard, 3/s B an
 * element of the gathered tensor, and on Hopper its transpose, 2 B (FP8 transposes are not gathered).</li>
 * </ul>
 * One kernel each. Weights are cast once per optimizer step, not per micro-batch, and are not charged. The forward's
 * casts count in the forward, the output gradient's cast in the input-gradient pass, the transposes the weight gradient
 * reads in the weight-gradient pass.
 *
 * <p><b>Blockwise scaling</b>: {@link BlockwiseFp8}'s quantization, input and output gradient, whatever their source.
 * On Blackwell the recipe is Transformer Engine's {@code MXFP8BlockScaling} (1×32 blocks, one E8M0 byte of scale each):
 * "native hardware acceleration on Blackwell GPUs" (Transformer Engine docs, "MXFP8"): the block-scaled MMA
 * ({@code tcgen05.mma} with scales, which fuses the operands' dequantization into the MMA instruction; Triton's Gluon
 * tutorial "Blocked-Scaled Matrix Multiplication"), so the GEMM runs at the per-tensor rate. Its quantization moves the
 * same bytes as {@link BlockwiseFp8}'s: BF16 read, row-wise and column-wise FP8 copies, 2 × 1 ÷ 32 B of scales, 4.0625
 * B an element (each copy's blocks run along its own K, so the column-wise copy is quantized from BF16). O(1).
 */
public enum Fp8Operands {
    /** BF16 operands: no casts. */
    NONE,
    /** Per-tensor FP8 on a part that reads column-wise FP8 operands natively (no transposed copies). */
    TENSORWISE,
    /** Per-tensor FP8 on Hopper: column-wise operands are transposed copies. */
    TENSORWISE_TRANSPOSED,
    /** Blockwise FP8 on Hopper ({@link BlockwiseFp8}): promoted on the CUDA cores, quantized by kernels of its own. */
    BLOCKWISE,
    /** Blockwise FP8 whose block scales the tensor cores apply (Blackwell, MXFP8): quantized as {@link #BLOCKWISE}. */
    BLOCK_SCALED;

    /** Bytes an element of a per-tensor cast moves: BF16 read, FP8 write. */
    public static final double CAST_BYTES = 2 + 1;
    /** Bytes an element of a transpose of an FP8 copy moves: FP8 read, FP8 write. */
    public static final double TRANSPOSE_BYTES = 1 + 1;

    /**
     * The casts of one GEMM (m, n, k) whose input (m·k) and output gradient (m·n) come from {@code source}, with
     * sequence parallelism over {@code shards} (1 without), each kernel adding {@code kernelSeconds}; no FLOPs.
     */
    PassTime casts(Device on, double m, double n, double k, OperandSource source, double shards,
            double kernelSeconds) {
        if (this == NONE) {
            return PassTime.ZERO;
        }
        if (this == BLOCKWISE || this == BLOCK_SCALED) {
            return new PassTime(BlockwiseFp8.quantizationSeconds(on, m * k) + kernelSeconds,
                    BlockwiseFp8.quantizationSeconds(on, m * n) + kernelSeconds, 0, 0, 0);
        }
        boolean transposed = this == TENSORWISE_TRANSPOSED;
        double fused = transposed ? CAST_BYTES + 1 : CAST_BYTES;
        double forward = source == OperandSource.NORM ? 0 : on.memorySeconds(m * k * fused) + kernelSeconds;
        double normTranspose = source == OperandSource.NORM && transposed
                ? on.memorySeconds(m * k * TRANSPOSE_BYTES) + kernelSeconds : 0;
        boolean gathered = source == OperandSource.ROW_PARALLEL && shards > 1;
        double gradient = on.memorySeconds(m * n * (gathered ? CAST_BYTES / shards : fused)) + kernelSeconds;
        double gradientTranspose = gathered && transposed
                ? on.memorySeconds(m * n * TRANSPOSE_BYTES) + kernelSeconds : 0;
        return new PassTime(forward, gradient, normTranspose + gradientTranspose, 0, 0);
    }
}
