package org.fabricsim.dsl.validation;

/**
 * Every diagnostic code the language reports. Codes are stable: tools, quick fixes and
 * {@code docs/diagnostics.md} refer to them, so a code is never renamed or reused.
 */
public final class IssueCodes {
    private static final String PREFIX = "fabric.";

    /** A quantity of the wrong dimension, e.g. a time where a data rate belongs. Data: the expected dimension. */
    public static final String WRONG_DIMENSION = PREFIX + "unit.wrong-dimension";
    /** A quantity that must be positive is zero. */
    public static final String NOT_POSITIVE = PREFIX + "value.not-positive";
    /** A cluster with no nodes or no accelerators per node. */
    public static final String EMPTY_CLUSTER = PREFIX + "cluster.empty";

    private IssueCodes() {
    }
}
