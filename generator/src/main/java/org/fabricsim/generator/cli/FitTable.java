package org.fabricsim.generator.cli;

import java.util.Locale;

import org.fabricsim.runtime.calibration.CalibrationCase;
import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.FitReport;

/**
 * The console report of a fit: one row per case (measured, predicted before and after, the fitted
 * and the leave-one-out error, where it was measured), the root-mean-square errors, then one row
 * per parameter (value before and after, bounds, and how far one left-out case moves it).
 */
final class FitTable {
    private FitTable() {
    }

    static String render(CalibrationProfile start, FitReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-28s %12s %12s %12s %9s %9s  %s%n", "case", "measured", "before",
                "after", "error", "LOO", "source"));
        for (FitReport.CaseFit c : report.cases()) {
            CalibrationCase fitted = c.fittedCase();
            out.append(String.format(Locale.ROOT, "%-28s %12.5g %12.5g %12.5g %9s %9s  %s%n", fitted.name(),
                    fitted.measured(), c.before(), c.after(), error(fitted, c.error()),
                    Double.isNaN(c.leaveOneOut()) ? "n/a" : error(fitted, c.leaveOneOutError()), fitted.source()));
        }
        out.append(String.format(Locale.ROOT, "rms error %.2f%%, leave-one-out rms error %.2f%% (an MFU point counts"
                + " as 1%%)%n%n", 100 * report.rmsError(), 100 * report.rmsLeaveOneOutError()));
        out.append(String.format(Locale.ROOT, "%-34s %12s %12s %25s  %s%n", "parameter", "before", "after", "bounds",
                "leave-one-out"));
        for (FitReport.ParameterFit p : report.parameters()) {
            CalibrationParameter after = p.parameter();
            String bounds = after.free() ? String.format(Locale.ROOT, "%.4g to %.4g", after.lower(), after.upper())
                    : "fixed";
            String loo = !p.fitted() ? (after.free() ? "not fitted: no case depends on it" : "measured")
                    : String.format(Locale.ROOT, "%.4g to %.4g (±%.2f%%)", p.looLowest(), p.looHighest(),
                            100 * p.looSpread());
            out.append(String.format(Locale.ROOT, "%-34s %12.6g %12.6g %25s  %s%n", after.name(),
                    start.value(after.name()), after.value(), bounds, loo));
        }
        return out.toString();
    }

    private static String error(CalibrationCase c, double error) {
        return c.kind() == CalibrationCase.Kind.RELATIVE ? String.format(Locale.ROOT, "%+.2f%%", 100 * error)
                : String.format(Locale.ROOT, "%+.2f pt", error);
    }
}
