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
 */
public record SoftwareSpec(String name, AttentionKernel attention, double attentionForwardEfficiency,
        double attentionBackwardEfficiency, int elementwiseKernelsPerLayer) {

    /**
     * Megatron-Core with Transformer Engine and cuDNN fused attention (2024): forward 60% and backward
     * 48% of the dense BF16 peak (Shah et al., "FlashAttention-3", arXiv 2407.08608, Figs. 5 and 6,
     * cuDNN series, head dimension 128, 4K–16K tokens, H100 SXM); six element-wise kernels per
     * layer forward: two fused norms, two fused bias-dropout-adds, the activation and RoPE
     * (Megatron-Core {@code TransformerLayer} with TE modules).
     *
     * <p>The forward 60% is Fig. 5(c), without causal mask: cuDNN 609, 600 and 595 TFLOPS at 4K, 8K
     * and 16K (0.60–0.62 of 989). The causal panel, Fig. 5(d), which the causal FLOPs counted here
     * (s/2 keys per query, as the paper counts them) would take, gives 518, 529 and 539 (0.52–0.55).
     * Not changed yet: with 0.535 the training refit moves only {@code compute.step-overhead} (28.4 →
     * 27.2 ms) and the change spans the catalog and the serving rows (docs/calibration.md, "The
     * attention constant against FlashAttention-3's figure").
     */
    public static final SoftwareSpec MEGATRON_CORE = new SoftwareSpec("fabric.catalog.stacks.MegatronCore",
            AttentionKernel.FLASH, 0.60, 0.48, 6);

    public SoftwareSpec {
        Specs.requireName(name);
        if (attention == AttentionKernel.FLASH) {
            Specs.requirePositive("attentionForwardEfficiency", attentionForwardEfficiency);
            Specs.requirePositive("attentionBackwardEfficiency", attentionBackwardEfficiency);
        }
        Specs.requireNonNegative("elementwiseKernelsPerLayer", elementwiseKernelsPerLayer);
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
