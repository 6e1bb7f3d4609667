package org.fabricsim.runtime.collective;

/**
 * Hierarchical all-reduce over N domains of k ranks: (1) ring reduce-scatter inside every domain
 * (k − 1 steps of S/k), (2) ring all-reduce across domains among the ranks of one local index,
 * i.e. per rail, all rails at once (2(N − 1) steps of S/(k·N)), (3) ring all-gather inside every
 * domain (the pattern of (1), reused). Scale-out traffic per rank is 2(N−1)/N · S/k instead of
 * 2(n−1)/n · S for a flat ring. O(n) transfers.
 */
final class HierarchicalSchedules {
    private static final long INTRA_PATTERN = 5;
    private static final long INTER_PATTERN = 6;

    private HierarchicalSchedules() {
    }

    static boolean applicable(int ranks, int domainSize) {
        return domainSize > 1 && ranks > domainSize && ranks % domainSize == 0;
    }

    static Schedule allReduce(long sizeBytes, int ranks, int domainSize) {
        Schedule schedule = new Schedule();
        int k = domainSize;
        int domains = ranks / k;
        intraRing(schedule, sizeBytes, ranks, k);
        schedule.phase(2 * (domains - 1), INTER_PATTERN);
        double interBytes = (double) sizeBytes / k / domains;
        for (int d = 0; d < domains; d++) {
            for (int local = 0; local < k; local++) {
                schedule.send(d * k + local, (d + 1) % domains * k + local, interBytes, 0);
            }
        }
        intraRing(schedule, sizeBytes, ranks, k);
        return schedule;
    }

    private static void intraRing(Schedule schedule, long sizeBytes, int ranks, int k) {
        schedule.phase(k - 1, INTRA_PATTERN);
        double bytes = (double) sizeBytes / k;
        for (int i = 0; i < ranks; i++) {
            int base = i - i % k;
            schedule.send(i, base + (i % k + 1) % k, bytes, 0);
        }
    }
}
