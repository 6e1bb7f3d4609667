package org.fabricsim.runtime.result;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.spec.ExpectationSpec;
import org.fabricsim.runtime.spec.ExpectationSpec.Unit;

/**
 * Expectations for people, in the console and the HTML report alike: the prediction against the
 * published figure with the error and the tolerance, in the unit the figure is read in. On the
 * console each is one line, starting {@code MISSES:} when the prediction is outside its tolerance.
 */
public final class ExpectationText {
    /** {@link #shown}'s decimals for a figure: as written. */
    private static final int AS_WRITTEN = -1;
    private ExpectationText() {
    }

    static String render(RunResult run) {
        StringBuilder out = new StringBuilder();
        for (ExpectationResult expectation : run.expectations()) {
            out.append("  ").append(line(expectation)).append('\n');
        }
        return out.toString();
    }

    /** E.g. {@code MISSES: predicted mfu 58.3% against 43% measured (Llama 3, Table 4), +15.3 points, tolerance 3 points}. */
    static String line(ExpectationResult expectation) {
        ExpectationSpec spec = expectation.spec();
        String measured = shown(spec.unit(), spec.expected(), AS_WRITTEN) + " measured (" + spec.source() + ")";
        if (expectation.predicted() == null) {
            return "MISSES: no prediction of " + spec.metric() + " (" + spec.key() + ") to hold against " + measured;
        }
        String line = "predicted " + spec.metric() + " " + shown(spec.unit(), expectation.predicted(), decimals(spec))
                + " against " + measured + ", " + error(spec, expectation.error());
        return expectation.within() ? line + ", within " + tolerance(spec)
                : "MISSES: " + line + ", tolerance " + tolerance(spec);
    }

    /** The table cells of one expectation: {@code metric, expected, predicted, error, tolerance, within, source}. */
    public static Map<String, Object> cells(ExpectationResult expectation) {
        ExpectationSpec spec = expectation.spec();
        Map<String, Object> cells = new LinkedHashMap<>();
        cells.put("metric", spec.metric());
        cells.put("expected", shown(spec.unit(), spec.expected(), AS_WRITTEN));
        cells.put("predicted", expectation.predicted() == null ? "no prediction"
                : shown(spec.unit(), expectation.predicted(), decimals(spec)));
        cells.put("error", expectation.error() == null ? "" : error(spec, expectation.error()));
        cells.put("tolerance", tolerance(spec));
        cells.put("within", expectation.within());
        cells.put("source", spec.source());
        return cells;
    }

    private static String error(ExpectationSpec spec, double error) {
        return switch (spec.toleranceKind()) {
            case RELATIVE -> String.format(Locale.ROOT, "%+.1f%%", 100 * error);
            case POINTS -> String.format(Locale.ROOT, "%+.1f points", error);
            case ABSOLUTE -> (error >= 0 ? "+" : "") + shown(spec.unit(), error, decimals(spec));
        };
    }

    private static String tolerance(ExpectationSpec spec) {
        return switch (spec.toleranceKind()) {
            case RELATIVE -> Metrics.format(100 * spec.tolerance()) + "%";
            case POINTS -> Metrics.format(spec.tolerance()) + " points";
            case ABSOLUTE -> shown(spec.unit(), spec.tolerance(), AS_WRITTEN);
        };
    }

    /**
     * The decimals a prediction is shown with: as many as the figure it is held against is written with, at least
     * one ({@code 49.962 GB/s} against a closed form's 49.962, {@code 58.3%} against 43%).
     */
    private static int decimals(ExpectationSpec spec) {
        String figure = Metrics.format(spec.unit().scale(spec.expected()));
        return figure.contains(".") && !figure.contains("e") ? Math.max(1, figure.length() - figure.indexOf('.') - 1) : 1;
    }

    /**
     * A value in the unit people read: whole with thousands separators from 1,000 ({@code 64,607 tokens/s}), else as
     * written for figures ({@code decimals} {@value #AS_WRITTEN}), to {@code decimals} places for predictions (three
     * significant digits below 1).
     */
    private static String shown(Unit unit, double value, int decimals) {
        double scaled = unit.scale(value);
        double places = Math.pow(10, decimals);
        String number = Math.abs(scaled) >= 1000 ? Metrics.count(scaled) : decimals == AS_WRITTEN ? Metrics.format(scaled)
                : Math.abs(scaled) >= 1 ? Metrics.format(Math.round(scaled * places) / places)
                : String.format(Locale.ROOT, "%.3g", scaled);
        return number + unit.suffix();
    }
}
