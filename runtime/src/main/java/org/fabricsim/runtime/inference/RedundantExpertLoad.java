package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.spec.ExpertRoutingSpec;

/**
 * The load a stated routing skew leaves on the busiest expert rank once R redundant expert slots are
 * placed by DeepSeek's expert-parallelism load balancer (EPLB, github.com/deepseek-ai/EPLB, {@code
 * eplb.py}), run on the expert loads the skew states. E experts, G = max(EP, TP) ranks, loads in units
 * of the mean expert load m, so the mean rank carries E/G.
 *
 * <p><b>The load profile.</b> {@link ExpertRoutingSpec} states S on the layout without replicas, E/G
 * experts on each rank: the busiest rank receives S times the mean rank's load, the other G − 1
 * share the rest evenly, c = (G − S)/(G − 1) times it each ({@link ExpertRoutingSpec#otherLoad}).
 * Each rank's load spread evenly over its experts, as the language spreads the rest evenly over the
 * ranks, gives the experts' loads: a step, S on the hottest E/G of the experts (one rank's worth) and
 * c on the others. Where G does not divide E (EP144 over 256, which needs replicas) the step falls
 * inside an expert, whose load is the step's mean over it:
 * <pre>  w_i = c + (S − c)·f_i,  f_i = min(1, max(0, E/G − i)),  i = 0 … E − 1;  Σ w_i = E.</pre>
 * Without replicas EPLB places nothing and the stated layout holds: the result is S, exactly.
 *
 * <p><b>Replication</b> (EPLB's {@code replicate_experts}). Every expert starts with one replica r_i
 * = 1; each of the R redundant slots in turn goes to the expert of the largest w_i/r_i (ties to the
 * lower index), whose tokens split evenly over its replicas. O(R·E).
 *
 * <p><b>Packing</b> (EPLB's {@code balanced_packing}). The E + R replicas, heaviest first, each go to
 * the rank of least load among those holding fewer than s = (E + R)/G replicas (ties to the lower
 * rank), so every rank holds s slots. Where G does not divide E + R (a TP above the EP, whose E + R
 * the language makes divisible), s = ⌈(E + R)/G⌉. O((E + R)·(log(E + R) + G)).
 *
 * <p><b>Result:</b> S_R = (the busiest rank's load) ÷ (E/G), ≥ 1. It takes S's place in the busiest
 * rank's load min(max(S_R, L_r(T)), C) ({@link ExpertRoutingSpec#busiestLoad(double)}), so it sets
 * the expert GEMMs, the dispatch and combine, and the dropped tokens. Slots are whole, so S_R can
 * stay above 1 at S = 1: DeepSeek-V3's decode layout (256 + 32 on 144 ranks, 2 slots each) keeps 224
 * experts unreplicated, two of them on each of 80 ranks, 2 ÷ (256/144) = 1.125 times the mean, and
 * no placement does better (the test derives it). The hierarchical policy ({@code
 * rebalance_experts_hierarchical}, expert groups packed onto nodes first) needs group-limited routing
 * with the groups a multiple of the nodes; the language states no expert groups, so EPLB runs its
 * global policy, as it does for {@code num_groups} = 1. Total O(R·E + (E + R)·(log(E + R) + G)):
 * 50 thousand steps for DeepSeek-V3's decode layout, once per pool.
 *
 * <p><b>A stated balance</b> ({@link #placed}, {@link #placedShares}). The skew above is the layout before
 * EPLB, which replicas level completely on a step profile (EP32 with 32 replicas: S_R = 1 for S up to 4.4),
 * while real routing is not a step: EPLB places on recorded statistics and the batch routes differently
 * (SGLang's simulation on its own recorded distribution leaves a balancedness, mean ÷ busiest rank's tokens,
 * of 0.80 at 32 GPUs; LMSYS blog 2025-05-05, figure eplb-balancedness.png). A pool that states that
 * balance b states the placement's result: S_R = 1/b, the busiest rank's share 1/(b·G) and the other ranks
 * the rest evenly, replacing the levelled skew (a stated skew is superseded: the balance is the placement's
 * outcome on it); the replicas are then already placed. O(G).
 */
final class RedundantExpertLoad {
    private RedundantExpertLoad() {
    }

    /**
     * S_R: the skew {@code skew} left on the busiest of {@code ranks} expert ranks holding {@code experts}
     * experts and {@code redundant} EPLB replicas (class comment); {@code skew} itself without replicas
     * or with one rank.
     */
    static double levelledSkew(double skew, int experts, int redundant, int ranks) {
        if (redundant == 0 || ranks <= 1) {
            return skew;
        }
        double[] load = expertLoads(skew, experts, ranks);
        int[] replicas = replicate(load, redundant);
        return busiestRank(load, replicas, ranks) / ((double) experts / ranks);
    }

    /** {@code routing} with its skew levelled by the replicas (class comment); {@code routing} itself when unchanged. */
    static ExpertRoutingSpec levelled(ExpertRoutingSpec routing, int experts, int redundant, int ranks) {
        double skew = levelledSkew(routing.routingSkew(), experts, redundant, ranks);
        return skew == routing.routingSkew() ? routing
                : new ExpertRoutingSpec(routing.capacityFactor(), skew, routing.dispatcher());
    }

    /**
     * {@code routing} as placed on {@code ranks} ranks: its skew 1/{@code balance} where a balance is stated
     * (&gt; 0, class comment), else levelled by the {@code redundant} replicas ({@link #levelled}).
     */
    static ExpertRoutingSpec placed(ExpertRoutingSpec routing, int experts, int redundant, int ranks,
            double balance) {
        return balance > 0 ? routing.withRoutingSkew(1 / balance) : levelled(routing, experts, redundant, ranks);
    }

    /**
     * p_g of {@link #rankShares} for the placement: the stated balance's step (1/(b·G) on the busiest rank,
     * the rest even) where {@code balance} &gt; 0, else EPLB's placement of {@code redundant} replicas
     * on the layout {@code skew} states.
     */
    static double[] placedShares(double skew, int experts, int redundant, int ranks, double balance) {
        return balance > 0 ? rankShares(1 / balance, experts, 0, ranks) : rankShares(skew, experts, redundant, ranks);
    }

    /** w_i of the class comment: the step of S on the hottest E/G experts and c on the rest. O(E). */
    static double[] expertLoads(double skew, int experts, int ranks) {
        double rest = new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, skew).otherLoad(ranks);
        double hotExperts = (double) experts / ranks;
        double[] load = new double[experts];
        for (int i = 0; i < experts; i++) {
            load[i] = rest + (skew - rest) * Math.min(1, Math.max(0, hotExperts - i));
        }
        return load;
    }

    /** r_i: each redundant slot to the expert of the largest load per replica, ties to the lower index. O(R·E). */
    static int[] replicate(double[] load, int redundant) {
        int[] replicas = new int[load.length];
        Arrays.fill(replicas, 1);
        for (int slot = 0; slot < redundant; slot++) {
            int hottest = 0;
            for (int i = 1; i < load.length; i++) {
                if (load[i] / replicas[i] > load[hottest] / replicas[hottest]) {
                    hottest = i;
                }
            }
            replicas[hottest]++;
        }
        return replicas;
    }

    /**
     * p_g: the share of the routed tokens' picks that rank g receives in expectation, Σ over its replicas
     * of w_i/(E·r_i); Σ_g p_g = 1, each 1/G when balanced. Without replicas (or with one rank) the stated
     * layout: S/G on the busiest rank and c/G on each other. The placement's load, S_R = G·max_g p_g,
     * is what {@link UnevenRanksMaximum} adds each batch's routing noise to. O(R·E + (E + R)·(log(E + R) + G)).
     */
    static double[] rankShares(double skew, int experts, int redundant, int ranks) {
        double[] share = new double[ranks];
        if (redundant == 0 || ranks <= 1) {
            double rest = ranks <= 1 ? 0 : new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, skew).otherLoad(ranks);
            Arrays.fill(share, rest / ranks);
            share[0] = ranks <= 1 ? 1 : skew / ranks;
            return share;
        }
        double[] load = expertLoads(skew, experts, ranks);
        double[] rankLoad = rankLoads(load, replicate(load, redundant), ranks);
        for (int g = 0; g < ranks; g++) {
            share[g] = rankLoad[g] / experts;
        }
        return share;
    }

    /** s: the expert slots each of {@code ranks} ranks holds, ⌈(E + R)/G⌉. */
    static int slotsPerRank(int experts, int redundant, int ranks) {
        return (experts + redundant + ranks - 1) / ranks;
    }

    /** The busiest rank's load of {@link #rankLoads}. */
    static double busiestRank(double[] load, int[] replicas, int ranks) {
        return Arrays.stream(rankLoads(load, replicas, ranks)).max().orElse(0);
    }

    /**
     * Each rank's load once the replicas (expert i's r_i of w_i/r_i each) are packed heaviest first,
     * each onto the least loaded rank with a free slot. O((E + R)·(log(E + R) + G)).
     */
    static double[] rankLoads(double[] load, int[] replicas, int ranks) {
        double[] weight = new double[Arrays.stream(replicas).sum()];
        int next = 0;
        for (int i = 0; i < load.length; i++) {
            for (int r = 0; r < replicas[i]; r++) {
                weight[next++] = load[i] / replicas[i];
            }
        }
        Arrays.sort(weight);
        int slotsPerRank = (weight.length + ranks - 1) / ranks;
        double[] rankLoad = new double[ranks];
        int[] held = new int[ranks];
        for (int k = weight.length - 1; k >= 0; k--) {
            int least = -1;
            for (int g = 0; g < ranks; g++) {
                if (held[g] < slotsPerRank && (least < 0 || rankLoad[g] < rankLoad[least])) {
                    least = g;
                }
            }
            rankLoad[least] += weight[k];
            held[least]++;
        }
        return rankLoad;
    }
}
