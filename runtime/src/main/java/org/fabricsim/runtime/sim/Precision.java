package org.fabricsim.runtime.sim;

/**
 * The single numeric tolerance of the engine.
 *
 * <p>{@link #EPSILON} is a <em>relative</em> tolerance: two non-negative quantities a and b (rates,
 * byte counts, capacities) are treated as equal when |a − b| ≤ EPSILON · max(|a|, |b|, 1). It is
 * far above the rounding error of a progressive-filling pass (≈ 1e−16 per operation, a few
 * thousand operations per link) and far below anything a simulation result reports (four
 * significant digits).
 */
public final class Precision {
    /** Relative tolerance for comparing rates, capacities and byte counts. */
    public static final double EPSILON = 1e-9;

    private Precision() {
    }

    /** Whether {@code a} ≤ {@code b} within {@link #EPSILON}. */
    public static boolean lessOrEqual(double a, double b) {
        return a <= b + EPSILON * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
    }

    /** Whether {@code a} and {@code b} are equal within {@link #EPSILON}. */
    public static boolean equal(double a, double b) {
        return lessOrEqual(a, b) && lessOrEqual(b, a);
    }
}
