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
        PipelineExecutor.Timeline timeline = executor.run(0);
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
        PipelineExecutor.Timeline timeline = executor.run(0.25);
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

    @Test
    void shouldRefuseInterleavingWhenMicroBatchesDoNotFillThePipeline() {
        assertThrows(IllegalArgumentException.class, () -> new PipelineExecutor(PipelineSchedule.INTERLEAVED, 4, 2, 6,
                filled(8, 1), filled(8, 1), filled(8, 0)));
    }
}
