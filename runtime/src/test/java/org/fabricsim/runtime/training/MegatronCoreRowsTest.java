package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * Why the Megatron-Core rows without pipeline parallelism run as one micro-batch
 * ({@link TrainingRows#singleMicroBatch}): the README's 32B row (48 layers, hidden 7,168,
 * TP8 PP1 DP48, 192 sequences of 4,096 tokens, 459.6 TFLOP/s per GPU) cannot be reached with four
 * micro-batches of one sequence, whatever the compute constants.
 */
class MegatronCoreRowsTest {
    private static final TransformerSpec GPT_32B = TrainingFixtures.dense("gpt32b", 48, 7168, 4 * 7168, 56, 56,
            131072, false);
    private static final ParallelismSpec PLAN = new ParallelismSpec(8, 1, 48, 1, 1, true);

    @Test
    void shouldExposeTheGradientReduceScatterWhenOnlyTheLastOfFourMicroBatchesCanHideIt() {
        RunResult four = run(1);
        RunResult one = run(4);
        assertEquals(4, four.parameters().get("microBatches"));
        assertEquals(1, one.parameters().get("microBatches"));
        // Per GPU 3.93e9 parameters (30.5e9 in the layers and the output layer plus the 0.94e9 input
        // embedding, / TP 8) reduce-scatter FP32 gradients, 15.7 GB x 47/48, over the GPU's one
        // 400 Gb/s NIC (each DP group holds one GPU per node): at least 15.4e9 / 50e9 = 0.31 s. The
        // backward of one micro-batch is about 2/3 of a quarter of the 0.81 s compute, 0.14 s, so at
        // least 0.31 - 0.14 = 0.17 s stays exposed with four micro-batches.
        assertTrue(dpSeconds(four) > 0.17, "exposed DP " + dpSeconds(four));
        // As one micro-batch the whole backward (about 0.54 s) hides the reduce-scatter.
        assertTrue(dpSeconds(one) < dpSeconds(four) / 2, "exposed DP " + dpSeconds(one));
        // The published 459.6 TFLOP/s allow a step of at most 200.1e9 FLOPs per token (6N + 12Lhs) x
        // 16,384 tokens / 8 GPUs / 459.6e12 = 0.892 s; four micro-batches exceed it by the exposed reduce.
        assertTrue((Double) four.metrics().get("stepTimeSeconds") > 0.892 + 0.1);
    }

    private static RunResult run(int microBatch) {
        TrainingSpec spec = new TrainingSpec("gpt32b", GPT_32B, TrainingFixtures.superPod6k(), 384, 4096, 192,
                microBatch, Precision.BF16, PLAN, TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                1, TrainingSpec.Sharding.ZERO_1, TrainingSpec.Recompute.NONE, 1, SoftwareSpec.MEGATRON_CORE,
                true);
        return TrainingSimulator.run(spec, CalibrationProfile.defaults(), TrainingSimulator.SEED);
    }

    private static double dpSeconds(RunResult result) {
        @SuppressWarnings("unchecked")
        Map<String, Double> exposed = (Map<String, Double>) result.metrics().get("exposedCommunicationSeconds");
        return exposed.get("dp");
    }
}
