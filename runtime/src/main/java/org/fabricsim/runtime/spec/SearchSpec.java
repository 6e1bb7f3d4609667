package org.fabricsim.runtime.spec;

/**
 * A study's design-space search ({@code search maximize mfu in all within 16384 accelerators budget
 * $70000/h refine 8}).
 *
 * @param objective        what the search optimizes
 * @param all              whether the parameters the study does not vary take every feasible value
 *                         ({@code in all}) rather than the workload's own
 * @param maxAccelerators  the most accelerators a configuration may use; 0 for the cluster's size
 * @param budgetPerHour    the most a configuration may cost per hour, in dollars; 0 for no limit
 * @param refine           how many of the best screened configurations are simulated on the flow model
 */
public record SearchSpec(Objective objective, boolean all, int maxAccelerators, double budgetPerHour, int refine) {

    /** Refined configurations when the search does not say. */
    public static final int DEFAULT_REFINE = 8;

    public SearchSpec {
        if (objective == null) {
            throw new IllegalArgumentException("a search needs an objective");
        }
        Specs.requireNonNegative("maxAccelerators", maxAccelerators);
        Specs.requireNonNegative("budgetPerHour", budgetPerHour);
        Specs.requirePositive("refine", refine);
    }

    /**
     * What a search optimizes, with the result metric it reads and whether more is better.
     * TTFT p99 is an inference deployment's; the others are training jobs'.
     */
    public enum Objective {
        MFU("mfu", true), TOKENS_PER_SECOND("tokensPerSecond", true), COST_PER_STEP("costPerStep", false),
        COST_PER_MTOK("costPerMillionTokens", false), TTFT_P99("ttftP99Seconds", false);

        private final String metric;
        private final boolean maximize;

        Objective(String metric, boolean maximize) {
            this.metric = metric;
            this.maximize = maximize;
        }

        /** The metric's key in results. */
        public String metric() {
            return metric;
        }

        /** Whether a larger value is better. */
        public boolean maximize() {
            return maximize;
        }

        /** Whether {@code a} is better than {@code b} under this objective. */
        public boolean better(double a, double b) {
            return maximize ? a > b : a < b;
        }
    }
}
