package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.junit.jupiter.api.Test;

/**
 * A training step's pipeline schedule is estimated before it runs ({@link ScheduleEstimate}): the count matches a
 * hand count of what the executor allocates, a step of more micro-batches than this JVM's heap can schedule is
 * refused at once, and a step the estimate admits runs.
 */
class ScheduleEstimateTest {
    /**
     * Per (stage, chunk, micro-batch) the executor's forward and backward end times, two 8 B doubles: 16 B; zero-bubble
     * adds a 4 B int of its deferred-weight queue, DualPipe its stored F, B and W of a 1 B code and a 4 B micro-batch
     * each, 15 B.
     */
    private static final long END_TIMES = 8 + 8;

    @Test
    void shouldCountTheEndTimesOfAOneFOneBStepAboveTheFixedPart() {
        // TP4 PP4 DP1, batch 1,000,000 of micro-batch 1: M = 10⁶, v = 1, 1F1B, k = 2: 4 × 10⁶ triples of 16 B, 64 MB.
        ScheduleEstimate estimate = ScheduleEstimate.of(job(1_000_000, PipelineSchedule.ONE_F_ONE_B, 1));
        assertEquals(1_000_000, estimate.microBatches());
        assertEquals(4, estimate.stages());
        assertEquals(1, estimate.chunks());
        assertEquals(2, estimate.tasksPerMicroBatchChunk());
        assertEquals(ScheduleEstimate.FIXED_BYTES + 4_000_000 * END_TIMES, estimate.bytes());
        assertEquals(64_000_000 + 11_000_000, estimate.bytes());
    }

    @Test
    void shouldCountWhatInterleavingZeroBubbleAndDualPipeAddPerMicroBatch() {
        // Interleaved v = 2: 4 × 2 × 10⁶ = 8 × 10⁶ triples of 16 B.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 8_000_000 * END_TIMES,
                ScheduleEstimate.of(job(1_000_000, PipelineSchedule.INTERLEAVED, 2)).bytes());
        // Zero-bubble: 4 × 10⁶ triples of 16 B of end times and a 4 B deferred weight gradient.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 4_000_000 * (END_TIMES + 4),
                ScheduleEstimate.of(job(1_000_000, PipelineSchedule.ZERO_BUBBLE, 1)).bytes());
        // DualPipe: 4 × 10⁶ triples of 16 B and the stored F, B and W of 1 + 4 B each.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 4_000_000 * (END_TIMES + 3 * (1 + 4)),
                ScheduleEstimate.of(job(1_000_000, PipelineSchedule.DUALPIPE, 1)).bytes());
    }

    @Test
    void shouldEstimateASmallStepAtTheFloor() {
        // M = 32: 128 triples, 2,048 B above the fixed part, far below what the command needs whatever the step.
        ScheduleEstimate estimate = ScheduleEstimate.of(job(32, PipelineSchedule.ONE_F_ONE_B, 1));
        assertEquals(ScheduleEstimate.FLOOR_BYTES, estimate.bytes());
        assertTrue(estimate.fits(Runtime.getRuntime().maxMemory()));
    }

    @Test
    void shouldRunAStepOfAHundredThousandMicroBatchesThatTheEstimateAdmits() {
        // 4 stages × 100,000 micro-batches × 3 tasks = 1.2 M zero-bubble tasks, 8 MB counted above the fixed part.
        TrainingSpec job = job(100_000, PipelineSchedule.ZERO_BUBBLE, 1);
        assertTrue(ScheduleEstimate.of(job).fits(Runtime.getRuntime().maxMemory()));
        assertTrue(new Simulator().run(job).succeeded());
    }

    @Test
    void shouldRefuseAStepOfMoreMicroBatchesThanTheHeapCanScheduleAndRunANormalOne() {
        // 1F1B on 4 stages: 4 × 16 = 64 B per micro-batch above the fixed part.
        long heap = Runtime.getRuntime().maxMemory();
        long microBatches = (heap - ScheduleEstimate.FIXED_BYTES) / (4 * END_TIMES) + 1;
        long startNanos = System.nanoTime();
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class,
                () -> new Simulator().run(job(microBatches, PipelineSchedule.ONE_F_ONE_B, 1)));
        assertTrue(System.nanoTime() - startNanos < 2_000_000_000L, "refused before the step runs");
        assertTrue(refused.getMessage().startsWith("training t.Job would schedule"), refused.getMessage());
        assertTrue(refused.getMessage().contains(String.format(Locale.ROOT, "the largest factor is %,d"
                + " micro-batches per step", microBatches)), refused.getMessage());
        assertTrue(new Simulator().run(job(32, PipelineSchedule.ONE_F_ONE_B, 1)).succeeded());
    }

    @Test
    void shouldRefuseAStepOfMoreTasksThanTheExecutorCanIndexWhateverTheHeap() {
        // 1F1B on 4 stages, k = 2: 300,000,000 micro-batches are 4 × 2 × 3 × 10⁸ = 2,400,000,000 tasks, above 2³¹ − 1 =
        // 2,147,483,647 (19.2 GB counted, which a large heap admits); at most ⌊2,147,483,647 ÷ 8⌋ = 268,435,455
        // micro-batches fit, 2,147,483,640 tasks
        ScheduleEstimate over = ScheduleEstimate.of(job(300_000_000, PipelineSchedule.ONE_F_ONE_B, 1));
        assertFalse(over.fits(Long.MAX_VALUE));
        assertFalse(over.indexable());
        assertEquals(268_435_455, over.maxMicroBatches());
        assertEquals("training t.Job would schedule 2,400,000,000 pipeline tasks per step (300,000,000 micro-batches"
                + " x 4 stages x 1 chunks x 2 tasks), more than the 2,147,483,647 one step can index; the largest"
                + " factor is 300,000,000 micro-batches per step (the batch over data x micro-batch). Fix: lower the"
                + " batch or raise the micro-batch, to at most 268,435,455 micro-batches per step",
                over.refusal(Long.MAX_VALUE, "training t.Job"));
        assertTrue(ScheduleEstimate.of(job(268_435_455, PipelineSchedule.ONE_F_ONE_B, 1)).fits(Long.MAX_VALUE));
        assertTrue(ScheduleEstimate.of(job(268_435_455, PipelineSchedule.ONE_F_ONE_B, 1)).indexable());
    }

    /**
     * A dense 8-layer model on 2 DGX H100 nodes, TP4 PP4 DP1, {@code schedule} with {@code virtualStages}, batch
     * {@code batch} of micro-batch 1.
     */
    private static TrainingSpec job(long batch, PipelineSchedule schedule, int virtualStages) {
        ClusterSpec cluster = new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, null, null);
        ParallelismSpec plan = new ParallelismSpec(4, 4, 1, 1, 1, true);
        return new TrainingSpec("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000, false), cluster,
                plan.accelerators(), 2048, batch, 1, Precision.BF16, plan, schedule, virtualStages,
                TrainingSpec.Sharding.ZERO_1, TrainingSpec.Recompute.NONE, 1.0);
    }
}
