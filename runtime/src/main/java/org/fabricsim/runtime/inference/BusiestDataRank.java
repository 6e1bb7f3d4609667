package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.sim.RoutedMaximum;

/**
 * The busiest attention DP rank of a decode-only iteration ({@link ServingModel}, DP > 1: each rank holds its own
 * sequences and the iteration waits for the rank holding the most). Taking each of the n decoding sequences to sit on
 * a uniformly random one of the D ranks (round-robin admission, as SGLang's default {@code load_balance_method
 * round_robin}, with sequences finishing in random order; an upper bound: a dispatcher that balances counts, or fixed
 * lengths admitted together, spread them more evenly), that rank holds f_D(n) = E[max] ÷ (n/D) times the mean
 * ({@link RoutedMaximum}: 1.5 for two sequences on two ranks, 1.30 for 88 per rank over 144), and its attention
 * projections and core take f_D times the mean rank's work. The projections' excess is memoized per token count, so
 * a count costs O(1) once seen; memory O(largest count).
 */
final class BusiestDataRank {
    private final LayerKernels kernels;
    /** f_D(n) of the D attention DP ranks. */
    private final RoutedMaximum busiestDataRank;
    private final CountMemo busiestRankParts = new CountMemo();
    /** DP·CP: the ranks an iteration's tokens are spread over. */
    private final int tokenShards;
    private final double layersPerStage;
    private final int tokensPerDecodeStep;

    /**
     * The busiest of {@code dataRanks} ranks of a replica whose layers run {@code kernels}, {@code layersPerStage} of
     * them per pipeline stage, with {@code tokensPerDecodeStep} tokens per decoding sequence and iteration
     * ({@link ServingModel#tokensPerDecodeStep}).
     */
    BusiestDataRank(LayerKernels kernels, int dataRanks, int tokenShards, double layersPerStage,
            int tokensPerDecodeStep) {
        this.kernels = kernels;
        this.busiestDataRank = new RoutedMaximum(1, dataRanks, dataRanks);
        this.tokenShards = tokenShards;
        this.layersPerStage = layersPerStage;
        this.tokensPerDecodeStep = tokensPerDecodeStep;
    }

    /**
     * What the busiest attention DP rank adds to a decode-only iteration of {@code tokens}: its f_D(n)
     * times the mean rank's sequences ({@link RoutedMaximum} with one pick of D ranks; n = tokens ÷
     * tokens per decode step) run f_D times the mean's attention projections and attention core
     * (pairs and cached tokens), and the iteration waits for it: L/PP·(a(f_D·x) − a(x)) + L/PP·(core at
     * f_D times the work − {@code meanCore}), seconds. The FLOPs stay the nominal ones (the other ranks
     * do less). O(1) once the count has been seen.
     */
    double busiestDataRankSeconds(long tokens, double decodePairs, double kvTokens, double meanCore) {
        double savedGroup = kernels.flops();
        double share = busiestDataRank.factor(tokens / tokensPerDecodeStep());
        int index = Math.toIntExact(tokens);
        double projections;
        if (busiestRankParts.has(index)) {
            projections = busiestRankParts.seconds(index);
        } else {
            double x = (double) tokens / tokenShards;
            projections = busiestRankParts.put(index,
                    layersPerStage * (kernels.attentionProjections(share * x) - kernels.attentionProjections(x)), 0);
        }
        double core = kernels.attentionCore(0, 0, share * decodePairs / tokenShards, share * kvTokens);
        kernels.restoreFlops(savedGroup);
        return projections + layersPerStage * (core - meanCore);
    }

    /** Tokens a decoding sequence puts through an iteration, as {@link ServingModel#tokensPerDecodeStep}. */
    private int tokensPerDecodeStep() {
        return tokensPerDecodeStep;
    }
}
