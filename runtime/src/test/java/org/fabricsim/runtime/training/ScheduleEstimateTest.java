package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
     * One span of the result's timeline, counted with 12 B object headers, 16 B array headers, 4 B references and 8 B
     * alignment: LinkedHashMap 12 + 11 fields (10 × 4 B, a boolean) = 53 → 56 B; its table of 16 references 16 + 64
     * = 80 B; 4 entries of 12 + 6 × 4 = 36 → 40 B; "stage 0" and "F 1234", a String of 12 + 10 = 22 → 24 B and a
     * byte[] of 16 + 7 → 24 B each, 48 B; 2 Doubles of 16 B; the list's reference, 4 B: 424 B.
     */
    private static final long HAND_COUNTED_BYTES_PER_SPAN = 56 + 80 + 160 + 48 + 48 + 32 + 4;

    @Test
    void shouldCountTheEndTimesAndTheTimelineOfASmallOneFOneBStep() {
        // TP4 PP4 DP1, batch 32 of micro-batch 1: M = 32, v = 1, 1F1B, k = 2. End times: 2 doubles per stage and
        // micro-batch, 4 × 32 × 16 = 2,048 B; the timeline holds at least stage 0's 2 × 32 = 64 tasks.
        ScheduleEstimate estimate = ScheduleEstimate.of(job(32, PipelineSchedule.ONE_F_ONE_B, 1));
        assertEquals(32, estimate.microBatches());
        assertEquals(4, estimate.stages());
        assertEquals(1, estimate.chunks());
        assertEquals(2, estimate.tasksPerMicroBatchChunk());
        assertEquals(ScheduleEstimate.FIXED_BYTES + 2_048 + 64 * HAND_COUNTED_BYTES_PER_SPAN, estimate.bytes());
        assertTrue(estimate.fits(Runtime.getRuntime().maxMemory()));
    }

    @Test
    void shouldCountWhatInterleavingZeroBubbleAndDualPipeAddPerMicroBatch() {
        // Interleaved v = 2: 4 × 2 × 32 = 256 (stage, chunk, micro-batch) of 16 B, 4,096 B; 2 × 2 × 32 = 128 spans.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 4_096 + 128 * HAND_COUNTED_BYTES_PER_SPAN,
                ScheduleEstimate.of(job(32, PipelineSchedule.INTERLEAVED, 2)).bytes());
        // Zero-bubble: 128 × (16 B of end times + a 4 B deferred weight gradient) = 2,560 B; 3 × 32 = 96 spans.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 2_560 + 96 * HAND_COUNTED_BYTES_PER_SPAN,
                ScheduleEstimate.of(job(32, PipelineSchedule.ZERO_BUBBLE, 1)).bytes());
        // DualPipe: 128 × (16 B + its stored F, B and W of a byte and an int each, 15 B) = 3,968 B; 96 spans.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 3_968 + 96 * HAND_COUNTED_BYTES_PER_SPAN,
                ScheduleEstimate.of(job(32, PipelineSchedule.DUALPIPE, 1)).bytes());
        // M = 100,000 zero-bubble: the timeline stops at 20,000 spans, 400,000 × 20 B = 8,000,000 B.
        assertEquals(ScheduleEstimate.FIXED_BYTES + 8_000_000 + 20_000 * HAND_COUNTED_BYTES_PER_SPAN,
                ScheduleEstimate.of(job(100_000, PipelineSchedule.ZERO_BUBBLE, 1)).bytes());
    }

    @Test
    void shouldRunAStepOfAHundredThousandMicroBatchesThatTheEstimateAdmits() {
        // 4 stages × 100,000 micro-batches × 3 tasks = 1.2 M zero-bubble tasks, about 8 MB counted above the rest.
        TrainingSpec job = job(100_000, PipelineSchedule.ZERO_BUBBLE, 1);
        assertTrue(ScheduleEstimate.of(job).fits(Runtime.getRuntime().maxMemory()));
        assertTrue(new Simulator().run(job).succeeded());
    }

    @Test
    void shouldRefuseAStepOfMoreMicroBatchesThanTheHeapCanScheduleAndRunANormalOne() {
        // 1F1B on 4 stages: 4 × 16 = 64 B per micro-batch above the fixed part and a full timeline.
        long heap = Runtime.getRuntime().maxMemory();
        long microBatches = (heap - ScheduleEstimate.FIXED_BYTES - 20_000 * HAND_COUNTED_BYTES_PER_SPAN) / 64 + 1;
        long startNanos = System.nanoTime();
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class,
                () -> new Simulator().run(job(microBatches, PipelineSchedule.ONE_F_ONE_B, 1)));
        assertTrue(System.nanoTime() - startNanos < 2_000_000_000L, "refused before the step runs");
        assertTrue(refused.getMessage().startsWith("training t.Job would schedule"), refused.getMessage());
        assertTrue(refused.getMessage().contains(String.format(Locale.ROOT, "the largest factor is %,d"
                + " micro-batches per step", microBatches)), refused.getMessage());
        assertTrue(new Simulator().run(job(32, PipelineSchedule.ONE_F_ONE_B, 1)).succeeded());
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
