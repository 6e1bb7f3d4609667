package org.fabricsim.runtime.collective;

/**
 * Closed-form time of a ring all-reduce on a non-blocking fabric.
 *
 * <p>The ring runs n−1 reduce-scatter steps and n−1 all-gather steps. In each step every rank
 * sends S/n bytes to its successor over its own link, so no two transfers share a link and each
 * runs at the full link rate B. Each step also pays the per-step latency α. Hence
 *
 * <pre>  T(S, n) = 2(n−1)/n · S/B + 2(n−1)·α</pre>
 *
 * and T = 0 for n = 1. The nccl-tests bus bandwidth (S/T) · 2(n−1)/n approaches B as S grows
 * ({@link CollectiveOperation#busBandwidthFactor}). Cost: O(1).
 */
public final class RingAllReduce {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private RingAllReduce() {
    }

    /**
     * @param sizeBytes          S, the message size in bytes
     * @param ranks              n, the number of ranks in the ring
     * @param linkBytesPerSecond B, the rate of each rank's link in one direction
     * @param stepLatencyPs      α, the latency paid once per step, in picoseconds
     * @return T in picoseconds, rounded to the nearest picosecond
     */
    public static long timePs(long sizeBytes, int ranks, double linkBytesPerSecond, long stepLatencyPs) {
        if (ranks <= 1) {
            return 0;
        }
        double steps = 2.0 * (ranks - 1);
        double bandwidthTermPs = steps / ranks * sizeBytes / linkBytesPerSecond * PICOSECONDS_PER_SECOND;
        return Math.round(bandwidthTermPs) + (long) steps * stepLatencyPs;
    }
}
