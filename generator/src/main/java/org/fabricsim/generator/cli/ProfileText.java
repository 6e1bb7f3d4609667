package org.fabricsim.generator.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.stream.Collectors;

import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.Residual;
import org.fabricsim.generator.JavaSource;

/**
 * A calibration profile as {@code .fabric} text in the canonical layout: a {@code calibration}
 * definition a user can commit and select from a study, one parameter a line. Numbers keep six significant digits
 * (fitted values are clamped back into their bounds); times are written in the unit that keeps
 * them between 1 and 1000 (ns, us, ms or s).
 */
final class ProfileText {
    private static final MathContext DIGITS = new MathContext(6);
    private static final String[] TIME_UNITS = { "ns", "us", "ms" };
    private static final int[] TIME_EXPONENTS = { -9, -6, -3 };

    private ProfileText() {
    }

    /** The file: {@code package modelPackage} (when not null), a comment, then the definition named {@code name}. */
    static String of(CalibrationProfile profile, String modelPackage, String name, String comment) {
        StringBuilder out = new StringBuilder();
        if (modelPackage != null) {
            out.append("package ").append(modelPackage).append("\n\n");
        }
        out.append("/** ").append(comment).append(" */\n");
        out.append("calibration ").append(name).append(" {\n");
        for (CalibrationParameter p : profile.parameters()) {
            out.append("    parameter ").append(quoted(p.name())).append(' ').append(amount(p, p.value()));
            if (p.free()) {
                out.append(" bounds ").append(amount(p, p.lower())).append(" to ").append(amount(p, p.upper()));
            }
            out.append(" meaning ").append(quoted(p.meaning())).append(" source ").append(quoted(p.source())).append('\n');
        }
        if (!profile.fittedOn().isEmpty()) {
            out.append("    fitted-on ").append(profile.fittedOn().stream().map(ProfileText::quoted)
                    .collect(Collectors.joining(", "))).append('\n');
        }
        if (!profile.date().isEmpty()) {
            out.append("    date ").append(quoted(profile.date())).append('\n');
        }
        for (Residual r : profile.residuals()) {
            out.append("    residual ").append(quoted(r.caseName())).append(" measured ").append(decimal(r.measured()))
                    .append(" predicted ").append(decimal(r.predicted())).append('\n');
        }
        return out.append("}\n").toString();
    }

    /** {@code value} of {@code p}, rounded and clamped into its bounds, with a time unit for a time. */
    private static String amount(CalibrationParameter p, double value) {
        double kept = Math.max(p.lower(), Math.min(p.upper(), round(value).doubleValue()));
        if (!p.unit().equals(CalibrationParameter.SECONDS) || kept == 0 || Math.abs(kept) >= 1) {
            return plain(new BigDecimal(Double.toString(kept))) + (p.unit().isEmpty() ? "" : " s");
        }
        int i = 0;
        while (i + 1 < TIME_UNITS.length && Math.abs(kept) >= Math.pow(10, TIME_EXPONENTS[i + 1])) {
            i++;
        }
        return plain(new BigDecimal(Double.toString(kept)).movePointRight(-TIME_EXPONENTS[i])) + " " + TIME_UNITS[i];
    }

    private static String decimal(double value) {
        return plain(round(value));
    }

    private static BigDecimal round(double value) {
        return new BigDecimal(value).round(DIGITS);
    }

    private static String plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
    }

    private static String quoted(String text) {
        return JavaSource.stringLiteral(text);
    }
}
