package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.sim.RoutedMaximum;
import org.fabricsim.runtime.sim.StandardNormal;

/**
 * The expected load of the busiest of G expert ranks over the mean rank's when n tokens each route
 * to k distinct of E experts and the ranks are not equally likely: rank g receives a share p_g of
 * the picks in expectation (Σ p_g = 1; {@link RedundantExpertLoad#rankShares}, from EPLB's placement
 * or the stated skew). L_p(n) = E[max_g c_g] ÷ (n·k/G), c_g the picks that land on rank g.
 *
 * <p><b>Per rank.</b> c_g has mean μ_g = n·k·p_g. A token's k picks are distinct experts, which
 * lowers each count's variance by φ = (E − k)/(E − 1) (the hypergeometric correction of {@link
 * RoutedMaximum}), and the counts sum to n·k. Taking the counts as independent normals of variance
 * τ_g² = μ_g·φ (the Poisson form: a multinomial is independent Poisson counts conditioned on their
 * sum, and the condition moves every count by nearly the same p_g·(Σ deviation), not the maximum's
 * excess) gives, for equal shares, the variance n·k(1/G)(1 − 1/G)φ of each count scaled by G/(G − 1),
 * the sum-to-zero correction {@link RoutedMaximum}'s normal limit uses. In units of the mean rank:
 * a_g = G·p_g, b_g² = a_g·φ·G/(n·k), and
 * <pre>  H_p(n) = E[max_g N(a_g, b_g²)] = x₀ + ∫_{x₀}^{x₁} (1 − Π_g Φ((x − a_g)/b_g)) dx,</pre>
 * x₀ = min_g(a_g − 8b_g), x₁ = max_g(a_g + 8b_g) (Π Φ(x₀) < Φ(−8) ≈ 6e−16), by Simpson's rule on
 * {@value #INTERVALS} intervals; ranks of equal share form one factor Φ^m, so a layout of C distinct
 * shares costs O(C·{@value #INTERVALS}).
 *
 * <p><b>The result.</b> The normal form is poor where few picks land on a rank (small n), where
 * {@link RoutedMaximum}'s seeded Monte Carlo of the equal-share routing, L_u(n), is exact. The
 * placement's shift is added to it:
 * <pre>  L_p(n) = clamp(L_u(n) + H_p(n) − H_u(n),  G·max_g p_g,  G·min(k, s)/k),</pre>
 * H_u the normal form with every share 1/G; the bounds are the busiest rank's expected share (E[max]
 * ≥ max E) and a token's most picks on one rank of s slots. Equal shares give L_u(n) exactly, so a
 * layout without replicas or skew keeps {@link RoutedMaximum}'s figure; as n grows L_p → G·max p_g,
 * the placement's S_R. H_p − H_u is computed at n = 2^i when first needed and interpolated linearly
 * in log₂ n between them, as {@link RoutedMaximum} interpolates its excess: O(1) per look-up after
 * O(C·{@value #INTERVALS}) per power. The test states its error against a seeded Monte Carlo of
 * DeepSeek-V3's decode placement.
 */
final class UnevenRanksMaximum {
    static final int INTERVALS = 2048;
    private static final double TAIL_SIGMAS = 8;
    private static final int POWERS = 63;

    private final RoutedMaximum uniform;
    private final int picks;
    private final int ranks;
    private final double phi;
    private final double[] shares;
    private final int[] multiplicity;
    private final boolean even;
    private final double floor;
    private final double ceiling;
    private final double[] shift = new double[POWERS];

    /**
     * @param uniform      L_u: the equal-share routing's maximum over the same ranks
     * @param share        p_g of each rank, summing to 1
     * @param picks        k, experts per token
     * @param experts      E, distinct experts a token picks from
     * @param slotsPerRank s, the expert slots a rank holds
     */
    UnevenRanksMaximum(RoutedMaximum uniform, double[] share, int picks, int experts, int slotsPerRank) {
        this.uniform = uniform;
        this.picks = picks;
        this.ranks = share.length;
        this.phi = experts > 1 ? (double) (experts - picks) / (experts - 1) : 0;
        double[] sorted = share.clone();
        Arrays.sort(sorted);
        int distinct = 0;
        double[] values = new double[sorted.length];
        int[] counts = new int[sorted.length];
        for (double p : sorted) {
            if (distinct == 0 || p != values[distinct - 1]) {
                values[distinct++] = p;
            }
            counts[distinct - 1]++;
        }
        this.shares = Arrays.copyOf(values, distinct);
        this.multiplicity = Arrays.copyOf(counts, distinct);
        this.even = distinct == 1;
        this.floor = ranks * sorted[sorted.length - 1];
        this.ceiling = (double) ranks * Math.min(picks, slotsPerRank) / picks;
        Arrays.fill(shift, Double.NaN);
    }

    /** L_p(n) for {@code tokens} tokens (class comment); L_u(n) exactly when every share is equal. */
    double factor(long tokens) {
        double routed = uniform.factor(tokens);
        if (even || tokens < 1) {
            return routed;
        }
        double log = Math.log(tokens) / Math.log(2);
        int below = Math.min((int) Math.floor(log), POWERS - 2);
        double t = log - below;
        double placed = routed + (1 - t) * shiftAt(below) + (t == 0 ? 0 : t * shiftAt(below + 1));
        return Math.min(ceiling, Math.max(floor, placed));
    }

    /** H_p − H_u at n = 2^power, computed once. */
    private double shiftAt(int power) {
        if (Double.isNaN(shift[power])) {
            double items = Math.pow(2, power);
            shift[power] = normalMaximum(shares, multiplicity, items)
                    - normalMaximum(new double[] {1.0 / ranks}, new int[] {ranks}, items);
        }
        return shift[power];
    }

    /** H(n) of the class comment for ranks of share {@code share[c]}, {@code count[c]} of each. O(C·INTERVALS). */
    private double normalMaximum(double[] share, int[] count, double items) {
        double[] mean = new double[share.length];
        double[] sd = new double[share.length];
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < share.length; c++) {
            mean[c] = ranks * share[c];
            sd[c] = Math.sqrt(mean[c] * phi * ranks / (items * picks));
            low = Math.min(low, mean[c] - TAIL_SIGMAS * sd[c]);
            high = Math.max(high, mean[c] + TAIL_SIGMAS * sd[c]);
        }
        if (!(high > low)) {
            return high;
        }
        double step = (high - low) / INTERVALS;
        double sum = 0;
        for (int i = 0; i <= INTERVALS; i++) {
            double weight = i == 0 || i == INTERVALS ? 1 : i % 2 == 1 ? 4 : 2;
            sum += weight * (1 - belowAll(low + i * step, mean, sd, count));
        }
        return low + sum * step / 3;
    }

    /** Π_c Φ((x − a_c)/b_c)^{m_c}. */
    private static double belowAll(double x, double[] mean, double[] sd, int[] count) {
        double logProduct = 0;
        for (int c = 0; c < mean.length; c++) {
            double cdf = sd[c] == 0 ? (x >= mean[c] ? 1 : 0) : StandardNormal.cdf((x - mean[c]) / sd[c]);
            if (cdf == 0) {
                return 0;
            }
            logProduct += count[c] * Math.log(cdf);
        }
        return Math.exp(logProduct);
    }
}
