package org.fabricsim.runtime.collective;

/**
 * All-to-all schedules. Direct: one phase with all n(n−1) pairs at once (max-min decides who
 * waits). Pairwise: n − 1 phases, phase k carries i → (i + k) mod n. Bytes per pair come from the
 * request (uniform S/n, or its traffic matrix). O(n²) transfers.
 */
final class AllToAllSchedules {
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
                    schedule.send(i, j, request.allToAllBytes(i, j), 0);
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
                schedule.send(i, j, request.allToAllBytes(i, j), 0);
            }
        }
        return schedule;
    }
}
