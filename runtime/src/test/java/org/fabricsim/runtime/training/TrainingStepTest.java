package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class TrainingStepTest {
    /** Every data-parallel ring step takes {@code dataStepSeconds}; nothing else costs time. */
    private record DataOnlyTimer(double dataStepSeconds) implements RingStepsOnly {
        @Override
        public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
            return axis == Axis.DATA ? dataStepSeconds : 0;
        }
    }

    /** A ring step of 1 s per byte a rank sends: with DP 2, a chunk's gather takes its bytes ÷ 2 seconds. */
    private record ByteTimer() implements RingStepsOnly {
        @Override
        public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
            return bytesPerRank;
        }
    }

    @Test
    void shouldExposeOnlyTheGatherThatAChunksFirstForwardOutruns() {
        // One stage, two chunks; 4 parameters each → 8 B in BF16 → 4 s of gather per chunk (DP 2).
        // Chunk 0 starts its first forward at 0 and computes 1 s of it: 4 − 0 − 1 = 3 s exposed.
        // Chunk 1 starts at 10: 8 − 10 − 1 < 0. Exposed 3 of 8 s.
        PipelineTimeline timeline = new PipelineTimeline(1, 2, new double[] {20},
                new double[] {20}, new double[] {20, 20}, new double[] {0, 10});
        double[] gather = DataParallelSync.gatherSeconds(new ByteTimer(), 2, 1, 1.0, timeline, 0,
                new double[] {4, 4}, new double[] {0, 0}, new double[] {1, 1});
        assertArrayEquals(new double[] {8, 3}, gather, 1e-12);
    }

    @Test
    void shouldHideNoGatherBehindEarlierChunksWithoutOverlap() {
        // The timeline of the test above at overlap 0 (no --overlap-param-gather): the optimizer step gathers both
        // chunks before chunk 0's first forward at 0, so all 4 + 4 = 8 s are exposed (chunk 1's forward at 10 hides
        // nothing of it).
        PipelineTimeline timeline = new PipelineTimeline(1, 2, new double[] {20},
                new double[] {20}, new double[] {20, 20}, new double[] {0, 10});
        double[] gather = DataParallelSync.gatherSeconds(new ByteTimer(), 2, 1, 0.0, timeline, 0,
                new double[] {4, 4}, new double[] {0, 0}, new double[] {1, 1});
        assertArrayEquals(new double[] {8, 8}, gather, 1e-12);
    }

    @Test
    void shouldExposeEveryChunksReductionOfAnInterleavedStageWithoutOverlap() {
        // PP 2 × 2 virtual stages × DP 2, ZeRO-1, 8 layers (2 a chunk), M = 4: each chunk's reduce-scatter and
        // all-gather are one DP ring step, c = 1,000 s, far above the compute. Without overlap (Megatron-LM without
        // --overlap-grad-reduce and --overlap-param-gather) stage 0, which ends last, reduces its two chunks after
        // its last backward (2c) and gathers both before its first forward (2c); nothing hides, so no SM share is
        // charged: dp = 4c. Overlap hides the earlier chunk's reduction behind the later chunk's backward and the
        // later chunk's gather behind the earlier chunk's forwards, so more overlap exposes less.
        double c = 1000;
        ParallelismSpec plan = new ParallelismSpec(8, 2, 2, 1, 1, true);
        double[] dp = new double[3];
        double[] overlaps = {0, 0.5, 1};
        for (int k = 0; k < 3; k++) {
            TrainingSpec spec = new TrainingSpec("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000,
                    false), TrainingFixtures.superPod6k(), plan.accelerators(), 2048, 8, 1, Precision.BF16, plan,
                    TrainingSpec.PipelineSchedule.INTERLEAVED, 2, TrainingSpec.Sharding.ZERO_1,
                    TrainingSpec.Recompute.NONE, overlaps[k]);
            StepPlan steps = StepPlan.of(spec);
            assertEquals(2, steps.chunks());
            dp[k] = TrainingStep.simulate(spec, steps, new DataOnlyTimer(c), CalibrationProfile.defaults()).dpSeconds();
        }
        assertEquals(4 * c, dp[0], 1e-9 * c);
        assertTrue(dp[1] < dp[0] && dp[2] < dp[1], "dp at overlap 0, 0.5, 1: " + java.util.Arrays.toString(dp));
    }

    @Test
    void shouldChargeHiddenDataParallelCommunicationWithTheSmsItHolds() {
        // DP 2: reduce-scatter and all-gather are one ring step each, c = 10 µs, far below a
        // layer's compute, with one stage and full overlap. The reduce-scatter's last bucket (c
        // over 4 layers) runs past the backward; the rest of it and the whole gather hide behind
        // compute and cost 16/132 of their time: dp = c/4 + 16/132 · (c − c/4 + c).
        double c = 1e-5;
        TrainingSpec spec = TrainingFixtures.training("t.Job",
                TrainingFixtures.dense("t.Gpt", 4, 2048, 8192, 16, 16, 32000, false), TrainingFixtures.superPod6k(),
                2048, 8, new ParallelismSpec(8, 1, 2, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
        StepBreakdown step = TrainingStep.simulate(spec, StepPlan.of(spec), new DataOnlyTimer(c), CalibrationProfile.defaults());
        assertEquals(c / 4 + 16.0 / 132 * (c - c / 4 + c), step.dpSeconds(), 1e-12);
    }

    @Test
    void shouldReduceHalfTheGradientBytesOfABf16JobWhenTrainingInFp16() {
        // One stage, DP 2, no sharding and no overlap: the gradient all-reduce (two ring steps of
        // G ÷ 2 bytes with the byte timer) starts when the last backward ends and is wholly exposed,
        // dp = G = parameters × bytes per gradient: 4 B for BF16 (FP32 accumulation, forced by
        // Megatron-LM), 2 B for FP16 (Megatron-LM's default keeps FP16 gradients).
        TransformerSpec model = TrainingFixtures.dense("t.Gpt", 4, 2048, 8192, 16, 16, 32000, false);
        double[] dp = new double[2];
        Precision[] precisions = {Precision.BF16, Precision.FP16};
        for (int k = 0; k < 2; k++) {
            ParallelismSpec plan = new ParallelismSpec(8, 1, 2, 1, 1, true);
            TrainingSpec spec = new TrainingSpec("t.Job", model, TrainingFixtures.superPod6k(), plan.accelerators(),
                    2048, 8, 1, precisions[k], plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1,
                    TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE, 0);
            StepPlan steps = StepPlan.of(spec);
            dp[k] = TrainingStep.simulate(spec, steps, new ByteTimer(), CalibrationProfile.defaults()).dpSeconds();
            double parameters = steps.chunkParameters(model, 0, 8, 1);
            assertEquals(parameters * (k == 0 ? 4 : 2), dp[k], 1e-6 * dp[k]);
        }
        assertEquals(0.5, dp[1] / dp[0], 1e-12);
    }

    @Test
    void shouldReduceWholeExpertsOverTheExpertDataParallelGroupAndTheRestOverDataParallelism() {
        // Two MoE layers, h 1,024, 8 heads of 128 (8 KV heads), gated experts of width 1,024, E 8, vocab 32,000; TP2
        // DP4 EP4, one stage, no sharding, no overlap, BF16 (4-byte gradients), the byte timer (1 s a byte a rank
        // sends in one ring step). Per rank, Megatron-Core's folding with ETP 1:
        //   TP-split: per layer attention 4·1,024² ÷ 2 = 2,097,152, with the norms 2·1,024 and the router's
        //   8 × 1,024 = 8,192 whole on every TP rank: 2,107,392; two layers 4,214,784; embedding and output
        //   2 × 32,000·1,024 ÷ 2 = 32,768,000 and the final norm's 1,024 whole;
        //   D = 36,983,808, all-reduced over DP 4: 2 × 3 steps × 4D ÷ 4 bytes = 6D s.
        //   Experts: E/EP = 2 whole experts of 3·1,024² a layer, two layers: X = 12,582,912, all-reduced over the
        //   expert data-parallel group TP·DP ÷ EP = 2: 2 × 1 step × 4X ÷ 2 bytes = 4X s.
        // dp = 6D + 4X = 221,902,848 + 50,331,648 = 272,234,496 s.
        TransformerSpec model = new TransformerSpec("t.Moe", 2, 1024, 4096, 8, 8, 128, 32000, true, 8, 2, 0, 1024,
                0, 0, 0);
        ParallelismSpec plan = new ParallelismSpec(2, 1, 4, 1, 4, true);
        TrainingSpec spec = new TrainingSpec("t.Job", model, TrainingFixtures.superPod6k(), plan.accelerators(), 2048,
                8, 1, Precision.BF16, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE,
                TrainingSpec.Recompute.NONE, 0);
        StepPlan steps = StepPlan.of(spec);
        assertEquals(12_582_912.0, steps.chunkExpertParameters(model, 0, 4), 1e-6);
        assertEquals(36_983_808.0 + 12_582_912.0, steps.chunkParameters(model, 0, 2, 4), 1e-6);
        double dp = TrainingStep.simulate(spec, steps, new ByteTimer(), CalibrationProfile.defaults()).dpSeconds();
        assertEquals(272_234_496.0, dp, 1e-9 * dp);
    }

    @Test
    void shouldShortenADensePipelineWithDualPipeThanWithZeroBubble() {
        // Free communication, P = 4, M = 16: DualPipe's bubble (P/2 − 1)(F&B + B − 3W) is below
        // zero-bubble's (P − 1)(F + B − 2W) for the same work per rank (PipelineExecutorTest has the
        // closed forms); here F, B and W are those of the model's chunks.
        TransformerSpec model = TrainingFixtures.dense("t.Gpt", 16, 4096, 16384, 32, 32, 32000, false);
        double[] steps = new double[2];
        TrainingSpec.PipelineSchedule[] schedules = {TrainingSpec.PipelineSchedule.ZERO_BUBBLE,
            TrainingSpec.PipelineSchedule.DUALPIPE};
        for (int k = 0; k < 2; k++) {
            TrainingSpec spec = TrainingFixtures.training("t.Job", model, TrainingFixtures.superPod6k(), 4096, 16,
                    new ParallelismSpec(8, 4, 1, 1, 1, true), schedules[k], TrainingSpec.Sharding.ZERO_1);
            steps[k] = TrainingStep.simulate(spec, StepPlan.of(spec), new DataOnlyTimer(0), CalibrationProfile.defaults()).stepSeconds();
        }
        assertTrue(steps[1] < steps[0], "dualpipe " + steps[1] + " s, zero-bubble " + steps[0] + " s");
    }

    @Test
    void shouldNameTheJobWhenDualPipeCannotRun() {
        TrainingSpec spec = TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 12, 4096, 16384, 32,
                32, 32000, false), TrainingFixtures.superPod6k(), 4096, 16, new ParallelismSpec(8, 3, 1, 1, 1, true),
                TrainingSpec.PipelineSchedule.DUALPIPE, TrainingSpec.Sharding.ZERO_1);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> StepPlan.of(spec));
        assertTrue(error.getMessage().startsWith("t.Job: dualpipe needs an even number of pipeline stages"),
                error.getMessage());
    }
}
