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
 * <p>One rule on every schedule, overlapped ones (DualPipe) included: u_b holds everything stage b runs inside its
 * tasks, its compute and its own exposed exchange (a pair's unhidden part, a lone task's whole exchange, in fill and
 * drain alike); the bubble is every second b waits for another stage, whatever that stage runs (its exchange
 * included), plus end_c − end_b. When the bottleneck moves to a stage whose busy time grows faster than the step's
 * end (DeepSeek-V3's routing skew: rank 1's 8 MoE layers overtake rank 0's heads), the bubble falls continuously
 * (it is end_c − max_s u_s) while the old bottleneck's idle, now imbalance, grows.
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
