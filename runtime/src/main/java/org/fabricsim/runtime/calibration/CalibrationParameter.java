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
 */
public record CalibrationParameter(String name, double value, double lower, double upper, String meaning,
        String source) {

    public CalibrationParameter {
        Specs.requireName(name);
        if (!(lower <= upper) || !(value >= lower && value <= upper)) {
            throw new IllegalArgumentException("calibration parameter " + name + " = " + value
                    + " lies outside its bounds [" + lower + ", " + upper + "]");
        }
    }

    /** Whether a fit may move it (its bounds are an interval, not a point). */
    public boolean free() {
        return lower < upper;
    }

    /** This parameter at {@code newValue}, clamped into its bounds. */
    public CalibrationParameter at(double newValue) {
        return new CalibrationParameter(name, Math.max(lower, Math.min(upper, newValue)), lower, upper, meaning, source);
    }
}
