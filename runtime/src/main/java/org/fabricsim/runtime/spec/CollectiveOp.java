package org.fabricsim.runtime.spec;

/** Collective operations, named as in NCCL. */
public enum CollectiveOp {
    ALL_REDUCE("all-reduce");

    private final String label;

    CollectiveOp(String label) {
        this.label = label;
    }

    /** The name used in reports and in the language. */
    public String label() {
        return label;
    }
}
