package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The GEMMs of one transformer layer on one accelerator of a TP × EP group, each timed forward and backward by
 * {@link GemmPasses} (T tokens on the rank, h hidden, d head width, a heads, g KV heads, f MLP width, t = TP):
 * <ul>
 * <li>Attention projections: QKV (T, (a + 2g)d/t, h), output (T, h, ad/t); with MLA (kv rank r,
 * RoPE width ρ): Q (T, a(d+ρ)/t, h), KV down (T, r + ρ, h), KV up (T, 2ad/t, r), output as above; with MLA's query
 * compression (rank r_q) Q is Q down (T, r_q, h) and Q up (T, a(d+ρ)/t, r_q).</li>
 * <li>Precision: at FP8 the projection, MLP and expert GEMMs run on the FP8 device, the router and the output head
 * stay BF16 ({@link Device#highPrecision}); each FP8 GEMM pays the casts of its operands ({@link Fp8Operands}): QKV and
 * the dense MLP's up-projection take the norm's FP8 output, the attention output and the MLP's down-projection are
 * row-parallel, the rest cast their own; with blockwise scaling it also runs at {@link BlockwiseFp8}'s rate.</li>
 * <li>MLP: up (T, f/t or 2f/t gated, h), down (T, h, f/t). MoE: router (T/t, E, h); the busiest
 * expert-parallel rank runs E/EP experts over T/t·k·L token copies, L = min(skew, capacity) its
 * load over the mean ({@link org.fabricsim.runtime.spec.ExpertRoutingSpec#busiestLoad}), each expert
 * up (T/t·k·L·EP/E, f_e or 2f_e gated, h) and down (same rows, h, f_e), their forward and input-gradient
 * GEMMs timed over the random rows routing gives one expert ({@link RaggedExpertRows}); shared experts as a dense
 * MLP of width shared·f_e.</li>
 * </ul>
 * O(1) per call.
 *
 * @param device      the accelerator at the training precision
 * @param model       the model
 * @param tokens      T
 * @param tensor      t
 * @param expert      EP
 * @param expertLoad  the busiest EP rank's expert load over the mean, L ≥ 0 (1 when balanced)
 * @param gemms       how one GEMM is timed forward and backward
 */
record LayerGemms(Device device, TransformerSpec model, double tokens, int tensor, int expert, double expertLoad,
        GemmPasses gemms) {

    /** The attention projections of the layer: dense QKV or MLA's, and the output (see above). */
    PassTime attentionProjections() {
        int h = model.hidden();
        int d = model.headDim();
        int a = model.heads();
        double t = tensor;
        PassTime output = gemm(tokens, h, a * (double) d / t, OperandSource.ROW_PARALLEL);
        if (model.kvLoraRank() > 0) {
            int r = model.kvLoraRank();
            int rope = model.ropeDim();
            int q = model.qLoraRank();
            PassTime query = q > 0 ? gemm(tokens, q, h).plus(gemm(tokens, a * (double) (d + rope) / t, q))
                    : gemm(tokens, a * (double) (d + rope) / t, h);
            return query.plus(gemm(tokens, r + rope, h)).plus(gemm(tokens, 2.0 * a * d / t, r)).plus(output);
        }
        return gemm(tokens, (a + 2.0 * model.kvHeads()) * d / t, h, OperandSource.NORM).plus(output);
    }

    /**
     * MLA's up-projections, what Megatron-Core's {@code mla_up_proj} recomputes ({@code qkv_up_proj_and_rope_apply}
     * in {@code multi_latent_attention.py}): Q up (T, a(d+ρ)/t, r_q) with query compression, the full-rank Q
     * (T, a(d+ρ)/t, h) without, and KV up (T, 2ad/t, r).
     */
    PassTime mlaUpProjections() {
        int a = model.heads();
        int d = model.headDim();
        double queryWidth = a * (double) (d + model.ropeDim()) / tensor;
        int q = model.qLoraRank();
        PassTime query = gemm(tokens, queryWidth, q > 0 ? q : model.hidden());
        return query.plus(gemm(tokens, 2.0 * a * d / tensor, model.kvLoraRank()));
    }

    /** A dense MLP of {@code width}: up (its input from {@code upInput}), then the row-parallel down-projection. */
    PassTime denseMlp(double width, OperandSource upInput) {
        double t = tensor;
        double up = model.gatedMlp() ? 2 * width / t : width / t;
        return gemm(tokens, up, model.hidden(), upInput)
                .plus(gemm(tokens, model.hidden(), width / t, OperandSource.ROW_PARALLEL));
    }

    /** The MoE block: the router, the busiest rank's routed experts, the shared experts (see above). */
    PassTime moe() {
        double localTokens = tokens / tensor;
        PassTime router = bf16Gemm(localTokens, model.experts(), model.hidden());
        double copies = localTokens * model.topK() * expertLoad;
        double localExperts = Math.max(1.0, model.experts() / (double) expert);
        double perExpert = copies / localExperts;
        double width = model.expertFfn();
        double up = model.gatedMlp() ? 2 * width : width;
        double sigma = RaggedExpertRows.sigma(perExpert, model.topK(), model.experts());
        PassTime experts = expertGemm(perExpert, sigma, up, model.hidden())
                .plus(expertGemm(perExpert, sigma, model.hidden(), width)).times(localExperts);
        PassTime shared = model.sharedExperts() > 0 ? denseMlp(width * model.sharedExperts(), OperandSource.CAST)
                : PassTime.ZERO;
        return router.plus(experts).plus(shared);
    }

    /** A GEMM at the training precision (FP8 when the job trains at FP8), its operands from {@code source}. */
    private PassTime gemm(double m, double n, double k, OperandSource source) {
        return gemms.of(device, m, 0, n, k, source);
    }

    /** {@link #gemm} of operands cast by kernels of their own. */
    PassTime gemm(double m, double n, double k) {
        return gemm(m, n, k, OperandSource.CAST);
    }

    /** A GEMM an FP8 recipe keeps in BF16 ({@link Device#highPrecision}): the router, the output head. */
    PassTime bf16Gemm(double m, double n, double k) {
        return gemms.of(device.highPrecision(), m, 0, n, k, OperandSource.CAST);
    }

    /** {@link #gemm} of one expert over its random rows, mean m and spread σ ({@link RaggedExpertRows}). */
    private PassTime expertGemm(double m, double sigma, double n, double k) {
        return gemms.of(device, m, sigma, n, k, OperandSource.CAST);
    }
}
