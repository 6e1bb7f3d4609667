package org.fabricsim.runtime.packet;

/**
 * DCQCN's parameters (Zhu et al., "Congestion Control for Large-Scale RDMA Deployments",
 * SIGCOMM'15), as the Mellanox implementation runs them.
 *
 * <p>Switch (CP): a packet leaving an egress queue of q bytes is ECN-marked with probability 0 for
 * q ≤ Kmin, Pmax·(q − Kmin)/(Kmax − Kmin) for Kmin < q ≤ Kmax, and 1 above Kmax. Receiver (NP):
 * a CNP for a flow with marked arrivals, at most one per {@code cnpIntervalPs}. Sender (RP): on the
 * first CNP α = 1; every {@code alphaIntervalPs}, α ← (1 − g)·α + g if a CNP arrived in the
 * interval, else (1 − g)·α; every {@code decreaseIntervalPs}, if a CNP arrived, R_T ← R_C (except
 * in the first stage) and R_C ← max(R_min, R_C·(1 − α/2)), and the increase timer restarts. Every
 * {@code increaseTimerPs} the increase stage k advances: k &lt; F fast recovery R_C ← (R_C + R_T)/2;
 * k = F additive R_T += R_AI; k &gt; F hyper R_T += R_HAI, then R_C ← (R_C + R_T)/2.
 *
 * @param kminBytes          marking starts above this egress queue
 * @param kmaxBytes          every packet is marked above this queue
 * @param pmax               marking probability at Kmax
 * @param g                  α's gain
 * @param alphaIntervalPs    α update period
 * @param decreaseIntervalPs rate decrease check period
 * @param increaseTimerPs    rate increase timer
 * @param fastRecoverySteps  F
 * @param additiveBytesPerSecond      R_AI
 * @param hyperBytesPerSecond         R_HAI
 * @param minBytesPerSecond  R_min
 * @param cnpIntervalPs      the receiver's minimum gap between CNPs of one flow
 */
public record Dcqcn(long kminBytes, long kmaxBytes, double pmax, double g, long alphaIntervalPs,
        long decreaseIntervalPs, long increaseTimerPs, int fastRecoverySteps, double additiveBytesPerSecond,
        double hyperBytesPerSecond, double minBytesPerSecond, long cnpIntervalPs) {

    public Dcqcn {
        if (kminBytes < 0 || kmaxBytes <= kminBytes || !(pmax > 0) || pmax > 1 || !(g > 0) || g > 1
                || alphaIntervalPs <= 0 || decreaseIntervalPs <= 0 || increaseTimerPs <= 0 || fastRecoverySteps < 0
                || !(additiveBytesPerSecond > 0) || !(hyperBytesPerSecond > 0) || !(minBytesPerSecond > 0)
                || cnpIntervalPs < 0) {
            throw new IllegalArgumentException("DCQCN parameters out of range");
        }
    }

    /**
     * The HPCC ns-3 simulator's DCQCN settings scaled to a line rate, as its run.py does
     * (alibaba-edu/High-Precision-Congestion-Control, simulation/run.py, the dcqcn case, and
     * simulation/src/point-to-point/model/rdma-hw.cc): Kmin = 100 KB·(rate/25 Gb/s), Kmax = 400
     * KB·(rate/25 Gb/s), Pmax = 0.2, g = 1/256, α period 1 µs, decrease period 4 µs, increase
     * timer 300 µs, F = 5, R_AI = 5 Mb/s·(rate/25 Gb/s), R_HAI = 50 Mb/s·(rate/25 Gb/s), R_min =
     * 100 Mb/s. CNP interval 4 µs: assumed equal to the decrease period, since the RP acts on at
     * most one CNP per period.
     */
    public static Dcqcn defaults(double lineBytesPerSecond) {
        double scale = lineBytesPerSecond * 8 / 25e9;
        return new Dcqcn(Math.round(100_000 * scale), Math.round(400_000 * scale), 0.2, 1.0 / 256, 1_000_000L,
                4_000_000L, 300_000_000L, 5, 5e6 / 8 * scale, 50e6 / 8 * scale, 100e6 / 8, 4_000_000L);
    }

    /** The marking probability of a packet leaving a queue of {@code queueBytes}. */
    public double markProbability(long queueBytes) {
        if (queueBytes <= kminBytes) {
            return 0;
        }
        if (queueBytes > kmaxBytes) {
            return 1;
        }
        return pmax * (queueBytes - kminBytes) / (kmaxBytes - kminBytes);
    }
}
