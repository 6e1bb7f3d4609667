package org.fabricsim.runtime.collective;

/**
 * All-to-all schedules. Direct: one phase with all n(n−1) pairs at once (max-min decides who
 * waits). Pairwise: n − 1 phases, phase k carries i → (i + k) mod n. Bytes per pair come from the
 * request (uniform S/n, or its traffic matrix), every pair's on the one channel {@link #CHANNEL}. O(n²) transfers.
 */
final class AllToAllSchedules {
    /**
     * The one channel every transfer of a point-to-point operation goes on (all-to-all, send-recv, gather, scatter),
     * whatever the request's channels: each transfer between scale-up domains is split into the fabric's flows per
     * peer ({@link CollectiveRequest#queuePairsPerChannel}, NCCL's per-peer connections), so {@link
     * FlowClassEstimate} counts one channel and F queue pairs for them.
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
