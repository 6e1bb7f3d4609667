package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** The profile's fixed per-step cost ({@code compute.step-overhead}). */
class StepOverheadTest {
    @Test
    void shouldLengthenEveryStepByTheProfilesStepOverheadOnceWhateverTheMicroBatches() {
        TransformerSpec model = TrainingFixtures.dense("small", 8, 2048, 8192, 16, 16, 32000, false);
        for (int pipeline : new int[] {1, 4}) {
            TrainingSpec spec = TrainingFixtures.training("small", model, TrainingFixtures.superPod6k(), 2048, 64,
                    new ParallelismSpec(2, pipeline, 4, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                    TrainingSpec.Sharding.ZERO_1);
            TrainingRuns runs = new TrainingRuns(spec, TrainingSimulator.SEED);
            CalibrationProfile base = CalibrationProfile.defaults().with(ComputeCalibration.STEP_OVERHEAD, 0);
            double without = (Double) runs.run(base).metrics().get("stepTimeSeconds");
            double with = (Double) runs.run(base.with(ComputeCalibration.STEP_OVERHEAD, 0.05))
                    .metrics().get("stepTimeSeconds");
            // Every stage pays it once, after its last backward, so the step grows by exactly 50 ms,
            // without a pipeline and with four stages alike.
            assertEquals(0.05, with - without, 1e-9, "pipeline " + pipeline);
        }
    }
}
