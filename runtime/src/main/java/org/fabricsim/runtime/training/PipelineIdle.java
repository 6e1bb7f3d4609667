package org.fabricsim.runtime.training;

/**
 * Who waits for whom in a pipeline run with free communication: the bottleneck stage (the most
 * busy, compute plus the communication inside its tasks), the schedule's bubble as that stage sees
 * it, and the idle time stage imbalance causes elsewhere.
 *
 * <p>With busy time u_s of stage s and the critical stage c (the one that finishes the step last):
 * bottleneck b = argmax u_s (c on a tie, within a relative 1e-9 so that summation order does not
 * pick a different stage of a balanced pipeline); bubble = max(0, end_c − u_b), the fill and drain
 * of the pipeline around the bottleneck's work; imbalance = Σ_s (u_b − u_s) ÷ P, the time the average
 * stage idles because it has less work than the bottleneck (idle time on other stages, not a part
 * of the step on the bottleneck). Balanced stages: b = c, bubble = end_c − u_c, imbalance 0. O(P).
 *
 * @param bottleneck        b
 * @param bubbleSeconds     end_c − u_b
 * @param imbalanceSeconds  Σ_s (u_b − u_s) ÷ P
 */
record PipelineIdle(int bottleneck, double bubbleSeconds, double imbalanceSeconds) {
    /** Relative tolerance for equal busy times: rounding only, not a model constant. */
    private static final double TIE = 1e-9;

    /** The idle times of {@code ideal} (a run with free pipeline sends) whose critical stage is {@code critical}. */
    static PipelineIdle of(PipelineTimeline ideal, int critical) {
        double[] busy = ideal.busySeconds();
        int b = critical;
        for (int s = 0; s < busy.length; s++) {
            if (busy[s] > busy[b] * (1 + TIE)) {
                b = s;
            }
        }
        double imbalance = 0;
        for (double u : busy) {
            imbalance += busy[b] - u;
        }
        return new PipelineIdle(b, Math.max(0, ideal.endSeconds()[critical] - busy[b]), imbalance / busy.length);
    }
}
