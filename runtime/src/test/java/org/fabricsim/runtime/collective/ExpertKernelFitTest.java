package org.fabricsim.runtime.collective;

import static org.fabricsim.runtime.collective.ReferenceClusters.DEEPEP_LOW_LATENCY;
import static org.fabricsim.runtime.collective.ReferenceClusters.DEEPEP_LOW_LATENCY_ROWS;
import static org.fabricsim.runtime.collective.ReferenceClusters.deepEp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationCase;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.FitReport;
import org.fabricsim.runtime.calibration.ProfileFitter;
import org.junit.jupiter.api.Test;

/**
 * The fixed cost of a DeepEP kernel ({@code collective.expert-kernel-overhead}) is fitted, by this
 * code, to the published low-latency latencies (DeepEP README: EP 8, 32 and 128, dispatch and
 * combine), with only that parameter free. The default profile must hold the fitted value, so a
 * change to the kernels' traffic model forces a refit.
 */
class ExpertKernelFitTest {
    @Test
    void shouldHoldTheFixedCostFittedToDeepEpsLowLatencyKernels() {
        List<CalibrationCase> cases = new ArrayList<>();
        for (double[] row : DEEPEP_LOW_LATENCY_ROWS) {
            int ep = (int) row[0];
            for (boolean dispatch : new boolean[] { true, false }) {
                cases.add(new CalibrationCase("deepep-ll-ep" + ep + (dispatch ? "-dispatch" : "-combine"),
                        dispatch ? row[1] : row[3], CalibrationCase.Kind.RELATIVE, "DeepEP README, low-latency kernels",
                        profile -> deepEp(DEEPEP_LOW_LATENCY, ep, dispatch, Calibration.of(profile)).timeSeconds()
                                * 1e6));
            }
        }
        CalibrationProfile start = CalibrationProfile.defaults()
                .freeOnly(List.of(Calibration.EXPERT_KERNEL_OVERHEAD));
        FitReport report = ProfileFitter.fit(start, cases, "DeepEp", "2026-12-01");
        double fittedSeconds = report.profile().value(Calibration.EXPERT_KERNEL_OVERHEAD);
        for (FitReport.CaseFit fit : report.cases()) {
            System.out.printf("%-26s error %+6.1f%%  leave-one-out %+6.1f%%%n", fit.fittedCase().name(),
                    100 * fit.error(), 100 * fit.leaveOneOutError());
        }
        System.out.printf("fitted %.1f us, RMS %.1f%%, leave-one-out RMS %.1f%%%n", fittedSeconds * 1e6,
                100 * report.rmsError(), 100 * report.rmsLeaveOneOutError());
        assertEquals(fittedSeconds, CalibrationProfile.defaults().value(Calibration.EXPERT_KERNEL_OVERHEAD), 0.5e-6,
                "the default profile holds the fitted fixed cost; refit it");
        assertTrue(report.rmsLeaveOneOutError() < 0.10, "leave-one-out RMS " + report.rmsLeaveOneOutError());
    }
}
