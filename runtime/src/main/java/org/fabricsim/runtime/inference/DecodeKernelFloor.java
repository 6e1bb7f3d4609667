package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;

/**
 * The fixed time of a serving layer's kernels that the roofline lacks, on one accelerator generation: what a decode
 * step at a small batch spends per kernel whatever its bytes (docs/accuracy.md, "A decode layer's fixed cost, session
 * 71"). Two measured parts:
 * <ul>
 * <li><b>A kernel's minimum duration</b> t_min: each small kernel of a layer takes max(its roofline, t_min). The
 * small kernels of a decoder layer in vLLM, besides the GEMMs and the TP all-reduces (whose fixed time the
 * all-reduce's own α carries, {@link CustomAllReduce}): the two fused residual-add RMSNorms, the rotary embedding,
 * the KV-cache write, the attention call and the gated activation, {@value #SMALL_KERNELS_PER_LAYER} (vLLM {@code
 * LlamaDecoderLayer}: {@code input_layernorm}, {@code rotary_emb}, {@code Attention} with its {@code
 * reshape_and_cache}, {@code post_attention_layernorm}, {@code SiluAndMul}); a separate FP8 quantization of a GEMM's
 * input is one more each. The model's element-wise passes split over them ({@link #elementwiseSeconds}); the
 * rotary embedding and the cache write have no bytes in the model, so each takes t_min.</li>
 * <li><b>An FP8 GEMM's measured line</b> t_g + bytes ÷ B_g + F ÷ R_g (F = 2mnk FLOPs) in place of the bytes at the
 * element-wise rate, where its measured line exists: a GEMM of few rows is memory-bound, and its fixed part (the
 * split over few workgroups, their ramp and tail) is as large as reading a few tens of MB; each row added then costs
 * its FLOPs at R_g on top of the weight stream, not hidden under it: AITER's measured GEMMs grow linearly in the rows
 * from the first ones, with no flat memory-bound stretch ({@link #gemmSeconds}). R_g is under the roofline's FP8
 * rate, so on CDNA3 the line binds at every row count, prefill's GEMMs included.</li>
 * </ul>
 * The gap between two kernels of a captured graph is not in either (unmeasured on these parts), so the floor is a
 * lower bound. Generations without measurements ({@link #NONE}) keep the roofline, the same bits as before.
 * Each call O(1).
 *
 * @param kernelSeconds      t_min, seconds; 0 without a measurement
 * @param gemmFixedSeconds   t_g, seconds; 0 without a line
 * @param gemmBytesPerSecond B_g, bytes per second; 0 without a line
 * @param gemmFlopsPerSecond R_g, FLOPs per second a row's work adds at; 0 without a line
 */
record DecodeKernelFloor(double kernelSeconds, double gemmFixedSeconds, double gemmBytesPerSecond,
        double gemmFlopsPerSecond) {
    /** No measurement: every kernel at its roofline. */
    static final DecodeKernelFloor NONE = new DecodeKernelFloor(0, 0, 0, 0);
    /** The small kernels of a dense decoder layer in vLLM (class comment), the attention call among them. */
    static final int SMALL_KERNELS_PER_LAYER = 6;
    /**
     * t_min on CDNA3 (gfx942): 3.10 µs, the CK fused residual-add RMSNorm (the kernel AITER's {@code
     * rmsnorm2d_fwd_with_add} runs, vLLM's RMSNorm on ROCm with AITER on) at 16 rows of 256 BF16, about 16 KB, so
     * all fixed time: 3.096 µs on an MI308 with ROCm 7.1 (ROCm/aiter PR 3747, its backend table; HIP's own kernel 2.72,
     * Triton 3.24; at 16 × 512 CK 3.37). The MI308 is the same gfx942 die with 80 CUs; a kernel this small occupies
     * fewer CUs than either part has.
     */
    static final double CDNA3_KERNEL_SECONDS = 3.10e-6;
    /**
     * t_g of an FP8 GEMM on MI300X: 8.91 µs, the least-squares line through AITER's tuned a8w8 GEMMs at one row on
     * the 304-CU part, the 24 shapes of Llama 3.1 70B and 405B at TP 1, 4 and 8 (validation/reference/decode-gemm-
     * mi300x.csv: ROCm/aiter {@code aiter/configs/a8w8_tuned_gemm.csv} at fbb52ddf, PR 1092), 6.17 µs for 8 MB (N ×
     * K = 8,192 × 1,024) to 249.8 µs for 872 MB (53,248 × 16,384). The fit: DecodeKernelFloorTest.
     */
    static final double CDNA3_FP8_GEMM_FIXED_SECONDS = 8.91e-6;
    /** B_g of the same line: 3.58 TB/s, 0.676 of the part's 5.3 (its copy rate is 0.775). */
    static final double CDNA3_FP8_GEMM_BYTES_PER_SECOND = 3.58e12;
    /**
     * R_g of the same line: 1.08 PFLOP/s (0.41 of the part's 2,614.9 FP8 peak), the least-squares rate of what AITER's
     * tuned a8w8 GEMMs at 16 to 16,384 rows on the 304-CU part take beyond t_g + bytes ÷ B_g, over its 403 rows of
     * the same 24 shapes (validation/reference/decode-gemm-batch-mi300x.csv, same commit), mean |error| 9.0%: a 70B
     * TP 8 layer's four GEMMs take 58.0, 81.3 and 119.9 µs at 32, 128 and 256 rows, 0.28 µs a row where the line
     * alone would add nothing. The fit: DecodeKernelFloorTest.
     */
    static final double CDNA3_FP8_GEMM_FLOPS_PER_SECOND = 1.08e15;

    /**
     * The floor of {@code accelerator}'s generation for GEMMs at {@code precision}: CDNA3 has t_min, and the GEMM
     * line at FP8 (the line was measured on FP8 GEMMs only); every other generation {@link #NONE}.
     */
    static DecodeKernelFloor of(AcceleratorSpec accelerator, Precision precision) {
        if (!"cdna3".equals(accelerator.architecture())) {
            return NONE;
        }
        return precision == Precision.FP8
                ? new DecodeKernelFloor(CDNA3_KERNEL_SECONDS, CDNA3_FP8_GEMM_FIXED_SECONDS,
                        CDNA3_FP8_GEMM_BYTES_PER_SECOND, CDNA3_FP8_GEMM_FLOPS_PER_SECOND)
                : new DecodeKernelFloor(CDNA3_KERNEL_SECONDS, 0, 0, 0);
    }

    /** One small kernel of roofline {@code seconds}: max(seconds, t_min). */
    double kernel(double seconds) {
        return Math.max(seconds, kernelSeconds);
    }

    /**
     * The time of a GEMM moving {@code bytes} and doing {@code flops} apart from its compute roofline: t_g + bytes ÷
     * B_g + flops ÷ R_g on a measured line, else its bytes at the element-wise rate.
     */
    double gemmSeconds(Device device, double bytes, double flops) {
        return gemmBytesPerSecond > 0 ? gemmFixedSeconds + bytes / gemmBytesPerSecond + flops / gemmFlopsPerSecond
            : device.memorySeconds(bytes);
    }

    /**
     * A layer's element-wise kernels besides attention: {@code hiddenElements} (the norms' and residual adds' passes
     * over hidden vectors, split evenly over the two fused add-norm kernels) and {@code widthElements} (the
     * activation's passes over the MLP width), each kernel at max(its bytes at the element-wise rate, t_min), plus
     * t_min for each of the rotary embedding and the KV-cache write. Without t_min, the passes' bytes at the
     * element-wise rate as one sum, as the model charged them before.
     */
    double elementwiseSeconds(Device device, double hiddenElements, double widthElements) {
        double bytes = device.activationBytes();
        if (kernelSeconds == 0) {
            return device.memorySeconds((hiddenElements + widthElements) * bytes);
        }
        return 2 * kernel(device.memorySeconds(hiddenElements / 2 * bytes))
                + kernel(device.memorySeconds(widthElements * bytes)) + 2 * kernelSeconds;
    }
}
