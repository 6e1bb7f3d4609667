package org.fabricsim.runtime.collective;

/**
 * All-to-all schedules. Direct: one phase with all n(n−1) pairs at once (max-min decides who
 * waits). Pairwise: n − 1 phases, phase k carries i → (i + k) mod n. Bytes per pair come from the
 * request (uniform S/n, or its traffic matrix), every pair's on the one channel {@link #CHANNEL}. O(n²) transfers.
 */
final class AllToAllSchedules {
    /**
     * The one channel every transfer of an all-to-all goes on, whatever the request's channels: they set only the
     * queue pairs each transfer is split into ({@link CollectiveRequest#queuePairsPerChannel}), so {@link
     * FlowClassEstimate} counts one channel for an all-to-all.
     */
    static final int CHANNEL = 0;

    private AllToAllSchedules() {
    }

    static Schedule direct(CollectiveRequest request) {
        int ranks = request.ranks();
        Schedule schedule = new Schedule();
        if (ranks == 1) {
            return schedule;
        }
        schedule.phase(1, -1);
        for (int i = 0; i < ranks; i++) {
            for (int j = 0; j < ranks; j++) {
                if (i != j) {
                    schedule.send(i, j, request.allToAllBytes(i, j), CHANNEL);
                }
            }
        }
        return schedule;
    }

    static Schedule pairwise(CollectiveRequest request) {
        int ranks = request.ranks();
        Schedule schedule = new Schedule();
        for (int k = 1; k < ranks; k++) {
            schedule.phase(1, -1);
            for (int i = 0; i < ranks; i++) {
                int j = (i + k) % ranks;
                schedule.send(i, j, request.allToAllBytes(i, j), CHANNEL);
            }
        }
        return schedule;
    }
}
