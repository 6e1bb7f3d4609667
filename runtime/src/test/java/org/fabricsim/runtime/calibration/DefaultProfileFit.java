package org.fabricsim.runtime.calibration;

import java.io.IOException;
import java.util.List;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.training.MegatronBridgeRows;
import org.fabricsim.runtime.training.TrainingCalibrationTest;

/**
 * The fit of the default profile's global compute constants to the training rows of
 * validation/reference/training.csv (every row, by name: {@link TrainingCalibrationTest#cases}),
 * by {@link ProfileFitter} with its leave-one-out refits, as {@code fabric calibrate} fits a
 * user's profile. Every other parameter of the default profile is held at its value (its bounds
 * collapsed), since the training rows measure no collective alone. The report is computed once
 * per test JVM (about 30 s on one core: the first run of each row solves its network, the fit's
 * other runs reuse it) and shared by {@code DefaultProfileFitTest} and {@code AccuracyReportTest}.
 * Blackwell's sustained fraction is fitted apart, on the four "fit" rows of
 * validation/reference/training-megatron-bridge.csv ({@link MegatronBridgeRows#fitCases}), every other
 * parameter held: training.csv has no Blackwell row, and those rows run on no Hopper or Ampere part.
 */
final class DefaultProfileFit {
    /** The fitted parameters, in profile order. */
    static final List<String> FITTED = List.of(ComputeCalibration.KERNEL_OVERHEAD,
            ComputeCalibration.STEP_OVERHEAD, Device.SUSTAINED_FRACTION + "hopper", Device.SUSTAINED_FRACTION + "ampere");
    /** The parameter the Megatron-Bridge fit rows fit. */
    static final List<String> FITTED_BLACKWELL = List.of(Device.SUSTAINED_FRACTION + "blackwell");
    private static FitReport report;
    private static FitReport blackwellReport;

    private DefaultProfileFit() {
    }

    /** The fit, started from the committed default profile. */
    static synchronized FitReport report() throws IOException {
        if (report == null) {
            CalibrationProfile defaults = CalibrationProfile.defaults();
            report = ProfileFitter.fit(start(defaults, FITTED), TrainingCalibrationTest.cases(), defaults.name(),
                    defaults.date());
        }
        return report;
    }

    /** The fit of Blackwell's sustained fraction on the Megatron-Bridge fit rows, from the committed profile. */
    static synchronized FitReport blackwellReport() throws IOException {
        if (blackwellReport == null) {
            CalibrationProfile defaults = CalibrationProfile.defaults();
            blackwellReport = ProfileFitter.fit(start(defaults, FITTED_BLACKWELL), MegatronBridgeRows.fitCases(),
                    defaults.name(), defaults.date());
        }
        return blackwellReport;
    }

    /** {@code defaults} with every parameter but {@code fitted} fixed at its value (lower = upper). */
    static CalibrationProfile start(CalibrationProfile defaults, List<String> fitted) {
        List<CalibrationParameter> parameters = defaults.parameters().stream()
                .map(p -> fitted.contains(p.name()) ? p
                        : new CalibrationParameter(p.name(), p.value(), p.value(), p.value(), p.meaning(), p.source(),
                                p.unit()))
                .toList();
        return new CalibrationProfile(defaults.name(), parameters, defaults.fittedOn(), defaults.date(),
                defaults.residuals());
    }
}
