package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;

/**
 * What an iteration of a batch slot ({@link Replicas}) produced, applied at its end, and the run's
 * token totals.
 *
 * <p>At the end of an iteration: the decoding sequences on the slot's {@link DecodeClock} gain the
 * slot's step of tokens each, and those that reached their output finish (tokens drafted beyond
 * it are dropped); every prefilling sequence of the batch gains its chunk. The iteration that
 * completes a prompt produces its first output token; on a prefill slot the request is then handed
 * off ({@link Lifecycle#handOff}), elsewhere it decodes on the clock from the next iteration, and a
 * request with all its output finishes ({@link Lifecycle#finish}).
 *
 * <p>When the decode pool batches prefill-first (vLLM V0), the prefill's token is not kept: the
 * request is handed off with no output token and the end of its first decode iteration on the
 * decode pool is its first token ({@link DecodeClock#nextFirstToken}). Dynamo's patched V0
 * (vllm_v0.7.2-dynamo-kv-disagg-patch) sends the prefill worker the prompt but its last token
 * ({@code prompt_token_ids[:-1]}, "last one will be decoded on decode for sampling anyway"), the
 * prefill worker discards what it samples (examples/llm/components/prefill_worker.py), and the decode
 * worker's scheduler runs the request as a decode over the prompt's last token ({@code
 * update_num_computed_tokens(seq.get_len() - 1)}, "we need to decode the first token on decode"). So
 * the decode pool computes all o output tokens, in o decode iterations, and the TTFT takes the KV
 * transfer, the wait for the decode pool's next iteration and that iteration. The prefill pool's
 * prompt is still the whole prompt (one token more than Dynamo's: 1 in 3,000 of the example's).
 * Cost: O(prefill chunks) plus O(log members) per sequence leaving the clock, plus O(awaiting) per
 * first token sampled on the decode pool.
 */
final class IterationEnds {
    /** What the simulation does with the sequences an iteration hands on. */
    interface Lifecycle {
        /** q has produced its last token at {@code nowPs} on {@code slot}. */
        void finish(int q, int slot, long nowPs);

        /** q's prompt is prefilled on {@code prefillSlot}: its KV cache goes to the decode pool. */
        void handOff(int q, int prefillSlot);
    }

    private final RequestTable requests;
    private final Replicas replicas;
    private final PoolCounters poolCounters;
    private final Lifecycle lifecycle;
    /** The decode pool samples a handed-off request's first token (it batches prefill-first). */
    private final boolean decodeSamplesFirst;
    private long outputTokens;
    private long inputTokens;
    private long cachedTokens;

    IterationEnds(RequestTable requests, Replicas replicas, PoolCounters poolCounters, Lifecycle lifecycle) {
        this.requests = requests;
        this.replicas = replicas;
        this.poolCounters = poolCounters;
        this.lifecycle = lifecycle;
        Pool last = replicas.pools[replicas.pools.length - 1];
        this.decodeSamplesFirst = last.role() == Role.DECODE && last.batching() == Batching.PREFILL_FIRST;
    }

    /**
     * Applies the iteration of {@code slot} ending at {@code nowPs} when it only decoded and none of its
     * sequences samples its first token or reaches its output at this end: the decoders' tokens are
     * counted, which is all {@link #apply} does then. Returns false, having changed nothing, otherwise.
     * O(1).
     */
    boolean applySteady(int slot, long nowPs) {
        int decoded = replicas.batchDecoders[slot];
        DecodeClock clock = replicas.clock;
        if (decoded == 0 || replicas.batchSize[slot] != 0 || clock.awaitsFirstToken(slot) || clock.finishesNow(slot)) {
            return false;
        }
        int poolIndex = replicas.poolOf[slot];
        poolCounters.ended(poolIndex, nowPs);
        long produced = (long) decoded * clock.lastStep(slot);
        outputTokens += produced;
        poolCounters.addOutput(poolIndex, produced);
        return true;
    }

    /** Counts {@code tokens} decoded on pool {@code poolIndex} at the ends inside a folded run ({@link DecodeRuns#land}). */
    void addDecoded(int poolIndex, long tokens) {
        outputTokens += tokens;
        poolCounters.addOutput(poolIndex, tokens);
    }

    /** Applies the tokens of the iteration of {@code slot} that ends at {@code nowPs}. */
    void apply(int slot, long nowPs) {
        Pool pool = replicas.poolOfSlot(slot);
        int poolIndex = replicas.poolOf[slot];
        poolCounters.ended(poolIndex, nowPs);
        int[] seqs = replicas.batchSeq[slot];
        int[] tokens = replicas.batchTokens[slot];
        int[] generated = requests.generated;
        int[] output = requests.stream.output();
        int decoded = replicas.batchDecoders[slot];
        if (decoded > 0) {
            DecodeClock clock = replicas.clock;
            for (int q = clock.nextFirstToken(slot); q >= 0; q = clock.nextFirstToken(slot)) {
                requests.firstTokenPs[q] = nowPs;
            }
            long produced = (long) decoded * clock.lastStep(slot);
            for (int q = clock.nextFinished(slot); q >= 0; q = clock.nextFinished(slot)) {
                long beyond = clock.overshoot(slot, q);
                produced -= beyond;
                replicas.kvUsed[slot] -= beyond;
                replicas.leave(slot, q);
                lifecycle.finish(q, slot, nowPs);
            }
            outputTokens += produced;
            poolCounters.addOutput(poolIndex, produced);
        }
        for (int b = 0; b < replicas.batchSize[slot]; b++) {
            int q = seqs[b];
            requests.prefilled[q] += tokens[b];
            if (requests.prefilled[q] < requests.target[q]) {
                continue;
            }
            replicas.partialCount[slot]--;
            if (generated[q] == 0 && decodeSamplesFirst && pool.role() == Role.PREFILL) {
                promptDone(q, poolIndex, nowPs);
                replicas.leave(slot, q);
                lifecycle.handOff(q, slot);
                continue;
            }
            if (generated[q] == 0) {
                firstToken(q, poolIndex, nowPs);
                if (pool.role() == Role.PREFILL && generated[q] < output[q]) {
                    replicas.leave(slot, q);
                    lifecycle.handOff(q, slot);
                    continue;
                }
            }
            if (generated[q] >= output[q]) {
                replicas.leave(slot, q);
                lifecycle.finish(q, slot, nowPs);
            } else if (replicas.clocked(slot)) {
                replicas.clock.join(slot, q);
            }
        }
    }

    /** q's prompt is complete: its first output token now, its prompt and cached prefix counted. */
    private void firstToken(int q, int poolIndex, long nowPs) {
        promptDone(q, poolIndex, nowPs);
        requests.generated[q] = 1;
        requests.firstTokenPs[q] = nowPs;
        requests.decodeStartPs[q] = nowPs;
        outputTokens++;
        poolCounters.addOutput(poolIndex, 1);
    }

    /** q's prompt is complete now: its prompt and cached prefix counted. */
    private void promptDone(int q, int poolIndex, long nowPs) {
        requests.prefillEndPs[q] = nowPs;
        inputTokens += requests.stream.prompt()[q];
        cachedTokens += requests.cached[q];
        poolCounters.addInput(poolIndex, requests.stream.prompt()[q]);
    }

    long outputTokens() {
        return outputTokens;
    }

    long inputTokens() {
        return inputTokens;
    }

    /** Prompt tokens served from the prefix cache, not computed. */
    long cachedTokens() {
        return cachedTokens;
    }
}
