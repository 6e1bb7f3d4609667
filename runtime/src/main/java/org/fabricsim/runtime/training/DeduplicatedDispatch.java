package org.fabricsim.runtime.training;

import java.util.Arrays;

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
 * <p>Node-limited routing (DeepSeek-V3 §2.1.2: each token goes to at most M nodes, "selected according to the sum of
 * the highest K_r/M affinity scores of the experts distributed on each node") caps the domains a token reaches. With
 * n_d the domains uniform top-k routing touches, the limited router reaches min(n_d, M) of them: a domain holding one of
 * the unconstrained top-k usually has the highest per-domain sums, so the M it keeps are those (a Monte Carlo of
 * DeepSeek-V3's rule, top-2 sums over 8 nodes of 32 experts, top-4 nodes, top-8 experts, i.i.d. scores, reaches 3.95
 * to 3.97 nodes where E[min(n_d, 4)] = 3.98). P(n_d = j) = C(N, j)·Σ_i (−1)^i·C(j, i)·C((j − i)·c, k)/C(E, k) with c
 * = D·e experts a domain (inclusion–exclusion over the domains a token misses); by symmetry a token's own domain is
 * among those reached with probability E[min(n_d, M)]/N, so X = E[min(n_d, M)]·(N − 1)/N ({@link #networkCopies}), which
 * without a binding limit (M ≥ min(N, k)) is the X above. The scale-up copies keep the unconstrained count (an
 * overcount: concentrating the k experts on fewer domains makes more of them share a rank). O(N·k) with a limit.
 *
 * @param topK      k, at least 1
 * @param experts   E, at least k
 * @param nodeLimit M, the most domains a token goes to; {@link ExpertRoutingSpec#UNLIMITED} (0) for none
 */
public record DeduplicatedDispatch(int topK, int experts, int nodeLimit) {
    public DeduplicatedDispatch {
        if (topK < 1 || experts < topK) {
            throw new IllegalArgumentException("top-k must be positive and experts at least top-k");
        }
        if (nodeLimit < 0) {
            throw new IllegalArgumentException("the node limit must not be negative, was " + nodeLimit);
        }
    }

    /** The dispatch of routing that may reach every domain. */
    public DeduplicatedDispatch(int topK, int experts) {
        this(topK, experts, ExpertRoutingSpec.UNLIMITED);
    }

    /**
     * The deduplicated dispatch of {@code model}'s MoE layers when {@code routing} runs DeepEP's kernels, or null
     * (the uniform all-to-all) for a dense model or the all-to-all dispatcher. O(1).
     */
    public static DeduplicatedDispatch of(TransformerSpec model, ExpertRoutingSpec routing) {
        return model.moe() && routing.dispatcher() == ExpertRoutingSpec.Dispatcher.DEEPEP
                ? new DeduplicatedDispatch(model.topK(), model.experts(), routing.nodeLimit()) : null;
    }

    /**
     * Weight on the uniform bytes of a pair in different domains, in a group of {@code ranks} with
     * {@code domainRanks} in each domain.
     */
    public double remoteWeight(int ranks, int domainRanks) {
        if (domainRanks >= ranks) {
            return 0;
        }
        return networkCopies(ranks, domainRanks) * ranks / ((double) topK * (ranks - domainRanks));
    }

    /**
     * X, the copies of a token sent to other domains in a group of {@code ranks} with {@code domainRanks} in each
     * domain (more than one domain): {@link ExpertKernels#crossDomainCopiesPerToken} without a binding limit, else
     * E[min(n_d, M)]·(N − 1)/N (class comment). O(N·k).
     */
    public double networkCopies(int ranks, int domainRanks) {
        int domains = ranks / domainRanks;
        if (nodeLimit == ExpertRoutingSpec.UNLIMITED || nodeLimit >= Math.min(domains, topK)) {
            return ExpertKernels.crossDomainCopiesPerToken(experts, topK, ranks, domainRanks);
        }
        int perDomain = experts / ranks * domainRanks;
        double reached = 0;
        for (int j = 1; j <= Math.min(domains, topK); j++) {
            double touchingAll = 0;
            for (int i = 0; i <= j; i++) {
                double some = ExpertKernels.missProbability(experts, topK, experts - (j - i) * perDomain);
                touchingAll += (i % 2 == 0 ? 1 : -1) * binomial(j, i) * some;
            }
            reached += Math.min(j, nodeLimit) * binomial(domains, j) * touchingAll;
        }
        return reached * (domains - 1) / domains;
    }

    private static double binomial(int n, int k) {
        double c = 1;
        for (int i = 0; i < k; i++) {
            c = c * (n - i) / (i + 1);
        }
        return c;
    }

    /**
     * Where DeepEP's kernels send a rank's copies: for the sender at position {@code sender} of an expert group whose
     * members lie in domains {@code domains[j]} (group order), the position that member j's copies go to. A member of
     * the sender's domain gets its own; a member of another domain gets those of that domain's member at the sender's
     * index among its own domain's members (modulo the other domain's count), which forwards them over the scale-up
     * links (forwarding {@link #localWeight} counts). DeepSeek-V3 (arXiv 2412.19437 §3.2.2): tokens are "transmitted
     * via IB to the GPUs with the same in-node index on its target nodes" and forwarded via NVLink from there, so a
     * rank's network copies stay on its rail and the busiest rank's excess load L crosses the network spread over its
     * domain's NICs (L + (D − 1)·L')/D, reaching it only over the scale-up links. Domains are non-negative.
     * O(G log G).
     */
    public static int[] networkPeers(int[] domains, int sender) {
        int members = domains.length;
        int index = 0;
        for (int j = 0; j < sender; j++) {
            index += domains[j] == domains[sender] ? 1 : 0;
        }
        // The members by (domain, position): each domain's members form one run, in group order.
        long[] byDomain = new long[members];
        for (int j = 0; j < members; j++) {
            byDomain[j] = (long) domains[j] << 32 | j;
        }
        Arrays.sort(byDomain);
        int[] peers = new int[members];
        for (int start = 0, end; start < members; start = end) {
            int domain = (int) (byDomain[start] >>> 32);
            end = start + 1;
            while (end < members && (int) (byDomain[end] >>> 32) == domain) {
                end++;
            }
            int peer = (int) byDomain[start + index % (end - start)];
            for (int i = start; i < end; i++) {
                int member = (int) byDomain[i];
                peers[member] = domain == domains[sender] ? member : peer;
            }
        }
        return peers;
    }

    /** Weight on the uniform bytes of a pair in one domain. */
    public double localWeight(int ranks, int domainRanks) {
        double domains = (double) ranks / domainRanks;
        return domains * (1 - ExpertKernels.missProbability(experts, topK, experts / ranks)) * ranks / topK;
    }
}
