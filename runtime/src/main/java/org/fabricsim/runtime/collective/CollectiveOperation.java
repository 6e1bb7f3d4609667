package org.fabricsim.runtime.collective;

/**
 * The collective operations of the engine, with the nccl-tests bus-bandwidth factor that turns
 * algorithm bandwidth (S / T) into bus bandwidth.
 */
public enum CollectiveOperation {
    ALL_REDUCE, REDUCE_SCATTER, ALL_GATHER, ALL_TO_ALL, BROADCAST, REDUCE, SEND_RECV;

    /** busbw / algbw for n ranks: 2(n−1)/n for all-reduce, (n−1)/n for RS/AG/all-to-all, else 1. */
    public double busBandwidthFactor(int ranks) {
        switch (this) {
            case ALL_REDUCE:
                return 2.0 * (ranks - 1) / ranks;
            case REDUCE_SCATTER:
            case ALL_GATHER:
            case ALL_TO_ALL:
                return (ranks - 1.0) / ranks;
            default:
                return 1.0;
        }
    }
}
