package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.sim.StandardNormal;

/**
 * How much longer a low-latency expert-parallel kernel takes than its mean traffic gives, because
 * random top-k routing loads the expert ranks unevenly (DeepEP's benchmark routes each token to the
 * top-k of random scores, {@code tests/legacy/test_low_latency.py}, and times every rank's kernel).
 *
 * <p>The copies a rank's e = E/n experts receive from all N = n·T tokens are a sum of N independent
 * hypergeometric draws (k of E experts, e of them the rank's): mean μ = N·k·e/E, variance σ² = N·k·
 * (e/E)(1 − e/E)(E − k)/(E − 1), near normal. Dispatch sends exactly T·k copies from every rank, so
 * only a rank receiving more than the mean waits for its own excess: averaged over ranks the time
 * grows by σ·E[max(0, Z)] = σ·φ(0). Combine sends the copies back from the expert ranks, and every
 * rank waits for its tokens' results from all of them, so every rank waits for the busiest sender:
 * the time grows by σ·E[max of n standard normals]. Factor = 1 + that excess / μ. O(1) per call
 * ({@link StandardNormal#expectedMaximum}, a fixed 4,000-point integration).
 */
final class RoutingImbalance {
    private RoutingImbalance() {
    }

    /** The factor on the mean-traffic time of dispatch ({@code dispatch}) or combine. */
    static double factor(int ranks, int tokensPerRank, int topK, int experts, boolean dispatch) {
        double share = (double) (experts / ranks) / experts;
        double tokens = (double) ranks * tokensPerRank;
        double mean = tokens * topK * share;
        double sigma = Math.sqrt(tokens * topK * share * (1 - share) * (experts - topK) / (experts - 1.0));
        double excess = dispatch ? 1 / Math.sqrt(2 * Math.PI) : StandardNormal.expectedMaximum(ranks);
        return mean <= 0 ? 1 : 1 + sigma * excess / mean;
    }
}
