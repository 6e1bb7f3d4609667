package org.fabricsim.runtime.collective;

/**
 * In-switch all-reduce (NVLS-like) inside one reducing scale-up domain: every rank streams its S
 * bytes up to the switch, which reduces them, while the switch streams the S reduced bytes down
 * to every rank; the two directions overlap (pipelined), so T = α + S/B: half the per-rank traffic
 * of a ring, and one step instead of 2(n−1). O(n) transfers.
 */
final class InNetworkSchedules {
    private InNetworkSchedules() {
    }

    static Schedule allReduce(long sizeBytes, int ranks) {
        Schedule schedule = new Schedule();
        schedule.phase(1, -1);
        for (int i = 0; i < ranks; i++) {
            schedule.transfer(Schedule.TO_SWITCH, i, i, sizeBytes, 0);
            schedule.transfer(Schedule.FROM_SWITCH, i, i, sizeBytes, 0);
        }
        return schedule;
    }
}
