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

import com.google.inject.Inject;

/**
 * Maps a {@code calibration} definition to a {@link CalibrationProfile}: every parameter of the
 * default profile, in its order, replaced by the definition's where it states one. A stated
 * parameter without bounds is measured (lower = value = upper); one without meaning or source
 * keeps the default's. Amounts are in base units ({@link Units#toBase(org.fabricsim.dsl.fabric.Amount)}).
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
        List<Residual> residuals = new ArrayList<>();
        for (CaseResidual residual : calibration.getResiduals()) {
            residuals.add(new Residual(residual.getCaseName(), Double.parseDouble(residual.getMeasured()),
                    Double.parseDouble(residual.getPredicted())));
        }
        return new CalibrationProfile(names.qualifiedName(calibration), parameters, calibration.getFittedOn(),
                calibration.getDate() == null ? "" : calibration.getDate(), residuals);
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
