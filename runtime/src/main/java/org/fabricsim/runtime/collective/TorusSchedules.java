package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.topology.TorusShape;

/**
 * Reduce-scatter, all-gather and all-reduce on a direct torus, dimension by dimension in
 * bidirectional rings (the multi-dimensional torus algorithm of TPU stacks).
 *
 * <p>The ranks must be whole leading dimensions of the torus (n = k₀·…·k_m, {@link #spans}), so
 * that the ring of rank r along dimension d is r's k_d neighbours along d, wrap-around included.
 * A reduce-scatter of S bytes runs dimension 0 first: k₀ − 1 steps in which every rank sends
 * S₀/(2k₀) to each of its two neighbours along 0 (S₀ = S), then dimension 1 on S₁ = S₀/k₀, and so
 * on; an all-gather runs the same phases in reverse order; an all-reduce is the reduce-scatter then
 * the all-gather. On links of B per direction a dimension's reduce-scatter takes (k − 1)/k ·
 * S_d/(2B), its all-reduce 2(k − 1)/k · S_d/(2B). The phases of one dimension share a pattern key
 * (the same transfers whichever way the data flows), so each is solved once. O(n·dimensions) transfers.
 */
final class TorusSchedules {
    /** Pattern keys 16 + d: clear of the other schedules' small constants. */
    private static final long FIRST_PATTERN = 16;

    private TorusSchedules() {
    }

    /** How many leading dimensions of {@code torus} the ranks [0, n) fill exactly; 0 when they fill none. */
    static int spans(TorusShape torus, int ranks) {
        long filled = 1;
        for (int d = 0; d < torus.dimensionCount(); d++) {
            filled *= torus.size(d);
            if (filled == ranks) {
                return d + 1;
            }
        }
        return 0;
    }

    /** The schedule of a reduce-scatter, all-gather or all-reduce of {@code sizeBytes} over the first {@code dimensions}. */
    static Schedule rings(CollectiveOperation operation, long sizeBytes, TorusShape torus, int dimensions) {
        Schedule schedule = new Schedule();
        int ranks = 1;
        double[] entering = new double[dimensions];
        double bytes = sizeBytes;
        for (int d = 0; d < dimensions; d++) {
            entering[d] = bytes;
            bytes /= torus.size(d);
            ranks *= torus.size(d);
        }
        if (operation != CollectiveOperation.ALL_GATHER) {
            for (int d = 0; d < dimensions; d++) {
                dimensionPhase(schedule, torus, ranks, d, entering[d]);
            }
        }
        if (operation != CollectiveOperation.REDUCE_SCATTER) {
            for (int d = dimensions - 1; d >= 0; d--) {
                dimensionPhase(schedule, torus, ranks, d, entering[d]);
            }
        }
        return schedule;
    }

    /** k_d − 1 steps along dimension d: every rank sends half of S_d/k_d to each neighbour. */
    private static void dimensionPhase(Schedule schedule, TorusShape torus, int ranks, int d, double enteringBytes) {
        int k = torus.size(d);
        double half = enteringBytes / k / 2;
        schedule.phase(k - 1, FIRST_PATTERN + d);
        for (int rank = 0; rank < ranks; rank++) {
            schedule.send(rank, torus.neighbour(rank, d, 1), half, 0);
            schedule.send(rank, torus.neighbour(rank, d, -1), half, 1);
        }
    }
}
