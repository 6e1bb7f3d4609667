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
        return treeAllReduce(sizeBytes, ranks, ranks, efficiency);
    }

    /**
     * NCCL's NVLSTree all-reduce over {@code ranks / k} domains of {@code k} ranks (k = ranks: one
     * domain, the all-reduce above). Inside each domain the same in-switch traffic as one domain's
     * (each rank's S + S/k up and S/k + S down); local rank l is the head of slice l (S/k bytes) and
     * runs it over its own NIC through the two complementary binary trees across the D domains
     * ({@link TreeSchedules#parentDomain}), each carrying half the slice up (reduce) and down
     * (broadcast). NCCL pipelines the in-switch reduction, the trees and the multicast, so all of it is
     * one phase: T = α + the slowest link's bytes over its rate. O(n) transfers.
     */
    static Schedule treeAllReduce(long sizeBytes, int ranks, int k, double efficiency) {
        Schedule schedule = new Schedule();
        schedule.phase(1, -1);
        double wireBytes = (double) sizeBytes * (k + 1) / k / efficiency;
        for (int i = 0; i < ranks; i++) {
            schedule.transfer(Schedule.TO_SWITCH, i, i, wireBytes, 0);
            schedule.transfer(Schedule.FROM_SWITCH, i, i, wireBytes, 0);
        }
        int domains = ranks / k;
        double half = (double) sizeBytes / k / 2;
        for (int lane = 0; lane < k; lane++) {
            for (int tree = 0; tree < 2; tree++) {
                for (int domain = 0; domain < domains; domain++) {
                    int parent = TreeSchedules.parentDomain(domain, domains, tree);
                    if (parent >= 0) {
                        int child = domain * k + lane;
                        int head = parent * k + lane;
                        schedule.send(child, head, half, 1 + 2 * lane + tree);
                        schedule.send(head, child, half, 1 + 2 * lane + tree);
                    }
                }
            }
        }
        return schedule;
    }
}
