package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.spec.IterationHost;

/**
 * Quiet decode iterations folded into one event: a run of a decode slot's iterations that nothing
 * but its own clock decides, planned when its first iteration is issued and applied, in one step,
 * when its last one ends.
 *
 * <p>A decode slot whose iteration only decoded its d running sequences, and whose next one does the
 * same ({@link BatchBuilder#composeDecodeOnly}), goes on so until one of its members reaches its output,
 * its cache cannot take d more tokens, or another event gives it work (a queued arrival, a KV cache
 * sent to it). The first two are the slot's own: with clock value c_1 after the run's first iteration,
 * r = f_min − c_1 tokens before its earliest member's output (the {@link DecodeClock}'s heap top) and
 * cache use u_1 of capacity U, iteration j + 1 starts at the end e_j of iteration j while
 * <pre>
 *   c_j &lt; f_min  and  u_j + d ≤ U,   with c_j = c_1 + S_j, u_j = u_1 + d·S_j, S_j = s_2 + … + s_j,
 * </pre>
 * s_i the clock's step of iteration i ({@link DecodeClock#step}: 1, or the whole tokens of the
 * speculative credit). Its context is K_j = K_1 + d·S_j, so its kernels take g = {@link
 * ServingModel#iterationPs} of the d·m tokens (m a sequence puts through an iteration) with A_d = m·K_j + d·m
 * query–key pairs over K_j cached tokens (each sequence's read once, {@link IterationTotals}), plus the draft
 * of d sequences: the arithmetic {@link BatchBuilder#durationPs} does for that batch, with the parts that
 * depend on the token count alone (its memoized costs and FLOPs, the draft, the host's h + d·h_seq) taken
 * once per run. It ends at e_(j+1) =
 * e_j + g or e_j + max(g, h + d·h_seq) (one pipeline stage; {@link
 * org.fabricsim.runtime.spec.IterationHost}). So the run's k iterations and their ends are known when the first is issued: one event is
 * scheduled, at e_k, instead of k; at most {@link #MAX_RUN} are planned at once.
 *
 * <p>When that event fires, {@link #land} applies iterations 2..k as k − 1 single ends and issues would
 * have: the clock advances S_k tokens (the context d·S_k, the step and credit those of iteration k),
 * the cache d·S_k, the slot's busy time Σ g_i and the run's FLOPs each f_i in order; the boundaries'
 * output is d·(s_1 + S_(k−1)). A boundary's pool span update (a running maximum) and its pool start (the
 * first only) change nothing the event at e_k does not. When the slot is woken earlier ({@link #cut}, at
 * time t), the iteration in progress at t (the first with e_j ≥ t: ends before t have happened) becomes
 * the run's last, and its end the event instead. Every result is as with one event per iteration except
 * the order in which the FLOPs sum is added up across slots, and the iteration events not fired.
 *
 * <p>Memory O(slots · {@link #MAX_RUN}), allocated per slot at its first run; planning O(1) per
 * iteration, landing O(k), cutting O(log k) (a binary search of the ends).
 */
final class DecodeRuns {
    /** Iterations planned at most in one run, the first included. */
    static final int MAX_RUN = 64;

    private final Replicas replicas;
    /** Iterations in each slot's run, the first (issued as usual) included; 0 or 1: no run. */
    private final int[] length;
    /** Each slot's scheduled event for its run's last end. */
    private final int[] event;
    /** KV-cache arrivals scheduled for each slot and not yet fired: no run starts while one is. */
    private final int[] awaited;
    /** Per slot and iteration i of its run (0 = the first): its end, ps. */
    private final long[][] endPs;
    /** Its kernels' time g_i, ps (i ≥ 1). */
    private final long[][] gpuPs;
    /** Its FLOPs f_i (i ≥ 1). */
    private final double[][] flops;
    /** S_i: the clock's steps of iterations 2..i + 1. */
    private final long[][] steps;
    /** Its step s_i and the speculative credit carried after it. */
    private final int[][] step;
    private final double[][] credit;

    DecodeRuns(Replicas replicas) {
        this.replicas = replicas;
        int slots = replicas.count();
        length = new int[slots];
        event = new int[slots];
        awaited = new int[slots];
        endPs = new long[slots][];
        gpuPs = new long[slots][];
        flops = new double[slots][];
        steps = new long[slots][];
        step = new int[slots][];
        credit = new double[slots][];
    }

    /** Whether {@code slot} has no KV-cache arrival scheduled, so that a run may start on it. */
    boolean unawaited(int slot) {
        return awaited[slot] == 0;
    }

    /** A KV-cache arrival for {@code slot} has been scheduled ({@link #cut} it first). */
    void await(int slot) {
        awaited[slot]++;
    }

    /** A KV-cache arrival for {@code slot} fired. */
    void arrived(int slot) {
        awaited[slot]--;
    }

    /**
     * Plans the run of decode {@code slot} whose first iteration was just issued, ending at {@code
     * firstEndPs} (see the class comment); returns when its last iteration ends, the time of the slot's next
     * event. The caller checked that nothing but the slot's clock can change its next iterations.
     */
    long plan(int slot, long firstEndPs) {
        if (endPs[slot] == null) {
            endPs[slot] = new long[MAX_RUN];
            gpuPs[slot] = new long[MAX_RUN];
            flops[slot] = new double[MAX_RUN];
            steps[slot] = new long[MAX_RUN];
            step[slot] = new int[MAX_RUN];
            credit[slot] = new double[MAX_RUN];
        }
        Pool pool = replicas.poolOfSlot(slot);
        ServingModel model = pool.model();
        DecodeClock clock = replicas.clock;
        long[] ends = endPs[slot];
        long[] gpu = gpuPs[slot];
        double[] f = flops[slot];
        long[] sums = steps[slot];
        int[] steps1 = step[slot];
        double[] carriedAfter = credit[slot];
        long decoders = replicas.batchDecoders[slot];
        int perSequence = model.tokensPerDecodeStep();
        long tokens = decoders * perSequence;
        double countSeconds = model.counts().seconds(tokens, tokens);
        double countFlops = model.counts().flops((int) tokens, (int) tokens);
        long draftPs = model.draftPs(decoders);
        long hostPs = pool.host().hostPs(decoders);
        boolean overlapped = pool.host().overlapped();
        long room = clock.untilFirstOutput(slot);
        long used = replicas.kvUsed[slot];
        long capacity = replicas.kvCapacity[slot];
        long context = clock.context(slot);
        double gain = model.tokensPerDecodeIteration();
        double carried = clock.credit(slot);
        long total = 0;
        long t = firstEndPs;
        ends[0] = t;
        int k = 1;
        while (k < MAX_RUN && room > 0 && used + decoders <= capacity) {
            int s = DecodeClock.wholeTokens(carried, gain);
            carried = DecodeClock.carriedAfter(carried, gain, s);
            long g = model.iterationPs(countSeconds, countFlops, tokens, 0, 0, 0,
                    (double) context * perSequence + tokens, context) + draftPs;
            t += IterationHost.iterationPs(g, hostPs, overlapped);
            ends[k] = t;
            gpu[k] = g;
            f[k] = model.lastFlops();
            total += s;
            sums[k] = total;
            steps1[k] = s;
            carriedAfter[k] = carried;
            context += decoders * s;
            used += decoders * s;
            room -= s;
            k++;
        }
        length[slot] = k;
        return t;
    }

    /** The handle of the event scheduled for the end of {@code slot}'s run. */
    void scheduled(int slot, int handle) {
        event[slot] = handle;
    }

    /** Iterations of {@code slot}'s run beyond its first, not yet landed. */
    int folded(int slot) {
        return Math.max(0, length[slot] - 1);
    }

    /**
     * {@code slot} was woken at {@code nowPs} during its run: the iteration in progress then becomes its
     * last. Returns the index of that iteration when it was not already the last (its end is to be
     * scheduled instead, the run's event cancelled), -1 otherwise.
     */
    int cut(int slot, long nowPs) {
        int k = length[slot];
        if (k <= 1) {
            return -1;
        }
        long[] ends = endPs[slot];
        int j = 0;
        for (int above = k - 1; j < above;) {
            int middle = (j + above) >>> 1;
            if (ends[middle] < nowPs) {
                j = middle + 1;
            } else {
                above = middle;
            }
        }
        if (j == k - 1) {
            return -1;
        }
        length[slot] = j + 1;
        return j;
    }

    /** The event of {@code slot}'s run (to cancel). */
    int event(int slot) {
        return event[slot];
    }

    /** When iteration {@code i} of {@code slot}'s run ends. */
    long endPs(int slot, int i) {
        return endPs[slot][i];
    }

    /** {@code sum} plus the FLOPs of {@code slot}'s folded iterations, added one at a time in order. */
    double addFlops(int slot, double sum) {
        double[] f = flops[slot];
        for (int i = 1; i < length[slot]; i++) {
            sum += f[i];
        }
        return sum;
    }

    /**
     * Applies {@code slot}'s folded iterations, its run ending now (see the class comment), and ends the
     * run; returns the output tokens of the boundaries between them, d·(s_1 + S_(k−1)). O(k).
     */
    long land(int slot) {
        int last = length[slot] - 1;
        length[slot] = 0;
        long decoders = replicas.batchDecoders[slot];
        long[] s = steps[slot];
        long boundaries = decoders * (replicas.clock.lastStep(slot) + s[last - 1]);
        replicas.clock.advanceRun(slot, s[last], decoders, step[slot][last], credit[slot][last]);
        replicas.kvUsed[slot] += decoders * s[last];
        long busy = 0;
        long[] g = gpuPs[slot];
        for (int i = 1; i <= last; i++) {
            busy += g[i];
        }
        replicas.busyPs[slot] += busy;
        return boundaries;
    }

    /** The stage time of the last iteration of {@code slot}'s run, ps (its end less the one before). */
    long lastStagePs(int slot) {
        int last = length[slot] - 1;
        return endPs[slot][last] - endPs[slot][last - 1];
    }
}
