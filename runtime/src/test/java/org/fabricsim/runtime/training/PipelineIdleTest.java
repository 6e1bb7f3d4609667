package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.junit.jupiter.api.Test;

class PipelineIdleTest {
    @Test
    void shouldSeparateTheBubbleFromTheIdleTimeOfALighterStage() {
        // 1F1B, P = 2, M = 4; stage 1 computes twice what stage 0 does (F = 1, B = 2 against F = 2,
        // B = 4). Stage 1 is busy from stage 0's first forward on: it ends at 1 + 4 × 6 = 25; stage 0
        // then runs the last backward: step = M(F₁ + B₁) + F₀ + B₀ = 24 + 3 = 27, stage 0 critical.
        // Bottleneck stage 1 (u = 24): bubble = 27 − 24 = 3 (one micro-batch's fill and drain);
        // imbalance = ((24 − 12) + 0) ÷ 2 = 6, a share of 6/27 = 2/9. The old critical-stage view
        // called 27 − 12 = 15 (56%) bubble.
        PipelineTimeline timeline = new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 2, 1, 4,
                new double[] {1, 2}, new double[] {2, 4}, new double[2]).run(0);
        assertEquals(27, timeline.makespan(), 1e-12);
        assertEquals(27, timeline.endSeconds()[0], 1e-12);
        PipelineIdle idle = PipelineIdle.of(timeline, 0);
        assertEquals(1, idle.bottleneck());
        assertEquals(3, idle.bubbleSeconds(), 1e-12);
        assertEquals(2.0 / 9, idle.imbalanceSeconds() / timeline.makespan(), 1e-12);
    }

    @Test
    void shouldKeepTheCriticalStagesBubbleWhenStagesAreBalanced() {
        // P = 4, M = 8, F = 1, B = 2: every stage works 24, the bubble is (P − 1)(F + B) = 9, no imbalance.
        PipelineTimeline timeline = new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 4, 1, 8,
                new double[] {1, 1, 1, 1}, new double[] {2, 2, 2, 2}, new double[4]).run(0);
        PipelineIdle idle = PipelineIdle.of(timeline, 0);
        assertEquals(0, idle.bottleneck());
        assertEquals(9, idle.bubbleSeconds(), 1e-12);
        assertEquals(0, idle.imbalanceSeconds(), 1e-12);
    }
}
