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

    @Test
    void shouldReadTheBubbleFromTheStageThatBecomesTheBottleneckWhenItsLoneExchangesGrow() {
        // DualPipe, P = 4, M = 8, F = B = W per chunk: 0.5 on chunk 0 (embedding), 1 on chunks 1 and 2, 1.6 on chunk 3
        // (the heads), so rank 0 (chunks 0 and 3) computes more than rank 1 (chunks 1 and 2), as DeepSeek-V3's first
        // rank does. Only chunks 1 and 2 expose a lone exchange a per task run outside an F&B pair (EP-heavy MoE
        // chunks; rising routing skew raises a). Busy, counted by hand: rank 0 4·3·0.5 + 4·3·1.6 = 25.2 whatever a;
        // rank 1 24 + 10a (5 lone tasks of each of its chunks, PipelineExecutorTest). Rule: the parts are the
        // bottleneck's; its own tasks' exchange is exposed EP, every second it waits for another rank (whatever
        // that rank runs) or after its end is bubble.
        // a = 0.1: bottleneck rank 0 (25.2 > 25.0), which exposes no exchange of its own: EP part 0. Its only idle
        // is the fill: after its 3 forwards of chunk 0 (1.5) it waits for the other direction's first forward,
        // which crosses rank 3 (chunk 0, 0.5) and ranks 2 and 1 (1 + a each): 2.7 − 1.5 = 1.2, so it ends at 26.4;
        // rank 1 ends the step at 27.0 (traced). Bubble = 27.0 − 25.2 = 1.8: the 1.2 s rank 0 waited on the
        // middle ranks' lone exchanges is bubble, not EP, because rank 0 was waiting, not exchanging.
        // a = 0.3: rank 1 (27.0) overtakes rank 0 (25.2) and becomes the bottleneck; EP part 10a = 3.0; rank 1
        // idles 0.5 waiting for rank 0's first forward and 0.3 for rank 0's last backward of chunk 3 (22.9 →
        // 23.2, traced), so it ends at 27.8 = 27.0 + 0.8 = bubble. Step +0.8, EP +3.0, bubble −1.0 (and the
        // bottleneck's compute 25.2 → 24.0): the same shape as DeepSeek-V3's routing skew 1 → 1.5 (docs/accuracy.md).
        // The time rank 0 waits has not vanished (its fill 0.5 + 2·1.3 − 1.5 = 1.6): it is a non-bottleneck
        // rank's idle now, in the imbalance ((27 − 25.2)·2 ÷ 4 = 0.9).
        double[] compute = {0.5, 1, 1, 1.6};
        PipelineTimeline before = new PipelineExecutor(PipelineSchedule.DUALPIPE, 4, 1, 8, compute, compute, compute,
                new double[] {0, 0.1, 0.1, 0}).run(0);
        PipelineIdle idleBefore = PipelineIdle.of(before, 1);
        assertEquals(0, idleBefore.bottleneck());
        assertEquals(25.2, before.busySeconds()[0], 1e-9);
        assertEquals(0, before.aloneSeconds()[0], 1e-12);
        assertEquals(25.2 + 1.2, before.endSeconds()[0], 1e-9);
        assertEquals(27.0, before.makespan(), 1e-9);
        assertEquals(1.8, idleBefore.bubbleSeconds(), 1e-9);

        PipelineTimeline after = new PipelineExecutor(PipelineSchedule.DUALPIPE, 4, 1, 8, compute, compute, compute,
                new double[] {0, 0.3, 0.3, 0}).run(0);
        PipelineIdle idleAfter = PipelineIdle.of(after, 1);
        assertEquals(1, idleAfter.bottleneck());
        assertEquals(27.0, after.busySeconds()[1], 1e-9);
        assertEquals(3.0, after.aloneSeconds()[1], 1e-9);
        assertEquals(27.8, after.makespan(), 1e-9);
        assertEquals(0.8, idleAfter.bubbleSeconds(), 1e-9);
        assertEquals(25.2 + 1.6, after.endSeconds()[0], 1e-9);
        assertEquals(0.9, idleAfter.imbalanceSeconds(), 1e-9);
    }
}
