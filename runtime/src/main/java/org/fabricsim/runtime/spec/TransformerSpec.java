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
 */
public record TransformerSpec(String name, int layers, int hidden, int ffn, int heads, int kvHeads, int headDim,
        int vocab, boolean gatedMlp, int experts, int topK, int sharedExperts, int expertFfn, int denseLayers,
        int kvLoraRank, int ropeDim) {

    public TransformerSpec {
        Specs.requireName(name);
        Specs.requirePositive("layers", layers);
        Specs.requirePositive("hidden", hidden);
        Specs.requirePositive("heads", heads);
        Specs.requirePositive("kvHeads", kvHeads);
        Specs.requirePositive("headDim", headDim);
        Specs.requirePositive("vocab", vocab);
    }

    /** Whether the model has routed experts. */
    public boolean moe() {
        return experts > 0;
    }
}
