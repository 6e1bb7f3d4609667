package org.fabricsim.runtime.calibration;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.fabricsim.runtime.spec.Specs;

/**
 * A calibration profile: the engine's fitted and measured constants, the reference cases they were
 * fitted on, the date of the fit and its residuals. The engine reads every fitted constant from
 * the profile a run is given ({@link #defaults()} unless a study selects another), never from a
 * per-case setting.
 *
 * @param name        qualified name
 * @param parameters  the constants, each with its bounds and source
 * @param fittedOn    names of the reference cases of the fit
 * @param date        ISO date of the fit
 * @param residuals   the fit's residuals, one per reference case
 */
public record CalibrationProfile(String name, List<CalibrationParameter> parameters, List<String> fittedOn,
        String date, List<Residual> residuals) {

    public CalibrationProfile {
        Specs.requireName(name);
        parameters = List.copyOf(parameters);
        fittedOn = List.copyOf(fittedOn);
        residuals = List.copyOf(residuals);
    }

    /** The shipped default profile. */
    public static CalibrationProfile defaults() {
        return DefaultProfile.PROFILE;
    }

    /**
     * The value of parameter {@code parameterName}.
     *
     * @throws IllegalArgumentException naming the profile and the missing parameter
     */
    public double value(String parameterName) {
        return parameter(parameterName).value();
    }

    /** Whether the profile has a parameter named {@code parameterName}. */
    public boolean has(String parameterName) {
        return find(parameterName) != null;
    }

    /** The parameter named {@code parameterName}. */
    public CalibrationParameter parameter(String parameterName) {
        CalibrationParameter parameter = find(parameterName);
        if (parameter != null) {
            return parameter;
        }
        throw new IllegalArgumentException("calibration profile " + name + " has no parameter '" + parameterName
                + "': add it to the profile, or calibrate from the default profile, which has every parameter");
    }

    private CalibrationParameter find(String parameterName) {
        for (CalibrationParameter parameter : parameters) {
            if (parameter.name().equals(parameterName)) {
                return parameter;
            }
        }
        return null;
    }

    /** This profile with {@code parameterName} at {@code newValue} (clamped into its bounds). */
    public CalibrationProfile with(String parameterName, double newValue) {
        parameter(parameterName);
        List<CalibrationParameter> changed = new ArrayList<>(parameters.size());
        for (CalibrationParameter parameter : parameters) {
            changed.add(parameter.name().equals(parameterName) ? parameter.at(newValue) : parameter);
        }
        return new CalibrationProfile(name, changed, fittedOn, date, residuals);
    }

    /**
     * This profile with only {@code freeNames} free to fit: every other parameter's bounds collapse
     * to its value, so a fit of one subsystem (say the collective constants) leaves the rest as is.
     */
    public CalibrationProfile freeOnly(Collection<String> freeNames) {
        freeNames.forEach(this::parameter);
        List<CalibrationParameter> changed = new ArrayList<>(parameters.size());
        for (CalibrationParameter p : parameters) {
            changed.add(freeNames.contains(p.name()) ? p
                    : new CalibrationParameter(p.name(), p.value(), p.value(), p.value(), p.meaning(), p.source(),
                            p.unit()));
        }
        return new CalibrationProfile(name, changed, fittedOn, date, residuals);
    }
}
