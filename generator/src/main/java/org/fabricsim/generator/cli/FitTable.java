package org.fabricsim.generator.cli;

import java.util.Locale;

import org.fabricsim.runtime.calibration.CalibrationCase;
import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.FitReport;

/**
 * The console report of a fit: one row per case (measured, predicted before and after, the fitted
 * and the leave-one-out error, their unit, where it was measured), the root-mean-square errors, then
 * one row per parameter (its unit, value before and after, bounds, and how far one left-out case
 * moves it).
 */
final class FitTable {
    private FitTable() {
    }

    static String render(CalibrationProfile start, FitReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-28s %12s %12s %12s %9s %9s  %-8s  %s%n", "case", "measured", "before",
                "after", "error", "LOO", "unit", "source"));
        for (FitReport.CaseFit c : report.cases()) {
            CalibrationCase fitted = c.fittedCase();
            out.append(String.format(Locale.ROOT, "%-28s %12.5g %12.5g %12.5g %9s %9s  %-8s  %s%n", fitted.name(),
                    fitted.measured(), c.before(), c.after(), error(fitted, c.error()),
                    Double.isNaN(c.leaveOneOut()) ? "n/a" : error(fitted, c.leaveOneOutError()), unit(fitted.name()),
                    fitted.source()));
        }
        out.append(String.format(Locale.ROOT, "rms error %.2f%%, leave-one-out rms error %.2f%% (an MFU point counts"
                + " as 1%%)%n%n", 100 * report.rmsError(), 100 * report.rmsLeaveOneOutError()));
        out.append(String.format(Locale.ROOT, "%-38s %-4s %12s %12s %25s  %s%n", "parameter", "unit", "before", "after",
                "bounds", "leave-one-out"));
        for (FitReport.ParameterFit p : report.parameters()) {
            CalibrationParameter after = p.parameter();
            String bounds = after.free() ? String.format(Locale.ROOT, "%.4g to %.4g", after.lower(), after.upper())
                    : "fixed";
            String loo = !p.fitted() ? (after.free() ? "not fitted: no case depends on it" : "measured")
                    : String.format(Locale.ROOT, "%.4g to %.4g (±%.2f%%)", p.looLowest(), p.looHighest(),
                            100 * p.looSpread());
            out.append(String.format(Locale.ROOT, "%-38s %-4s %12.6g %12.6g %25s  %s%n", after.name(),
                    after.unit().isEmpty() ? "-" : after.unit(), start.value(after.name()), after.value(), bounds, loo));
        }
        return out.toString();
    }

    /**
     * The unit of a case's measured and predicted values, by its name (MeasuredCases): {@code
     * BENCHMARK@BYTES} is an nccl-tests bus bandwidth, {@code WORKLOAD:METRIC} the metric's unit.
     */
    static String unit(String caseName) {
        int colon = caseName.lastIndexOf(':');
        String metric = colon < 0 ? "" : caseName.substring(colon + 1);
        return switch (metric) {
            case "step-time" -> "s";
            case "mfu" -> "%";
            case "tokens-per-second" -> "tokens/s";
            default -> caseName.contains("@") ? "GB/s" : "";
        };
    }

    private static String error(CalibrationCase c, double error) {
        return c.kind() == CalibrationCase.Kind.RELATIVE ? String.format(Locale.ROOT, "%+.2f%%", 100 * error)
                : String.format(Locale.ROOT, "%+.2f pt", error);
    }
}
