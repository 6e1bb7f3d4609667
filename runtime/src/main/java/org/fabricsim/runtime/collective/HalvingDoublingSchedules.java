package org.fabricsim.runtime.collective;

/**
 * Recursive halving-doubling (Rabenseifner) for n a power of two. Reduce-scatter: at step k = 0 …
 * log₂n − 1 every rank i exchanges S/2^(k+1) bytes with rank i ⊕ n/2^(k+1). All-gather: the same
 * steps in reverse order. Each rank sends (n−1)/n · S per half in log₂n steps, so on a
 * non-blocking fabric
 *
 * <pre>  T_allreduce = 2·log₂(n)·α + 2(n−1)/n · S/B,   T_RS = T_AG = log₂(n)·α + (n−1)/n · S/B.</pre>
 *
 * A step's pattern key is its distance, so the all-gather reuses the reduce-scatter's solves.
 * O(n log n) transfers.
 */
final class HalvingDoublingSchedules {
    private static final long PATTERN_BASE = 1L << 32;

    private HalvingDoublingSchedules() {
    }

    static boolean applicable(int ranks) {
        return ranks > 1 && Integer.bitCount(ranks) == 1;
    }

    static Schedule halvingDoubling(CollectiveOperation operation, long sizeBytes, int ranks) {
        if (!applicable(ranks)) {
            throw new IllegalArgumentException("halving-doubling needs a power-of-two rank count: " + ranks);
        }
        Schedule schedule = new Schedule();
        int log = Integer.numberOfTrailingZeros(ranks);
        boolean reduceScatter = operation != CollectiveOperation.ALL_GATHER;
        boolean allGather = operation != CollectiveOperation.REDUCE_SCATTER;
        if (reduceScatter) {
            for (int k = 0; k < log; k++) {
                step(schedule, ranks, ranks >> (k + 1), sizeBytes);
            }
        }
        if (allGather) {
            for (int k = log - 1; k >= 0; k--) {
                step(schedule, ranks, ranks >> (k + 1), sizeBytes);
            }
        }
        return schedule;
    }

    private static void step(Schedule schedule, int ranks, int distance, long sizeBytes) {
        schedule.phase(1, PATTERN_BASE + distance);
        double bytes = (double) sizeBytes * distance / ranks;
        for (int i = 0; i < ranks; i++) {
            schedule.send(i, i ^ distance, bytes, 0);
        }
    }
}
