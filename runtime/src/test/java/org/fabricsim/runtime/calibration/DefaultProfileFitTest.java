package org.fabricsim.runtime.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

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
    void shouldGiveBackTheCommittedBlackwellFractionWhenRefittedOnTheMegatronBridgeFitRows() throws IOException {
        // blackfit's local fit (docs/accuracy.md, "Blackwell sustained fraction, session 59"): 0.7024 on the four
        // FP8-CS rows, the 405B B200 row pulling it to the lower bound 0.7; 0.7037 since session 60's measured NVLink 5
        // efficiency (75.5%, "NVLink 5 efficiency, session 60"); the committed 0.704 is that fit rounded.
        FitReport report = DefaultProfileFit.blackwellReport();
        CalibrationParameter p = CalibrationProfile.defaults().parameter(DefaultProfileFit.FITTED_BLACKWELL.get(0));
        assertEquals(p.value(), report.profile().value(p.name()), BOX_TOLERANCE * (p.upper() - p.lower()),
                p.name() + ": refit " + report.profile().value(p.name()) + "; put the refitted value in DefaultProfile"
                        + " and fabric/catalog/calibration.fabric");
        assertEquals(List.of("mb2511-llama3-8b-gb200-8", "mb2511-llama3-8b-b200-8", "mb2511-llama31-405b-gb200-256",
                "mb2511-llama31-405b-b200-128"), report.profile().fittedOn());
        for (FitReport.ParameterFit fit : report.parameters()) {
            assertEquals(DefaultProfileFit.FITTED_BLACKWELL.contains(fit.parameter().name()), fit.fitted(),
                    fit.parameter().name());
        }
        System.out.println(p.name() + " refit " + report.profile().value(p.name()));
        report.cases().forEach(c -> System.out.printf(Locale.ROOT, "%s fitted %+.2f LOO %+.2f points%n", c.fittedCase().name(),
                c.error(), c.leaveOneOutError()));
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
