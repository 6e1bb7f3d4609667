package org.fabricsim.runtime.collective;

/**
 * In-switch all-reduce (NVLS-like) inside one reducing scale-up domain, as NCCL runs it on
 * NVSwitch: a reduce-scatter by multimem.ld_reduce (the switch loads the owner's 1/n slice from
 * all n ranks, the owner included, and returns the sum) pipelined with an all-gather by
 * multimem.st (the owner stores its reduced slice once, the switch multicasts it to all n ranks).
 * Per rank each direction carries S + S/n: up S (its contribution to every slice) + S/n (its
 * reduced slice), down S/n (the sum) + S (every slice). The two directions overlap, so
 * T = α + (n+1)/n · S / (η·B), busbw = 2(n−1)/(n+1) · η·B, with η = {@link
 * Calibration#nvlsEfficiency} the share of the port rate multimem traffic achieves (modelled as
 * wire bytes = payload / η). One step instead of the ring's 2(n−1). O(n) transfers.
 */
final class InNetworkSchedules {
    private InNetworkSchedules() {
    }

    static Schedule allReduce(long sizeBytes, int ranks, double efficiency) {
        Schedule schedule = new Schedule();
        schedule.phase(1, -1);
        double wireBytes = (double) sizeBytes * (ranks + 1) / ranks / efficiency;
        for (int i = 0; i < ranks; i++) {
            schedule.transfer(Schedule.TO_SWITCH, i, i, wireBytes, 0);
            schedule.transfer(Schedule.FROM_SWITCH, i, i, wireBytes, 0);
        }
        return schedule;
    }
}
