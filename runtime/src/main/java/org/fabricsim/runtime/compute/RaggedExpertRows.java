package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.sim.StandardNormal;

/**
 * The expected time of one expert's GEMM whose row count is the random number of token copies the router sends
 * that expert, rather than the mean count.
 *
 * <p>A grouped GEMM runs each local expert over its own m rows (Megatron-Core's {@code GroupedMLP} and Transformer
 * Engine's {@code GroupedLinear} take the per-expert counts, {@code tokens_per_expert}, as the split sizes; BF16
 * pads no expert's rows), and a GEMM computes whole output tiles of R = {@link ComputeCalibration#TILE_ROWS} rows:
 * its time is a step function of ⌈m/R⌉ ({@link Gemm}'s q_tile). Routing that is balanced on average still spreads
 * the counts: each of the n tokens routed into the expert-parallel group picks k of E experts, so one expert's m is
 * binomial, mean μ = n·k/E (times the busiest rank's load L), variance μ·(1 − k/E). Megatron-Core's forced
 * balancing ({@code --moe-router-force-load-balancing}) draws random router logits ({@code moe_utils
 * .apply_random_logits}), the same binomial. The mean count's tile figure holds only if every expert's m equals μ;
 * with a spread the expected tiles exceed ⌈μ/R⌉ (at μ = 4R with σ ≪ R, half the experts need a fifth tile: 4.5
 * tiles, +12.5%; at μ = 32R, +1.5%).
 *
 * <p>With m taken as normal(μ, σ²), tile count t has probability P(t) = Φ((tR − μ)/σ) − Φ(((t − 1)R − μ)/σ) for
 * t ≥ 1, and
 * <pre>  E[T] = Σ_{t ≥ 1} P(t) · T((t − ½)·R),</pre>
 * T the {@link Gemm#seconds} of a GEMM of (t − ½)·R rows, which has t row tiles (compute-bound, its time depends on
 * m through t alone; the memory term sees the bucket's middle row count). An expert with no rows (m ≤ 0) runs no
 * GEMM. The sum runs over t within μ ± {@value #SIGMAS}σ, O(σ/R + 1) terms; σ = 0 gives T(μ). Only the forward and
 * input-gradient GEMMs tile m; the weight gradient reduces over m ({@link Gemm}'s depth term has no tile step) and
 * keeps T(μ).
 */
public final class RaggedExpertRows {
    private static final double SIGMAS = 8;

    private RaggedExpertRows() {
    }

    /** σ of one expert's rows: √(μ·(1 − k/E)) for mean rows μ, top-k of E experts. */
    public static double sigma(double meanRows, int topK, int experts) {
        return Math.sqrt(Math.max(0, meanRows * (1 - (double) topK / experts)));
    }

    /** E[T] of a GEMM of m × n × k, m normal with {@code meanRows} and {@code sigma} (see the class comment). */
    public static double seconds(Device device, double meanRows, double sigma, double n, double k) {
        if (!(sigma > 0) || meanRows <= 0) {
            return Gemm.seconds(device, meanRows, n, k, 1);
        }
        double rows = ComputeCalibration.TILE_ROWS;
        long first = Math.max(1, (long) Math.floor((meanRows - SIGMAS * sigma) / rows));
        long last = Math.max(first, (long) Math.ceil((meanRows + SIGMAS * sigma) / rows));
        double expected = 0;
        double below = StandardNormal.cdf(((first - 1) * rows - meanRows) / sigma);
        for (long t = first; t <= last; t++) {
            double upTo = StandardNormal.cdf((t * rows - meanRows) / sigma);
            expected += (upTo - below) * Gemm.seconds(device, (t - 0.5) * rows, n, k, 1);
            below = upTo;
        }
        return expected;
    }
}
