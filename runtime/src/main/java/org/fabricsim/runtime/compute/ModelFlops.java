package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Parameter counts and model FLOPs of a transformer, the numerators of MFU.
 *
 * <p>Model FLOPs per token = 6·N + 6·L·a·(2d + ρ)·s: N counts the weights that take part in a matmul
 * (every layer's projections and MLP or active experts, and the output layer, V·h; not the input
 * embedding, a lookup), and 6·L·a·(2d + ρ)·s is the attention score product (QKᵀ over d + ρ, ρ MLA's decoupled
 * RoPE width, 0 without MLA) and value product (PV over d) over the full (non-causal) s×s matrix, forward and
 * backward. Without MLA that is 12·L·a·d·s (PaLM, Chowdhery et al. 2022, Appendix B: 6N + 12·L·H·Q·T), and for a
 * dense model the whole equals Megatron-LM's {@code num_floating_point_operations} per token:
 * 12·L·h²·((1 + g/a + s/h)·ad/h + f/h·(3/2 if gated)) + 6·V·h. With MLA, Megatron-Core's formula counts the score
 * product over {@code qk_head_dim + qk_pos_emb_head_dim} and the value product over {@code v_head_dim} too (its
 * core-attention term, halved there for the causal mask, which this convention does not subtract), and the compute
 * model times the same 2d + ρ ({@link AttentionCore}). O(1).
 */
public final class ModelFlops {
    private ModelFlops() {
    }

    /** Weights of one attention block (the validation's memory model counts them: {@link Memory#attentionParameters}). */
    public static double attentionParameters(TransformerSpec m) {
        return Memory.attentionParameters(m);
    }

    /** Weights of an MLP of inner width {@code width}. */
    public static double mlpParameters(TransformerSpec m, double width) {
        return (m.gatedMlp() ? 3 : 2) * m.hidden() * width;
    }

    /** Whether layer {@code layer} (0-based) has routed experts. */
    public static boolean moeLayer(TransformerSpec m, int layer) {
        return m.moe() && layer >= m.denseLayers();
    }

    /**
     * All weights, every expert and both embeddings counted (memory, gradients). In closed form over the dense and
     * MoE layers, O(1): a model of 2^31 − 1 layers (a typo) is answered at once, and the sums of whole numbers below
     * 2^53 are exact either way.
     */
    public static double totalParameters(TransformerSpec m) {
        return overLayers(m, 2.0 * m.vocab() * m.hidden() + m.hidden(), m.experts(), 2.0 * m.hidden());
    }

    /** Weights a token passes through in matmuls: N of the class comment. O(1), as {@link #totalParameters}. */
    public static double activeMatmulParameters(TransformerSpec m) {
        return overLayers(m, (double) m.vocab() * m.hidden(), m.topK(), 0);
    }

    /**
     * {@code outside} plus, over the dense and the MoE layers, each layer's matmul weights with {@code routed} routed
     * experts and {@code perLayer} more (its norms). O(1).
     */
    private static double overLayers(TransformerSpec m, double outside, int routed, double perLayer) {
        int moeLayers = moeLayers(m);
        int denseLayers = Math.max(0, m.layers()) - moeLayers;
        return outside + (double) denseLayers * (layerParameters(m, false, routed) + perLayer)
                + (double) moeLayers * (layerParameters(m, true, routed) + perLayer);
    }

    /** The layers with routed experts: all but the leading dense ones of an MoE model, none of a dense one. */
    private static int moeLayers(TransformerSpec m) {
        return m.moe() ? Math.max(0, m.layers() - Math.max(0, m.denseLayers())) : 0;
    }

    /** Matmul weights of one layer with {@code routed} routed experts (all of them, or the top-k). */
    public static double layerParameters(TransformerSpec m, int layer, int routed) {
        return layerParameters(m, moeLayer(m, layer), routed);
    }

    private static double layerParameters(TransformerSpec m, boolean moe, int routed) {
        double weights = attentionParameters(m);
        if (moe) {
            weights += (double) m.hidden() * m.experts() + mlpParameters(m, m.expertFfn()) * (routed + m.sharedExperts());
        } else {
            weights += mlpParameters(m, m.ffn());
        }
        return weights;
    }

    /**
     * Model FLOPs per token at sequence length {@code sequence}: 6N + 6·L·a·(2d + ρ)·s, and each of the D multi-token
     * prediction modules' (DeepSeek-V3 §2.2) 6·(2h² + N_layer + V·h) + 6·a·(2d + ρ)·s: its projection 2h × h, one more
     * layer of the last layer's kind at top-k, the shared output head and its attention.
     */
    public static double perToken(TransformerSpec m, int sequence) {
        double module = 2.0 * m.hidden() * m.hidden() + layerParameters(m, m.layers(), m.topK())
                + (double) m.vocab() * m.hidden();
        double scoreAndValueWidth = 2.0 * m.headDim() + (m.kvLoraRank() > 0 ? m.ropeDim() : 0);
        return 6 * (activeMatmulParameters(m) + m.mtpDepth() * module)
                + 6.0 * (m.layers() + m.mtpDepth()) * m.heads() * scoreAndValueWidth * sequence;
    }
}
