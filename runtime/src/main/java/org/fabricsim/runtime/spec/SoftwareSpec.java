package org.fabricsim.runtime.spec;

/**
 * The software stack a training run used: how it computes attention, whether its element-wise
 * work is fused, and how many kernels it launches per transformer layer. The stack's measured
 * figures come from the catalog; its per-kernel cost is a fitted constant of the calibration
 * profile ({@code compute.kernel-overhead}).
 *
 * @param name                          qualified name
 * @param attention                     the attention kernel
 * @param attentionForwardEfficiency    flash attention forward, fraction of the dense BF16 peak (unused when unfused)
 * @param attentionBackwardEfficiency   flash attention backward, fraction of the dense BF16 peak (unused when unfused)
 * @param elementwiseKernelsPerLayer    element-wise kernels of one layer's forward (norms, residual adds,
 *                                      activation, RoPE, layout copies); the backward launches twice as many
 * @param gradientAccumulationBytes     HBM bytes per local parameter that every micro-batch moves on the compute
 *                                      stream outside the GEMMs to hand its parameters and gradients between
 *                                      kernels and collectives, charged to its backward: DeepSpeed's BF16 optimizer
 *                                      folding the gradient into FP32
 *                                      ({@link org.fabricsim.runtime.compute.ComputeCalibration#BF16_OPTIMIZER_ACCUMULATE_BYTES}),
 *                                      PyTorch FSDP's flat gradient
 *                                      ({@link org.fabricsim.runtime.compute.ComputeCalibration#FSDP_FLAT_GRADIENT_BYTES}),
 *                                      FSDP2's all-gather copy-outs
 *                                      ({@link org.fabricsim.runtime.compute.ComputeCalibration#FSDP2_COPY_OUT_BYTES});
 *                                      0 when the weight-gradient GEMM accumulates in place (Megatron-LM's
 *                                      gradient-accumulation fusion)
 * @param allReducesShardedGradients    whether a stack that shards only the optimizer states (ZeRO-1) still all-reduces
 *                                      the whole gradient before each rank updates its shard (DeepSpeed's BF16 optimizer:
 *                                      the engine's {@code buffered_allreduce_fallback} over
 *                                      {@code get_grads_for_reduction()}), twice a reduce-scatter's ring volume
 * @param fusedCrossEntropy             whether the loss is one fused softmax cross-entropy kernel each way over the
 *                                      BF16 logits (flash-attn's {@code xentropy}, llm-foundry's MPT default; its
 *                                      bytes: {@code ComputeCalibration.FUSED_CROSS_ENTROPY_*_BYTES_PER_LOGIT})
 *                                      instead of Megatron-Core's vocab-parallel cross entropy over an FP32 copy
 */
public record SoftwareSpec(String name, AttentionKernel attention, double attentionForwardEfficiency,
        double attentionBackwardEfficiency, int elementwiseKernelsPerLayer, double gradientAccumulationBytes,
        boolean allReducesShardedGradients, boolean fusedCrossEntropy) {

    /**
     * Megatron-Core with Transformer Engine and cuDNN fused attention (2024), attention at head
     * dimension 128 on H100 SXM5 (Shah et al., "FlashAttention-3", arXiv 2407.08608), the cuDNN
     * series: Transformer Engine runs cuDNN's fused attention on Hopper, not FlashAttention-3, so
     * cuDNN is the stack's kernel; read at 4K–16K tokens, where the H100 training rows' sequences (4,096
     * and 8,192) and the long serving prefills lie.
     * <ul>
     * <li>Forward 0.535 of the dense BF16 peak (989 TFLOPS): Fig. 5(d), forward <em>with</em> causal
     * mask, cuDNN 518, 529 and 539 TFLOPS at 4K, 8K and 16K (0.524–0.545, mean 528.7). The causal
     * panel because the FLOPs timed here are causal ones (s/2 keys per query,
     * {@code TransformerCompute#attentionCore}), as the paper counts them.
     * <li>Backward 0.517: Fig. 6(b), backward <em>without</em> causal mask, cuDNN 499, 518 and 516
     * TFLOPS at 4K, 8K and 16K (0.505–0.524, mean 511). The paper publishes no causal backward
     * panel. Assumed: the causal backward runs at the unmasked rate. In the forward the causal
     * panel reads 0.88 of the unmasked one at these lengths (528.7 against 601.3), so this rate is
     * likely an upper bound on the backward.
     * </ul>
     * Six element-wise kernels per layer forward: two fused norms, two fused bias-dropout-adds, the
     * activation and RoPE (Megatron-Core {@code TransformerLayer} with TE modules).
     */
    public static final SoftwareSpec MEGATRON_CORE = new SoftwareSpec("fabric.catalog.stacks.MegatronCore",
            AttentionKernel.FLASH, 0.535, 0.517, 6);

    /**
     * A PyTorch stack whose attention is FlashAttention-2 (Dao, arXiv 2307.08691) on H100 SXM5, the same
     * FlashAttention-3 figures and series as {@link #MEGATRON_CORE}, the FlashAttention-2 bars, head
     * dimension 128, 4K/8K/16K tokens, of 989 TFLOPS (docs/calibration.md transcribes the panels):
     * <ul>
     * <li>Forward 0.333: Fig. 5(d), with causal mask, 319, 333 and 335 TFLOPS (mean 329.0).</li>
     * <li>Backward 0.320: Fig. 6(b), without causal mask, 310, 318 and 322 TFLOPS (mean 316.7); the same
     * assumption as {@link #MEGATRON_CORE} for the causal backward.</li>
     * </ul>
     * Both 0.62 of cuDNN's. The unmasked forward keeps {@link #UNMASKED_FORWARD_SPEEDUP} (cuDNN's 1.137;
     * FlashAttention-2's own Fig. 5(c) over 5(d), 1,108/987 = 1.123, lies 1.3% under it). Six element-wise
     * kernels per layer as {@link #MEGATRON_CORE} (assumed: fused norms, residual adds, activation, RoPE).
     * The stack of the runs that predate FlashAttention-3 (July 2024) and Transformer Engine's all-gather
     * context parallelism (whose docstring cites Llama 3), and of the open implementations of Llama 3's
     * all-gather attention over document masks (ring-flash-attention {@code llama3_flash_attn_varlen},
     * FlashAttention-2's {@code _flash_attn_varlen_forward}/{@code _backward}).
     */
    public static final SoftwareSpec FLASH_ATTENTION_2 = new SoftwareSpec(
            "fabric.catalog.stacks.FlashAttention2", AttentionKernel.FLASH, 0.333, 0.320, 6);

    /**
     * The same FlashAttention-2 stack on Ampere (A100): its kernels were written for Ampere and reach a larger share
     * of the A100's peak than of the H100's, where {@link #FLASH_ATTENTION_2}'s fractions were measured. Dao,
     * "FlashAttention-2" (arXiv 2307.08691), abstract: "reaching 50-73% of the theoretical maximum FLOPs/s on A100"
     * over its benchmark settings (forward and backward, causal or not, head dimension 64 and 128, 512 to 16K tokens;
     * §4.1: up to 73% forward, up to 63% backward). Taken: the range's floor, 0.50 of the dense BF16 peak (312 TFLOP/s,
     * so 156) for both passes, since training's causal head-dimension-128 attention at 2K to 8K tokens is not the
     * paper's best case; the true rate lies in [0.50, 0.73] forward and [0.50, 0.63] backward, so this errs slow. Six
     * element-wise kernels per layer as {@link #FLASH_ATTENTION_2}.
     */
    public static final SoftwareSpec FLASH_ATTENTION_2_AMPERE = new SoftwareSpec(
            "fabric.catalog.stacks.FlashAttention2Ampere", AttentionKernel.FLASH, 0.50, 0.50, 6);

    /**
     * How much faster flash attention's forward runs over query–key pairs that need no mask than
     * over a causal triangle, 1804/1586 = 1.137: FlashAttention-3 (Shah et al., arXiv 2407.08608), cuDNN at
     * head dimension 128 on H100 SXM5, Fig. 5(c) without causal mask 609, 600 and 595 TFLOPS at 4K, 8K
     * and 16K (sum 1,804) over Fig. 5(d) with causal mask 518, 529 and 539 (sum 1,586). The causal
     * kernel loses time on the diagonal tiles it masks and on the uneven work per query block.
     * Unmasked pairs are a decoding token's against its whole cache and a prefill chunk's against the
     * cached prefix it continues. Assumed: the stack's kernel keeps this ratio at the serving shapes.
     * Forward only: the paper has no causal backward panel, and the backward runs in training, whose
     * attention is all causal. Used by {@link #unmaskedForwardEfficiency}.
     */
    public static final double UNMASKED_FORWARD_SPEEDUP = (609.0 + 600 + 595) / (518.0 + 529 + 539);

    public SoftwareSpec {
        Specs.requireName(name);
        if (attention == AttentionKernel.FLASH) {
            Specs.requirePositive("attentionForwardEfficiency", attentionForwardEfficiency);
            Specs.requirePositive("attentionBackwardEfficiency", attentionBackwardEfficiency);
        }
        Specs.requireNonNegative("elementwiseKernelsPerLayer", elementwiseKernelsPerLayer);
        Specs.requireNonNegative("gradientAccumulationBytes", gradientAccumulationBytes);
    }

    /** A stack that accumulates gradients inside the weight-gradient GEMM or reduces them every micro-batch. */
    public SoftwareSpec(String name, AttentionKernel attention, double attentionForwardEfficiency,
            double attentionBackwardEfficiency, int elementwiseKernelsPerLayer) {
        this(name, attention, attentionForwardEfficiency, attentionBackwardEfficiency, elementwiseKernelsPerLayer, 0,
                false);
    }

    /** A stack with Megatron-Core's vocab-parallel cross entropy (no fused loss kernel). */
    public SoftwareSpec(String name, AttentionKernel attention, double attentionForwardEfficiency,
            double attentionBackwardEfficiency, int elementwiseKernelsPerLayer, double gradientAccumulationBytes,
            boolean allReducesShardedGradients) {
        this(name, attention, attentionForwardEfficiency, attentionBackwardEfficiency, elementwiseKernelsPerLayer,
                gradientAccumulationBytes, allReducesShardedGradients, false);
    }

    /**
     * This stack's kernels under another gradient handling: {@code bytes} of HBM traffic per local parameter per
     * micro-batch to accumulate gradients, and whether ZeRO-1 all-reduces the whole gradient.
     */
    public SoftwareSpec withGradientHandling(String stackName, double bytes, boolean allReduce) {
        return new SoftwareSpec(stackName, attention, attentionForwardEfficiency, attentionBackwardEfficiency,
                elementwiseKernelsPerLayer, bytes, allReduce, fusedCrossEntropy);
    }

    /**
     * This stack's kernels with the loss as one fused softmax cross-entropy kernel each way
     * ({@link #fusedCrossEntropy}).
     */
    public SoftwareSpec withFusedCrossEntropy(String stackName) {
        return new SoftwareSpec(stackName, attention, attentionForwardEfficiency, attentionBackwardEfficiency,
                elementwiseKernelsPerLayer, gradientAccumulationBytes, allReducesShardedGradients, true);
    }

    /**
     * The forward efficiency over pairs that need no mask: {@link #attentionForwardEfficiency} ×
     * {@link #UNMASKED_FORWARD_SPEEDUP}, at most 1 (0.609 for {@link #MEGATRON_CORE}).
     */
    public double unmaskedForwardEfficiency() {
        return Math.min(1.0, attentionForwardEfficiency * UNMASKED_FORWARD_SPEEDUP);
    }

    /**
     * Seconds of flash attention's forward over {@code causalFlops} computed under the causal mask and
     * {@code unmaskedFlops} computed without one, on an accelerator whose attention rate is {@code
     * flopsPerSecond}: (F_c ÷ η + F_u ÷ η_u) ÷ R, η the forward efficiency and η_u the unmasked one.
     */
    public double attentionForwardSeconds(double causalFlops, double unmaskedFlops, double flopsPerSecond) {
        return (causalFlops / attentionForwardEfficiency + unmaskedFlops / unmaskedForwardEfficiency())
                / flopsPerSecond;
    }

    /** How attention is computed. */
    public enum AttentionKernel {
        /**
         * One fused kernel that never writes the score matrix (FlashAttention, cuDNN fused attention),
         * skipping the masked half of a causal mask.
         */
        FLASH,
        /**
         * Batched GEMMs with the full s×s score matrix in HBM: QKᵀ, a fused scale-mask-softmax,
         * dropout, then P·V (Megatron-LM before flash attention, {@code CoreAttention} with {@code
         * FusedScaleMaskSoftmax}); the masked half is computed too.
         */
        UNFUSED
    }
}
