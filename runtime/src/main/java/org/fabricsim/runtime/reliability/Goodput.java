package org.fabricsim.runtime.reliability;

/**
 * Closed-form expectations of a {@link Scenario}, exact for its renewal model. A segment of
 * running time s = τ + C completes only in a failure-free attempt; attempts fail at rate λ, so the
 * expected number of interruptions per completed segment is N = e<sup>λs</sup> − 1, the expected
 * running time of the failed attempts is N/λ − s, and the expected wall time of a segment is
 * E[T] = N (1/λ + R̄) (for λ = 0, E[T] = s). Then, as shares of wall time:
 * ETTR = τ ÷ E[T], checkpoints C ÷ E[T], lost work (N/λ − s) ÷ E[T], restarts N R̄ ÷ E[T]; they sum
 * to 1. Interruptions per wall second are 1 ÷ (1/λ + R̄) (the job alternates an exponential run of
 * mean 1/λ with a restart of mean R̄, as in {@link FailureModel}). Young's interval (J. W. Young, "A
 * first order approximation to the optimum checkpoint interval", CACM 17(9), 1974) is
 * τ* = √(2 C / λ). When N passes a double, the shares are their limits as N → ∞ ({@link #hopeless}). Every
 * value is O(1).
 *
 * @param interruptionsPerSecond  interruptions per second of wall time
 * @param ettr                    effective training time ratio: productive time ÷ wall time
 * @param checkpointShare         share of wall time spent writing checkpoints
 * @param lostWorkShare           share of wall time spent on work later lost to an interruption
 * @param restartShare            share of wall time spent restarting (and waiting for repairs)
 * @param youngIntervalSeconds    √(2 C / λ); infinite when λ = 0
 */
public record Goodput(double interruptionsPerSecond, double ettr, double checkpointShare, double lostWorkShare,
        double restartShare, double youngIntervalSeconds) {

    /** The expectations of {@code scenario}. */
    public static Goodput expect(Scenario scenario) {
        double lambda = scenario.ratePerSecond();
        double segment = scenario.segmentSeconds();
        double restart = scenario.meanRestartSeconds();
        if (lambda == 0) {
            return new Goodput(0, scenario.intervalSeconds() / segment, scenario.checkpointSeconds() / segment, 0, 0,
                    Double.POSITIVE_INFINITY);
        }
        double failures = Math.expm1(lambda * segment);
        double failedRunSeconds = failures / lambda - segment;
        double wallSeconds = failures / lambda + failures * restart;
        double perSecond = FailureModel.interruptionsPerWallSecond(lambda, restart);
        double young = Math.sqrt(2 * scenario.checkpointSeconds() / lambda);
        if (!Double.isFinite(wallSeconds)) { // N = ∞ makes it ∞, or NaN as ∞ × 0 when no restart takes time
            return hopeless(perSecond, lambda, restart, young);
        }
        return new Goodput(perSecond, scenario.intervalSeconds() / wallSeconds,
                scenario.checkpointSeconds() / wallSeconds, failedRunSeconds / wallSeconds,
                failures * restart / wallSeconds, young);
    }

    /**
     * A segment so long against the failures that N = e<sup>λs</sup> − 1 passes a double (λs above about 709, e.g. a
     * checkpoint every 10^8 h on a cluster failing every 1,300 h): the shares are the limits as N → ∞ of the ones
     * above divided through by N, ETTR = checkpoints = 0, lost work (1/λ) ÷ (1/λ + R̄) and restarts R̄ ÷ (1/λ + R̄)
     * (the job only runs to its next failure and restarts); computed as written, ∞ ÷ ∞ and ∞ × 0 made the shares and the
     * effective MFU NaN.
     */
    private static Goodput hopeless(double perSecond, double lambda, double restart, double young) {
        double cycleSeconds = 1 / lambda + restart;
        return new Goodput(perSecond, 0, 0, 1 / lambda / cycleSeconds, restart / cycleSeconds, young);
    }
}
