package org.fabricsim.runtime.spec;

/**
 * Collective operations, named as in NCCL, with the nccl-tests bus-bandwidth factor that turns
 * algorithm bandwidth (size ÷ time) into the per-link bandwidth an ideal algorithm needs.
 */
public enum CollectiveOp {
    ALL_REDUCE("all-reduce"),
    REDUCE_SCATTER("reduce-scatter"),
    ALL_GATHER("all-gather"),
    ALL_TO_ALL("all-to-all"),
    BROADCAST("broadcast"),
    REDUCE("reduce"),
    SEND_RECV("send-recv");

    private final String label;

    CollectiveOp(String label) {
        this.label = label;
    }

    /** The name used in reports and in the language. */
    public String label() {
        return label;
    }

    /**
     * busbw ÷ algbw over n ranks (nccl-tests, doc/PERFORMANCE.md): 2(n−1)/n for all-reduce,
     * (n−1)/n for reduce-scatter, all-gather and all-to-all, 1 for the rest.
     */
    public double busBandwidthFactor(int ranks) {
        return switch (this) {
            case ALL_REDUCE -> 2.0 * (ranks - 1) / ranks;
            case REDUCE_SCATTER, ALL_GATHER, ALL_TO_ALL -> (ranks - 1.0) / ranks;
            case BROADCAST, REDUCE, SEND_RECV -> 1.0;
        };
    }
}
