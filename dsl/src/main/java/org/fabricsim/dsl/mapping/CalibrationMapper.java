package org.fabricsim.dsl.mapping;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.CaseResidual;
import org.fabricsim.dsl.fabric.ProfileParameter;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.Residual;
import org.fabricsim.runtime.compute.Device;

import com.google.inject.Inject;

/**
 * Maps a {@code calibration} definition to a {@link CalibrationProfile}: every parameter of the
 * default profile, in its order, replaced by the definition's where it states one. A stated
 * parameter without bounds is measured (lower = value = upper); one without meaning or source
 * keeps the default's. A {@code compute.sustained-fraction.<architecture>} the default profile
 * lacks (it fits Hopper and Ampere only) follows them, as stated. Amounts are in base units
 * ({@link Units#toBase(org.fabricsim.dsl.fabric.Amount)}).
 */
public class CalibrationMapper {
    @Inject
    private SpecNames names;

    public CalibrationProfile toProfile(Calibration calibration) {
        List<CalibrationParameter> parameters = new ArrayList<>();
        for (CalibrationParameter fallback : CalibrationProfile.defaults().parameters()) {
            parameters.add(calibration.getParameters().stream().filter(p -> p.getKey().equals(fallback.name()))
                    .findFirst().map(p -> toParameter(p, fallback)).orElse(fallback));
        }
        for (ProfileParameter stated : calibration.getParameters()) {
            boolean listed = parameters.stream().anyMatch(p -> p.name().equals(stated.getKey()));
            if (isSustainedFraction(stated.getKey()) && !listed) {
                parameters.add(toParameter(stated, new CalibrationParameter(stated.getKey(), 1.0, 0.0, 1.0,
                        "tensor throughput sustained over a training step as a fraction of the measured short-run"
                                + " rate (MAMF)", "stated in calibration " + calibration.getName(), "")));
            }
        }
        List<Residual> residuals = new ArrayList<>();
        for (CaseResidual residual : calibration.getResiduals()) {
            residuals.add(new Residual(residual.getCaseName(), Double.parseDouble(residual.getMeasured()),
                    Double.parseDouble(residual.getPredicted())));
        }
        return new CalibrationProfile(names.qualifiedName(calibration), parameters, calibration.getFittedOn(),
                calibration.getDate() == null ? "" : calibration.getDate(), residuals);
    }

    /** Whether {@code key} names a sustained fraction ({@code compute.sustained-fraction.<architecture>}). */
    public static boolean isSustainedFraction(String key) {
        return key != null && key.startsWith(Device.SUSTAINED_FRACTION)
                && key.substring(Device.SUSTAINED_FRACTION.length()).matches("[a-z][a-z0-9]*");
    }

    private static CalibrationParameter toParameter(ProfileParameter parameter,
            CalibrationParameter fallback) {
        double value = Units.toBase(parameter.getValue());
        boolean bounded = parameter.getLower() != null;
        return new CalibrationParameter(fallback.name(), value, bounded ? Units.toBase(parameter.getLower()) : value,
                bounded ? Units.toBase(parameter.getUpper()) : value,
                parameter.getMeaning() == null ? fallback.meaning() : parameter.getMeaning(),
                parameter.getSource() == null ? fallback.source() : parameter.getSource(), fallback.unit());
    }
}
