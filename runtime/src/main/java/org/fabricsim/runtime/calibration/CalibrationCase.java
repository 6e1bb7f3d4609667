package org.fabricsim.runtime.calibration;

import java.util.function.ToDoubleFunction;

/**
 * One measured value a profile is fitted to: what was measured, where, and how a profile predicts
 * it. The prediction runs the engine (a collective benchmark at one size, a training step), so
 * evaluating a case costs one simulation.
 *
 * @param name        the case, unique within a fit (e.g. {@code Nvlink8:1048576})
 * @param measured    the measured value, in the unit of {@code prediction}
 * @param kind        how the error of a prediction is measured
 * @param source      where the measurement comes from (a file and line)
 * @param prediction  the profile's prediction of the measured value
 */
public record CalibrationCase(String name, double measured, Kind kind, String source,
        ToDoubleFunction<CalibrationProfile> prediction) {

    /** How a case's error is measured. */
    public enum Kind {
        /** e = predicted ÷ measured − 1 (busbw, step time, throughput). */
        RELATIVE("relative error"),
        /** e = predicted − measured, in points (MFU in %). */
        POINTS("points");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The unit of the error, as printed. */
        public String label() {
            return label;
        }
    }

    public CalibrationCase {
        if (name == null || name.isBlank() || kind == null || prediction == null) {
            throw new IllegalArgumentException("a calibration case needs a name, a kind and a prediction");
        }
        if (!Double.isFinite(measured) || (kind == Kind.RELATIVE && !(measured > 0))) {
            throw new IllegalArgumentException(source + ": case " + name + " measured " + measured
                    + "; a measured value must be finite, and positive for a relative error");
        }
    }

    /** What {@code profile} predicts for this case. */
    public double predict(CalibrationProfile profile) {
        return prediction.applyAsDouble(profile);
    }

    /** The error of {@code predicted} against the measured value, see {@link Kind}. */
    public double error(double predicted) {
        return kind == Kind.RELATIVE ? predicted / measured - 1 : predicted - measured;
    }

    /**
     * The residual a fit minimises: the relative error, or the error in points ÷ 100, so that one MFU
     * point weighs as much as a 1% relative error when both kinds are fitted together.
     */
    public double residual(double predicted) {
        return kind == Kind.RELATIVE ? error(predicted) : error(predicted) / 100;
    }
}
