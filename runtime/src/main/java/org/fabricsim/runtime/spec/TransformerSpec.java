package org.fabricsim.runtime.spec;

/**
 * A transformer language model, dense or mixture-of-experts. Counts are plain integers; 0 means
 * "not applicable" (a dense model has 0 experts; a model without MLA has kvLoraRank 0).
 *
 * @param name           qualified name
 * @param layers         transformer layers
 * @param hidden         model width d
 * @param ffn            dense MLP width
 * @param heads          attention heads
 * @param kvHeads        key/value heads (GQA); equal to heads for MHA
 * @param headDim        width of one head
 * @param vocab          vocabulary size
 * @param gatedMlp       SwiGLU-style gated MLP (three matrices) rather than GELU/ReLU (two)
 * @param experts        routed experts per MoE layer
 * @param topK           experts each token is routed to
 * @param sharedExperts  always-active experts per MoE layer
 * @param expertFfn      MLP width of one expert
 * @param denseLayers    leading layers with a dense MLP instead of experts
 * @param kvLoraRank     MLA compressed KV width; 0 without MLA
 * @param ropeDim        MLA decoupled RoPE key width; 0 without MLA
 * @param qLoraRank      MLA compressed query width (DeepSeek-V3's 1,536: Q down h × r_q, Q up r_q × a·(d + ρ));
 *                       0 for a full-rank query projection
 * @param mtpDepth       multi-token prediction modules trained beside the model (DeepSeek-V3 §2.2: 1), each a
 *                       projection 2h × h, one more transformer layer of the last layer's kind and the shared
 *                       output head; 0 without
 * @param parallelBlock  attention and MLP read the same normalised input and their outputs are summed
 *                       (PaLM §2 "Parallel Layers", GPT-J, GPT-NeoX), rather than the MLP reading the
 *                       attention's output
 */
public record TransformerSpec(String name, int layers, int hidden, int ffn, int heads, int kvHeads, int headDim,
        int vocab, boolean gatedMlp, int experts, int topK, int sharedExperts, int expertFfn, int denseLayers,
        int kvLoraRank, int ropeDim, int qLoraRank, int mtpDepth, boolean parallelBlock) {

    public TransformerSpec {
        Specs.requireName(name);
        Specs.requirePositive("layers", layers);
        Specs.requirePositive("hidden", hidden);
        Specs.requirePositive("heads", heads);
        Specs.requirePositive("kvHeads", kvHeads);
        Specs.requirePositive("headDim", headDim);
        Specs.requirePositive("vocab", vocab);
        Specs.requireNonNegative("qLoraRank", qLoraRank);
        Specs.requireNonNegative("mtpDepth", mtpDepth);
    }

    /**
     * A model with a full-rank query projection, no multi-token prediction and sequential blocks (the MLP
     * reads its attention's output).
     */
    public TransformerSpec(String name, int layers, int hidden, int ffn, int heads, int kvHeads, int headDim,
            int vocab, boolean gatedMlp, int experts, int topK, int sharedExperts, int expertFfn, int denseLayers,
            int kvLoraRank, int ropeDim) {
        this(name, layers, hidden, ffn, heads, kvHeads, headDim, vocab, gatedMlp, experts, topK, sharedExperts,
                expertFfn, denseLayers, kvLoraRank, ropeDim, 0, 0, false);
    }

    /**
     * The reductions across tensor parallelism one layer's forward pass ends with: an all-reduce (a
     * reduce-scatter with sequence parallelism) of the attention's row-parallel output and one of the
     * MLP's, 2; a parallel block sums the two branches' partial outputs before one, 1 (Megatron-LM's
     * row-parallel layers; PaLM §2: "the MLP and Attention input matrix multiplications can be
     * fused"). The backward pass issues as many on the input gradients. O(1).
     */
    public int tensorReductionsPerLayer() {
        return parallelBlock ? 1 : 2;
    }

    /** Whether the model has routed experts. */
    public boolean moe() {
        return moe(experts);
    }

    /** Whether a model of {@code experts} routed experts per MoE layer is a mixture of experts: it has some. */
    public static boolean moe(int experts) {
        return experts > 0;
    }
}
