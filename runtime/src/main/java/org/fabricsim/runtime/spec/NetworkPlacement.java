package org.fabricsim.runtime.spec;

/**
 * Which of a cluster's networks a collective's traffic between scale-up domains crosses, with the
 * label the language writes after {@code over}.
 */
public enum NetworkPlacement {
    /** The scale-out fabric (or the direct torus): the default. */
    SCALE_OUT("scale-out"),
    /** The data-centre network beside it ({@link DataCentreSpec}), reached by the accelerators' data-centre NICs. */
    DATA_CENTRE("data-centre");

    private final String label;

    NetworkPlacement(String label) {
        this.label = label;
    }

    /** The name the language ({@code over data-centre}) and the results use. */
    public String label() {
        return label;
    }
}
