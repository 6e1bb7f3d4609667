package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * PyTorch FSDP's copies on the compute stream, every micro-batch, over every unsharded parameter: FSDP1's flat gradient
 * (autograd's split backward, Composer's FSDP) and FSDP2's all-gather copy-outs (torchtitan).
 */
class FsdpComputeStreamCopiesTest {
    private static final TransformerSpec MODEL = TrainingFixtures.dense("small", 8, 2048, 8192, 16, 16, 32000, false);
    private static final ParallelismSpec PLAN = new ParallelismSpec(1, 1, 8, 1, 1, false);

    @Test
    void shouldChargeFourBytesPerUnshardedParameterOnEveryMicroBatchForTheFlatGradientOfFsdp() {
        assertEquals(expectedSeconds(4), step(ComputeCalibration.FSDP_FLAT_GRADIENT_BYTES) - step(0),
                1e-9 * expectedSeconds(4));
    }

    @Test
    void shouldChargeEightBytesPerUnshardedParameterOnEveryMicroBatchForTheCopyOutsOfFsdp2() {
        assertEquals(expectedSeconds(8), step(ComputeCalibration.FSDP2_COPY_OUT_BYTES) - step(0),
                1e-9 * expectedSeconds(8));
    }

    @Test
    void shouldGiveComposerRowsTheFlatGradientAndTorchtitanRowsTheCopyOuts() {
        assertEquals(4, ShardedRows.software(Map.of("stack", "composer-fsdp", "accelerator", "H100_SXM"))
                .gradientAccumulationBytes());
        assertEquals(8, ShardedRows.software(Map.of("stack", "torchtitan-fsdp2", "accelerator", "A100_SXM"))
                .gradientAccumulationBytes());
    }

    /**
     * By hand: FSDP over 8 GPUs keeps no parameter split, so each GPU computes on all of them: 8 layers of 4h² + 2h
     * (attention, norms) + 2hf (MLP), the input embedding and the output layer V·h each, and the final norm h; 64
     * sequences on DP8 at micro-batch 1 are 8 micro-batches, each moving {@code bytes} per parameter through the H100's
     * 3.35 TB/s at 0.8.
     * The FSDP traffic of one node's NVLink stays hidden behind the longer backward, so nothing else moves.
     */
    private static double expectedSeconds(double bytes) {
        double h = 2048;
        double parameters = 8 * (4 * h * h + 2 * h + 2 * h * 8192) + 2 * 32000 * h + h;
        return 8 * parameters * bytes / (3.35e12 * 0.8);
    }

    private static double step(double bytes) {
        SoftwareSpec software = SoftwareSpec.FLASH_ATTENTION_2.withGradientHandling("test.Fsdp", bytes, false);
        TrainingSpec spec = new TrainingSpec("small", MODEL, TrainingFixtures.superPod6k(), PLAN.accelerators(), 2048,
                64, 1, Precision.BF16, PLAN, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.FSDP,
                TrainingSpec.Recompute.NONE, 1, software, false);
        return (Double) new TrainingRuns(spec, TrainingSimulator.SEED).run(CalibrationProfile.defaults()).metrics()
                .get("stepTimeSeconds");
    }
}
