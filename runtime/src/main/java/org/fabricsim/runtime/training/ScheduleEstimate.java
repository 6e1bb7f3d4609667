package org.fabricsim.runtime.training;

import java.util.Locale;

import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;

/**
 * Before a training step runs: the heap its pipeline schedule needs, so that a step of an absurd number of
 * micro-batches is refused with that number and the fix instead of dying with an out-of-memory error.
 *
 * <p><b>Tasks</b>: each of the P pipeline stages runs, per model chunk it holds (v, {@link StepPlan#chunks}) and
 * micro-batch (M, {@link StepPlan#microBatches}), a forward and a backward task, and a weight-gradient task when the
 * schedule splits it off ({@link PipelineExecutor#splitsWeights}): k = 2 or 3 tasks, N = P × v × M (stage, chunk,
 * micro-batch) triples, N × k tasks in all.
 *
 * <p><b>Bytes</b>, counted from the code (arrays of 16 B headers, P of them, not counted), what is live while {@link
 * PipelineExecutor#run} runs, the step's peak (its second, ideal run allocates the same after the first's are
 * garbage; a failure or straggler step runs after them):
 * <ul>
 * <li>per triple, the executor's forward and backward end times, two doubles: {@link #BYTES_PER_MICRO_BATCH_CHUNK}
 * = 16 B;</li>
 * <li>zero-bubble, per triple, the stage's queue of deferred weight gradients, an int: {@link
 * #PENDING_WEIGHT_BYTES} = 4 B;</li>
 * <li>DualPipe (v = 1), per triple, the stored order ({@link DualPipeOrder}) of its 3 tasks, a code byte and a
 * micro-batch int each: {@link #DUALPIPE_ORDER_BYTES} = 15 B (the other schedules' orders are computed, {@link
 * StageOrder});</li>
 * <li>the result's timeline, at least stage 0's tasks up to {@link ScheduleLog#MAX_SPANS}, min(20,000, k·v·M)
 * spans of at least {@link #TIMELINE_BYTES_PER_SPAN} = 424 B: a {@code LinkedHashMap} (56 B) with its table of
 * 16 (80 B), 4 entries (4 × 40 B), the track and name strings (48 B each with their byte arrays, at least: "stage
 * 0", "F 1234"), 2 boxed doubles (32 B) and the list's slot (4 B); the {@link ScheduleLog} behind it, at most 20,000 spans of 29 B, is in the fixed
 * part;</li>
 * <li>the fixed part, {@link #FIXED_BYTES}, measured: the rest of {@code fabric simulate} (the model, the compiled
 * study, the cluster's graph and patterns) for {@code Gpt70B} of {@code examples/megatron-h100} (PP2, 2 virtual
 * stages, 768 GPUs of 6,144) with M = 8 runs in {@code -Xmx44m} ({@code -XX:+UseSerialGC}, a heap of 42.9 MB).</li>
 * </ul>
 * Bytes = fixed + timeline + N × (16 + 4 zero-bubble + 15 DualPipe). Measured against it (docs/performance.md,
 * "Schedule memory, counted (session 64)": the smallest {@code -Xmx} of {@code fabric simulate} over PP2 to PP4,
 * 1 to 3 virtual stages, 1F1B, interleaved, zero-bubble and DualPipe, M = 10⁴ to 10⁶): within ±15% of the
 * heap each step needs. O(1).
 *
 * @param microBatches  M per step
 * @param stages        P
 * @param chunks        v
 * @param tasksPerMicroBatchChunk  k
 * @param bytes         the estimated heap, held at 2⁶³ − 1
 */
public record ScheduleEstimate(long microBatches, int stages, int chunks, int tasksPerMicroBatchChunk, long bytes) {
    /** End times per stage, chunk and micro-batch (class comment). */
    public static final long BYTES_PER_MICRO_BATCH_CHUNK = 8 + 8;
    /** Zero-bubble's deferred weight gradient per stage, chunk and micro-batch (class comment). */
    public static final long PENDING_WEIGHT_BYTES = 4;
    /** DualPipe's stored order per stage and micro-batch, 3 tasks of a byte and an int (class comment). */
    public static final long DUALPIPE_ORDER_BYTES = 3 * (1 + 4);
    /** One span of the result's timeline (class comment). */
    public static final long TIMELINE_BYTES_PER_SPAN = 56 + 80 + 4 * 40 + 48 + 48 + 2 * 16 + 4;
    /** What the rest of the run holds, measured (class comment). */
    public static final long FIXED_BYTES = 0;

    /** The estimate for one step of {@code spec}. */
    public static ScheduleEstimate of(TrainingSpec spec) {
        int m = StepPlan.microBatches(spec);
        int p = spec.parallel().pipeline();
        int v = StepPlan.virtualStages(spec, m);
        int k = PipelineExecutor.splitsWeights(spec.schedule()) ? 3 : 2;
        long perTriple = BYTES_PER_MICRO_BATCH_CHUNK
                + (spec.schedule() == PipelineSchedule.ZERO_BUBBLE ? PENDING_WEIGHT_BYTES : 0)
                + (spec.schedule() == PipelineSchedule.DUALPIPE ? DUALPIPE_ORDER_BYTES : 0);
        double spans = Math.min(ScheduleLog.MAX_SPANS, (double) k * v * m);
        double bytes = FIXED_BYTES + spans * TIMELINE_BYTES_PER_SPAN + (double) m * p * v * perTriple;
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
