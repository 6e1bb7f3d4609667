package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** A stack that folds every micro-batch's gradients into FP32 outside the GEMMs (DeepSpeed's BF16 optimizer). */
class GradientAccumulationTest {
    @Test
    void shouldChargeEighteenBytesPerLocalParameterOnEveryMicroBatchOfADeepSpeedStep() {
        TransformerSpec model = TrainingFixtures.dense("small", 8, 2048, 8192, 16, 16, 32000, false);
        ParallelismSpec plan = new ParallelismSpec(2, 1, 4, 1, 1, false);
        double plain = step(model, plan, TrainingFixtures.MEGATRON_2021);
        double deepSpeed = step(model, plan, TrainingFixtures.MEGATRON_DEEPSPEED);
        // Local parameters at TP2: 8 layers of 4h² + 2h (attention, norms) + 2hf (MLP), the input embedding and the
        // output layer V·h each, all halved; 64 sequences on DP4 at micro-batch 1 are 16 micro-batches, each moving
        // 18 B per parameter (BF16 read and FP32 write of the cast, two FP32 reads and one write of the add) through
        // the H100's 3.35 TB/s at 0.8. Without a pipeline nothing else of the step moves (DP reduce after the end).
        double h = 2048;
        double parameters = (8 * (4 * h * h + 2 * h + 2 * h * 8192) + 2 * 32000 * h) / 2;
        double expected = 16 * parameters * 18 / (3.35e12 * 0.8);
        assertEquals(expected, deepSpeed - plain, 1e-9 * expected);
    }

    @Test
    void shouldLeaveStacksThatAccumulateInTheGemmUnchanged() {
        assertEquals(0, TrainingFixtures.MEGATRON_2021.gradientAccumulationBytes());
        assertEquals(0, SoftwareSpec.MEGATRON_CORE.gradientAccumulationBytes());
        assertEquals(0, SoftwareSpec.FLASH_ATTENTION_2_AMPERE.gradientAccumulationBytes());
    }

    private static double step(TransformerSpec model, ParallelismSpec plan, SoftwareSpec software) {
        TrainingSpec spec = new TrainingSpec("small", model, TrainingFixtures.superPod6k(), plan.accelerators(), 2048,
                64, 1, Precision.BF16, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1,
                TrainingSpec.Sharding.ZERO_1, TrainingSpec.Recompute.FULL, 0, software, false);
        return (Double) new TrainingRuns(spec, TrainingSimulator.SEED).run(CalibrationProfile.defaults()).metrics()
                .get("stepTimeSeconds");
    }
}
