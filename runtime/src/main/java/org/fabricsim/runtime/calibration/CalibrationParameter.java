package org.fabricsim.runtime.calibration;

import org.fabricsim.runtime.spec.Specs;

/**
 * One constant of a calibration profile: a fitted value within physical bounds, or a measured one
 * (lower = value = upper), in SI units.
 *
 * @param name     stable dotted name, e.g. {@code compute.kernel-gap}
 * @param value    the value, SI units (seconds, fractions)
 * @param lower    lowest physically meaningful value
 * @param upper    highest physically meaningful value
 * @param meaning  what the constant is, in one sentence
 * @param source   where the value or its bounds come from
 * @param unit     {@link #SECONDS} for a time, "" for a fraction or a dimensionless number; how the
 *                 profile is written as text ({@code 3.4 us} rather than {@code 0.0000034})
 */
public record CalibrationParameter(String name, double value, double lower, double upper, String meaning,
        String source, String unit) {
    /** The unit of a time parameter. */
    public static final String SECONDS = "s";

    public CalibrationParameter {
        Specs.requireName(name);
        if (!unit.isEmpty() && !unit.equals(SECONDS)) {
            throw new IllegalArgumentException("calibration parameter " + name + " has unit '" + unit
                    + "'; use \"s\" for a time or \"\" for a fraction or a plain number");
        }
        if (!(lower <= upper) || !(value >= lower && value <= upper)) {
            throw new IllegalArgumentException("calibration parameter " + name + " = " + value
                    + " lies outside its bounds [" + lower + ", " + upper + "]");
        }
    }

    /** A dimensionless parameter (a fraction or a factor). */
    public CalibrationParameter(String name, double value, double lower, double upper, String meaning, String source) {
        this(name, value, lower, upper, meaning, source, "");
    }

    /** Whether a fit may move it (its bounds are an interval, not a point). */
    public boolean free() {
        return lower < upper;
    }

    /** This parameter at {@code newValue}, clamped into its bounds. */
    public CalibrationParameter at(double newValue) {
        return new CalibrationParameter(name, Math.max(lower, Math.min(upper, newValue)), lower, upper, meaning, source,
                unit);
    }
}
