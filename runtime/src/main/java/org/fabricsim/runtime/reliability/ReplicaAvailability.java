package org.fabricsim.runtime.reliability;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How many of N serving replicas are down at a time. Each replica fails at rate λ (the failure
 * model of the parts one replica uses) and is back after R̄ (restart, plus the repair with
 * probability p): an alternating renewal process, up for a mean 1/λ and down for a mean R̄, so a
 * replica is up a share a = 1 ÷ (1 + λ R̄) of the time whatever the distribution of R̄. Replicas
 * fail independently, so the number down at a random time is binomial:
 * P(d) = C(N, d) (1 − a)<sup>d</sup> a<sup>N − d</sup>. A request in flight for a time t is cut by its
 * replica's failure with probability 1 − e<sup>−λ t</sup> and retried. {@link #simulate} checks the
 * binomial with a seeded Monte Carlo of the N processes. Closed forms O(N); the Monte Carlo
 * O(replications × (N + k log k)) for k = N λ × window outages per window.
 *
 * @param replicas            N
 * @param ratePerSecond       λ, failures per second of one replica's running time
 * @param restartSeconds      R, the time a failed replica takes to serve again
 * @param repairSeconds       the extra wait of a failure that needs a repair
 * @param repairShare         p, the probability a failure needs the repair
 */
public record ReplicaAvailability(int replicas, double ratePerSecond, double restartSeconds, double repairSeconds,
        double repairShare) {

    public ReplicaAvailability {
        if (replicas < 1 || !(ratePerSecond >= 0) || !(restartSeconds >= 0) || !(repairSeconds >= 0)
                || !(repairShare >= 0 && repairShare <= 1)) {
            throw new IllegalArgumentException("invalid replica availability: " + this);
        }
    }

    /** R̄ = R + p × repair. */
    public double meanDownSeconds() {
        return restartSeconds + repairShare * repairSeconds;
    }

    /** a = 1 ÷ (1 + λ R̄): the share of time one replica serves. */
    public double replicaAvailability() {
        return 1 / (1 + ratePerSecond * meanDownSeconds());
    }

    /** P(d): the share of time exactly {@code down} replicas are down (binomial, computed in logs). */
    public double downShare(int down) {
        if (down < 0 || down > replicas) {
            return 0;
        }
        double a = replicaAvailability();
        if (a == 1) {
            return down == 0 ? 1 : 0;
        }
        double logChoose = 0;
        for (int i = 0; i < down; i++) {
            logChoose += Math.log(replicas - i) - Math.log(i + 1);
        }
        return Math.exp(logChoose + down * Math.log1p(-a) + (replicas - down) * Math.log(a));
    }

    /** 1 − e<sup>−λ t</sup>: the probability a request in flight for {@code seconds} loses its replica. */
    public double cutShare(double seconds) {
        return -Math.expm1(-ratePerSecond * seconds);
    }

    /**
     * The share of time with exactly d replicas down, for d in [0, {@code maxDown}], and in the last
     * entry the share with more down, averaged over {@code replications} windows of {@code
     * windowSeconds} from {@code seed}: up times are drawn −ln(1 − U) ÷ λ, each down time is R plus
     * the repair with probability p; every replica starts up (so a window much longer than 1/λ
     * measures the steady state). Same seed, same shares.
     */
    public double[] simulate(int maxDown, double windowSeconds, int replications, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] starts = new double[16];
        double[] ends = new double[16];
        double[] shares = new double[maxDown + 2];
        for (int r = 0; r < replications; r++) {
            int outages = 0;
            for (int replica = 0; replica < replicas && ratePerSecond > 0; replica++) {
                double clock = -Math.log1p(-random.nextDouble()) / ratePerSecond;
                while (clock < windowSeconds) {
                    if (outages == starts.length) {
                        starts = Arrays.copyOf(starts, 2 * outages);
                        ends = Arrays.copyOf(ends, 2 * outages);
                    }
                    starts[outages] = clock;
                    clock += restartSeconds + (random.nextDouble() < repairShare ? repairSeconds : 0);
                    ends[outages++] = Math.min(clock, windowSeconds);
                    clock += -Math.log1p(-random.nextDouble()) / ratePerSecond;
                }
            }
            Arrays.sort(starts, 0, outages);
            Arrays.sort(ends, 0, outages);
            int down = 0;
            double clock = 0;
            for (int s = 0, e = 0; s < outages || e < outages;) {
                boolean start = s < outages && starts[s] <= ends[e];
                double next = start ? starts[s++] : ends[e++];
                shares[Math.min(down, maxDown + 1)] += (next - clock) / windowSeconds / replications;
                clock = next;
                down += start ? 1 : -1;
            }
            shares[Math.min(down, maxDown + 1)] += (windowSeconds - clock) / windowSeconds / replications;
        }
        return shares;
    }
}
