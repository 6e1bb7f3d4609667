package org.fabricsim.runtime.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.junit.jupiter.api.Test;

class ProfileFitterTest {
    /** Two free parameters a, b ∈ [0, 10] and one fixed c = 1. */
    private static final CalibrationProfile LINE = new CalibrationProfile("t.Line", List.of(
            new CalibrationParameter("a", 1, 0, 10, "slope", "test"),
            new CalibrationParameter("b", 1, 0, 10, "intercept", "test"),
            new CalibrationParameter("c", 1, 1, 1, "fixed", "test")), List.of(), "2026-01-01", List.of());

    private static CalibrationCase point(double x, double y) {
        return new CalibrationCase("x" + x, y, CalibrationCase.Kind.POINTS, "test",
                p -> p.value("a") * x + p.value("b"));
    }

    @Test
    void fitsALineThroughExactPointsAndPredictsEachLeftOutPoint() {
        // y = 2x + 3 at x = 1, 2, 3: the least-squares line is a = 2, b = 3 with zero residuals, and any
        // two of the points determine the same line, so each left-out point is predicted exactly.
        FitReport report = ProfileFitter.fit(LINE, List.of(point(1, 5), point(2, 7), point(3, 9)), "t.Fitted",
                "2026-12-01");
        assertEquals(2, report.profile().value("a"), 1e-6);
        assertEquals(3, report.profile().value("b"), 1e-6);
        assertEquals(0, report.rmsLeaveOneOutError(), 1e-5);
        assertEquals(List.of("x1.0", "x2.0", "x3.0"), report.profile().fittedOn());
        assertEquals("2026-12-01", report.profile().date());
        assertEquals(7, report.profile().residuals().get(1).predicted(), 1e-5);
        // Before the fit a = b = 1 predicts 1·2 + 1 = 3 for x = 2.
        assertEquals(3, report.cases().get(1).before(), 1e-12);
        FitReport.ParameterFit c = report.parameters().get(2);
        assertFalse(c.fitted());
        assertEquals(1, c.parameter().value());
    }

    @Test
    void weighsAnMfuPointAsAOnePercentRelativeError() {
        CalibrationCase mfu = new CalibrationCase("mfu", 40, CalibrationCase.Kind.POINTS, "test", p -> 41);
        CalibrationCase time = new CalibrationCase("time", 2, CalibrationCase.Kind.RELATIVE, "test", p -> 2.02);
        // 41 − 40 = 1 point, residual 1 / 100; 2.02 / 2 − 1 = 1%, residual 0.01.
        assertEquals(1, mfu.error(41), 1e-12);
        assertEquals(0.01, mfu.residual(41), 1e-12);
        assertEquals(0.01, time.residual(2.02), 1e-12);
    }

    @Test
    void keepsEveryParameterWithinItsBounds() {
        // y = 20x at x = 1, 2 asks for a = 20, beyond a's upper bound 10: the fit stops at a = 10 and
        // takes b = 10 to meet the points as well as it can (the optimum for a = 10 is b = 15, clamped).
        FitReport report = ProfileFitter.fit(LINE, List.of(point(1, 20), point(2, 40)), "t.Fitted", "2026-12-01");
        assertEquals(10, report.profile().value("a"), 1e-9);
        assertEquals(10, report.profile().value("b"), 1e-9);
    }

    @Test
    void doesNotFitAParameterTheCasesDoNotDependOn() {
        // The cases read a only: b keeps its value 1 and is reported as not fitted.
        CalibrationCase slope = new CalibrationCase("slope", 4, CalibrationCase.Kind.POINTS, "test",
                p -> p.value("a"));
        FitReport report = ProfileFitter.fit(LINE, List.of(slope), "t.Fitted", "2026-12-01");
        assertEquals(4, report.profile().value("a"), 1e-6);
        assertFalse(report.parameters().get(1).fitted());
        assertTrue(Double.isNaN(report.cases().get(0).leaveOneOut()), "one case has no leave-one-out refit");
    }

    @Test
    void recoversTheNvlinkEfficiencyThatProducedMeasuredBusBandwidths() {
        // Measurements made by the engine itself with the NVLink efficiency at 0.80 instead of 0.816: bus
        // bandwidth at large sizes is proportional to the efficiency, latency is unchanged, so the fit
        // must return 0.80 and meet every case.
        CalibrationProfile truth = CalibrationProfile.defaults().with(Calibration.NVLINK_EFFICIENCY, 0.80);
        List<CalibrationCase> cases = new ArrayList<>();
        for (long size : List.of(1L << 20, 16L << 20, 256L << 20)) {
            CollectiveBenchmarkSpec sized = new CollectiveBenchmarkSpec("t.Ring8", CalibrationFixtures.DGX, 1,
                    CalibrationFixtures.RING.operation(), CalibrationFixtures.RING.algorithm(), 1, List.of(size));
            NcclTestsLog log = new NcclTestsLog("t.log", "", 8, List.of(new NcclTestsLog.Row(1, size,
                    seconds(sized, truth))));
            cases.addAll(MeasuredCases.collective(log, sized, 1));
        }
        FitReport report = ProfileFitter.fit(CalibrationProfile.defaults(), cases, "t.Fitted", "2026-12-01");
        assertEquals(0.80, report.profile().value(Calibration.NVLINK_EFFICIENCY), 1e-4);
        assertEquals(0, report.rmsError(), 1e-4);
        assertTrue(report.parameters().stream().anyMatch(p -> p.fitted()
                && p.parameter().name().equals(Calibration.NVLINK_EFFICIENCY)));
    }

    private static double seconds(CollectiveBenchmarkSpec sized, CalibrationProfile profile) {
        Object row = ((List<?>) CollectiveBenchmarks.run(sized, profile, 1).metrics()
                .get("rows")).get(0);
        return ((Number) ((Map<?, ?>) row).get("timeSeconds")).doubleValue();
    }

    @Test
    void refusesAnEmptyDataSet() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProfileFitter.fit(LINE, List.of(), "t.F", "2026-12-01"));
        assertTrue(e.getMessage().startsWith("no measured cases"), e.getMessage());
    }

    @Test
    void refusesAProfileWithoutBounds() {
        CalibrationProfile fixed = new CalibrationProfile("t.Fixed",
                List.of(new CalibrationParameter("a", 1, 1, 1, "slope", "test")), List.of(), "2026-01-01", List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProfileFitter.fit(fixed, List.of(point(1, 5)), "t.F", "2026-12-01"));
        assertTrue(e.getMessage().contains("no parameter with bounds") && e.getMessage().contains("bounds LOW to HIGH"),
                e.getMessage());
    }

    @Test
    void refusesCasesNoFreeParameterActsOn() {
        CalibrationCase constant = new CalibrationCase("k", 4, CalibrationCase.Kind.POINTS, "test", p -> 4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProfileFitter.fit(LINE, List.of(constant), "t.F", "2026-12-01"));
        assertTrue(e.getMessage().contains("[a, b] affects the measured cases; measure workloads these parameters"
                + " act on"), e.getMessage());
    }

    @Test
    void namesTheParametersWithoutBoundsThatTheCasesDependOn() {
        // The case reads c, which is fixed at 1 (lower = value = upper): freeing it would let the fit move it.
        CalibrationCase constant = new CalibrationCase("k", 4, CalibrationCase.Kind.POINTS, "test", p -> p.value("c"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProfileFitter.fit(LINE, List.of(constant), "t.F", "2026-12-01"));
        assertTrue(e.getMessage().contains("the cases depend on [c], which have no bounds (lower = upper): state"
                + " 'bounds LOW to HIGH' on those to fit them"), e.getMessage());
    }

    @Test
    void refusesACaseMeasuredTwice() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProfileFitter.fit(LINE, List.of(point(1, 5), point(1, 6)), "t.F", "2026-12-01"));
        assertTrue(e.getMessage().contains("case x1.0 is measured twice"), e.getMessage());
    }
}
