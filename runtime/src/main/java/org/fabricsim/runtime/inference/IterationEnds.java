package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.spec.InferenceSpec.Role;

/**
 * What an iteration of a batch slot ({@link Replicas}) produced, applied at its end, and the run's
 * token totals.
 *
 * <p>At the end of an iteration: the decoding sequences on the slot's {@link DecodeClock} that
 * reached their output finish; every other sequence of the batch gains its tokens: a decoding one
 * (off the clock, with speculative decoding) the whole tokens its fractional credit yields ({@link
 * RequestTable#decodedTokens}), a prefilling one its chunk. The iteration that completes a prompt
 * produces its first output token; on a prefill slot the request is then handed off ({@link
 * Lifecycle#handOff}), elsewhere it decodes on from the next iteration (joining the clock when the
 * slot has one), and a request with all its output finishes ({@link Lifecycle#finish}). Cost:
 * O(batch entries) plus O(log members) per sequence leaving the clock.
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
    private long outputTokens;
    private long inputTokens;
    private long cachedTokens;

    IterationEnds(RequestTable requests, Replicas replicas, PoolCounters poolCounters, Lifecycle lifecycle) {
        this.requests = requests;
        this.replicas = replicas;
        this.poolCounters = poolCounters;
        this.lifecycle = lifecycle;
    }

    /** Applies the tokens of the iteration of {@code slot} that ends at {@code nowPs}. */
    void apply(int slot, long nowPs) {
        Pool pool = replicas.poolOfSlot(slot);
        int poolIndex = replicas.poolOf[slot];
        poolCounters.ended(poolIndex, nowPs);
        double gain = pool.model().tokensPerDecodeIteration();
        int[] seqs = replicas.batchSeq[slot];
        int[] tokens = replicas.batchTokens[slot];
        int[] generated = requests.generated;
        int[] output = requests.stream.output();
        int decoded = replicas.batchDecoders[slot];
        if (decoded > 0) {
            outputTokens += decoded;
            poolCounters.addOutput(poolIndex, decoded);
            for (int q = replicas.clock.nextFinished(slot); q >= 0; q = replicas.clock.nextFinished(slot)) {
                replicas.leave(slot, q);
                lifecycle.finish(q, slot, nowPs);
            }
        }
        for (int b = 0; b < replicas.batchSize[slot]; b++) {
            int q = seqs[b];
            int t = tokens[b];
            if (t < 0) {
                int gained = requests.decodedTokens(q, gain, output[q] - generated[q]);
                generated[q] += gained;
                outputTokens += gained;
                poolCounters.addOutput(poolIndex, gained);
                requests.kvTokens[q] += gained - 1;
                replicas.kvUsed[slot] += gained - 1;
            } else {
                requests.prefilled[q] += t;
                if (requests.prefilled[q] < requests.target[q]) {
                    continue;
                }
                replicas.partialCount[slot]--;
                if (generated[q] == 0) {
                    firstToken(q, poolIndex, nowPs);
                    if (pool.role() == Role.PREFILL && generated[q] < output[q]) {
                        replicas.leave(slot, q);
                        lifecycle.handOff(q, slot);
                        continue;
                    }
                }
                if (generated[q] < output[q] && replicas.clocked(slot)) {
                    replicas.clock.join(slot, q);
                }
            }
            if (generated[q] >= output[q]) {
                replicas.leave(slot, q);
                lifecycle.finish(q, slot, nowPs);
            }
        }
    }

    /** q's prompt is complete: its first output token now, its prompt and cached prefix counted. */
    private void firstToken(int q, int poolIndex, long nowPs) {
        requests.generated[q] = 1;
        requests.firstTokenPs[q] = nowPs;
        requests.prefillEndPs[q] = nowPs;
        requests.decodeStartPs[q] = nowPs;
        outputTokens++;
        inputTokens += requests.stream.prompt()[q];
        cachedTokens += requests.cached[q];
        poolCounters.addInput(poolIndex, requests.stream.prompt()[q]);
        poolCounters.addOutput(poolIndex, 1);
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
