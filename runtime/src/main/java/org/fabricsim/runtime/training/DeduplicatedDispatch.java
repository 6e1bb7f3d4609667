package org.fabricsim.runtime.training;

import org.fabricsim.runtime.collective.ExpertKernels;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The traffic of DeepEP's normal dispatch (and, reversed, combine) kernels in training, as weights on
 * the uniform all-to-all's pairs. Routing is uniform: each token picks k of E experts, e = E/G on
 * each of the G ranks of an expert group, D of whose ranks share a scale-up domain (N = G/D domains).
 * P(c) = {@link ExpertKernels#missProbability} is the chance none of a token's experts is among c.
 *
 * <p>The uniform all-to-all sends every one of a token's k copies to its expert's rank: k/G copies
 * per token to each other member, k·(G − D)/G of them out of the domain. DeepEP sends per token
 * <ul>
 * <li>across domains, one copy to each other domain holding one of its experts:
 * X = (N − 1)·(1 − P(D·e)) ({@link ExpertKernels#crossDomainCopiesPerToken}, the count serving's
 * normal kernels use), here spread over the G − D members outside the domain;</li>
 * <li>inside its domain, one copy to each other rank holding one of its experts, (D − 1)·(1 − P(e));
 * and each of the X copies a rank receives per token (symmetry) is forwarded to the other ranks of
 * its domain holding one of that token's experts, (D − 1)·(1 − P(e))/(1 − P(D·e)) each, so
 * (N − 1)·(D − 1)·(1 − P(e)). In all N·(D − 1)·(1 − P(e)) scale-up copies, N·(1 − P(e)) per
 * other member of the domain.</li>
 * </ul>
 * As weights on the uniform k/G: {@link #remoteWeight} = X·G/(k·(G − D)) and {@link #localWeight}
 * = N·(1 − P(e))·G/k. Dispatch, forwarding and combine run as one phase (the kernels pipeline them).
 * At top-8 of 128 experts over EP32 on four 8-GPU domains: X = 2.72 network copies against 6, and
 * 6.44 scale-up copies against 1.75. O(k).
 *
 * @param topK    k, at least 1
 * @param experts E, at least k
 */
public record DeduplicatedDispatch(int topK, int experts) {
    public DeduplicatedDispatch {
        if (topK < 1 || experts < topK) {
            throw new IllegalArgumentException("top-k must be positive and experts at least top-k");
        }
    }

    /**
     * The deduplicated dispatch of {@code model}'s MoE layers when {@code routing} runs DeepEP's kernels, or null
     * (the uniform all-to-all) for a dense model or the all-to-all dispatcher. O(1).
     */
    public static DeduplicatedDispatch of(TransformerSpec model, ExpertRoutingSpec routing) {
        return model.moe() && routing.dispatcher() == ExpertRoutingSpec.Dispatcher.DEEPEP
                ? new DeduplicatedDispatch(model.topK(), model.experts()) : null;
    }

    /**
     * Weight on the uniform bytes of a pair in different domains, in a group of {@code ranks} with
     * {@code domainRanks} in each domain.
     */
    public double remoteWeight(int ranks, int domainRanks) {
        if (domainRanks >= ranks) {
            return 0;
        }
        return ExpertKernels.crossDomainCopiesPerToken(experts, topK, ranks, domainRanks) * ranks
                / ((double) topK * (ranks - domainRanks));
    }

    /** Weight on the uniform bytes of a pair in one domain. */
    public double localWeight(int ranks, int domainRanks) {
        double domains = (double) ranks / domainRanks;
        return domains * (1 - ExpertKernels.missProbability(experts, topK, experts / ranks)) * ranks / topK;
    }
}
