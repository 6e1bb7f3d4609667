package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.ModelKind;
import org.fabricsim.dsl.model.Models;

/**
 * A model's MLA query compression ({@code q-rank}) and multi-token prediction ({@code mtp-depth}): both
 * positive when written, and a query compression that saves work. With a hidden state of h and a·(d + ρ)
 * query columns (heads × (head width + RoPE width)), the full projection holds h·a·(d + ρ) weights and the
 * compressed one r_q·(h + a·(d + ρ)); it is no smaller once r_q ≥ h·a·(d + ρ) ÷ (h + a·(d + ρ))
 * (DeepSeek-V3: 5,549 against its 1,536). Serving runs no prediction module of its own: a model's
 * {@code mtp-depth} is an info there, the modules decoding only as a pool's {@code speculative} drafts. A model
 * with routed experts routes each token to 1 to experts of them ({@code top-k}).
 */
public class ModelArchitectureValidator extends FabricCheck {

    @Check
    public void checkQueryRankPositive(LanguageModel model) {
        if (written(model, Literals.LANGUAGE_MODEL__QLORA_RANK) && model.getQLoraRank() <= 0) {
            error("'q-rank' is the width MLA compresses the queries to, so it is at least 1; leave it out for a"
                    + " full-rank query projection.", model, Literals.LANGUAGE_MODEL__QLORA_RANK, IssueCodes.NOT_POSITIVE);
        }
    }

    @Check
    public void checkQueryRankCompresses(LanguageModel model) {
        if (!written(model, Literals.LANGUAGE_MODEL__QLORA_RANK) || model.getQLoraRank() <= 0) {
            return;
        }
        long rank = model.getQLoraRank();
        long hidden = model.getHidden();
        int headDim = model.getHeadDim() > 0 ? model.getHeadDim() : model.getHeads() > 0 ? model.getHidden()
                / model.getHeads() : 0;
        long columns = (long) model.getHeads() * (headDim + model.getRopeDim());
        if (hidden > 0 && columns > 0 && rank * (hidden + columns) >= hidden * columns) {
            warning("With 'q-rank " + rank + "' the query's down- and up-projections hold " + rank * (hidden + columns)
                    + " weights, no fewer than the " + hidden * columns + " of the full projection they replace: a"
                    + " compression narrower than " + hidden * columns / (hidden + columns)
                    + " saves work, or leave it out.", model, Literals.LANGUAGE_MODEL__QLORA_RANK,
                    IssueCodes.QUERY_RANK_WIDE);
        }
    }

    /**
     * The engine runs a model as a mixture of experts exactly when it states {@code experts}
     * ({@code TransformerSpec.moe()}), as the editor's dense-or-MoE checks do ({@link Models#moe}): its kind changes
     * nothing, and a kind that contradicts its experts says so.
     */
    @Check
    public void checkModelKindMatchesExperts(LanguageModel model) {
        boolean experts = Models.moe(model);
        if (experts == (model.getKind() == ModelKind.MOE)) {
            return;
        }
        String runs = experts ? ModelKind.MOE.getLiteral() : ModelKind.TRANSFORMER.getLiteral();
        info("'" + model.getKind().getLiteral() + "' does not change simulated results: the engine runs a model "
                + (experts ? "that states 'experts' as a mixture of experts" : "without 'experts' as dense") + ", so "
                + model.getName() + " runs as '" + runs + "'; write '" + runs + "'"
                + (experts ? "." : ", or state its 'experts' and 'top-k'."), model, Literals.LANGUAGE_MODEL__KIND,
                IssueCodes.MODEL_KIND_NOT_SIMULATED, runs);
    }

    /**
     * A model with routed experts sends each token to top-k distinct experts of them (the engine's routing draws k
     * of the E experts), so 1 ≤ top-k ≤ experts; left out, top-k is 0. Before this check the run failed in the
     * engine's words ("need 1 ≤ picks ≤ bins") on {@code top-k 0}, a top-k above the experts, or none.
     */
    @Check
    public void checkModelTopKInRange(LanguageModel model) {
        int experts = model.getExperts();
        int topK = model.getTopK();
        if (!Models.moe(model) || topK >= 1 && topK <= experts) {
            return;
        }
        boolean stated = written(model, Literals.LANGUAGE_MODEL__TOP_K);
        error("Each token of " + model.getName() + " picks top-k of its " + experts + " routed experts, so 'top-k' lies"
                + " between 1 and " + experts + (stated ? ", not " + topK : ", and it is not written") + ": write a"
                + " top-k in that range (DeepSeek-V3 picks 8 of 256).", model, stated ? Literals.LANGUAGE_MODEL__TOP_K
                        : Literals.LANGUAGE_MODEL__EXPERTS, IssueCodes.MODEL_TOP_K, String.valueOf(experts));
    }

    @Check
    public void checkPredictionDepthPositive(LanguageModel model) {
        if (written(model, Literals.LANGUAGE_MODEL__MTP_DEPTH) && model.getMtpDepth() <= 0) {
            error("'mtp-depth' is how many multi-token prediction modules train beside the model, so it is at least 1"
                    + " (DeepSeek-V3 trains 1); leave it out for none.", model, Literals.LANGUAGE_MODEL__MTP_DEPTH,
                    IssueCodes.NOT_POSITIVE);
        }
    }

    @Check
    public void checkInferencePredictionDepthIgnored(Inference inference) {
        LanguageModel model = inference.getModel();
        if (model != null && !model.eIsProxy() && written(model, Literals.LANGUAGE_MODEL__MTP_DEPTH)) {
            boolean speculates = inference.getPools().stream().anyMatch(pool -> pool.getSpeculative() != null);
            String drafts = speculates
                    ? " this deployment's drafts cost what its pool's 'speculative' states ('draft-layers N', 1 when"
                            + " unstated: DeepSeek-V3's one MTP module), so 'mtp-depth' changes nothing here."
                    : " serving runs them only as a pool's drafts ('speculative draft-tokens N acceptance A'), so it"
                            + " changes nothing here.";
            info("'mtp-depth' trains " + model.getName() + "'s multi-token prediction modules beside it;" + drafts,
                    inference, Literals.INFERENCE__MODEL, IssueCodes.SERVING_FEATURE_IGNORED, "mtp-depth");
        }
    }
}
