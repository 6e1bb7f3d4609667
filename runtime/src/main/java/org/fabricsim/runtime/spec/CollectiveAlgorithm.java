package org.fabricsim.runtime.spec;

/** Built-in collective algorithms. */
public enum CollectiveAlgorithm {
    RING("ring");

    private final String label;

    CollectiveAlgorithm(String label) {
        this.label = label;
    }

    /** The name used in reports and in the language. */
    public String label() {
        return label;
    }
}
