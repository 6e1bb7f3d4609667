package org.fabricsim.runtime.calibration;

import java.util.List;

/**
 * The shipped default profile (the standard catalog's {@code fabric.catalog.calibration.Default}
 * states the same values as a language object). Its fitted values are what {@code fabric
 * calibrate} finds on the project's reference set (validation/reference/); a test refits them.
 */
final class DefaultProfile {
    static final CalibrationProfile PROFILE = new CalibrationProfile("fabric.catalog.calibration.Default",
            CollectiveDefaults.PARAMETERS, List.of(), "2026-12-01", List.of());

    private DefaultProfile() {
    }
}
