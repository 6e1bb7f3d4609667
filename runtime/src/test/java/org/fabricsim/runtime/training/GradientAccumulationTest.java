package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * A stack that folds every micro-batch's gradients into FP32 outside the GEMMs, and one that all-reduces the gradients it
 * shards the optimizer over (DeepSpeed's BF16 optimizer does both).
 */
class GradientAccumulationTest {
    @Test
    void shouldChargeEighteenBytesPerLocalParameterOnEveryMicroBatchOfADeepSpeedStep() {
        TransformerSpec model = TrainingFixtures.dense("small", 8, 2048, 8192, 16, 16, 32000, false);
        ParallelismSpec plan = new ParallelismSpec(2, 1, 4, 1, 1, false);
        double plain = step(model, plan, TrainingFixtures.MEGATRON_2021, TrainingSpec.Sharding.ZERO_1, "stepTimeSeconds");
        double deepSpeed = step(model, plan, accumulating(18, false), TrainingSpec.Sharding.ZERO_1, "stepTimeSeconds");
        // Local parameters at TP2: 8 layers of 4h² (attention) + 2hf (MLP), the input embedding and the output layer
        // V·h each, halved, and each layer's two norms (2h) and the final norm (h) whole on every TP rank; 64
        // sequences on DP4 at micro-batch 1 are 16 micro-batches, each moving 18 B per parameter (BF16 read and FP32
        // write of the cast, two FP32 reads and one write of the add) through the H100's 3.35 TB/s at 0.8. Without a
        // pipeline nothing else of the step moves (DP reduce after the end).
        double h = 2048;
        double parameters = (8 * (4 * h * h + 2 * h * 8192) + 2 * 32000 * h) / 2 + 8 * 2 * h + h;
        double expected = 16 * parameters * 18 / (3.35e12 * 0.8);
        assertEquals(expected, deepSpeed - plain, 1e-9 * expected);
    }

    @Test
    void shouldLeaveStacksThatAccumulateInTheGemmUnchanged() {
        assertEquals(0, TrainingFixtures.MEGATRON_2021.gradientAccumulationBytes());
        assertEquals(0, SoftwareSpec.MEGATRON_CORE.gradientAccumulationBytes());
        assertEquals(0, SoftwareSpec.FLASH_ATTENTION_2_AMPERE.gradientAccumulationBytes());
    }

    @Test
    void shouldLengthenOnlyTheDataParallelReductionWhenZeroOneAllReducesItsGradients() {
        TransformerSpec model = TrainingFixtures.dense("small", 8, 2048, 8192, 16, 16, 32000, false);
        ParallelismSpec plan = new ParallelismSpec(2, 1, 4, 1, 1, false);
        SoftwareSpec allReducing = accumulating(0, true);
        double step = step(model, plan, TrainingFixtures.MEGATRON_2021, TrainingSpec.Sharding.ZERO_1, "stepTimeSeconds");
        double longer = step(model, plan, allReducing, TrainingSpec.Sharding.ZERO_1, "stepTimeSeconds");
        double dp = step(model, plan, TrainingFixtures.MEGATRON_2021, TrainingSpec.Sharding.ZERO_1, "exposedDp");
        double dpLonger = step(model, plan, allReducing, TrainingSpec.Sharding.ZERO_1, "exposedDp");
        // Reduced after the last backward (overlap 0), the all-reduce adds a second ring pass to the exposed DP time
        // and nothing else; plain data parallelism already all-reduces, so the flag leaves it alone.
        assertTrue(longer > step);
        assertEquals(longer - step, dpLonger - dp, 1e-9 * step);
        assertEquals(step(model, plan, TrainingFixtures.MEGATRON_2021, TrainingSpec.Sharding.NONE, "stepTimeSeconds"),
                step(model, plan, allReducing, TrainingSpec.Sharding.NONE, "stepTimeSeconds"), 0);
    }

    private static SoftwareSpec accumulating(double bytes, boolean allReduce) {
        return TrainingFixtures.MEGATRON_2021.withGradientHandling("test.Accumulating", bytes, allReduce);
    }

    private static double step(TransformerSpec model, ParallelismSpec plan, SoftwareSpec software,
            TrainingSpec.Sharding sharding, String metric) {
        TrainingSpec spec = new TrainingSpec("small", model, TrainingFixtures.superPod6k(), plan.accelerators(), 2048,
                64, 1, Precision.BF16, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, sharding,
                TrainingSpec.Recompute.FULL, 0, software, false);
        Map<String, Object> metrics = new TrainingRuns(spec, TrainingSimulator.SEED).run(CalibrationProfile.defaults())
                .metrics();
        return "exposedDp".equals(metric) ? (Double) ((Map<?, ?>) metrics.get("exposedCommunicationSeconds")).get("dp")
                : (Double) metrics.get(metric);
    }
}
