package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * The per-request state of a {@link ServingSimulation}, as parallel primitive arrays indexed by
 * request (its index in the {@link RequestStream}), and the per-request latencies read from it.
 *
 * <p>A request is {@link #WAITING} in a batch slot's queue ({@link Replicas}), {@link #RUNNING} (its
 * cache allocated on {@code slotOf}), in {@link #HANDOFF} (prefilled, its cache crossing the fabric to
 * {@code handoffSlot}), {@link #DONE} or {@link #REJECTED}. {@code target} is the number of tokens
 * to prefill (the prompt, or prompt plus generated tokens after a preemption), {@code prefilled}
 * the progress towards it, {@code generated} the output tokens so far. {@code cached} is the
 * prompt prefix whose KV cache the replicas already hold (prefix caching): prefill starts after it
 * and a disaggregated handoff does not transfer it. {@code decodeStartPs} is when the request's
 * first decode iteration began (its first token's time when prefill and decode share a replica),
 * so the inter-token latency excludes the wait for a decode slot. Memory O(requests);
 * every accessor O(1) except {@link #rejected()}, O(requests).
 */
final class RequestTable {
    static final int WAITING = 0;
    static final int RUNNING = 1;
    static final int HANDOFF = 2;
    static final int DONE = 3;
    static final int REJECTED = 4;

    final RequestStream stream;
    final int[] state;
    final int[] target;
    final int[] prefilled;
    final int[] generated;
    final int[] kvTokens;
    /** Cache tokens held for q under no-evict admission until it leaves its slot (its whole footprint); 0 otherwise. */
    final int[] reservedTokens;
    final int[] slotOf;
    final int[] handoffSlot;
    final int[] flowsLeft;
    final long[] firstTokenPs;
    final long[] finishPs;
    final long[] prefillEndPs;
    final long[] transferStartPs;
    final long[] transferEndPs;
    final long[] kvLatencyPs;
    final long[] kvReadyWaitPs;
    final int[] cached;
    final long[] decodeStartPs;
    /** When the first iteration holding q's prefill began, or -1 (prefilled elsewhere, or not yet). */
    final long[] prefillStartPs;

    /** @param prefixHitRatio h: ⌊h·prompt⌋ tokens of each prompt, at most prompt − 1, are cached */
    RequestTable(RequestStream stream, double prefixHitRatio) {
        this.stream = stream;
        int n = stream.size();
        state = new int[n];
        target = stream.prompt().clone();
        prefilled = new int[n];
        generated = new int[n];
        kvTokens = new int[n];
        reservedTokens = new int[n];
        slotOf = new int[n];
        handoffSlot = new int[n];
        flowsLeft = new int[n];
        firstTokenPs = new long[n];
        finishPs = new long[n];
        prefillEndPs = new long[n];
        transferStartPs = new long[n];
        transferEndPs = new long[n];
        kvLatencyPs = new long[n];
        kvReadyWaitPs = new long[n];
        Arrays.fill(kvReadyWaitPs, -1);
        cached = new int[n];
        decodeStartPs = new long[n];
        prefillStartPs = new long[n];
        Arrays.fill(prefillStartPs, -1);
        cachePrefixes(stream.prompt(), prefixHitRatio, cached, prefilled);
    }

    /**
     * ⌊h·prompt⌋ cached tokens of each prompt ({@link #cachedTokens}), as prefilled: a method of its
     * own so that the JIT compiles this loop alone, not the constructor with its twenty allocations.
     */
    private static void cachePrefixes(int[] prompts, double prefixHitRatio, int[] cached, int[] prefilled) {
        for (int q = 0; q < prompts.length; q++) {
            cached[q] = cachedTokens(prompts[q], Math.floor(prefixHitRatio * prompts[q]));
            prefilled[q] = cached[q];
        }
    }

    /** A prefix of {@code tokens} tokens the replica holds: at most prompt − 1 of them are cached. */
    private static int cachedTokens(int prompt, double tokens) {
        return (int) Math.min(tokens, Math.max(0, prompt - 1));
    }

    /** q's replica holds a prefix of {@code tokens} of its prompt (0: none): prefill starts after it. */
    void cache(int q, int tokens) {
        cached[q] = cachedTokens(stream.prompt()[q], tokens);
        prefilled[q] = cached[q];
    }

    int size() {
        return stream.size();
    }

    boolean completed(int q) {
        return state[q] == DONE;
    }

    long ttftPs(int q) {
        return firstTokenPs[q] - stream.arrivalPs()[q];
    }

    long e2ePs(int q) {
        return finishPs[q] - stream.arrivalPs()[q];
    }

    /**
     * Mean time between output tokens of q once it decodes, (finish − max(decode start, first token))
     * ÷ (output − 1), or -1 with a single output token: the first token comes after the decode start
     * only when the decode pool samples it (IterationEnds), and then this is genai-perf's (E2E − TTFT)
     * ÷ (output − 1).
     */
    double itlPs(int q) {
        int out = stream.output()[q];
        return out < 2 ? -1 : (double) (finishPs[q] - Math.max(decodeStartPs[q], firstTokenPs[q])) / (out - 1);
    }

    /** Time q waited, its cache on the decode replica, for a place in a decode batch, or -1. */
    long decodeQueuePs(int q) {
        return kvReadyWaitPs[q] < 0 ? -1 : decodeStartPs[q] - prefillEndPs[q] - kvReadyWaitPs[q];
    }

    /** Time from the end of q's prefill to its cache being usable on the decode replica, or -1. */
    long kvWaitPs(int q) {
        return kvReadyWaitPs[q];
    }

    int rejected() {
        int count = 0;
        for (int s : state) {
            count += s == REJECTED ? 1 : 0;
        }
        return count;
    }
}
