package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;

/**
 * The per-slot state of a {@link ServingSimulation}, as primitive arrays indexed by batch slot:
 * the queue, the running set with its KV-cache use, the batch of the iteration in flight, and the
 * busy time. The running set is a list in admission order ({@link RunningLists}), so a sequence
 * leaves it in O(1); in a pool without speculative
 * decoding its decoding sequences advance together on the {@link DecodeClock}, and the batch lists
 * only the prefill chunks beside the count of sequences that decode ({@link #batchDecoders}). A replica of PP pipeline stages has PP slots, each scheduling its own sequences in a
 * 1/PP share of the replica's KV cache under the pool's batch limits (vLLM's pipeline-parallel
 * "virtual engines": one scheduler per in-flight micro-batch, each given num_gpu_blocks ÷ PP,
 * vllm/core/scheduler.py), so a sequence is in at most one batch in flight; without PP a slot is
 * the replica. Slots are numbered pools in order, replicas of a pool consecutive, the slots of a
 * replica consecutive; replicas likewise. The operations that move a request between queue,
 * running set and batch keep {@link RequestTable} and these arrays consistent. Memory O(slots +
 * requests); {@link #leastLoaded} O(slots), the others amortized O(1) (plus the {@link
 * DecodeClock}'s O(log members) when a decoding sequence joins or leaves).
 */
final class Replicas {
    final Pool[] pools;
    final int[] poolOf;
    /** Replica (over all pools) of each slot. */
    final int[] replicaOf;
    /** First slot of each replica. */
    private final int[] replicaFirstSlot;
    /** First slot of each pool; at index pools.length, the slot count. */
    private final int[] poolFirstSlot;
    final IntDeque[] queue;
    private final RunningLists running;
    final int[] runningCount;
    /** Running sequences whose (re)prefill is incomplete; the others decode (generated ≥ 1). */
    final int[] partialCount;
    int[][] batchSeq;
    int[][] batchTokens;
    final int[] batchSize;
    /** Sequences of the batch in flight that decode on the {@link DecodeClock} (not in batchSeq). */
    final int[] batchDecoders;
    /** Decoding sequences of each pool advance on the clock: every pool but a prefill pool decodes. */
    private final boolean[] clocked;
    final DecodeClock clock;
    final long[] kvUsed;
    /** Under no-evict admission, the footprints reserved by the slot's admitted requests (≥ kvUsed). */
    final long[] kvReserved;
    final long[] kvCapacity;
    final boolean[] busy;
    final int[] outstanding;
    /** The stage times of the slot's iterations, summed: each stage's accelerators are busy that long. */
    final long[] busyPs;
    final double[] prefillBusyPs;
    private final RequestTable requests;
    private long preemptions;
    private long rejections;

    Replicas(Pool[] pools, RequestTable requests) {
        this.pools = pools.clone();
        this.requests = requests;
        poolFirstSlot = new int[pools.length + 1];
        int replicas = 0;
        for (int p = 0; p < pools.length; p++) {
            replicas += pools[p].replicas();
            poolFirstSlot[p + 1] = poolFirstSlot[p] + pools[p].replicas() * pools[p].model().pipeline();
        }
        int slots = poolFirstSlot[pools.length];
        poolOf = new int[slots];
        replicaOf = new int[slots];
        replicaFirstSlot = new int[replicas];
        queue = new IntDeque[slots];
        running = new RunningLists(slots, requests.size());
        runningCount = new int[slots];
        partialCount = new int[slots];
        batchSeq = new int[slots][];
        batchTokens = new int[slots][];
        batchSize = new int[slots];
        batchDecoders = new int[slots];
        clocked = new boolean[pools.length];
        for (int p = 0; p < pools.length; p++) {
            clocked[p] = pools[p].role() != Role.PREFILL;
        }
        clock = new DecodeClock(slots, requests);
        kvUsed = new long[slots];
        kvReserved = new long[slots];
        kvCapacity = new long[slots];
        busy = new boolean[slots];
        outstanding = new int[slots];
        busyPs = new long[slots];
        prefillBusyPs = new double[slots];
        int slot = 0;
        int replica = 0;
        for (int p = 0; p < pools.length; p++) {
            int stages = pools[p].model().pipeline();
            for (int i = 0; i < pools[p].replicas(); i++, replica++) {
                replicaFirstSlot[replica] = slot;
                for (int k = 0; k < stages; k++, slot++) {
                    poolOf[slot] = p;
                    replicaOf[slot] = replica;
                    queue[slot] = new IntDeque();
                    batchSeq[slot] = new int[16];
                    batchTokens[slot] = new int[16];
                    kvCapacity[slot] = pools[p].model().kvCapacityTokens() / stages;
                }
            }
        }
    }

    /** Number of slots over all pools. */
    int count() {
        return poolOf.length;
    }

    /** Number of replicas over all pools. */
    int replicaCount() {
        return replicaFirstSlot.length;
    }

    /** First slot of {@code replica}; its slots are the next {@code pipeline} ones. */
    int firstSlotOfReplica(int replica) {
        return replicaFirstSlot[replica];
    }

    /** Slots of {@code replica}: its pipeline stages. */
    int slotsOfReplica(int replica) {
        return poolOfSlot(replicaFirstSlot[replica]).model().pipeline();
    }

    /** Whether the decoding sequences of {@code slot} advance on the {@link DecodeClock}. */
    boolean clocked(int slot) {
        return clocked[poolOf[slot]];
    }

    Pool poolOfSlot(int slot) {
        return pools[poolOf[slot]];
    }

    /** Index, within its pool, of the replica of {@code slot}: where its accelerators are. */
    int replicaInPool(int slot) {
        return (slot - poolFirstSlot[poolOf[slot]]) / poolOfSlot(slot).model().pipeline();
    }

    /** The slot of pool {@code poolIndex} with the fewest outstanding requests (the first on ties). */
    int leastLoaded(int poolIndex) {
        int best = poolFirstSlot[poolIndex];
        for (int r = best + 1; r < poolFirstSlot[poolIndex + 1]; r++) {
            if (outstanding[r] < outstanding[best]) {
                best = r;
            }
        }
        return best;
    }

    /**
     * Whether the cache of {@code slot} admits q with {@code tokens} cached now. Preempting: used +
     * tokens + 1 ≤ capacity when the slot decodes (the first decode step's token), used + tokens
     * otherwise. No-evict: reserved + {@link #footprint} ≤ capacity, so the cache never overflows and
     * no sequence is preempted.
     */
    boolean admits(int slot, int q, int tokens) {
        Pool pool = poolOfSlot(slot);
        if (pool.admission() == Admission.NO_EVICT) {
            return kvReserved[slot] + footprint(slot, q, tokens) <= kvCapacity[slot];
        }
        return kvUsed[slot] + tokens + (pool.role() != Role.PREFILL ? 1 : 0) <= kvCapacity[slot];
    }

    /** Whether the cache of {@code slot} holds nothing admitted: a request it does not admit now it never will. */
    boolean empty(int slot) {
        return kvUsed[slot] == 0 && kvReserved[slot] == 0;
    }

    /**
     * The most cache q will hold on {@code slot} from {@code tokens}: on a decoding slot each decode
     * step caches the token before it, o − max(g, 1) more for o output tokens of which g are
     * generated (the first comes from the prefill), so tokens + o − max(g, 1), p + o − 1 for a fresh
     * prompt p; on a prefill slot, tokens.
     */
    private long footprint(int slot, int q, int tokens) {
        if (poolOfSlot(slot).role() == Role.PREFILL) {
            return tokens;
        }
        return tokens + Math.max(0, requests.stream.output()[q] - Math.max(requests.generated[q], 1));
    }

    /** q joins the running set of {@code slot}, its cache holding {@code tokens} (and, no-evict, reserving its footprint). */
    void allocate(int slot, int q, int tokens) {
        requests.state[q] = RequestTable.RUNNING;
        requests.slotOf[q] = slot;
        requests.kvTokens[q] = tokens;
        kvUsed[slot] += tokens;
        if (poolOfSlot(slot).admission() == Admission.NO_EVICT) {
            int reserved = (int) footprint(slot, q, tokens);
            requests.reservedTokens[q] = reserved;
            kvReserved[slot] += reserved;
        }
        running.append(slot, q);
        runningCount[slot]++;
        if (requests.prefilled[q] < requests.target[q]) {
            partialCount[slot]++;
        } else if (clocked(slot)) {
            clock.join(slot, q);
        }
    }

    /** The oldest request of the running set of {@code slot}, or -1. */
    int firstRunning(int slot) {
        return running.first(slot);
    }

    /** The youngest request of the running set of {@code slot}, or -1. */
    int lastRunning(int slot) {
        return running.last(slot);
    }

    /** The request admitted after q to q's running set, or -1. */
    int nextRunning(int q) {
        return running.next(q);
    }

    /** q leaves the running set of {@code slot} (finished, handed off or preempted). */
    void leave(int slot, int q) {
        running.remove(slot, q);
        runningCount[slot]--;
    }

    /** Takes q out of the running set, frees its cache and queues it first to recompute prompt plus generated tokens. */
    void preempt(int slot, int q) {
        if (requests.prefilled[q] < requests.target[q]) {
            partialCount[slot]--;
        } else if (clock.isMember(q)) {
            clock.leave(slot, q);
        }
        leave(slot, q);
        release(slot, q);
        requests.state[q] = RequestTable.WAITING;
        requests.target[q] = requests.stream.prompt()[q] + requests.generated[q];
        requests.prefilled[q] = requests.cached[q];
        preemptions++;
        queue[slot].addFirst(q);
    }

    /** Frees the cache q holds, and reserves, on {@code slot}. */
    void release(int slot, int q) {
        kvUsed[slot] -= requests.kvTokens[q];
        requests.kvTokens[q] = 0;
        kvReserved[slot] -= requests.reservedTokens[q];
        requests.reservedTokens[q] = 0;
    }

    /** Adds a prefill chunk of {@code tokens} of q to the batch in flight. */
    void addToBatch(int slot, int q, int tokens) {
        int b = batchSize[slot];
        if (b == batchSeq[slot].length) {
            batchSeq[slot] = Arrays.copyOf(batchSeq[slot], b * 2);
            batchTokens[slot] = Arrays.copyOf(batchTokens[slot], b * 2);
        }
        batchSeq[slot][b] = q;
        batchTokens[slot][b] = tokens;
        batchSize[slot] = b + 1;
    }

    /** q cannot fit even an empty slot's cache: it leaves without service. */
    void reject(int q, int slot) {
        requests.state[q] = RequestTable.REJECTED;
        outstanding[slot]--;
        rejections++;
    }

    /** Requests rejected so far. */
    long rejections() {
        return rejections;
    }

    long preemptions() {
        return preemptions;
    }

    /** Busy time of the slots of pool p, summed, picoseconds. */
    double poolBusyPs(int p) {
        double sum = 0;
        for (int r = poolFirstSlot[p]; r < poolFirstSlot[p + 1]; r++) {
            sum += busyPs[r];
        }
        return sum;
    }

    /** Busy time of pool p attributed to prefill (by the alone-time share of mixed iterations). */
    double poolPrefillBusyPs(int p) {
        double sum = 0;
        for (int r = poolFirstSlot[p]; r < poolFirstSlot[p + 1]; r++) {
            sum += prefillBusyPs[r];
        }
        return sum;
    }
}
