package org.fabricsim.runtime.spec;

/** Built-in collective algorithms; {@link #AUTO} lets the engine choose by size and topology, as NCCL does. */
public enum CollectiveAlgorithm {
    AUTO("auto"),
    RING("ring"),
    DOUBLE_BINARY_TREE("double-binary-tree"),
    HALVING_DOUBLING("halving-doubling"),
    DIRECT("direct"),
    PAIRWISE("pairwise"),
    HIERARCHICAL("hierarchical"),
    IN_NETWORK("in-network");

    private final String label;

    CollectiveAlgorithm(String label) {
        this.label = label;
    }

    /** The name used in reports and in the language. */
    public String label() {
        return label;
    }
}
