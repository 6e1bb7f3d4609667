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
 * <p><b>Bytes</b>, counted from the code (16 B array headers, 12 B object headers, 4 B references, 8 B alignment;
 * the P or N ÷ 16,384 headers of the arrays below are left out). While {@link PipelineExecutor#run} runs, the
 * step's peak (its second, ideal run allocates the same after the first's are garbage; a failure or straggler step
 * runs after them), per triple:
 * <ul>
 * <li>the forward and backward end times, two doubles ({@link EndTimes}): {@link #BYTES_PER_MICRO_BATCH_CHUNK} =
 * 16 B;</li>
 * <li>zero-bubble: the stage's queue of deferred weight gradients, an int: {@link #PENDING_WEIGHT_BYTES} = 4 B;</li>
 * <li>DualPipe (v = 1): the stored order ({@link DualPipeOrder}) of its F, B and W, a code byte and a micro-batch int
 * each: {@link #DUALPIPE_ORDER_BYTES} = 15 B (the other schedules' orders are computed, {@link StageOrder}).</li>
 * </ul>
 * The {@link ScheduleLog} keeps at most 20,000 spans of 29 B, and the result's timeline, made from it after the step
 * when the arrays above are garbage, at most 20,000 maps of at least 424 B (a {@code LinkedHashMap}, 56 B, its table
 * of 16, 80 B, 4 entries of 40 B, two strings of 48 B, two boxed doubles and the list's slot), 8.5 MB: with the
 * fixed part below, 19.5 MB, less than the floor, so neither is counted apart. Measured parts, {@code fabric
 * simulate} of {@code Gpt70B} of {@code examples/megatron-h100} (PP2, 2 virtual stages, 768 GPUs of 6,144), {@code
 * -XX:+UseSerialGC}, the heap as {@code Runtime.maxMemory()} at the {@code -Xmx} that fails, so that the estimate
 * stays at or below what a run needs: the rest of the run, {@link #FIXED_BYTES} (M = 10⁶, 64.0 MB counted, fails in
 * a heap of 75.0 MB), and the least the command needs whatever the step, {@link #FLOOR_BYTES} (M = 8 fails in 26.4
 * MB).
 *
 * <p>Bytes = max(floor, fixed + N × (16 + 4 zero-bubble + 15 DualPipe)). Against the smallest heap {@code fabric
 * simulate} runs a step in, over PP2 and PP4, 1 to 3 virtual stages, 1F1B, interleaved, zero-bubble and DualPipe, M =
 * 10⁴ to 4 × 10⁶ (docs/performance.md, "Schedule memory, counted (session 64)"): 0.87 to 0.99 of it, never above, so
 * a step that runs is not refused and one admitted needs at most 15% more.
 *
 * <p><b>Indices</b>: the executor counts a step's remaining tasks, N × k, in an int, and indexes a stage's tasks
 * ({@link StageOrder}, {@link DualPipeOrder}) and the end times ((stage, chunk) × M + micro-batch, {@link EndTimes})
 * with ints, all below N × k; so a step of more than {@link #MAX_TASKS} tasks is refused whatever the heap (it would
 * have been admitted in a heap of 2³¹ ÷ 3 × 20 B = 14.3 GB, zero-bubble, or more), with the most micro-batches
 * that stay within it. O(1).
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
    /** What the rest of the run holds besides the schedule and the timeline, measured (class comment). */
    public static final long FIXED_BYTES = 11_000_000;
    /** What {@code fabric simulate} needs whatever the step, measured (class comment). */
    public static final long FLOOR_BYTES = 26_400_000;

    /** The most tasks one step may schedule: the executor's int task count and indices (class comment). */
    public static final long MAX_TASKS = Integer.MAX_VALUE;

    /** The estimate for one step of {@code spec}. */
    public static ScheduleEstimate of(TrainingSpec spec) {
        int m = StepPlan.microBatches(spec);
        int p = spec.parallel().pipeline();
        int v = StepPlan.virtualStages(spec, m);
        int k = PipelineExecutor.splitsWeights(spec.schedule()) ? 3 : 2;
        long perTriple = BYTES_PER_MICRO_BATCH_CHUNK
                + (spec.schedule() == PipelineSchedule.ZERO_BUBBLE ? PENDING_WEIGHT_BYTES : 0)
                + (spec.schedule() == PipelineSchedule.DUALPIPE ? DUALPIPE_ORDER_BYTES : 0);
        double bytes = Math.max(FLOOR_BYTES, FIXED_BYTES + (double) m * p * v * perTriple);
        return new ScheduleEstimate(m, p, v, k, (long) Math.min(bytes, Long.MAX_VALUE));
    }

    /** Whether {@link #bytes} fit in {@code availableBytes} and the tasks are at most {@link #MAX_TASKS}. */
    public boolean fits(long availableBytes) {
        return bytes <= availableBytes && indexable();
    }

    /**
     * Whether the step's tasks are at most {@link #MAX_TASKS}: the part of {@link #fits} that holds whatever the heap,
     * so that a check before the run (the editor's) can refuse what every run would.
     */
    public boolean indexable() {
        return tasks() <= MAX_TASKS;
    }

    /** M × P × v × k, as a double so that no product overflows. */
    private double tasks() {
        return (double) microBatches * stages * chunks * tasksPerMicroBatchChunk;
    }

    /** Why {@code what} is refused with a heap of {@code availableBytes}: the estimate, its largest factor, the fix. */
    public String refusal(long availableBytes, String what) {
        if (!indexable()) {
            return taskRefusal(what);
        }
        return String.format(Locale.ROOT, "%s would schedule %,.0f pipeline tasks per step (%,d micro-batches x %d"
                + " stages x %d chunks x %d tasks), about %.1f GB of memory, more than the heap's %.1f GB; the largest"
                + " factor is %,d micro-batches per step (the batch over data x micro-batch). Fix: lower the batch or"
                + " raise the micro-batch, or %s", what,
                (double) microBatches * stages * chunks * tasksPerMicroBatchChunk, microBatches, stages, chunks,
                tasksPerMicroBatchChunk, bytes / 1e9, availableBytes / 1e9,
                microBatches, HeapAdvice.moreMemory(bytes));
    }

    /**
     * Why {@code what} is refused when it is not {@link #indexable}: the tasks, the micro-batches and the most
     * micro-batches that stay within {@link #MAX_TASKS}, ⌊MAX_TASKS ÷ (P × v × k)⌋.
     */
    public String taskRefusal(String what) {
        return String.format(Locale.ROOT, "%s would schedule %,.0f pipeline tasks per step (%,d micro-batches x %d"
                + " stages x %d chunks x %d tasks), more than the %,d one step can index; the largest factor is %,d"
                + " micro-batches per step (the batch over data x micro-batch). Fix: lower the batch or raise the"
                + " micro-batch, to at most %,d micro-batches per step", what, tasks(), microBatches, stages, chunks,
                tasksPerMicroBatchChunk, MAX_TASKS, microBatches, maxMicroBatches());
    }

    /** The most micro-batches per step whose tasks stay within {@link #MAX_TASKS}: ⌊MAX_TASKS ÷ (P × v × k)⌋. */
    public long maxMicroBatches() {
        return MAX_TASKS / ((long) stages * chunks * tasksPerMicroBatchChunk);
    }
}
