package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

class TrainingRunsTest {
    /** 2 pipeline stages × 8 data-parallel replicas × TP8 on the MegaScale A100 cluster: every axis communicates. */
    private static TrainingSpec job() {
        return TrainingFixtures.training("t.Runs", TrainingFixtures.dense("t.Gpt", 8, 4096, 16384, 32, 32, 51200, false),
                TrainingFixtures.megaScaleA100(), 2048, 64, new ParallelismSpec(8, 2, 8, 1, 1, true),
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
    }

    @Test
    void shouldPredictWhatAFreshRunPredictsWhenOnlyComputeConstantsChangeBetweenRuns() {
        TrainingSpec spec = job();
        TrainingRuns runs = new TrainingRuns(spec, TrainingSimulator.SEED);
        CalibrationProfile defaults = CalibrationProfile.defaults();
        CalibrationProfile slower = defaults.with(ComputeCalibration.KERNEL_OVERHEAD, 25e-6);
        RunResult first = runs.run(defaults);
        RunResult second = runs.run(slower);
        assertClose(TrainingSimulator.run(spec, defaults, TrainingSimulator.SEED), first);
        assertClose(TrainingSimulator.run(spec, slower, TrainingSimulator.SEED), second);
        assertTrue((Double) second.metrics().get("stepTimeSeconds") > (Double) first.metrics().get("stepTimeSeconds"));
    }

    @Test
    void shouldSolveTheNetworkOnlyInTheFirstRunWhileTheCollectiveConstantsStayEqual() {
        TrainingRuns runs = new TrainingRuns(job(), TrainingSimulator.SEED);
        CalibrationProfile defaults = CalibrationProfile.defaults();
        assertTrue(runs.run(defaults).flows() > 0);
        assertEquals(0, runs.run(defaults.with(ComputeCalibration.KERNEL_OVERHEAD, 1e-6)).flows());
    }

    private static void assertClose(RunResult expected, RunResult actual) {
        for (String metric : new String[] {"stepTimeSeconds", "mfu", "bubbleFraction"}) {
            double e = (Double) expected.metrics().get(metric);
            assertEquals(e, (Double) actual.metrics().get(metric), 1e-12 * Math.abs(e), metric);
        }
        Map<?, ?> exposed = (Map<?, ?>) expected.metrics().get("exposedCommunicationSeconds");
        exposed.forEach((axis, seconds) -> assertEquals((Double) seconds,
                (Double) ((Map<?, ?>) actual.metrics().get("exposedCommunicationSeconds")).get(axis),
                1e-12 * (Double) seconds + 1e-18, "exposed " + axis));
    }
}
