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
 *
 * <p>The bucket algorithm ({@link #buckets}) keeps every dimension busy at once, as TPU stacks do
 * (Ying et al., "Image Classification at Supercomputer Scale", 2018, §3.3: concurrent 2-D
 * all-reduces starting in different dimensions; Sack and Gropp, "Collective Algorithms for
 * Multiported Torus Networks", TOPC 2015, the multi-dimensional bucket algorithm): the data is cut
 * into one part per spanned dimension, and part p reduce-scatters over the dimensions in the rotated
 * order p, p + 1, …, so at stage j the parts run on distinct dimensions and share no link. Stage j
 * of part p along a dimension of k chips takes (k − 1)/k · E/(2B) on its entering E = S/D ÷ the
 * sizes of the dimensions it has done. Assumption: the parts meet at the end of every stage (a
 * bulk-synchronous stage), exact when the dimensions are equal and an upper bound otherwise, where a
 * part on a shorter dimension waits for the longest. O(n·dimensions²) transfers.
 */
final class TorusSchedules {
    /** Pattern keys 16 + d: clear of the other schedules' small constants. */
    private static final long FIRST_PATTERN = 16;
    /** Pattern keys of the bucket algorithm, 32 + 4·stage + sub-phase: clear of the rings' 16 + d. */
    private static final long FIRST_BUCKET_PATTERN = 32;

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

    /**
     * The bucket schedule of a reduce-scatter, all-gather or all-reduce of {@code sizeBytes} over
     * the first {@code dimensions}: one part per dimension, each rotated to start on its own.
     */
    static Schedule buckets(CollectiveOperation operation, long sizeBytes, TorusShape torus, int dimensions) {
        Schedule schedule = new Schedule();
        int ranks = 1;
        for (int d = 0; d < dimensions; d++) {
            ranks *= torus.size(d);
        }
        double[][] entering = new double[dimensions][dimensions];
        for (int part = 0; part < dimensions; part++) {
            double bytes = (double) sizeBytes / dimensions;
            for (int stage = 0; stage < dimensions; stage++) {
                entering[part][stage] = bytes;
                bytes /= torus.size((part + stage) % dimensions);
            }
        }
        if (operation != CollectiveOperation.ALL_GATHER) {
            for (int stage = 0; stage < dimensions; stage++) {
                bucketStage(schedule, torus, ranks, dimensions, stage, entering);
            }
        }
        if (operation != CollectiveOperation.REDUCE_SCATTER) {
            for (int stage = dimensions - 1; stage >= 0; stage--) {
                bucketStage(schedule, torus, ranks, dimensions, stage, entering);
            }
        }
        return schedule;
    }

    /**
     * Stage {@code stage}: part p runs k − 1 steps along dimension (p + stage) mod D. The parts step
     * together while all have steps left, then those on longer dimensions go on alone: a sub-phase
     * per distinct step count, the parts with steps left in each.
     */
    private static void bucketStage(Schedule schedule, TorusShape torus, int ranks, int dimensions, int stage,
            double[][] entering) {
        int done = 0;
        for (int sub = 0; done < longestSteps(torus, dimensions); sub++) {
            int next = Integer.MAX_VALUE;
            for (int part = 0; part < dimensions; part++) {
                int steps = torus.size((part + stage) % dimensions) - 1;
                if (steps > done) {
                    next = Math.min(next, steps);
                }
            }
            schedule.phase(next - done, FIRST_BUCKET_PATTERN + 4L * stage + sub);
            for (int part = 0; part < dimensions; part++) {
                int d = (part + stage) % dimensions;
                if (torus.size(d) - 1 <= done) {
                    continue;
                }
                double half = entering[part][stage] / torus.size(d) / 2;
                for (int rank = 0; rank < ranks; rank++) {
                    schedule.send(rank, torus.neighbour(rank, d, 1), half, 2 * part);
                    schedule.send(rank, torus.neighbour(rank, d, -1), half, 2 * part + 1);
                }
            }
            done = next;
        }
    }

    private static int longestSteps(TorusShape torus, int dimensions) {
        int longest = 0;
        for (int d = 0; d < dimensions; d++) {
            longest = Math.max(longest, torus.size(d) - 1);
        }
        return longest;
    }
}
