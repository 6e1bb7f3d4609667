package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.junit.jupiter.api.Test;

/**
 * A training step's pipeline schedule is estimated before it runs ({@link ScheduleEstimate}): the count matches a
 * hand count, a step of more micro-batches than this JVM's heap can schedule is refused at once, and a normal step
 * is not.
 */
class ScheduleEstimateTest {
    /**
     * Per (stage, chunk, micro-batch) with 1F1B: 2 tasks of 1 + 1 + 4 + 4 B (executor order) and 4 + 1 + 4 + 4 + 8 + 8
     * B (schedule log span), 2 × 39 = 78 B, plus 8 + 8 B of end times and a 4 B pending weight gradient: 98 B.
     */
    private static final long HAND_COUNTED_BYTES_PER_MICRO_BATCH_CHUNK = 2 * (10 + 29) + 20;

    @Test
    void shouldEstimateASmallStepAsItsTasksCountedByHand() {
        // TP4 PP4 DP1, batch 32 of micro-batch 1: M = 32, v = 1, 1F1B: 32 × 4 × 1 × 2 = 256 tasks.
        ScheduleEstimate estimate = ScheduleEstimate.of(job(32));
        assertEquals(32, estimate.microBatches());
        assertEquals(4, estimate.stages());
        assertEquals(1, estimate.chunks());
        assertEquals(2, estimate.tasksPerMicroBatchChunk());
        assertEquals(32 * 4 * HAND_COUNTED_BYTES_PER_MICRO_BATCH_CHUNK, estimate.bytes());
        assertTrue(estimate.fits(Runtime.getRuntime().maxMemory()));
    }

    @Test
    void shouldRefuseAStepOfMoreMicroBatchesThanTheHeapCanScheduleAndRunANormalOne() {
        long heap = Runtime.getRuntime().maxMemory();
        long microBatches = heap / (4 * HAND_COUNTED_BYTES_PER_MICRO_BATCH_CHUNK) + 1;
        long startNanos = System.nanoTime();
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class,
                () -> new Simulator().run(job(microBatches)));
        assertTrue(System.nanoTime() - startNanos < 2_000_000_000L, "refused before the step runs");
        assertTrue(refused.getMessage().startsWith("training t.Job would schedule"), refused.getMessage());
        assertTrue(refused.getMessage().contains(String.format(Locale.ROOT, "the largest factor is %,d"
                + " micro-batches per step", microBatches)), refused.getMessage());
        assertTrue(new Simulator().run(job(32)).succeeded());
    }

    /** A dense 8-layer model on 2 DGX H100 nodes, TP4 PP4 DP1, 1F1B, batch {@code batch} of micro-batch 1. */
    private static TrainingSpec job(long batch) {
        ClusterSpec cluster = new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, null, null);
        return TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000, false),
                cluster, 2048, batch, new ParallelismSpec(4, 4, 1, 1, 1, true), PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
    }
}
