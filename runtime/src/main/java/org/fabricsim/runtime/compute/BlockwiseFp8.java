package org.fabricsim.runtime.compute;

/**
 * The cost of fine-grained (blockwise) FP8 scaling on Hopper: 1×128 activation tiles and 128×128 weight blocks, each
 * with an FP32 scale (DeepSeek-V3, arXiv 2412.19437 §3.3; Transformer Engine's {@code Float8BlockScaling}).
 *
 * <p><b>GEMM rate.</b> Hopper's tensor cores apply one scale per operand, so a blockwise GEMM multiplies each 128-deep
 * slice of k on the tensor cores and promotes the partial sums, scaled, into FP32 registers on the CUDA cores every
 * N_C = 128 elements (§3.3.2), and loads the scales of every slice. Its efficiency on a shape (m, n, k) is the
 * per-tensor one ({@link Gemm#efficiency}) with the depth factor k ÷ (k + K₀) replaced by ρ·k ÷ (k + K_b): ρ the rate
 * left to the tensor cores beside the promotion in the long-k limit, K_b the per-tile fixed cost in elements of k
 * (prologue, epilogue and the FP32 accumulators' scaling, about eleven times the per-tensor kernel's K₀ = 64). Both
 * are measured: DeepGEMM's first README table (deepseek-ai/DeepGEMM at a6d97a1, H800, NVCC 12.8) over the per-tensor
 * model of the same shape on the same part (fp8-efficiency 77.0%, 132 SMs): 4096×7168×16384 1,358 TFLOP/s against
 * 1,472 (0.923); 4096×4096×7168 1,304 against 1,465 (0.890); 4096×2112×7168 1,058 against 1,208 (0.876);
 * 4096×7168×2048 1,025 against 1,433 (0.715); 4096×24576×1536 990 against 1,449 (0.683); grouped 4 × 8192×4096×7168
 * 1,297 (0.872), 4 × 8192×7168×2048 1,099 (0.746), 8 × 4096×4096×7168 1,288 (0.866), 8 × 4096×7168×2048 1,093
 * (0.742). The least-squares ρ and K_b over those nine give ρ = 0.954, K_b = 696 (ratios within ±0.02 of every row);
 * the held-back shape 4096×32768×512 (590 TFLOP/s, 0.442) is predicted at 0.455. DeepSeek-V3 itself trained on the
 * CUTLASS 3.6 kernels that DeepGEMM beat by 1.0–1.2× on these shapes; the model takes the published DeepGEMM figures.
 *
 * <p><b>Quantization.</b> Each FP8 GEMM's BF16 input is quantized by a kernel of its own: it reads the BF16 tensor
 * (2 B an element), writes the FP8 row-wise copy the GEMM reads (1 B) and the column-wise (transposed) copy the
 * weight-gradient GEMM reads (1 B), each with one FP32 scale per 128 elements (2 × 4 ÷ 128 B); Hopper's FP8 GEMMs take
 * only K-major operands, so the transposed copy is a second write (Transformer Engine, "Performance considerations:
 * handling transposes"; DeepSeek-V3 §3.5.2: activations are read from HBM for quantization and written back, and in the
 * backward "read out, dequantized, transposed, re-quantized into 128x1 tiles"). The backward quantizes the GEMM's
 * output gradient the same way, for the input- and weight-gradient GEMMs. So 4.0625 B per element of the input
 * (forward) and of the output gradient (backward), at the element-wise memory rate ({@link Device#memorySeconds}), one
 * kernel each. Weights are quantized once per optimizer step, not per micro-batch, and are not charged. O(1).
 */
public final class BlockwiseFp8 {
    /** ρ: the long-k rate of a blockwise GEMM over a per-tensor one (class comment). */
    public static final double PROMOTION_RATE = 0.954;
    /** K_b: the per-tile fixed cost of a blockwise GEMM in elements of k (class comment). */
    public static final double TILE_DEPTH = 696;
    /** Bytes moved per element quantized: BF16 read, FP8 row-wise and column-wise writes, their FP32 scales per 128. */
    public static final double QUANTIZATION_BYTES = 2 + 1 + 1 + 2 * 4.0 / 128;

    private BlockwiseFp8() {
    }

    /** ρ·k ÷ (k + K_b): the depth factor of a blockwise GEMM of depth {@code k}. */
    public static double depth(double k) {
        return PROMOTION_RATE * k / (k + TILE_DEPTH);
    }

    /**
     * Seconds to quantize {@code elements} BF16 elements into row-wise and column-wise FP8 copies with their scales.
     */
    public static double quantizationSeconds(Device device, double elements) {
        return device.memorySeconds(elements * QUANTIZATION_BYTES);
    }
}
