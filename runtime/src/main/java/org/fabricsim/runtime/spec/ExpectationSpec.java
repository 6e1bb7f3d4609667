package org.fabricsim.runtime.spec;

/**
 * A published figure that every run of a study is held against ({@code expect} in a study). The
 * error is measured as the tolerance is: relative to the figure, in percentage points, or in the
 * metric's unit; a run is within when the error's magnitude is at most the tolerance.
 *
 * @param metric        the figure as written, e.g. {@code mfu}, {@code ttft p99}, {@code busbw at 16 GiB}
 * @param key           the flattened result key it is compared with, e.g. {@code mfu},
 *                      {@code ttftSeconds.p99}, {@code rows[16 GiB].busbwGBps}
 * @param expected      the measured value in the key's unit: a fraction for percentages (43 % is 0.43),
 *                      seconds, tokens per second, GB/s (10⁹ bytes per second) or bytes
 * @param unit          how people read the key's values
 * @param tolerance     how far the prediction may be from the figure: a fraction of it ({@code 0.1} for
 *                      10 %), percentage points, or an amount in the key's unit, as {@code toleranceKind} says
 * @param toleranceKind how {@code tolerance} and the error are measured
 * @param source        where the figure was published
 */
public record ExpectationSpec(String metric, String key, double expected, Unit unit, double tolerance,
        ToleranceKind toleranceKind, String source) {

    /** The tolerance of a percentage metric that states none: 3 percentage points. */
    public static final double DEFAULT_POINTS = 3;
    /** The tolerance of any other metric that states none: 10 % of the figure. */
    public static final double DEFAULT_RELATIVE = 0.10;

    public ExpectationSpec {
        Specs.requireName(metric);
        Specs.requireName(key);
        Specs.requirePositive("an expected " + metric, expected);
        Specs.requireNonNegative("the tolerance of " + metric, tolerance);
        if (unit == null || toleranceKind == null || source == null) {
            throw new IllegalArgumentException("an expectation needs a unit, a tolerance kind and a source");
        }
    }

    /** How a tolerance and an error are measured. */
    public enum ToleranceKind {
        /** (predicted − expected) ÷ expected. */
        RELATIVE,
        /** (predicted − expected) × 100, for percentages: percentage points. */
        POINTS,
        /** predicted − expected, in the key's unit. */
        ABSOLUTE
    }

    /** How people read a key's values: a suffix and the factor from the key's unit. */
    public enum Unit {
        PERCENT("%", 100), MILLISECONDS(" ms", 1e3), SECONDS(" s", 1), TOKENS_PER_SECOND(" tokens/s", 1),
        GB_PER_SECOND(" GB/s", 1), GIGABYTES(" GB", 1e-9);

        private final String suffix;
        private final double factor;

        Unit(String suffix, double factor) {
            this.suffix = suffix;
            this.factor = factor;
        }

        /** The value in this unit, e.g. 43 for a fraction of 0.43. */
        public double scale(double value) {
            return value * factor;
        }

        /** Appended to a number in this unit. */
        public String suffix() {
            return suffix;
        }
    }
}
