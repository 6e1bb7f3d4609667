package org.fabricsim.runtime.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The expected load of the busiest of G groups over their mean load when n items each pick k
 * distinct of B bins uniformly at random, bin j belonging to group j mod G: E[max_g c_g] ÷ (n·k/G),
 * c_g the picks that land in group g. Training's busiest expert rank of a micro-batch
 * ({@code training.SampledRouting}) and two uses in serving:
 * <ul>
 * <li><b>Expert routing:</b> n tokens, each routed to its top-k of E experts (B = E), the experts
 * spread over the G = max(EP, TP) ranks that hold them. A rank's c_g is a sum of n hypergeometric
 * draws (mean n·k/G, variance n·k·(1/G)(1 − 1/G)(E − k)/(E − 1) when G divides E); an MoE layer waits
 * for its busiest rank, so its expert GEMMs and its dispatch and combine carry L(n) = E[max] ÷ mean
 * times the mean rows. With G = E this is the max-loaded expert's tokens over the mean. Routing that
 * is uniform on average is the assumption (DeepSeek-V3's auxiliary-loss-free balancing targets it,
 * arXiv 2412.19437 §2.1.2); what remains is the sampling noise of one batch, large at decode batch
 * sizes (one token, k = 8 of E = 256 over 32 ranks: the busiest rank holds 1 of the 8 copies
 * with probability Π_{i<8} (256 − 8i)/(256 − i) = 0.43, else mostly 2, against a mean of 1/4) and vanishing as 1/√n in long prefills.</li>
 * <li><b>Attention data parallelism:</b> n decoding sequences, each on one of D ranks (k = 1, B = G =
 * D): the iteration waits for the rank with the most sequences, E[max] ÷ (n/D) times the mean.</li>
 * </ul>
 *
 * <p>Computed by a seeded Monte Carlo (fixed seed {@value #SEED}, so every run and every replica sees
 * the same figure; it is an expectation, not a sample path): at n = 2^i for i = 0 … {@value
 * #LARGEST_POWER}, with as many trials as {@value #DRAWS_PER_POINT} draws allow (at least {@value
 * #MIN_TRIALS}); between two powers the excess L − 1 is interpolated linearly in log n, and above
 * 2^{@value #LARGEST_POWER} it is extrapolated as 1/√n, the normal limit's scaling (excess =
 * σ·E[max of G standard normals] ÷ mean ∝ 1/√n). Each power is sampled once, when first needed: O(draws)
 * then, O(1) per look-up; memory O(B + G + powers). Exact for G = 1 (L = 1).
 */
public final class RoutedMaximum {
    static final long SEED = 0x5EEDL;
    static final int LARGEST_POWER = 12;
    static final int DRAWS_PER_POINT = 1 << 18;
    static final int MIN_TRIALS = 64;

    private final int picks;
    private final int bins;
    private final int groups;
    private final double[] excess = new double[LARGEST_POWER + 1];
    private final int[] order;
    private final int[] counts;

    /**
     * @param picks  k, distinct bins each item picks ({@code ≤ bins})
     * @param bins   B, the bins (experts, or ranks)
     * @param groups G, the groups the bins belong to, bin j to group j mod G
     */
    public RoutedMaximum(int picks, int bins, int groups) {
        if (picks < 1 || picks > bins || groups < 1) {
            throw new IllegalArgumentException("need 1 ≤ picks ≤ bins and groups ≥ 1: " + picks + ", " + bins + ", "
                    + groups);
        }
        this.picks = picks;
        this.bins = bins;
        this.groups = groups;
        this.order = new int[bins];
        this.counts = new int[groups];
        Arrays.fill(excess, Double.NaN);
    }

    /** L(n) = E[busiest group's picks] ÷ (n·k/G) for {@code items} items (see the class comment); 1 for none. */
    public double factor(long items) {
        if (groups == 1 || items < 1) {
            return 1;
        }
        double log = Math.log(items) / Math.log(2);
        if (log >= LARGEST_POWER) {
            return 1 + excessAt(LARGEST_POWER) * Math.sqrt((1L << LARGEST_POWER) / (double) items);
        }
        int below = (int) Math.floor(log);
        double t = log - below;
        return 1 + (1 - t) * excessAt(below) + (t == 0 ? 0 : t * excessAt(below + 1));
    }

    /** L − 1 at n = 2^power, sampled once. */
    private double excessAt(int power) {
        if (Double.isNaN(excess[power])) {
            excess[power] = sample(1 << power) - 1;
        }
        return excess[power];
    }

    /** The Monte Carlo estimate of E[max] ÷ mean for n items. */
    private double sample(int items) {
        SplittableRandom random = new SplittableRandom(SEED + items);
        int trials = Math.max(MIN_TRIALS, DRAWS_PER_POINT / (items * picks));
        for (int j = 0; j < bins; j++) {
            order[j] = j;
        }
        long sumOfMaxima = 0;
        for (int trial = 0; trial < trials; trial++) {
            Arrays.fill(counts, 0);
            for (int item = 0; item < items; item++) {
                for (int p = 0; p < picks; p++) {
                    int j = p + random.nextInt(bins - p);
                    int bin = order[j];
                    order[j] = order[p];
                    order[p] = bin;
                    counts[bin % groups]++;
                }
            }
            int max = 0;
            for (int g = 0; g < groups; g++) {
                max = Math.max(max, counts[g]);
            }
            sumOfMaxima += max;
        }
        return (double) sumOfMaxima / trials / ((double) items * picks / groups);
    }
}
