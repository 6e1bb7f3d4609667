package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.spec.ExpertRoutingSpec;

/**
 * The load a stated routing skew leaves on the busiest expert rank once R redundant expert slots are
 * placed as DeepSeek's EPLB places them (github.com/deepseek-ai/EPLB: replicate the heaviest expert,
 * its tokens split evenly among its replicas, until the redundant slots run out; then pack the
 * replicas onto the ranks, the same count on each). Loads are in units of the mean expert load m;
 * E experts, G = max(EP, TP) ranks, n = E/G experts per rank without replicas, n' = (E + R)/G slots
 * per rank with them.
 *
 * <p><b>The skew's experts.</b> A {@code routing-skew} S says the busiest rank, holding n experts,
 * receives S·n·m. The least concentrated popularity that gives it: each of its n experts draws S·m
 * (the hottest expert draws at least that), the other E − n share the rest, (G − S)/(G − 1)·m each
 * ({@link ExpertRoutingSpec#otherLoad}).
 *
 * <p><b>Replication.</b> The n hot experts are the heaviest, so the redundant slots go to them, each
 * hot expert's S·m split evenly over its replicas. Taken in the fluid limit (exact when n divides R:
 * each hot expert then holds r = 1 + R/n replicas of S·m/r), the n + R hot replicas carry S·n·m/(n + R)
 * each while that stays above the other experts' load; once it would fall below, the replication
 * evens every slot at the mean slot load E·m/(E + R). Either way the heaviest replica carries
 * <pre>  w = max(S·n/(n + R), E/(E + R))·m.</pre>
 *
 * <p><b>Packing.</b> The busiest rank holds n' slots; taken as all carrying the heaviest replica (no
 * credit for a packing that mixes hot replicas with light ones: an upper bound on EPLB's balanced
 * packing, reached at R = 0, where the rank holds the n hot experts), its load over the mean rank's
 * n·m is n'·w/(n·m):
 * <pre>  S_R = max(1, S·(E + R) ÷ (E + G·R)).</pre>
 * S_R = S when R = 0 or G = 1 (nothing to level), 1 when S = 1 (balanced routing stays balanced: the
 * uniform model of equally likely slots holds), and falls with R to 1 once R ≥ E·(S − 1)/(G − S).
 * S_R takes S's place in the busiest rank's load min(max(S_R, L_r(T)), C) ({@link
 * ExpertRoutingSpec#busiestLoad(double)}).
 *
 * <p>Neither a bound nor exact against DeepSeek's algorithm run on the same popularity: its packing,
 * mixing hot replicas with light ones, does better where this credits none (8 experts on 2 ranks, R =
 * 4, S = 1.5: it reaches 1 against S_R = 1.125), and whole replicas do worse where the fluid limit
 * evens every slot (256 experts on 32 ranks, R = 32, S = 2: 1.028 against S_R = 1; with 256 + 32 on
 * 144 ranks two unreplicated experts share a rank, 1.125 at any S, which the uniform model of equally
 * likely slots leaves out too). O(1).
 */
final class RedundantExpertLoad {
    private RedundantExpertLoad() {
    }

    /**
     * S_R: the skew {@code skew} left on the busiest of {@code ranks} expert ranks holding {@code experts}
     * experts and {@code redundant} EPLB replicas (class comment).
     */
    static double levelledSkew(double skew, int experts, int redundant, int ranks) {
        if (redundant == 0 || ranks <= 1 || skew == ExpertRoutingSpec.BALANCED) {
            return skew;
        }
        double slots = experts + (double) redundant;
        return Math.max(ExpertRoutingSpec.BALANCED, skew * slots / (experts + (double) ranks * redundant));
    }

    /** {@code routing} with its skew levelled by the replicas (class comment); {@code routing} itself when unchanged. */
    static ExpertRoutingSpec levelled(ExpertRoutingSpec routing, int experts, int redundant, int ranks) {
        double skew = levelledSkew(routing.routingSkew(), experts, redundant, ranks);
        return skew == routing.routingSkew() ? routing : new ExpertRoutingSpec(routing.capacityFactor(), skew);
    }
}
