package org.fabricsim.runtime.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.fabricsim.runtime.training.TrainingCalibrationTest;
import org.junit.jupiter.api.Test;

/**
 * The refit round trip of the default profile: fitting its compute constants to the named
 * training rows must give back the committed values. A change of a mechanism that moves the fit
 * fails here until {@code DefaultProfile} and the catalog's {@code Default} take the refitted
 * values (docs/calibration.md, "The default profile").
 */
class DefaultProfileFitTest {
    /**
     * How far a refitted constant may sit from the committed one, as a share of its bounds' width:
     * the committed values are the fit rounded to three significant digits.
     */
    private static final double BOX_TOLERANCE = 0.005;

    @Test
    void shouldGiveBackTheCommittedComputeConstantsWhenRefittedOnTheTrainingRows() throws IOException {
        FitReport report = DefaultProfileFit.report();
        CalibrationProfile committed = CalibrationProfile.defaults();
        for (String name : DefaultProfileFit.FITTED) {
            CalibrationParameter p = committed.parameter(name);
            assertEquals(p.value(), report.profile().value(name), BOX_TOLERANCE * (p.upper() - p.lower()),
                    name + ": refit " + report.profile().value(name) + "; put the refitted value in DefaultProfile and"
                            + " fabric/catalog/calibration.fabric");
        }
    }

    @Test
    void shouldFitEachComputeConstantAndNothingElseOnEveryTrainingRowByName() throws IOException {
        FitReport report = DefaultProfileFit.report();
        List<String> rows = TrainingCalibrationTest.cases().stream().map(CalibrationCase::name).toList();
        assertEquals(rows, report.profile().fittedOn());
        for (FitReport.ParameterFit fit : report.parameters()) {
            assertEquals(DefaultProfileFit.FITTED.contains(fit.parameter().name()), fit.fitted(),
                    fit.parameter().name());
        }
    }

    @Test
    void shouldReportALeaveOneOutErrorNoSmallerThanTheFittedError() throws IOException {
        // A refit without a row cannot predict that row better on average than the fit that saw it.
        FitReport report = DefaultProfileFit.report();
        double fitted = 0;
        double leftOut = 0;
        for (FitReport.CaseFit c : report.cases()) {
            fitted += Math.abs(c.error());
            leftOut += Math.abs(c.leaveOneOutError());
        }
        assertTrue(leftOut >= fitted, "LOO " + leftOut + " against fitted " + fitted);
    }
}
