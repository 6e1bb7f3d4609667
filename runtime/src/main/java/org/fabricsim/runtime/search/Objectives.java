package org.fabricsim.runtime.search;

import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.spec.SearchSpec.Objective;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * A training job's objective values from its step time, by the formulas of the training result
 * ({@code TrainingSimulator}, docs/metrics.md), so that the screen and the refinement rank alike:
 * MFU = model FLOPs per step ÷ (step × accelerators × dense BF16 peak); tokens per second = batch ×
 * sequence ÷ step; cost per hour = $/accelerator-hour × accelerators, per step = that × step ÷ 3600
 * s, per million tokens = cost per step ÷ tokens × 10⁶. O(layers) for MFU, O(1) otherwise.
 */
final class Objectives {
    private static final double SECONDS_PER_HOUR = 3600;

    private Objectives() {
    }

    /** The value of {@code objective} for {@code spec} stepping in {@code stepSeconds}; NaN when it has no cost. */
    static double value(Objective objective, TrainingSpec spec, double stepSeconds) {
        double tokens = (double) spec.globalBatchSequences() * spec.sequence();
        return switch (objective) {
            case MFU -> ModelFlops.perToken(spec.model(), spec.sequence()) * tokens
                    / (stepSeconds * spec.accelerators() * spec.cluster().meanBf16FlopsPerSecond(spec.accelerators()));
            case TOKENS_PER_SECOND -> tokens / stepSeconds;
            case COST_PER_STEP -> costPerHour(spec) * stepSeconds / SECONDS_PER_HOUR;
            case COST_PER_MTOK -> costPerHour(spec) * stepSeconds / SECONDS_PER_HOUR / tokens * 1e6;
            case TTFT_P99 -> throw new IllegalArgumentException("TTFT is an inference deployment's objective");
        };
    }

    /** $/accelerator-hour × accelerators; NaN without a cost. */
    static double costPerHour(TrainingSpec spec) {
        return spec.cluster().cost() == null ? Double.NaN
                : spec.cluster().cost().dollarsPerHour() * spec.accelerators();
    }
}
