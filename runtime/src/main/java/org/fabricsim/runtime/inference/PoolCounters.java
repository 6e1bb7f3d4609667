package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * Per-pool tallies of a {@link ServingSimulation}, indexed by pool: prompt tokens whose prefill
 * the pool completed, output tokens it produced, its active span (first iteration start to
 * last iteration end) and, for a pool fed alone, its saturated span: from its first iteration's
 * start to the first iteration end at which every request has been admitted and its queue is empty
 * (from then on its batches only shrink), with the output tokens produced by then. O(1) per update;
 * memory O(pools).
 */
final class PoolCounters {
    private final long[] inputTokens;
    private final long[] outputTokens;
    private final long[] firstStartPs;
    private final long[] lastEndPs;
    private final long[] saturatedEndPs;
    private final long[] saturatedOutputTokens;

    PoolCounters(int pools) {
        inputTokens = new long[pools];
        outputTokens = new long[pools];
        firstStartPs = new long[pools];
        lastEndPs = new long[pools];
        saturatedEndPs = new long[pools];
        saturatedOutputTokens = new long[pools];
        Arrays.fill(firstStartPs, -1);
        Arrays.fill(saturatedEndPs, -1);
    }

    /** Pool p stops being saturated at {@code nowPs} (its queue drained); only the first call counts. */
    void drained(int p, long nowPs) {
        if (saturatedEndPs[p] < 0) {
            saturatedEndPs[p] = nowPs;
            saturatedOutputTokens[p] = outputTokens[p];
        }
    }

    /** Whether pool p's queue has drained ({@link #drained} counted). */
    boolean hasDrained(int p) {
        return saturatedEndPs[p] >= 0;
    }

    /** Pool p's saturated span, picoseconds; 0 when it never drained after running. */
    long saturatedSpanPs(int p) {
        return firstStartPs[p] < 0 || saturatedEndPs[p] < 0 ? 0 : saturatedEndPs[p] - firstStartPs[p];
    }

    /** Output tokens pool p produced within its saturated span. */
    long saturatedOutputTokens(int p) {
        return saturatedOutputTokens[p];
    }

    /** Pool p started an iteration at {@code nowPs}. */
    void started(int p, long nowPs) {
        if (firstStartPs[p] < 0) {
            firstStartPs[p] = nowPs;
        }
    }

    /** Pool p ended an iteration at {@code nowPs}. */
    void ended(int p, long nowPs) {
        lastEndPs[p] = Math.max(lastEndPs[p], nowPs);
    }

    void addInput(int p, long tokens) {
        inputTokens[p] += tokens;
    }

    void addOutput(int p, long tokens) {
        outputTokens[p] += tokens;
    }

    long inputTokens(int p) {
        return inputTokens[p];
    }

    long outputTokens(int p) {
        return outputTokens[p];
    }

    /** Pool p's active span, picoseconds; 0 when it never ran. */
    long spanPs(int p) {
        return firstStartPs[p] < 0 ? 0 : lastEndPs[p] - firstStartPs[p];
    }
}
