package org.fabricsim.runtime.reliability;

import java.util.Map;

import org.fabricsim.runtime.spec.CostSpec;

/**
 * The wall time a training run needs for its token budget, and what that time costs
 * (docs/metrics.md, "Time to train"): days = tokens ÷ r ÷ 86,400 s, with r the tokens per second of
 * wall time (the goodput when the cluster's reliability gives one, else the failure-free
 * tokens/s), and cost = $/accelerator-hour × accelerators × days × 24 h. The cluster is assumed
 * held, and paid for, for the whole wall time, restarts and lost work included. O(1).
 */
public final class TimeToTrain {
    private static final double SECONDS_PER_DAY = 86_400;
    private static final double HOURS_PER_DAY = 24;

    private TimeToTrain() {
    }

    /**
     * Adds {@code timeToTrainDays} for {@code trainTokens} tokens at {@code tokensPerWallSecond},
     * and with a {@code cost} (null when the cluster has none) {@code timeToTrainCost} for
     * {@code accelerators} accelerators, to {@code metrics}.
     */
    public static void put(double trainTokens, double tokensPerWallSecond, int accelerators, CostSpec cost,
            Map<String, Object> metrics) {
        double days = trainTokens / tokensPerWallSecond / SECONDS_PER_DAY;
        metrics.put("timeToTrainDays", days);
        if (cost != null) {
            metrics.put("timeToTrainCost", cost.dollarsPerHour() * accelerators * days * HOURS_PER_DAY);
        }
    }
}
