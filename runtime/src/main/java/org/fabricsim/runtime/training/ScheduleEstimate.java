package org.fabricsim.runtime.training;

import java.util.Locale;

import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * Before a training step runs: the heap its pipeline schedule needs at least, so that a step of an absurd number of
 * micro-batches is refused with that number and the fix instead of dying with an out-of-memory error.
 *
 * <p><b>Tasks</b>: each of the P pipeline stages runs, per model chunk it holds (v, {@link StepPlan#chunks}) and
 * micro-batch (M, {@link StepPlan#microBatches}), a forward and a backward task, and a weight-gradient task when the
 * schedule splits it off ({@link PipelineExecutor#splitsWeights}): k = 2 or 3 tasks, P × v × M × k in all.
 *
 * <p><b>Bytes</b>, counted, a lower bound: per task the executor's order (a type byte, a paired flag, the
 * micro-batch and chunk ints, 10 B) and the step's {@link ScheduleLog} span (a stage int, a kind byte, micro-batch
 * and chunk ints, start and duration doubles, 29 B), {@link #BYTES_PER_TASK}; per (stage, chunk, micro-batch) the
 * executor's forward and backward end times (16 B) and its pending weight gradients (4 B), {@link
 * #BYTES_PER_MICRO_BATCH_CHUNK}. Pipeline sends, the log's doubling slack and the step's other state are not counted.
 * Measured against it (docs/performance.md, "Serving memory, predicted (session 63)"; {@code fabric simulate},
 * {@code -XX:+UseSerialGC}): {@code Gpt70B} of {@code examples/megatron-h100} (PP2, 2 virtual stages) with 250,000
 * micro-batches (98 MB counted) dies in a heap of 192 MiB and runs in 256 MiB, with 1,000,000 (392 MB counted) dies in
 * 832 MiB and runs in 896 MiB: 201 to 246 B per stage, chunk and micro-batch, about twice the count, so the estimate
 * refuses only steps that cannot fit. O(1).
 *
 * @param microBatches  M per step
 * @param stages        P
 * @param chunks        v
 * @param tasksPerMicroBatchChunk  k
 * @param bytes         the counted heap, held at 2⁶³ − 1
 */
public record ScheduleEstimate(long microBatches, int stages, int chunks, int tasksPerMicroBatchChunk, long bytes) {
    /** Counted heap per pipeline task (class comment). */
    public static final long BYTES_PER_TASK = 10 + 29;
    /** Counted heap per stage, chunk and micro-batch besides its tasks (class comment). */
    public static final long BYTES_PER_MICRO_BATCH_CHUNK = 16 + 4;

    /** The estimate for one step of {@code spec}. */
    public static ScheduleEstimate of(TrainingSpec spec) {
        int m = StepPlan.microBatches(spec);
        int p = spec.parallel().pipeline();
        int v = StepPlan.virtualStages(spec, m);
        int k = PipelineExecutor.splitsWeights(spec.schedule()) ? 3 : 2;
        double bytes = (double) m * p * v * (k * BYTES_PER_TASK + BYTES_PER_MICRO_BATCH_CHUNK);
        return new ScheduleEstimate(m, p, v, k, (long) Math.min(bytes, Long.MAX_VALUE));
    }

    /** Whether {@link #bytes} fit in {@code availableBytes}. */
    public boolean fits(long availableBytes) {
        return bytes <= availableBytes;
    }

    /** Why {@code what} is refused with a heap of {@code availableBytes}: the estimate, its largest factor, the fix. */
    public String refusal(long availableBytes, String what) {
        return String.format(Locale.ROOT, "%s would schedule %,.0f pipeline tasks per step (%,d micro-batches x %d"
                + " stages x %d chunks x %d tasks), about %.1f GB of memory, more than the heap's %.1f GB; the largest"
                + " factor is %,d micro-batches per step (the batch over data x micro-batch). Fix: lower the batch or"
                + " raise the micro-batch, or %s", what,
                (double) microBatches * stages * chunks * tasksPerMicroBatchChunk, microBatches, stages, chunks,
                tasksPerMicroBatchChunk, bytes / 1e9, availableBytes / 1e9,
                microBatches, HeapAdvice.moreMemory(bytes));
    }
}
