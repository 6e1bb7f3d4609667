package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.sim.Keywords;

/**
 * Collective operations, named as in NCCL, with the nccl-tests bus-bandwidth factor that turns
 * algorithm bandwidth (S / T) into the per-link bandwidth an ideal algorithm needs. Specs,
 * the language's mapping and the engine all use this one enum.
 */
public enum CollectiveOperation {
    ALL_REDUCE,
    REDUCE_SCATTER,
    ALL_GATHER,
    ALL_TO_ALL,
    BROADCAST,
    REDUCE,
    SEND_RECV,
    /** Every rank's S/n to the root at once: n − 1 senders onto one receiver, an incast (nccl-tests gather_perf). */
    GATHER,
    /** The root's S/n to every other rank at once: one sender to n − 1 receivers (nccl-tests scatter_perf). */
    SCATTER;

    /**
     * Whether NCCL runs it as grouped point-to-point calls ({@code ncclSend}/{@code ncclRecv}): all-to-all, send-recv,
     * gather and scatter go on NCCL's point-to-point channels, a pair of ranks in different nodes over its connections
     * per network peer, not on a ring's or a tree's channels ({@link CollectiveRequest#flowChannels}). O(1).
     */
    public boolean pointToPoint() {
        return this == ALL_TO_ALL || this == SEND_RECV || this == GATHER || this == SCATTER;
    }

    /** The name used in reports and in the language, e.g. {@code all-reduce}. */
    public String label() {
        return Keywords.of(this);
    }

    /**
     * busbw ÷ algbw over n ranks (nccl-tests, doc/PERFORMANCE.md): 2(n−1)/n for all-reduce,
     * (n−1)/n for reduce-scatter, all-gather, all-to-all, gather and scatter (nccl-tests {@code src/gather.cu} and
     * {@code src/scatter.cu}: algbw = n·(S/n)/t, busbw = algbw·(n−1)/n, the root's n − 1 remote slices), 1 for the
     * rest. Cost: O(1).
     */
    public double busBandwidthFactor(int ranks) {
        return switch (this) {
            case ALL_REDUCE -> 2.0 * (ranks - 1) / ranks;
            case REDUCE_SCATTER, ALL_GATHER, ALL_TO_ALL, GATHER, SCATTER -> (ranks - 1.0) / ranks;
            case BROADCAST, REDUCE, SEND_RECV -> 1.0;
        };
    }
}
