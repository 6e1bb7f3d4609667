package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.Precision;

/**
 * The one set of compute constants. Each states its source; none is fitted to a single row of
 * {@code validation/reference/training.csv}.
 */
public final class ComputeCalibration {
    /**
     * Output tile of a Hopper BF16/FP8 GEMM, rows: 128 (CUTLASS 3.x {@code
     * KernelTmaWarpSpecializedCooperative} default tile 128×256×64; NVIDIA "Matrix Multiplication
     * Background User's Guide", tile quantization).
     */
    public static final int TILE_ROWS = 128;
    /**
     * The shortest output tile a Hopper GEMM runs, rows: 64, the height of the warpgroup MMA
     * ({@code wgmma.mma_async} shape m64nNk16, PTX ISA "Asynchronous Warpgroup Level Matrix
     * Multiply-Accumulate"); CUTLASS 3.x builds 64×N tiles on it (a ping-pong consumer warpgroup's
     * tile) beside the cooperative 128×N, and a library takes the shorter one where it pads fewer rows.
     */
    public static final int SHORT_TILE_ROWS = 64;
    /**
     * The shortest output tile, rows per SM, of a block-scaled MMA on Blackwell (NVFP4, MXFP4, MXFP8: {@code
     * tcgen05.mma ... block_scale}): 128. CUTLASS lists no shorter tile for them (docs {@code
     * blackwell_functionality.md}, "Valid Tile Shapes" for {@code nv_float4_t}, {@code mx_float4_t} and {@code
     * mx_float8_t}: 1SM 128×N, 2SM 256×N, where per-tensor FP8 also has 1SM 64×N), and TensorRT-LLM's NVFP4 GEMM runs
     * CTA shapes 128×64, 128×128 and 128×256 only on SM100 ({@code fp4_gemm_template.h}: "M-mode size should be 128 or
     * 256 for 2 CTA cluster MMA; M-mode size should be 128 for 1 CTA cluster"). So a decode batch of 183 rows runs two
     * 128-row tiles there, not three of {@link #SHORT_TILE_ROWS} ({@link SplitKGemm}).
     */
    public static final int BLOCK_SCALED_TILE_ROWS = 128;
    /**
     * Fixed part t₀ of one decode-attention call on Blackwell, seconds: the kernel TensorRT-LLM runs for generation on
     * SM100 (trtllm-gen FMHA: {@code XqaDispatcher} sets {@code mUseTllmGen} on the SM100 family and converts Q to FP8
     * for an E4M3 cache), measured on a B200 under a CUDA graph (FlashInfer PR 1415, {@code
     * benchmarks/bench_trtllm_fmha.py}: 64 query and 8 KV heads of width 64, BF16, pages of 16, every sequence at one
     * length, unique pages; median of graph replays): 128 sequences of 1,024 tokens, 268,435,456 bytes of K and V,
     * 52.285 µs; of 4,096 tokens, 1,073,741,824 bytes, 175.789 µs. The line through both: 123.504 µs per 805,306,368
     * bytes, 6.5205 TB/s ({@link #BLACKWELL_DECODE_ATTENTION_READ_FRACTION}), and 52.285 − 41.168 = 11.1 µs at no
     * bytes: the launch, the split-KV CTAs' merge and the last wave's tail, which the element-wise roofline lacks.
     */
    public static final double BLACKWELL_DECODE_ATTENTION_FIXED_SECONDS = 11.1e-6;
    /**
     * The share of HBM bandwidth that call reads its cache at, beyond {@link #BLACKWELL_DECODE_ATTENTION_FIXED_SECONDS}:
     * 6.5205 of 8.0 TB/s = 0.815 (same measurement). The source's cache is BF16; an FP8 cache takes the same rate per
     * byte: in one harness on SM100 (vLLM {@code benchmark_trtllm_decode_attention.py}, Llama 70B's 64/8 heads of 128,
     * 64 to 256 sequences) the FP8-Q/KV kernel (PR 23647) grows by 0.128 µs per MB of cache (68–539 MB) and the BF16
     * one (PR 19825) by 0.133 (136–1,078 MB). Those timings (CUDA events, no graph, 30–43 µs of host time a call, pages
     * drawn at random with repeats that L2 serves) set neither constant.
     */
    public static final double BLACKWELL_DECODE_ATTENTION_READ_FRACTION = 0.815;
    /**
     * The rate a Hopper part sustains under continuous tensor load over its short-run rate, the 700 W cap alone:
     * 669.67 ÷ 798.86 = 0.838, an 8192³ BF16 GEMM back to back against the same GEMM with 6 ms of idle after every
     * four (validation/measured/h200-compute.csv, duty rows {@code gemm-then-none} and {@code gemm-then-idle-6ms};
     * the H200 is the H100's GH100 die at the same clocks and cap; FP8 gives 0.834). Attention kernels run at it,
     * training's and serving's ({@link Device#of}).
     */
    public static final double HOPPER_POWER_CAPPED_FRACTION = 669.67 / 798.86;
    /**
     * The share of a Blackwell part's dense FP4 peak its NVFP4 GEMMs reach: 5,500 ÷ 9,000 = 0.611, the best point of
     * pytorch/ao PR 2427's NVFP4 sweep ({@code benchmarks/float8/bench_matmul.py --recipe nvfp4}) on a GPU the run
     * prints as "NVIDIA B200", at M = N = K = 6,144 (4,460 at 4,096³, 5,370 at 8,192³), against B200's datasheet FP4
     * peak: cuBLASLt through {@code torch._scaled_mm}, the operands quantized before the timed region, as
     * TensorRT-LLM's fused norm-and-quantize kernels feed its FP4 GEMMs, and the same method as the catalog's B200 FP8
     * MAMF (docs/accuracy.md, "Blackwell FP4 rate, session 59"). Serving's FP4 GEMMs run at it ({@link Device#of});
     * other generations have no measurement.
     */
    public static final double BLACKWELL_FP4_GEMM_FRACTION = 5500.0 / 9000;
    /**
     * The NVFP4 GEMM's measured rate over the FP8 MAMF of the part it was measured on: 5,500 ÷ (4,500 × 0.763) = 1.6019,
     * the B200's burst rate of {@link #BLACKWELL_FP4_GEMM_FRACTION} over its FP8 MAMF as the catalog states it
     * (mamf-finder's {@code torch._scaled_mm}, the same cuBLASLt path: 3,432.5 TFLOP/s measured, 76.3% of 4,500). A
     * part that states its own FP8 MAMF runs FP4 at this ratio times it ({@link Device#fp4GemmFraction}): GB200's
     * datasheet peaks are 11% above B200's (FP4 10,000 against 9,000 TFLOP/s) where its measured MAMFs are 4–5% above
     * (FP8 3,615.6 against 3,432.5; BF16 1,822 against 1,745), so B200's share of the datasheet FP4 peak would credit a
     * GB200 with a clock its measurements do not show (docs/accuracy.md, "Decode-heavy 405B rows, session 68"). The
     * catalog's rounded share is taken so that a B200 as the catalog states it keeps 5,500 ÷ 9,000.
     */
    public static final double BLACKWELL_FP4_OVER_FP8_MAMF = 5500.0 / (4500 * 0.763);
    /** Output tile columns: 256 (same source). */
    public static final int TILE_COLUMNS = 256;
    /**
     * K-depth of one main-loop iteration, 64 (same tile); a tile pays about one such iteration of
     * prologue and epilogue, so a GEMM of depth k runs at k ÷ (k + 64) of the large-k rate.
     */
    public static final int TILE_DEPTH = 64;
    /**
     * Dense BF16 FLOP/s of one Hopper SM: 4096 FLOP per clock (H100 whitepaper: 1024 dense FP16 FMA
     * per clock per SM, two FLOPs each, ×2 for the 4th-gen tensor core) at 1.83 GHz boost. A part's
     * concurrent output tiles (one per SM) are its BF16 peak divided by this: 989 TFLOP/s → 132
     * on H100 SXM, its SM count (H100 whitepaper).
     */
    public static final double FLOPS_PER_TILE_SLOT = 4096 * 1.83e9;
    /**
     * Fraction of HBM bandwidth element-wise kernels (norms, activations, residuals, softmax) reach:
     * STREAM-like copy on H100 SXM ≈ 2.6–2.9 TB/s of 3.35 (stas00/ml-engineering, compute/accelerator
     * "memory bandwidth" measurements), 0.8. Parts whose catalog entry states a measured {@code memory-efficiency}
     * run at theirs instead ({@link Device#memoryEfficiency}).
     */
    public static final double MEMORY_EFFICIENCY = 0.8;
    /**
     * Bytes moved per local logit by the forward of Megatron-Core's vocab-parallel cross entropy
     * ({@code megatron/core/tensor_parallel/cross_entropy.py}, one kernel per line of the code):
     * {@code .float()} reads the BF16 logits and writes an FP32 copy (2 + 4), {@code max} reads it
     * (4), the in-place subtraction of the max, {@code exp(out=)} and the in-place division by the sum
     * each read and write it (3 × 8), the sum of the exponentials reads it (4): 38.
     */
    public static final double CROSS_ENTROPY_FORWARD_BYTES_PER_LOGIT = 38;
    /**
     * Bytes per local logit of its backward (same file): the in-place {@code mul_} by the output
     * gradient reads and writes the saved FP32 softmax (8), autograd's cast of the gradient back to
     * the logits' BF16 reads 4 and writes 2: 14 (the one-element-per-token target correction is
     * negligible).
     */
    public static final double CROSS_ENTROPY_BACKWARD_BYTES_PER_LOGIT = 14;
    /**
     * Kernels of the vocab-parallel cross entropy's forward, one per line of the code counted for
     * {@link #CROSS_ENTROPY_FORWARD_BYTES_PER_LOGIT} (cast, max, subtract, exp, sum, divide): 6.
     */
    public static final int CROSS_ENTROPY_FORWARD_KERNELS = 6;
    /** Kernels of its backward: the in-place multiply, the target correction and the cast back: 3. */
    public static final int CROSS_ENTROPY_BACKWARD_KERNELS = 3;
    /**
     * Bytes per logit of the forward of flash-attn's fused softmax cross entropy ({@code csrc/xentropy}, Apex's
     * xentropy adapted to BF16; {@code flash_attn.losses.cross_entropy.CrossEntropyLoss}, the loss llm-foundry's
     * {@code ComposerMPTCausalLM} takes by default, {@code loss_fn: fused_crossentropy}): one kernel, a block per
     * token, {@code cunn_SoftMaxXEntropyForward} reads the token's BF16 logits once for the max and the sum and once
     * more for the sum of exponentials, writing one FP32 loss and log-sum-exp per token: 2 × 2 = 4 (the second read
     * counted from HBM, an upper bound where the row stays in L2).
     */
    public static final double FUSED_CROSS_ENTROPY_FORWARD_BYTES_PER_LOGIT = 4;
    /**
     * Bytes per logit of its backward ({@code cunn_SoftMaxXEntropyBackward}, one kernel): reads the BF16 logit and
     * writes its BF16 gradient, exp(logit − lse) scaled by the loss gradient: 2 + 2 = 4.
     */
    public static final double FUSED_CROSS_ENTROPY_BACKWARD_BYTES_PER_LOGIT = 4;
    /**
     * Kernels of a flash attention backward: the dO·O row-sum preprocessing, the main kernel and the
     * dQ conversion from its FP32 accumulator (FlashAttention-2 {@code flash_bwd_launch_template.h}): 3.
     */
    public static final int FLASH_BACKWARD_KERNELS = 3;
    /** Kernels of an unfused attention forward: QKᵀ, scale-mask-softmax, dropout, P·V. */
    public static final int UNFUSED_ATTENTION_FORWARD_KERNELS = 4;
    /** Kernels of its backward: four batched GEMMs, dropout and softmax backward. */
    public static final int UNFUSED_ATTENTION_BACKWARD_KERNELS = 6;
    /** HBM bytes per score element of the unfused forward (see {@code AttentionCore#unfusedAttention}): 9. */
    public static final double UNFUSED_SCORE_FORWARD_BYTES = 9;
    /** HBM bytes per score element of the unfused backward (same): 11. */
    public static final double UNFUSED_SCORE_BACKWARD_BYTES = 11;
    /** Profile parameter: fixed seconds one kernel launch adds to the step. */
    public static final String KERNEL_OVERHEAD = "compute.kernel-overhead";
    /**
     * Profile parameter: fixed seconds one optimizer step adds however large the model, the GPUs idle
     * outside the modelled kernels (the host synchronisations of the optimizer step, which reads the
     * overflow flag and the gradient norm back to the host, the loss reduction and logging, and the
     * next batch's data loading and broadcast). Megatron-LM's throughputs include them ("data loading,
     * optimizer steps, communication, and even logging", README).
     */
    public static final String STEP_OVERHEAD = "compute.step-overhead";

    /**
     * Bytes per parameter of one fused Adam step with FP32 master weights: read gradient, master,
     * m and v (4 × 4 B), write master, m, v (3 × 4 B) and the BF16 copy (2 B): 30 (Megatron-LM
     * distributed optimizer, Apex fused Adam).
     */
    public static final double ADAM_BYTES_PER_PARAMETER = 30;
    /**
     * Bytes per parameter with which DeepSpeed's BF16 optimizer folds one micro-batch's BF16 gradient into its FP32
     * copy: {@code BF16_Optimizer.update_hp_grads}, called by the pipeline engine after every micro-batch's backward
     * ({@code PipelineEngine._exec_backward_pass}: "manually call because we don't call optimizer.backward()"), runs
     * {@code hp_grad.add_(lp.grad.to(fp32))} per parameter as two PyTorch eager kernels: the cast reads 2 B and writes
     * 4 B, the add reads 4 + 4 B and writes 4 B: 18.
     */
    public static final double BF16_OPTIMIZER_ACCUMULATE_BYTES = 18;
    /**
     * Bytes per unsharded parameter that PyTorch FSDP with FlatParameters (FSDP1, PyTorch 2.x; Composer's FSDP) moves
     * through HBM on the compute stream every micro-batch outside the GEMMs: a unit's parameters are {@code split}
     * views of its flat parameter ({@code FlatParamHandle._use_unsharded_views}), so autograd's split backward
     * concatenates their BF16 gradients into the flat gradient the post-backward hook reduce-scatters, reading 2 B
     * and writing 2 B per parameter: 4. The hook's cast to the reduce dtype and its pre-division
     * ({@code _post_backward_hook} on the post-backward stream) run beside the next unit's backward and are not
     * counted (docs/accuracy.md, session 55). The all-gather writes the flat parameter in place: no copy.
     */
    public static final double FSDP_FLAT_GRADIENT_BYTES = 4;
    /**
     * Bytes per unsharded parameter that PyTorch FSDP2 ({@code fully_shard}) moves through HBM on the compute stream
     * every micro-batch: {@code foreach_all_gather_copy_out} copies each all-gather's output into the parameters'
     * own unsharded tensors ({@code torch.split_with_sizes_copy}, after the compute stream waits for the gather),
     * reading 2 B and writing 2 B per BF16 parameter, once for the forward and once for the backward's gather again
     * (parameters resharded after forward, torchtitan's default for every block but the last, which this charges too:
     * 1/40 to 1/80 of the parameters): 8. The reduce-scatter's copy-in and pre-division run on the reduce-scatter
     * stream and are not counted.
     */
    public static final double FSDP2_COPY_OUT_BYTES = 2 * (2 + 2);
    /**
     * Element-wise passes per token per layer in the forward, in units of one read or write of a
     * hidden-sized BF16 vector: two norms (read + write each), two residual adds (two reads, one
     * write each), RoPE on Q and K and dropout-free bias adds fused into the GEMM epilogues: 2·2 +
     * 2·3 = 10 (Megatron-Core GPT layer with Transformer Engine fusions).
     */
    public static final double HIDDEN_PASSES_PER_LAYER = 10;
    /**
     * The two norms' share of {@link #HIDDEN_PASSES_PER_LAYER}: each reads its input and writes its output, 2·2 = 4;
     * what recomputing them (Megatron-Core's {@code layernorm} module) runs again.
     */
    public static final double NORM_PASSES_PER_LAYER = 4;
    /**
     * Element-wise passes over the MLP's inner width per token in the forward: the activation reads
     * its input and writes its output (GELU: 1 + 1; SwiGLU reads two inputs: 2 + 1).
     */
    public static final double GELU_PASSES = 2;
    /** SwiGLU: two inputs read, one output written (same source). */
    public static final double SWIGLU_PASSES = 3;
    /**
     * Backward element-wise traffic over forward: the backward of an element-wise op reads the
     * saved input and the incoming gradient and writes one gradient, twice the forward's traffic.
     */
    public static final double BACKWARD_ELEMENTWISE_RATIO = 2;
    /**
     * Bytes per element with which data parallelism accumulates and reduces gradients when training
     * in BF16 (and FP8, whose weights are BF16): FP32 (Megatron-LM {@code arguments.py}: "bfloat16
     * requires gradient accumulation and all-reduce to be done in fp32").
     */
    public static final double GRADIENT_REDUCE_BYTES = 4;

    /**
     * Bytes per gradient element accumulated and reduced by data parallelism when training at {@code
     * precision}: the parameters' own 2 bytes for FP16, since Megatron-LM keeps FP16 models' gradient
     * buffers in the parameters' type unless {@code --accumulate-allreduce-grads-in-fp32} is given (it
     * is off by default, and the SC'21 runs, {@code examples/sc21/CONFIG.sh}, pass {@code --fp16}
     * without it; PyTorch DDP reduces the FP16 {@code .grad} as it is); else {@link
     * #GRADIENT_REDUCE_BYTES}. O(1).
     */
    public static double gradientReduceBytes(Precision precision) {
        return precision == Precision.FP16 ? Precision.FP16.bytes() : GRADIENT_REDUCE_BYTES;
    }
    /** Bytes per element with which ZeRO/FSDP gathers parameters: BF16 (Megatron-LM distributed optimizer). */
    public static final double PARAMETER_GATHER_BYTES = 2;

    /**
     * SMs a collective running beside compute occupies: NCCL launches one CTA per channel (a grid of
     * nChannels blocks of up to 640 threads, {@code src/enqueue.cc}), which a persistent GEMM kernel
     * cannot share, and across nodes on Hopper it uses at least 16 channels ({@code
     * src/graph/connect.cc}, {@code ncclTopoPostset}: the searched rings, one per NIC on an 8-NIC
     * node, are doubled, and doubled again on compute capability ≥ 9.0 while fewer than 16). While
     * such a collective is hidden behind compute, the compute runs on the other SMs (DeepSeek-V3,
     * arXiv 2412.19437 §3.2.2, dedicates 20 of 132 SMs to communication for the same reason).
     */
    public static final int COLLECTIVE_SMS = 16;

    private ComputeCalibration() {
    }
}
