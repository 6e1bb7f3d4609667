package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.junit.jupiter.api.Test;

class PipelineExecutorTest {
    private static double[] filled(int n, double value) {
        double[] array = new double[n];
        Arrays.fill(array, value);
        return array;
    }

    @Test
    void shouldTakeTheClassicOneFOneBMakespan() {
        // P = 4, M = 8, F = 1, B = 2: (M + P − 1)(F + B) = 11 x 3 = 33; the bubble of each stage is
        // (P − 1)(F + B) = 9 (Narayanan et al. 2021, §2.2.1).
        PipelineExecutor executor = new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 4, 1, 8, filled(4, 1),
                filled(4, 2), filled(4, 0));
        PipelineTimeline timeline = executor.run(0);
        assertEquals(33, timeline.makespan(), 1e-12);
        assertEquals(24, timeline.busySeconds()[0], 1e-12);
    }

    @Test
    void shouldMatchOneFOneBWithGPipeWhenMemoryIsFree() {
        PipelineExecutor executor = new PipelineExecutor(PipelineSchedule.GPIPE, 4, 1, 8, filled(4, 1), filled(4, 2),
                filled(4, 0));
        assertEquals(33, executor.run(0).makespan(), 1e-12);
    }

    @Test
    void shouldPutEverySendOfTheDependencyChainOnTheCriticalPath() {
        // P = 2, M = 2, F = 1, B = 2, send δ = 0.25, by hand: stage 0 runs F0 [0, 1], F1 [1, 2];
        // stage 1 F0 [1.25, 2.25], B0 [2.25, 4.25], F1 [4.25, 5.25], B1 [5.25, 7.25]; stage 0 B0
        // [4.5, 6.5], B1 [7.5, 9.5]: (M + P − 1)(F + B) + 2(P − 1)δ = 9.5.
        PipelineExecutor executor = new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 2, 1, 2, filled(2, 1),
                filled(2, 2), filled(2, 0));
        PipelineTimeline timeline = executor.run(0.25);
        assertEquals(9.5, timeline.makespan(), 1e-12);
        assertEquals(9.5, timeline.endSeconds()[0], 1e-12);
        assertEquals(7.25, timeline.endSeconds()[1], 1e-12);
    }

    @Test
    void shouldDivideTheBubbleByTheVirtualStagesWhenInterleaved() {
        // v = 2 chunks of half a stage each (F = 0.5, B = 1): work 24 per stage, bubble (P − 1)(F + B)/v
        // = 3 x 3 / 2 = 4.5 → 28.5 (Narayanan et al. 2021, §2.2.2).
        PipelineExecutor executor = new PipelineExecutor(PipelineSchedule.INTERLEAVED, 4, 2, 8, filled(8, 0.5),
                filled(8, 1), filled(8, 0));
        assertEquals(28.5, executor.run(0).makespan(), 1e-12);
    }

    @Test
    void shouldFillTheBubbleWithDeferredWeightGradientsInZeroBubble() {
        // B split into B = 1 (input gradient) and W = 1: same work as 1F1B (33), less idle time.
        PipelineExecutor zeroBubble = new PipelineExecutor(PipelineSchedule.ZERO_BUBBLE, 4, 1, 8, filled(4, 1),
                filled(4, 1), filled(4, 1));
        double makespan = zeroBubble.run(0).makespan();
        assertTrue(makespan < 33 && makespan >= 24, "makespan " + makespan);
    }

    /** The makespan minus the per-stage work M(F + B + W), split weights or not. */
    private static double bubble(PipelineSchedule schedule, int p, int m, double f, double b, double w) {
        boolean split = PipelineExecutor.splitsWeights(schedule);
        PipelineExecutor executor = new PipelineExecutor(schedule, p, 1, m, filled(p, f), filled(p, split ? b : b + w),
                filled(p, split ? w : 0));
        return executor.run(0).makespan() - m * (f + b + w);
    }

    @Test
    void shouldMeasureTheBubblesOfDeepSeekV3Table2() {
        // DeepSeek-V3 report (arXiv 2412.19437) Table 2, with B the full backward (input + weight
        // gradient) and F&B the overlapped pair, here F + B (no communication): 1F1B (P − 1)(F + B),
        // ZB1P (P − 1)(F + B − 2W), DualPipe (P/2 − 1)(F&B + B − 3W). The schedules meet the closed
        // forms exactly with F = B (full backward) and W = B/2 (other ratios let the deferred Ws fill
        // more idle slots): F = 2, B = 1 + W, W = 1 → 1F1B 4(P − 1), ZB1P 2(P − 1), DualPipe 3(P/2 − 1).
        double f = 2;
        double b = 1;
        double w = 1;
        for (int p = 2; p <= 16; p += 2) {
            for (int m : new int[] {2 * p, 2 * p + 2, 6 * p}) {
                assertEquals((p - 1) * (f + b + w), bubble(PipelineSchedule.ONE_F_ONE_B, p, m, f, b, w), 1e-9);
                assertEquals((p - 1) * (f + b + w - 2 * w), bubble(PipelineSchedule.ZERO_BUBBLE, p, m, f, b, w), 1e-9);
                assertEquals((p / 2 - 1) * ((f + b + w) + (b + w) - 3 * w), bubble(PipelineSchedule.DUALPIPE, p, m, f,
                        b, w), 1e-9, "P " + p + ", M " + m);
            }
        }
    }

    @Test
    void shouldFinishDualPipeBeforeZeroBubbleFromFourStages() {
        // Same cells: DualPipe's 3(P/2 − 1) = 1.5P − 3 against ZB1P's 2(P − 1) = 2P − 2, shorter for
        // every P (P ≥ 4 with the whole step, as the work M(F + B + W) is the same).
        for (int p = 4; p <= 16; p += 2) {
            assertTrue(bubble(PipelineSchedule.DUALPIPE, p, 4 * p, 2, 1, 1)
                    < bubble(PipelineSchedule.ZERO_BUBBLE, p, 4 * p, 2, 1, 1), "P " + p);
        }
    }

    @Test
    void shouldRunEveryDualPipeTaskOnceWithBothWeightCopies() {
        // P = 4, M = 8: each stage runs M/2 micro-batches of two chunks, stage s's chunk s and
        // chunk P − 1 − s: busy = 4 × (F_s + B_s + W_s) + 4 × (F_{3−s} + B_{3−s} + W_{3−s}).
        double[] f = {1, 2, 3, 4};
        PipelineTimeline timeline = new PipelineExecutor(PipelineSchedule.DUALPIPE, 4, 1, 8, f, f,
                filled(4, 0.5)).run(0.1);
        for (int s = 0; s < 4; s++) {
            assertEquals(4 * (2 * f[s] + 0.5) + 4 * (2 * f[3 - s] + 0.5), timeline.busySeconds()[s], 1e-9);
            assertEquals(3 - s, timeline.modelChunk(1, s));
        }
        assertEquals(2, timeline.microBatchesPerChunk(4));
    }

    @Test
    void shouldAddTheLoneTimeToEveryDualPipeTaskRunOutsideAPair() {
        // P = 4 (n = 2), M = 8, F = B = W = 1 and lone times a_g = 0.1, 0.2, 0.4, 0.8 for chunks 0 to 3. DualPipeOrder's
        // phases: rank 0 (h = 0, near chunk 0, far chunk 3) runs alone F near ×2 (phase 1), F near and F far (2),
        // B far and F far (3), B far (5), B far and B near (6), B near (7): 5 tasks of chunk 0 and 5 of chunk 3. The
        // middle rank 1 (h = 1, near chunk 1, far chunk 2): F near and F far ×2 (2), the first pair of phase 4 unpaired
        // (F near, B far), B far and B near ×2 (6): 5 tasks of chunk 1 and 5 of chunk 2. Ranks 3 and 2 mirror them.
        // Busy: M × (F + B + W) = 24, plus 5 · (0.1 + 0.8) = 4.5 on ranks 0 and 3, 5 · (0.2 + 0.4) = 3 on ranks 1 and 2.
        double[] alone = {0.1, 0.2, 0.4, 0.8};
        PipelineTimeline timeline = new PipelineExecutor(PipelineSchedule.DUALPIPE, 4, 1, 8, filled(4, 1),
                filled(4, 1), filled(4, 1), alone).run(0);
        double[] lone = {4.5, 3, 3, 4.5};
        for (int s = 0; s < 4; s++) {
            assertEquals(24 + lone[s], timeline.busySeconds()[s], 1e-9);
            assertEquals(lone[s], timeline.aloneSeconds()[s], 1e-9);
        }
        PipelineTimeline oneWay = new PipelineExecutor(PipelineSchedule.ZERO_BUBBLE, 4, 1, 8, filled(4, 1),
                filled(4, 1), filled(4, 1), alone).run(0);
        assertEquals(24, oneWay.busySeconds()[0], 1e-9, "a one-way schedule has no pairs and no lone time");
    }

    @Test
    void shouldRefuseDualPipeOnAnOddPipelineOrTooFewMicroBatches() {
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class, () -> new PipelineExecutor(
                PipelineSchedule.DUALPIPE, 3, 1, 12, filled(3, 1), filled(3, 1), filled(3, 1)));
        assertTrue(odd.getMessage().contains("even number of pipeline stages"), odd.getMessage());
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class, () -> new PipelineExecutor(
                PipelineSchedule.DUALPIPE, 4, 1, 6, filled(4, 1), filled(4, 1), filled(4, 1)));
        assertTrue(few.getMessage().contains("at least twice the pipeline stages (2 × PP = 8)"), few.getMessage());
    }

    @Test
    void shouldRefuseInterleavingWhenMicroBatchesDoNotFillThePipeline() {
        assertThrows(IllegalArgumentException.class, () -> new PipelineExecutor(PipelineSchedule.INTERLEAVED, 4, 2, 6,
                filled(8, 1), filled(8, 1), filled(8, 0)));
    }
}
