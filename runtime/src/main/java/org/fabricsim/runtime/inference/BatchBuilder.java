package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;

/**
 * Continuous batching: composes the next iteration of one idle batch slot ({@link Replicas}) and
 * costs it. The pool's batch limits and the KV capacity apply per slot.
 *
 * <p>In this order: (1) requests whose KV cache has arrived from the prefill pool join the
 * running set while the KV cache admits them ({@link Replicas#admits}: preempting, their context plus
 * one token; no-evict, their context plus all their remaining output); (2) every running, fully
 * prefilled sequence decodes one token, each growing the cache by one, and when the cache would
 * overflow the most recently admitted sequence is preempted (its cache freed; it goes back to the
 * head of the queue to recompute prompt plus generated tokens, vLLM's recompute policy); (3)
 * partially prefilled sequences take their next chunk; (4) queued requests are admitted first
 * come, first served while the sequence limit, the token budget and the KV cache ({@link
 * Replicas#admits}: the whole context allocated at admission, and no-evict also reserves the output)
 * allow; under no-evict the cache never overflows, so step (2) preempts nothing. Under prefill-first
 * batching ({@link Batching#PREFILL_FIRST}) step (2) is skipped while the head of the queue is a prompt
 * that step (4) admits, so the iteration prefills alone and the running sequences wait for it. A
 * handed-off request joins in step (1) and decodes in the same iteration under either batching: vLLM
 * V0 as Dynamo patches it (vllm_v0.7.2-dynamo-kv-disagg-patch, core/scheduler.py) schedules the
 * running decodes whenever every prefill it schedules is a remote one ({@code _schedule_default}:
 * {@code len(prefills.seq_groups) == prefills.num_remote_prefill_groups}) and puts a request whose
 * remote prefill finished straight into the running set as a decoding sequence ({@code
 * _schedule_running}); on a prefill-first decode pool its first decode step samples its first token
 * ({@link DecodeClock#nextFirstToken}). A chunk is at most the pool's chunk size (the whole
 * prompt without chunked prefill: a prompt that does not fit the remaining budget waits, unless
 * the batch is empty). A request that does not fit an empty slot's cache is rejected.
 *
 * <p>With speculative decoding (k drafted tokens) a decoding sequence puts 1 + k tokens through the
 * iteration (the verified drafts and the next token), each attending to its context (read once for all
 * of them, {@link IterationTotals}), and the iteration also pays the draft ({@link ServingModel#draftPs});
 * the tokens it gains are the slot's step on the {@link DecodeClock}. A sequence that joins the running set with its
 * cache from the prefill pool records the time as its decode start.
 *
 * <p>The iteration's totals and their cost are {@link IterationTotals}'. O(prefill chunks) per iteration, the
 * decoding sequences advancing on the {@link DecodeClock} (O(log batch) per sequence that joins, leaves or finishes;
 * O(running) when the token budget holds some back); the totals are fields, so composing allocates nothing.
 */
final class BatchBuilder extends IterationTotals {
    private final RequestTable requests;
    private final Replicas replicas;

    BatchBuilder(RequestTable requests, Replicas replicas) {
        this.requests = requests;
        this.replicas = replicas;
    }

    /**
     * Fills the batch of {@code slot} (see the class comment); returns false when it stays
     * empty.
     */
    boolean compose(int slot, long nowPs) {
        Pool pool = replicas.poolOfSlot(slot);
        int[] target = requests.target;
        int[] prefilled = requests.prefilled;
        long[] kvUsed = replicas.kvUsed;
        long[] kvCapacity = replicas.kvCapacity;
        int[] runningCount = replicas.runningCount;
        int maxSequences = pool.maxSequences() > 0 ? pool.maxSequences() : Integer.MAX_VALUE;
        long budget = pool.maxBatchTokens() > 0 ? pool.maxBatchTokens() : Long.MAX_VALUE;
        long chunkLimit = pool.chunkTokens() > 0 ? pool.chunkTokens() : Long.MAX_VALUE;
        IntDeque waiting = replicas.queue[slot];
        boolean decodes = pool.role() != Role.PREFILL;

        // (1) handed-off requests whose cache is here join the running set and decode from this iteration
        while (!waiting.isEmpty() && runningCount[slot] < maxSequences) {
            int q = waiting.peekFirst();
            if (prefilled[q] < target[q]) {
                break;
            }
            if (!replicas.admits(slot, q, target[q])) {
                if (replicas.empty(slot)) {
                    waiting.pollFirst();
                    replicas.reject(q, slot);
                    continue;
                }
                break;
            }
            waiting.pollFirst();
            requests.decodeStartPs[q] = nowPs;
            replicas.allocate(slot, q, target[q]);
        }
        boolean prefillFirst = pool.batching() == Batching.PREFILL_FIRST;

        // (2) decode one token per prefilled sequence, preempting the youngest on overflow; under
        // prefill-first batching not while a waiting prompt can be admitted
        long decoders = 0;
        if (decodes && !(prefillFirst && promptAdmissible(slot, maxSequences))) {
            decoders = runningCount[slot] - replicas.partialCount[slot];
            while (decoders > 0 && kvUsed[slot] + decoders > kvCapacity[slot] && runningCount[slot] > 1) {
                int victim = replicas.lastRunning(slot);
                if (prefilled[victim] >= target[victim]) {
                    decoders--;
                }
                replicas.preempt(slot, victim);
            }
        }
        newTokens = 0;
        logitTokens = 0;
        prefillPairs = 0;
        prefixPairs = 0;
        prefixTokens = 0;
        decodeTokens = 0;
        decodeContext = 0;
        decodeSequences = 0;
        decodeOnClock(slot, decoders, pool.model(), budget);

        // (3) continue partial prefills, (4) admit queued requests
        int partials = replicas.partialCount[slot];
        for (int q = replicas.firstRunning(slot); partials > 0 && newTokens < budget; q = replicas.nextRunning(q)) {
            if (prefilled[q] < target[q]) {
                partials--;
                int chunk = (int) Math.min(Math.min(target[q] - prefilled[q], budget - newTokens), chunkLimit);
                addPrefill(slot, q, chunk, target[q]);
            }
        }
        while (!waiting.isEmpty() && runningCount[slot] < maxSequences && newTokens < budget) {
            int q = waiting.peekFirst();
            if (prefilled[q] >= target[q]) {
                break;
            }
            int need = target[q];
            if (!replicas.admits(slot, q, need)) {
                if (replicas.empty(slot)) {
                    waiting.pollFirst();
                    replicas.reject(q, slot);
                    continue;
                }
                break;
            }
            int remaining = need - prefilled[q];
            long room = budget - newTokens;
            if (pool.chunkTokens() == 0 && remaining > room && replicas.batchSize[slot] > 0) {
                break;
            }
            int chunk = (int) Math.min(remaining, pool.chunkTokens() == 0 ? remaining : Math.min(room, chunkLimit));
            waiting.pollFirst();
            replicas.allocate(slot, q, need);
            if (requests.prefillStartPs[q] < 0) {
                requests.prefillStartPs[q] = nowPs;
            }
            addPrefill(slot, q, chunk, need);
        }
        sequences = replicas.batchSize[slot] + replicas.batchDecoders[slot];
        return sequences > 0;
    }

    /**
     * Composes, in O(1), the batch {@link #compose} builds for a decode {@code slot} whose queue is empty,
     * with nothing to prefill and no batch yet: every one of its d running sequences decodes, when the
     * token budget takes all d and the cache the d new tokens (no preemption). Returns false, having
     * changed nothing, otherwise.
     */
    boolean composeDecodeOnly(int slot) {
        Pool pool = replicas.poolOfSlot(slot);
        long decoders = replicas.runningCount[slot];
        int perSequence = pool.model().tokensPerDecodeStep();
        long budget = pool.maxBatchTokens() > 0 ? pool.maxBatchTokens() : Long.MAX_VALUE;
        if (pool.role() == Role.PREFILL || !replicas.queue[slot].isEmpty() || replicas.partialCount[slot] != 0
                || replicas.batchSize[slot] != 0 || decoders == 0 || decoders > budget / perSequence
                || replicas.kvUsed[slot] + decoders > replicas.kvCapacity[slot]) {
            return false;
        }
        prefillPairs = 0;
        prefixPairs = 0;
        prefixTokens = 0;
        decodeOnClock(slot, decoders, pool.model(), budget);
        sequences = decoders;
        return true;
    }

    /**
     * Step (2) on the {@link DecodeClock}: the first k = min(decoders, ⌈budget ÷ tokens per
     * step⌉) decoding sequences in admission order decode, each gaining the slot's step of tokens
     * ({@link DecodeClock#step}); when k is all of them (no budget stops the iteration) their
     * context is the clock's sum, O(1), else the list is walked, O(running).
     */
    private void decodeOnClock(int slot, long decoders, ServingModel model, long budget) {
        int perSequence = model.tokensPerDecodeStep();
        long fits = budget / perSequence + (budget % perSequence == 0 ? 0 : 1);
        long decoding = Math.min(decoders, fits);
        DecodeClock clock = replicas.clock;
        replicas.batchDecoders[slot] = (int) decoding;
        if (decoding == 0) {
            return;
        }
        int step = clock.step(slot, model.tokensPerDecodeIteration());
        if (decoding == decoders) {
            newTokens = logitTokens = decodeTokens = decoding * perSequence;
            decodeContext = clock.context(slot);
            decodeSequences = decoding;
        } else {
            long counted = 0;
            for (int q = replicas.firstRunning(slot); q >= 0; q = replicas.nextRunning(q)) {
                if (clock.isMember(q)) {
                    if (counted++ < decoding) {
                        addDecode(clock.kvTokens(slot, q), perSequence);
                    } else {
                        clock.holdBack(slot, q);
                    }
                }
            }
        }
        clock.advance(slot, decoding);
        replicas.kvUsed[slot] += decoding * step;
    }

    /** Whether the head of the slot's queue is a prompt to prefill that step (4) would admit into the slot. */
    private boolean promptAdmissible(int slot, int maxSequences) {
        IntDeque waiting = replicas.queue[slot];
        if (waiting.isEmpty() || replicas.runningCount[slot] >= maxSequences) {
            return false;
        }
        int q = waiting.peekFirst();
        return requests.prefilled[q] < requests.target[q] && replicas.admits(slot, q, requests.target[q]);
    }

    /** Adds a prefill chunk of q to the batch and its work to the totals. */
    private void addPrefill(int slot, int q, int chunk, int target) {
        int before = requests.prefilled[q];
        newTokens += chunk;
        prefixPairs += (double) chunk * before;
        prefillPairs += (double) chunk * before + (double) chunk * (chunk + 1) / 2;
        prefixTokens += before;
        logitTokens += before + chunk == target ? 1 : 0;
        replicas.addToBatch(slot, q, chunk);
    }
}
