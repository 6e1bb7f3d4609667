package org.fabricsim.runtime.reliability;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A seeded Monte Carlo of a {@link Scenario} over a run of {@code windowSeconds} wall time,
 * repeated {@code replications} times. One replication draws the running time to the next
 * interruption, x = −ln(1 − U) ÷ λ; in that time ⌊x ÷ s⌋ whole segments complete (work τ and
 * checkpoint C each, the exponential being memoryless), the rest is lost work, then a restart of R
 * (plus the repair with probability p) follows. Per replication ETTR = work ÷ window.
 *
 * <p>The segment in progress at the window's end, r of its s seconds run, is kept only if the job runs its other
 * s − r seconds without an interruption, with probability q = e<sup>−λ(s − r)</sup> (memoryless): its work counts
 * q × min(r, τ), its checkpoint q × max(0, r − τ), and the other (1 − q) × r is lost work, the expectation of what an
 * interruption-free continuation would keep. So a replication counts only work that is, in expectation, ever
 * checkpointed, as {@link Goodput}'s renewal model does. Counting the unfinished segment as work, as this class did
 * until session 66, made a window shorter than one segment productive whenever no failure fell in it: τ = 10<sup>8</sup>
 * h against λ = 1/2,500 h over 30 days gave a mean ETTR of 0.859 where the closed form, and a job that never
 * completes a checkpoint, give 0 (λs = 40,000, q underflows to 0).
 *
 * <p>The mean of the replications and its 95% confidence interval (mean ± 1.96 σ ÷ √n, normal
 * approximation) are reported with the 5th and 95th percentiles. Cost: O(replications × (λ × window
 * + 1)) draws plus an O(n log n) sort, in primitive arrays; the same seed gives the same result.
 */
public final class MonteCarlo {
    private static final double Z_95 = 1.959964;
    private static final double SECONDS_PER_DAY = 86_400;

    private MonteCarlo() {
    }

    /**
     * Outcome of the replications.
     *
     * @param replications                 replications run
     * @param ettrMean                     mean ETTR
     * @param ettrHalfWidth95              half-width of the 95% confidence interval of the mean ETTR
     * @param ettrP5                       5th percentile of ETTR
     * @param ettrP95                      95th percentile of ETTR
     * @param interruptionsPerDayMean      mean interruptions per day of wall time
     * @param interruptionsHalfWidth95     half-width of its 95% confidence interval
     * @param checkpointShare              mean share of wall time writing checkpoints
     * @param lostWorkShare                mean share of wall time on lost work
     * @param restartShare                 mean share of wall time restarting
     */
    public record Result(int replications, double ettrMean, double ettrHalfWidth95, double ettrP5, double ettrP95,
            double interruptionsPerDayMean, double interruptionsHalfWidth95, double checkpointShare,
            double lostWorkShare, double restartShare) {
    }

    /** Runs {@code replications} windows of {@code windowSeconds} of {@code scenario} from {@code seed}. */
    public static Result run(Scenario scenario, double windowSeconds, int replications, long seed) {
        if (!(windowSeconds > 0) || replications < 2) {
            throw new IllegalArgumentException("need a positive window and at least 2 replications");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] ettr = new double[replications];
        double[] perDay = new double[replications];
        double[] shares = new double[3];
        for (int i = 0; i < replications; i++) {
            perDay[i] = replicate(scenario, windowSeconds, random, shares) * SECONDS_PER_DAY / windowSeconds;
            ettr[i] = shares[2];
        }
        double checkpointSeconds = shares[0];
        double lostSeconds = shares[1];
        double restartSeconds = windowSeconds * replications * (1 - mean(ettr)) - checkpointSeconds - lostSeconds;
        double total = windowSeconds * replications;
        Arrays.sort(ettr);
        return new Result(replications, mean(ettr), halfWidth(ettr), ettr[(int) (0.05 * (replications - 1))],
                ettr[(int) Math.ceil(0.95 * (replications - 1))], mean(perDay), halfWidth(perDay),
                checkpointSeconds / total, lostSeconds / total, restartSeconds / total);
    }

    /**
     * One window; adds its checkpoint and lost-work seconds to {@code totals[0]} and {@code totals[1]},
     * leaves its ETTR in {@code totals[2]} and returns its interruptions.
     */
    private static int replicate(Scenario scenario, double windowSeconds, SplittableRandom random, double[] totals) {
        double lambda = scenario.ratePerSecond();
        double work = scenario.intervalSeconds();
        double checkpoint = scenario.checkpointSeconds();
        double segment = scenario.segmentSeconds();
        double clock = 0;
        double workSeconds = 0;
        int interruptions = 0;
        while (clock < windowSeconds) {
            double toFailure = lambda > 0 ? -Math.log1p(-random.nextDouble()) / lambda : Double.POSITIVE_INFINITY;
            double running = Math.min(toFailure, windowSeconds - clock);
            double segments = Math.floor(running / segment);
            double rest = running - segments * segment;
            workSeconds += segments * work;
            totals[0] += segments * checkpoint;
            if (toFailure >= windowSeconds - clock) {
                double kept = Math.exp(-lambda * (segment - rest));
                workSeconds += kept * Math.min(rest, work);
                totals[0] += kept * Math.max(0, rest - work);
                totals[1] += (1 - kept) * rest;
                break;
            }
            totals[1] += rest;
            interruptions++;
            clock += toFailure;
            double restart = scenario.restartSeconds()
                    + (random.nextDouble() < scenario.repairShare() ? scenario.repairSeconds() : 0);
            clock += restart;
        }
        totals[2] = workSeconds / windowSeconds;
        return interruptions;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    private static double halfWidth(double[] values) {
        double mean = mean(values);
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return Z_95 * Math.sqrt(squares / (values.length - 1) / values.length);
    }
}
