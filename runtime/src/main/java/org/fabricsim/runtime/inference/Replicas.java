package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;

/**
 * The per-replica state of a {@link ServingSimulation}, as primitive arrays indexed by replica
 * (pools in order, replicas of a pool consecutive): the queue, the running set with its KV-cache
 * use, the batch of the iteration in flight, and the busy time. The operations that move a
 * request between queue, running set and batch keep {@link RequestTable} and these arrays
 * consistent. Memory O(replicas + requests); {@link #leastLoaded} and {@link #firstReplica}
 * O(replicas), {@link #compactRunning} O(running), the others amortized O(1).
 */
final class Replicas {
    final Pool[] pools;
    final int[] poolOf;
    final IntDeque[] queue;
    int[][] running;
    final int[] runningCount;
    /** Running sequences whose (re)prefill is incomplete; the others decode (generated ≥ 1). */
    final int[] partialCount;
    int[][] batchSeq;
    int[][] batchTokens;
    final int[] batchSize;
    final long[] kvUsed;
    final long[] kvCapacity;
    final boolean[] busy;
    final int[] outstanding;
    final long[] busyPs;
    final double[] prefillBusyPs;
    private final RequestTable requests;
    private long preemptions;

    Replicas(Pool[] pools, RequestTable requests) {
        this.pools = pools.clone();
        this.requests = requests;
        int replicas = 0;
        for (Pool pool : pools) {
            replicas += pool.replicas();
        }
        poolOf = new int[replicas];
        queue = new IntDeque[replicas];
        running = new int[replicas][];
        runningCount = new int[replicas];
        partialCount = new int[replicas];
        batchSeq = new int[replicas][];
        batchTokens = new int[replicas][];
        batchSize = new int[replicas];
        kvUsed = new long[replicas];
        kvCapacity = new long[replicas];
        busy = new boolean[replicas];
        outstanding = new int[replicas];
        busyPs = new long[replicas];
        prefillBusyPs = new double[replicas];
        int r = 0;
        for (int p = 0; p < pools.length; p++) {
            for (int i = 0; i < pools[p].replicas(); i++, r++) {
                poolOf[r] = p;
                queue[r] = new IntDeque();
                running[r] = new int[16];
                batchSeq[r] = new int[16];
                batchTokens[r] = new int[16];
                kvCapacity[r] = pools[p].model().kvCapacityTokens();
            }
        }
    }

    /** Number of replicas over all pools. */
    int count() {
        return poolOf.length;
    }

    Pool poolOfReplica(int replica) {
        return pools[poolOf[replica]];
    }

    /** Index of the first replica of pool {@code poolIndex}. */
    int firstReplica(int poolIndex) {
        int first = 0;
        for (int p = 0; p < poolIndex; p++) {
            first += pools[p].replicas();
        }
        return first;
    }

    /** The replica of pool {@code poolIndex} with the fewest outstanding requests (the first on ties). */
    int leastLoaded(int poolIndex) {
        int first = firstReplica(poolIndex);
        int best = first;
        for (int r = first + 1; r < first + pools[poolIndex].replicas(); r++) {
            if (outstanding[r] < outstanding[best]) {
                best = r;
            }
        }
        return best;
    }

    /** q joins the running set of {@code replica}, its cache holding {@code tokens}. */
    void allocate(int replica, int q, int tokens) {
        requests.state[q] = RequestTable.RUNNING;
        requests.replicaOf[q] = replica;
        requests.kvTokens[q] = tokens;
        kvUsed[replica] += tokens;
        if (requests.prefilled[q] < requests.target[q]) {
            partialCount[replica]++;
        }
        if (runningCount[replica] == running[replica].length) {
            running[replica] = Arrays.copyOf(running[replica], runningCount[replica] * 2);
        }
        running[replica][runningCount[replica]++] = q;
    }

    /** Frees q's cache and queues it first to recompute prompt plus generated tokens. */
    void preempt(int replica, int q) {
        if (requests.prefilled[q] < requests.target[q]) {
            partialCount[replica]--;
        }
        kvUsed[replica] -= requests.kvTokens[q];
        requests.kvTokens[q] = 0;
        requests.state[q] = RequestTable.WAITING;
        requests.target[q] = requests.stream.prompt()[q] + requests.generated[q];
        requests.prefilled[q] = 0;
        preemptions++;
        queue[replica].addFirst(q);
    }

    /** Adds q to the batch in flight: {@code tokens} of prefill, or -1 for one decoded token. */
    void addToBatch(int replica, int q, int tokens) {
        int b = batchSize[replica];
        if (b == batchSeq[replica].length) {
            batchSeq[replica] = Arrays.copyOf(batchSeq[replica], b * 2);
            batchTokens[replica] = Arrays.copyOf(batchTokens[replica], b * 2);
        }
        batchSeq[replica][b] = q;
        batchTokens[replica][b] = tokens;
        batchSize[replica] = b + 1;
    }

    /** Drops from the running set the requests that finished or left the replica. */
    void compactRunning(int replica) {
        int[] run = running[replica];
        int kept = 0;
        for (int i = 0; i < runningCount[replica]; i++) {
            int q = run[i];
            if (requests.state[q] == RequestTable.RUNNING && requests.replicaOf[q] == replica) {
                run[kept++] = q;
            }
        }
        runningCount[replica] = kept;
    }

    /** q cannot fit even an empty replica's cache: it leaves without service. */
    void reject(int q, int replica) {
        requests.state[q] = RequestTable.REJECTED;
        outstanding[replica]--;
    }

    long preemptions() {
        return preemptions;
    }

    /** Busy time of the replicas of pool p, summed, picoseconds. */
    double poolBusyPs(int p) {
        double sum = 0;
        int first = firstReplica(p);
        for (int r = first; r < first + pools[p].replicas(); r++) {
            sum += busyPs[r];
        }
        return sum;
    }

    /** Busy time of pool p attributed to prefill (by the alone-time share of mixed iterations). */
    double poolPrefillBusyPs(int p) {
        double sum = 0;
        int first = firstReplica(p);
        for (int r = first; r < first + pools[p].replicas(); r++) {
            sum += prefillBusyPs[r];
        }
        return sum;
    }
}
