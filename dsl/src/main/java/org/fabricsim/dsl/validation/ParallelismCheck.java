package org.fabricsim.dsl.validation;

import org.eclipse.emf.ecore.EObject;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.runtime.analysis.ServingRules;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.topology.ClusterDomains;

/**
 * The rules a training's plan and an inference pool's plan share: attention heads split over the tensor degree, and
 * tensor parallelism stays inside the scale-up domain ({@link WorkloadValidator}, {@link InferencePoolValidator}).
 */
abstract class ParallelismCheck extends FabricCheck {

    protected void heads(TransformerSpec model, int tensor, Parallelism written) {
        if (!TrainingRules.headsSplit(model, tensor)) {
            error(model.heads() + " attention heads do not split over TP " + tensor + ": choose a tensor degree that"
                    + " divides " + model.heads() + ".", written, Literals.PARALLELISM__TENSOR,
                    IssueCodes.HEADS_NOT_DIVISIBLE, String.valueOf(model.heads()));
        } else if (!TrainingRules.kvHeadsSplit(model, tensor)) {
            error(model.kvHeads() + " KV heads neither split over nor replicate evenly across TP " + tensor
                    + ": choose a tensor degree that divides " + model.kvHeads() + " or is a multiple of it.", written,
                    Literals.PARALLELISM__TENSOR, IssueCodes.HEADS_NOT_DIVISIBLE, String.valueOf(model.kvHeads()));
        }
    }

    /**
     * The tensor degree nearest {@code tensor} that divides the scale-up domain of {@code domain} and splits the
     * model's attention heads and KV heads ({@link TrainingRules#headsSplit}, {@link TrainingRules#kvHeadsSplit}; any
     * divisor when the model is unknown): argmin over d | domain of |d − tensor|, the smaller on a tie (it needs no
     * more accelerators than written). TP 7 on 128 heads in a domain of 8 gives 8 (|8 − 7| = 1 against |4 − 7| = 3).
     */
    static int nearestTensor(int domain, TransformerSpec model, int tensor) {
        int best = 1;
        for (int d = 2; d <= domain; d++) {
            boolean valid = domain % d == 0
                    && (model == null || TrainingRules.headsSplit(model, d) && TrainingRules.kvHeadsSplit(model, d));
            if (valid && Math.abs(d - tensor) < Math.abs(best - tensor)) {
                best = d;
            }
        }
        return best;
    }

    protected void tensorInsideScaleUp(ClusterSpec cluster, TransformerSpec model, int tensor, EObject written) {
        int domain = ClusterDomains.size(cluster);
        if (!ServingRules.tensorInsideScaleUp(cluster, tensor)) {
            String where = cluster.node().scaleUp() == null ? "the node has no scale-up domain"
                    : "the scale-up domain holds " + domain;
            int fits = nearestTensor(domain, model, tensor);
            String splits = model == null ? "" : " and splits the model's " + model.heads() + " heads";
            String rest = fits < tensor ? "move the rest to data or pipeline parallelism"
                    : "take the accelerators it adds from data or pipeline parallelism";
            warning("TP " + tensor + " crosses the scale-up domain (" + where + "): every layer's tensor-parallel"
                    + " collectives then cross the scale-out network. Set tensor to " + fits
                    + " (the nearest degree that divides " + domain + splits + ") and " + rest + ".", written,
                    Literals.PARALLELISM__TENSOR, IssueCodes.TP_CROSSES_SCALE_UP, String.valueOf(fits));
        }
    }
}
