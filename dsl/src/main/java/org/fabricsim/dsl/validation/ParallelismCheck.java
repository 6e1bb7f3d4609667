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

    private static int largestDivisorAtMost(int n, int limit) {
        for (int d = Math.min(n, limit); d > 1; d--) {
            if (n % d == 0) {
                return d;
            }
        }
        return 1;
    }

    protected void tensorInsideScaleUp(ClusterSpec cluster, int tensor, EObject written) {
        int domain = ClusterDomains.size(cluster);
        if (!ServingRules.tensorInsideScaleUp(cluster, tensor)) {
            String where = cluster.node().scaleUp() == null ? "the node has no scale-up domain"
                    : "the scale-up domain holds " + domain;
            int fits = largestDivisorAtMost(domain, tensor);
            warning("TP " + tensor + " crosses the scale-up domain (" + where + "): every layer's tensor-parallel"
                    + " collectives then cross the scale-out network. Set tensor to " + fits
                    + " (a divisor of " + domain + ") and move the rest to data or pipeline parallelism.", written,
                    Literals.PARALLELISM__TENSOR, IssueCodes.TP_CROSSES_SCALE_UP, String.valueOf(fits));
        }
    }
}
