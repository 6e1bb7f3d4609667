package org.fabricsim.runtime.calibration;

import java.io.IOException;
import java.util.List;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.training.TrainingCalibrationTest;

/**
 * The fit of the default profile's global compute constants to the training rows of
 * validation/reference/training.csv (every row, by name: {@link TrainingCalibrationTest#cases}),
 * by {@link ProfileFitter} with its leave-one-out refits, as {@code fabric calibrate} fits a
 * user's profile. Every other parameter of the default profile is held at its value (its bounds
 * collapsed), since the training rows measure no collective alone. The report is computed once
 * per test JVM (about 30 s on one core: the first run of each row solves its network, the fit's
 * other runs reuse it) and shared by {@code DefaultProfileFitTest} and {@code AccuracyReportTest}.
 */
final class DefaultProfileFit {
    /** The fitted parameters, in profile order. */
    static final List<String> FITTED = List.of(ComputeCalibration.KERNEL_OVERHEAD,
            ComputeCalibration.STEP_OVERHEAD, Device.SUSTAINED_FRACTION + "hopper", Device.SUSTAINED_FRACTION + "ampere");
    private static FitReport report;

    private DefaultProfileFit() {
    }

    /** The fit, started from the committed default profile. */
    static synchronized FitReport report() throws IOException {
        if (report == null) {
            CalibrationProfile defaults = CalibrationProfile.defaults();
            report = ProfileFitter.fit(start(defaults), TrainingCalibrationTest.cases(), defaults.name(),
                    defaults.date());
        }
        return report;
    }

    /** {@code defaults} with every parameter but {@link #FITTED} fixed at its value (lower = upper). */
    static CalibrationProfile start(CalibrationProfile defaults) {
        List<CalibrationParameter> parameters = defaults.parameters().stream()
                .map(p -> FITTED.contains(p.name()) ? p
                        : new CalibrationParameter(p.name(), p.value(), p.value(), p.value(), p.meaning(), p.source(),
                                p.unit()))
                .toList();
        return new CalibrationProfile(defaults.name(), parameters, defaults.fittedOn(), defaults.date(),
                defaults.residuals());
    }
}
