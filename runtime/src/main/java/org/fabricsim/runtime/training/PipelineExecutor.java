package org.fabricsim.runtime.training;

import java.util.Arrays;

import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;

/**
 * Executes one training step's pipeline as a DAG of per-stage, per-micro-batch tasks.
 *
 * <p>Model chunk g = c·P + s is chunk c of stage s (P stages, v chunks each; v = 1 unless
 * interleaved). Tasks: F(m, g), B(m, g) and, for zero-bubble schedules, W(m, g) (the weight
 * gradient split off B). Dependencies: F(m, g) after F(m, g − 1) plus the send time; B(m, g)
 * after B(m, g + 1) plus the send time, B(m, G − 1) after F(m, G − 1); W(m, g) after B(m, g). Each
 * stage runs its F and B tasks in its schedule's order:
 * <ul>
 * <li>GPipe, 1F1B and interleaved (Narayanan et al. 2021; Megatron-LM's schedule): the orders of
 * {@link StageOrder};</li>
 * <li>zero-bubble: the 1F1B (or interleaved) order of F and B, with each W deferred and run
 * whenever the next F or B is not ready and the W fits before it (Qi et al., "Zero Bubble Pipeline
 * Parallelism", 2024), remaining Ws at the end;</li>
 * <li>DualPipe (v = 1, P even, M even and ≥ 2P): two chains of the P model chunks in opposite
 * directions, M/2 micro-batches each; stage s runs chunk s of the first and chunk P − 1 − s of the
 * second (local chunks 0 and 1), F, B and W in the order of {@link DualPipeOrder}; a forward
 * paired with the backward after it (run overlapped, F&amp;B) starts only when both are ready; an F or B run
 * alone also takes its chunk's {@code aloneSeconds} ({@link TrainingStep}: the communication only a pair hides).</li>
 * </ul>
 * A task starts at max(its stage's clock, its dependencies' ends); the stage with the earliest
 * clock whose next task is ready goes first. Cost O(P · tasks) time, O(M·G) memory: a run's forward and backward end
 * times, 16 B per stage, chunk and micro-batch in blocks ({@link EndTimes}), zero-bubble's queue of deferred weight
 * gradients, 4 B more, and DualPipe's stored orders, 15 B per stage and micro-batch (the others' are computed);
 * {@link ScheduleEstimate} counts them.
 */
public final class PipelineExecutor {
    static final byte FORWARD = 0;
    static final byte BACKWARD = 1;
    static final byte WEIGHT = 2;

    private final int stages;
    private final int chunks;
    private final int microBatches;
    private final boolean bidirectional;
    private final int modelChunks;
    private final int chainMicroBatches;
    private final double[] forwardSeconds;
    private final double[] backwardSeconds;
    private final double[] weightSeconds;
    private final double[] aloneSeconds;
    private final boolean splitWeights;
    private final TaskOrder[] order;

    /**
     * @param schedule         the schedule
     * @param stages           P
     * @param chunks           v (1 unless interleaved; 1 for DualPipe, whose two local chunks are implied)
     * @param microBatches     M per step
     * @param forwardSeconds   forward task time of chunk g at [g]
     * @param backwardSeconds  backward task time of chunk g (input gradient only when weights are split)
     * @param weightSeconds    weight-gradient time of chunk g (0 unless weights are split)
     */
    public PipelineExecutor(PipelineSchedule schedule, int stages, int chunks, int microBatches,
            double[] forwardSeconds, double[] backwardSeconds, double[] weightSeconds) {
        this(schedule, stages, chunks, microBatches, forwardSeconds, backwardSeconds, weightSeconds,
                new double[forwardSeconds.length]);
    }

    /** As above, {@code aloneSeconds[g]} added to each DualPipe F or B of chunk g run outside an F&amp;B pair. */
    public PipelineExecutor(PipelineSchedule schedule, int stages, int chunks, int microBatches,
            double[] forwardSeconds, double[] backwardSeconds, double[] weightSeconds, double[] aloneSeconds) {
        if (chunks > 1 && microBatches % stages != 0) {
            throw new IllegalArgumentException("interleaving needs micro-batches (" + microBatches
                    + ") to be a multiple of the pipeline stages (" + stages + ")");
        }
        this.bidirectional = schedule == PipelineSchedule.DUALPIPE;
        if (bidirectional) {
            String problem = DualPipeOrder.problem(stages, chunks, microBatches);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
        }
        this.stages = stages;
        this.chunks = bidirectional ? 2 : chunks;
        this.microBatches = microBatches;
        this.modelChunks = stages * chunks;
        this.chainMicroBatches = bidirectional ? microBatches / 2 : microBatches;
        this.forwardSeconds = forwardSeconds.clone();
        this.backwardSeconds = backwardSeconds.clone();
        this.weightSeconds = weightSeconds.clone();
        this.aloneSeconds = aloneSeconds.clone();
        this.splitWeights = splitsWeights(schedule);
        this.order = new TaskOrder[stages];
        for (int s = 0; s < stages; s++) {
            order[s] = bidirectional ? DualPipeOrder.of(stages, microBatches, s)
                    : StageOrder.of(schedule, stages, chunks, microBatches, s);
        }
    }

    /** Whether {@code schedule} separates weight gradients from B. */
    public static boolean splitsWeights(PipelineSchedule schedule) {
        return schedule == PipelineSchedule.ZERO_BUBBLE || schedule == PipelineSchedule.DUALPIPE;
    }

    /** Runs the step with {@code sendSeconds} per pipeline send; see {@link PipelineTimeline}. */
    public PipelineTimeline run(double sendSeconds) {
        return run(sendSeconds, null);
    }

    /**
     * Runs the step as {@link #run(double)} does, recording every task and pipeline send into
     * {@code log} when it is not null.
     */
    PipelineTimeline run(double sendSeconds, ScheduleLog log) {
        int g = modelChunks;
        EndTimes forwardEnd = new EndTimes((long) stages * chunks * chainMicroBatches);
        EndTimes backwardEnd = new EndTimes((long) stages * chunks * chainMicroBatches);
        double[] clock = new double[stages];
        double[] busy = new double[stages];
        double[] alone = new double[stages];
        double[] gradientsReady = new double[stages * chunks];
        double[] firstForwardStart = new double[stages * chunks];
        int[] next = new int[stages];
        int[][] pendingWeights = new int[splitWeights && !bidirectional ? stages : 0][microBatches * chunks];
        int[] pendingHead = new int[stages];
        int[] pendingTail = new int[stages];
        boolean[] waiting = new boolean[stages];
        int remaining = 0;
        for (int s = 0; s < stages; s++) {
            remaining += order[s].tasks();
        }
        while (remaining > 0) {
            int s = earliest(clock, waiting, next);
            if (s < 0) {
                throw new IllegalStateException("pipeline schedule deadlocked");
            }
            TaskOrder tasks = order[s];
            int i = next[s];
            byte kind = tasks.type(i);
            int m = tasks.micro(i);
            int c = tasks.chunk(i);
            int gc = modelChunk(c, s);
            int slot = (bidirectional ? c * g : 0) + gc;
            double ready = kind == WEIGHT ? clock[s]
                    : readyTime(kind, m, slot, gc == g - 1, forwardEnd, backwardEnd, sendSeconds);
            boolean paired = tasks.paired(i);
            if (paired) {
                int cb = tasks.chunk(i + 1);
                int gb = modelChunk(cb, s);
                ready = Math.max(ready, readyTime(BACKWARD, tasks.micro(i + 1), cb * g + gb, gb == g - 1,
                        forwardEnd, backwardEnd, sendSeconds));
            }
            if (pendingHead[s] < pendingTail[s]) {
                int w = pendingWeights[s][pendingHead[s]];
                double weight = weightSeconds[modelChunk(w % chunks, s)];
                if (Double.isNaN(ready) || clock[s] + weight <= ready) {
                    pendingHead[s]++;
                    record(log, s, WEIGHT, w / chunks, modelChunk(w % chunks, s), clock[s], weight, 0);
                    clock[s] += weight;
                    busy[s] += weight;
                    gradientsReady[(w % chunks) * stages + s] = clock[s];
                    Arrays.fill(waiting, false);
                    continue;
                }
            }
            if (Double.isNaN(ready)) {
                waiting[s] = true;
                continue;
            }
            double start = Math.max(clock[s], ready);
            double duration = kind == FORWARD ? forwardSeconds[gc]
                    : kind == BACKWARD ? backwardSeconds[gc] : weightSeconds[gc];
            if (bidirectional && kind != WEIGHT && !paired && !(i > 0 && tasks.paired(i - 1))) {
                duration += aloneSeconds[gc];
                alone[s] += aloneSeconds[gc];
            }
            clock[s] = start + duration;
            busy[s] += duration;
            boolean sends = kind == FORWARD ? gc != g - 1 : kind == BACKWARD && gc != 0;
            record(log, s, kind, m, gc, start, duration, sends ? sendSeconds : 0);
            if (kind == FORWARD) {
                forwardEnd.set(slot * chainMicroBatches + m, clock[s]);
                if (m == 0) {
                    firstForwardStart[c * stages + s] = start;
                }
            } else if (kind == WEIGHT) {
                gradientsReady[c * stages + s] = clock[s];
            } else {
                backwardEnd.set(slot * chainMicroBatches + m, clock[s]);
                if (bidirectional) {
                    gradientsReady[c * stages + s] = clock[s];
                } else if (splitWeights) {
                    pendingWeights[s][pendingTail[s]++] = m * chunks + c;
                } else {
                    gradientsReady[gc] = clock[s];
                }
            }
            next[s]++;
            remaining--;
            Arrays.fill(waiting, false);
        }
        for (int s = 0; s < stages; s++) {
            for (int k = pendingHead[s]; k < pendingTail[s]; k++) {
                int w = pendingWeights[s][k];
                double weight = weightSeconds[modelChunk(w % chunks, s)];
                record(log, s, WEIGHT, w / chunks, modelChunk(w % chunks, s), clock[s], weight, 0);
                clock[s] += weight;
                busy[s] += weight;
                gradientsReady[(w % chunks) * stages + s] = clock[s];
            }
        }
        return new PipelineTimeline(stages, chunks, bidirectional, clock, busy, gradientsReady, firstForwardStart,
                alone);
    }

    /** Logs a task and, when it sends its activations or gradients on ({@code send} > 0), the send after it. */
    private static void record(ScheduleLog log, int s, byte kind, int m, int modelChunk, double start, double duration,
            double send) {
        if (log == null) {
            return;
        }
        log.add(s, kind, m, modelChunk, start, duration);
        if (send > 0) {
            log.add(s, ScheduleLog.SEND, m, modelChunk, start + duration, send);
        }
    }

    private int modelChunk(int c, int s) {
        return PipelineTimeline.modelChunk(bidirectional, stages, c, s);
    }

    /**
     * When task (m, slot) may start, NaN while a dependency is pending; slot = chain·G + model
     * chunk, so slot ± 1 is the previous or next chunk of the same chain.
     */
    private double readyTime(byte kind, int m, int slot, boolean lastChunk, EndTimes forwardEnd,
            EndTimes backwardEnd, double sendSeconds) {
        if (kind == FORWARD) {
            return slot % modelChunks == 0 ? 0 : forwardEnd.get((slot - 1) * chainMicroBatches + m) + sendSeconds;
        }
        if (lastChunk) {
            return forwardEnd.get(slot * chainMicroBatches + m);
        }
        return backwardEnd.get((slot + 1) * chainMicroBatches + m) + sendSeconds;
    }

    private int earliest(double[] clock, boolean[] waiting, int[] next) {
        int best = -1;
        for (int s = 0; s < stages; s++) {
            if (waiting[s] || next[s] >= order[s].tasks()) {
                continue;
            }
            if (best < 0 || clock[s] < clock[best]) {
                best = s;
            }
        }
        return best;
    }
}
