package org.fabricsim.runtime.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.spec.ExpectationSpec;

/**
 * A run's prediction held against a published figure. The error is measured as the spec's
 * tolerance is: (predicted − expected) ÷ expected when relative, × 100 in percentage points, or in
 * the key's unit when absolute. The run is within when |error| ≤ tolerance (up to a relative
 * 10⁻⁹ of the tolerance, so that 46 % against 43 % is within 3 points in floating point too).
 *
 * @param spec      the figure, its tolerance and its source
 * @param predicted the run's value of {@code spec.key()}, or {@code null} when the run has no such metric
 * @param error     the error, or {@code null} without a prediction
 * @param within    whether the prediction is within the tolerance; {@code false} without a prediction
 */
public record ExpectationResult(ExpectationSpec spec, Double predicted, Double error, boolean within) {
    private static final double ROUNDING = 1e-9;

    /** {@code spec} held against a run's flattened metrics ({@link Metrics#scalars}). */
    public static ExpectationResult of(ExpectationSpec spec, Map<String, Double> scalars) {
        Double predicted = scalars.get(spec.key());
        if (predicted == null || !Double.isFinite(predicted)) {
            return new ExpectationResult(spec, null, null, false);
        }
        double difference = predicted - spec.expected();
        double error = switch (spec.toleranceKind()) {
            case RELATIVE -> difference / spec.expected();
            case POINTS -> difference * 100;
            case ABSOLUTE -> difference;
        };
        return new ExpectationResult(spec, predicted, error, Math.abs(error) <= spec.tolerance() * (1 + ROUNDING));
    }

    /** Every spec held against {@code metrics}, in order. */
    public static List<ExpectationResult> all(List<ExpectationSpec> specs, Map<String, Object> metrics) {
        Map<String, Double> scalars = Metrics.scalars(metrics);
        return specs.stream().map(spec -> of(spec, scalars)).toList();
    }

    /** {@code {metric, key, expected, predicted, error, tolerance, toleranceKind, within, source}}. */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("metric", spec.metric());
        json.put("key", spec.key());
        json.put("expected", spec.expected());
        json.put("predicted", predicted);
        json.put("error", error);
        json.put("tolerance", spec.tolerance());
        json.put("toleranceKind", spec.toleranceKind().name().toLowerCase(Locale.ROOT));
        json.put("within", within);
        json.put("source", spec.source());
        return json;
    }
}
