package org.fabricsim.dsl.validation;

/**
 * Every diagnostic code the language reports. Codes are stable: tools, quick fixes and
 * {@code docs/diagnostics.md} refer to them, so a code is never renamed or reused.
 */
public final class IssueCodes {
    private static final String PREFIX = "fabric.";

    /** A quantity of the wrong dimension, e.g. a time where a data rate belongs. Data: the expected dimension. */
    public static final String WRONG_DIMENSION = PREFIX + "unit.wrong-dimension";
    /** A money unit ({@code /h}, {@code /kWh}) without {@code $}, or {@code $} with another unit. */
    public static final String INVALID_MONEY = PREFIX + "unit.invalid-money";
    /** A percentage above 100 %. */
    public static final String NOT_A_FRACTION = PREFIX + "unit.not-a-fraction";
    /** A quantity that must be positive is zero. */
    public static final String NOT_POSITIVE = PREFIX + "value.not-positive";
    /** A node group with no nodes, or a sketched node with no accelerators. */
    public static final String EMPTY_CLUSTER = PREFIX + "cluster.empty";
    /** A sketched cluster ({@code nodes N x M accelerators}) without its {@code link}. */
    public static final String SKETCH_NEEDS_LINK = PREFIX + "cluster.sketch-needs-link";
    /** A {@code link} on a cluster of catalog nodes, whose network comes from its scale-out. */
    public static final String LINK_NEEDS_SKETCH = PREFIX + "cluster.link-needs-sketch";

    /** A name defined in a package that is not imported. Data: the package to import. */
    public static final String MISSING_IMPORT = PREFIX + "name.missing-import";
    /** A name that is defined nowhere. Data: the closest visible name, if any. */
    public static final String UNRESOLVED_NAME = PREFIX + "name.unresolved";

    private IssueCodes() {
    }
}
