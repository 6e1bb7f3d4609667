package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.network.FlowListener;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.sim.TimeSource;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Request-level serving on the engine's {@link Simulation}: continuous batching per replica,
 * and, when disaggregated, the KV-cache handoff over the network model.
 *
 * <p><b>Iteration (one replica).</b> Built when the replica is idle and has work, in this order:
 * (1) requests whose KV cache has arrived from the prefill pool join the running set while the KV
 * capacity holds their context plus one token; (2) every running, fully prefilled sequence
 * decodes one token, each growing the cache by one, and when the cache would overflow the most
 * recently admitted sequence is preempted (its cache freed; it goes back to the head of the queue
 * to recompute prompt plus generated tokens, vLLM's recompute policy); (3) partially prefilled
 * sequences take their next chunk; (4) queued requests are admitted first come, first served
 * while the sequence limit, the token budget and the KV capacity (the whole context reserved at
 * admission) allow. A chunk is at most the pool's chunk size (the whole prompt without chunked
 * prefill: a prompt that does not fit the remaining budget waits, unless the batch is empty). The
 * iteration lasts {@link ServingModel#iterationPs}; at its end prefill progress and decoded
 * tokens are applied, the first output token being produced by the iteration that completes a
 * prompt.
 *
 * <p><b>Disaggregation.</b> A prefill replica hands a prefilled request to the decode replica with
 * the fewest outstanding requests: its KV cache (κ·prompt bytes) lives on one data-parallel rank
 * (rank q mod DP on each side, so attention-DP pools spread requests over their ranks), split over
 * max(S_p, S_d) flows between the ranks' KV shards (S = PP stages × KV-head shards; flow f from
 * prefill shard ⌊f·S_p/n⌋ to decode shard ⌊f·S_d/n⌋), started on the {@link NetworkModel}
 * (so transfers share links with each other), routed by the cluster's routing. The cache is
 * freed on the prefill side when the last flow ends, and the request reaches the decode queue
 * one path latency later. With layer-by-layer transfer the flows start with the iteration that
 * completes the prompt, and the request is ready at max(flows done, prefill end + transfer/L).
 *
 * <p>Arrivals go to the serving or prefill replica with the fewest outstanding requests. Cost:
 * O(batch) per iteration, O(replicas) per routing decision, plus the network's cost per flow;
 * memory O(requests). Deterministic for a given request stream and seed.
 */
final class ServingSimulation implements FlowListener {
    private static final int WAITING = 0;
    private static final int RUNNING = 1;
    private static final int HANDOFF = 2;
    private static final int DONE = 3;
    private static final int REJECTED = 4;
    /** Tag of EP all-to-all background flows. */
    private static final int EXPERT_TAG = -1;
    private static final TimeSource NO_SOURCE = new TimeSource() {
        @Override
        public long nextEventPs() {
            return NONE;
        }

        @Override
        public void fire(Simulation simulation) {
            throw new IllegalStateException("no events");
        }
    };

    /** One serving pool. */
    record Pool(Role role, ServingModel model, int replicas, int firstAccelerator, int maxBatchTokens,
            int maxSequences, int chunkTokens) {
    }

    private final Simulation simulation;
    private final RequestStream requests;
    private final Pool[] pools;
    private final NetworkModel network;
    private final Router router;
    private final ClusterTopology topology;
    private final boolean layerByLayer;
    private final int layers;
    private final int arrivalHandler;
    private final int iterationHandler;
    private final int readyHandler;

    // per request
    private final int[] state;
    private final int[] target;
    private final int[] prefilled;
    private final int[] generated;
    private final int[] kvTokens;
    private final int[] replicaOf;
    private final int[] handoffReplica;
    private final int[] flowsLeft;
    private final long[] firstTokenPs;
    private final long[] finishPs;
    private final long[] prefillEndPs;
    private final long[] transferStartPs;
    private final long[] transferEndPs;
    private final long[] kvLatencyPs;
    private final long[] kvWaitPs;

    // per replica
    private final int[] poolOf;
    private final IntDeque[] queue;
    private int[][] running;
    private final int[] runningCount;
    /** Running sequences whose (re)prefill is incomplete; the others decode (generated ≥ 1). */
    private final int[] partialCount;
    private int[][] batchSeq;
    private int[][] batchTokens;
    private final int[] batchSize;
    private final long[] kvUsed;
    private final long[] kvCapacity;
    private final boolean[] busy;
    private final int[] outstanding;
    private final long[] busyPs;
    private final double[] prefillBusyPs;
    private final boolean[] kicked;
    private final int[] kickList;
    private int kickCount;

    private long outputTokens;
    private long inputTokens;
    private double flops;
    private long iterations;
    private long preemptions;
    private long kvBytesMoved;
    private long flowsStarted;
    private long kvFlowsInFlight;
    private long lastFinishPs;
    private final int[] path;

    ServingSimulation(Simulation simulation, RequestStream requests, Pool[] pools, NetworkModel network,
            Router router, ClusterTopology topology, boolean layerByLayer, int layers) {
        this.simulation = simulation;
        this.requests = requests;
        this.pools = pools.clone();
        this.network = network;
        this.router = router;
        this.topology = topology;
        this.layerByLayer = layerByLayer;
        this.layers = layers;
        int n = requests.size();
        state = new int[n];
        target = requests.prompt().clone();
        prefilled = new int[n];
        generated = new int[n];
        kvTokens = new int[n];
        replicaOf = new int[n];
        handoffReplica = new int[n];
        flowsLeft = new int[n];
        firstTokenPs = new long[n];
        finishPs = new long[n];
        prefillEndPs = new long[n];
        transferStartPs = new long[n];
        transferEndPs = new long[n];
        kvLatencyPs = new long[n];
        kvWaitPs = new long[n];
        Arrays.fill(kvWaitPs, -1);
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
        kicked = new boolean[replicas];
        kickList = new int[replicas];
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
        path = new int[topology == null ? 2 : topology.maxRouteLinks()];
        arrivalHandler = simulation.register(this::onArrival);
        iterationHandler = simulation.register(this::onIterationEnd);
        readyHandler = simulation.register(this::onKvReady);
        if (network != null) {
            network.setListener(this);
        }
    }

    /** Runs every request to completion (or rejection). */
    void run() {
        if (requests.size() > 0) {
            simulation.schedule(requests.arrivalPs()[0], arrivalHandler, 0);
        }
        simulation.run(network == null ? NO_SOURCE : network);
    }

    // ---------------------------------------------------------------- events

    private void onArrival(int first) {
        long now = simulation.nowPs();
        long[] arrivals = requests.arrivalPs();
        int i = first;
        while (i < arrivals.length && arrivals[i] == now) {
            int replica = leastLoaded(0);
            replicaOf[i] = replica;
            outstanding[replica]++;
            queue[replica].addLast(i);
            kick(replica);
            i++;
        }
        if (i < arrivals.length) {
            simulation.schedule(arrivals[i], arrivalHandler, i);
        }
        flushKicks();
    }

    private void onIterationEnd(int replica) {
        long now = simulation.nowPs();
        Pool pool = pools[poolOf[replica]];
        int[] seqs = batchSeq[replica];
        int[] tokens = batchTokens[replica];
        for (int b = 0; b < batchSize[replica]; b++) {
            int q = seqs[b];
            int t = tokens[b];
            if (t < 0) {
                generated[q]++;
                outputTokens++;
            } else {
                prefilled[q] += t;
                if (prefilled[q] < target[q]) {
                    continue;
                }
                partialCount[replica]--;
                if (generated[q] == 0) {
                    generated[q] = 1;
                    firstTokenPs[q] = now;
                    prefillEndPs[q] = now;
                    outputTokens++;
                    inputTokens += requests.prompt()[q];
                    if (pool.role() == Role.PREFILL && generated[q] < requests.output()[q]) {
                        handOff(q, replica);
                        continue;
                    }
                }
            }
            if (generated[q] >= requests.output()[q]) {
                finish(q, replica, now);
            }
        }
        batchSize[replica] = 0;
        busy[replica] = false;
        compactRunning(replica);
        kick(replica);
        flushKicks();
    }

    private void onKvReady(int q) {
        int decode = handoffReplica[q];
        kvWaitPs[q] = simulation.nowPs() - prefillEndPs[q];
        state[q] = WAITING;
        replicaOf[q] = decode;
        target[q] = requests.prompt()[q];
        prefilled[q] = target[q];
        queue[decode].addLast(q);
        kick(decode);
        flushKicks();
    }

    @Override
    public void onFinished(int q, long finishPs) {
        if (q == EXPERT_TAG) {
            return;
        }
        kvFlowsInFlight--;
        if (--flowsLeft[q] > 0) {
            return;
        }
        transferEndPs[q] = finishPs;
        if (state[q] == HANDOFF) {
            releaseHandoff(q);
        }
    }

    // ---------------------------------------------------------------- scheduling

    private void kick(int replica) {
        if (!busy[replica] && !kicked[replica]) {
            kicked[replica] = true;
            kickList[kickCount++] = replica;
        }
    }

    private void flushKicks() {
        for (int k = 0; k < kickCount; k++) {
            int replica = kickList[k];
            kicked[replica] = false;
            if (!busy[replica]) {
                startIteration(replica);
            }
        }
        kickCount = 0;
    }

    private void startIteration(int replica) {
        Pool pool = pools[poolOf[replica]];
        int maxSequences = pool.maxSequences() > 0 ? pool.maxSequences() : Integer.MAX_VALUE;
        long budget = pool.maxBatchTokens() > 0 ? pool.maxBatchTokens() : Long.MAX_VALUE;
        long chunkLimit = pool.chunkTokens() > 0 ? pool.chunkTokens() : Long.MAX_VALUE;
        IntDeque waiting = queue[replica];
        boolean decodes = pool.role() != Role.PREFILL;

        // (1) handed-off requests whose cache is here join the running set
        while (!waiting.isEmpty() && runningCount[replica] < maxSequences) {
            int q = waiting.peekFirst();
            if (prefilled[q] < target[q]) {
                break;
            }
            if (kvUsed[replica] + target[q] + 1 > kvCapacity[replica]) {
                if (kvUsed[replica] == 0) {
                    waiting.pollFirst();
                    reject(q, replica);
                    continue;
                }
                break;
            }
            waiting.pollFirst();
            allocate(replica, q, target[q]);
        }

        // (2) decode one token per prefilled sequence, preempting the youngest on overflow
        long decoders = 0;
        if (decodes) {
            decoders = runningCount[replica] - partialCount[replica];
            while (decoders > 0 && kvUsed[replica] + decoders > kvCapacity[replica] && runningCount[replica] > 1) {
                int victim = running[replica][--runningCount[replica]];
                if (prefilled[victim] >= target[victim]) {
                    decoders--;
                }
                preempt(replica, victim);
            }
        }
        long newTokens = 0;
        long logitTokens = 0;
        double pairs = 0;
        double kvRead = 0;
        long decodeTokens = 0;
        double decodeContext = 0;
        int[] run = running[replica];
        long decoding = 0;
        for (int i = 0; decoding < decoders && newTokens < budget; i++) {
            int q = run[i];
            if (prefilled[q] >= target[q]) {
                decoding++;
                double context = kvTokens[q];
                addToBatch(replica, q, -1);
                kvTokens[q]++;
                kvUsed[replica]++;
                newTokens++;
                logitTokens++;
                pairs += context + 1;
                kvRead += context;
                decodeTokens++;
                decodeContext += context;
            }
        }

        // (3) continue partial prefills, (4) admit queued requests
        int partials = partialCount[replica];
        for (int i = 0; partials > 0 && newTokens < budget; i++) {
            int q = run[i];
            if (prefilled[q] < target[q]) {
                partials--;
                int chunk = (int) Math.min(Math.min(target[q] - prefilled[q], budget - newTokens), chunkLimit);
                newTokens += chunk;
                pairs += prefillPairs(prefilled[q], chunk);
                kvRead += prefilled[q];
                logitTokens += prefilled[q] + chunk == target[q] ? 1 : 0;
                addToBatch(replica, q, chunk);
            }
        }
        while (!waiting.isEmpty() && runningCount[replica] < maxSequences && newTokens < budget) {
            int q = waiting.peekFirst();
            if (prefilled[q] >= target[q]) {
                break;
            }
            int need = target[q];
            if (kvUsed[replica] + need + (decodes ? 1 : 0) > kvCapacity[replica]) {
                if (kvUsed[replica] == 0) {
                    waiting.pollFirst();
                    reject(q, replica);
                    continue;
                }
                break;
            }
            int remaining = need - prefilled[q];
            long room = budget - newTokens;
            if (pool.chunkTokens() == 0 && remaining > room && batchSize[replica] > 0) {
                break;
            }
            int chunk = (int) Math.min(remaining, pool.chunkTokens() == 0 ? remaining : Math.min(room, chunkLimit));
            waiting.pollFirst();
            allocate(replica, q, need);
            newTokens += chunk;
            pairs += prefillPairs(prefilled[q], chunk);
            kvRead += prefilled[q];
            logitTokens += prefilled[q] + chunk == need ? 1 : 0;
            addToBatch(replica, q, chunk);
        }
        if (batchSize[replica] == 0) {
            return;
        }
        if (layerByLayer && pool.role() == Role.PREFILL) {
            startLayerByLayerTransfers(replica);
        }
        ServingModel model = pool.model();
        long prefillTokens = newTokens - decodeTokens;
        double share = 0;
        if (prefillTokens == 0) {
            share = 0;
        } else if (decodeTokens == 0) {
            share = 1;
        } else {
            double alonePrefill = model.iterationPs(prefillTokens, logitTokens - decodeTokens,
                    pairs - decodeContext - decodeTokens, kvRead - decodeContext);
            double aloneDecode = model.iterationPs(decodeTokens, decodeTokens, decodeContext + decodeTokens,
                    decodeContext);
            share = alonePrefill / (alonePrefill + aloneDecode);
        }
        long durationPs = model.iterationPs(newTokens, logitTokens, pairs, kvRead);
        if (network != null) {
            startExpertTraffic(replica, model.expertBytesLeavingDomain(newTokens, topology.domainSize()));
        }
        flops += model.lastFlops();
        busy[replica] = true;
        busyPs[replica] += durationPs;
        prefillBusyPs[replica] += share * durationPs;
        iterations++;
        simulation.schedule(simulation.nowPs() + durationPs, iterationHandler, replica);
    }

    private static double prefillPairs(int before, int chunk) {
        return (double) chunk * before + (double) chunk * (chunk + 1) / 2;
    }

    private void allocate(int replica, int q, int tokens) {
        state[q] = RUNNING;
        replicaOf[q] = replica;
        kvTokens[q] = tokens;
        kvUsed[replica] += tokens;
        if (prefilled[q] < target[q]) {
            partialCount[replica]++;
        }
        if (runningCount[replica] == running[replica].length) {
            running[replica] = Arrays.copyOf(running[replica], runningCount[replica] * 2);
        }
        running[replica][runningCount[replica]++] = q;
    }

    private void preempt(int replica, int q) {
        if (prefilled[q] < target[q]) {
            partialCount[replica]--;
        }
        kvUsed[replica] -= kvTokens[q];
        kvTokens[q] = 0;
        state[q] = WAITING;
        target[q] = requests.prompt()[q] + generated[q];
        prefilled[q] = 0;
        preemptions++;
        queue[replica].addFirst(q);
    }

    private void addToBatch(int replica, int q, int tokens) {
        int b = batchSize[replica];
        if (b == batchSeq[replica].length) {
            batchSeq[replica] = Arrays.copyOf(batchSeq[replica], b * 2);
            batchTokens[replica] = Arrays.copyOf(batchTokens[replica], b * 2);
        }
        batchSeq[replica][b] = q;
        batchTokens[replica][b] = tokens;
        batchSize[replica] = b + 1;
    }

    private void compactRunning(int replica) {
        int[] run = running[replica];
        int kept = 0;
        for (int i = 0; i < runningCount[replica]; i++) {
            int q = run[i];
            if (state[q] == RUNNING && replicaOf[q] == replica) {
                run[kept++] = q;
            }
        }
        runningCount[replica] = kept;
    }

    private void finish(int q, int replica, long now) {
        state[q] = DONE;
        finishPs[q] = now;
        lastFinishPs = Math.max(lastFinishPs, now);
        kvUsed[replica] -= kvTokens[q];
        kvTokens[q] = 0;
        outstanding[replica]--;
    }

    private void reject(int q, int replica) {
        state[q] = REJECTED;
        outstanding[replica]--;
    }

    private int leastLoaded(int poolIndex) {
        int first = 0;
        for (int p = 0; p < poolIndex; p++) {
            first += pools[p].replicas();
        }
        int best = first;
        for (int r = first + 1; r < first + pools[poolIndex].replicas(); r++) {
            if (outstanding[r] < outstanding[best]) {
                best = r;
            }
        }
        return best;
    }

    private int firstReplica(int poolIndex) {
        int first = 0;
        for (int p = 0; p < poolIndex; p++) {
            first += pools[p].replicas();
        }
        return first;
    }

    // ---------------------------------------------------------------- network traffic

    /**
     * The EP all-to-all of one iteration as background load on the fabric: every accelerator of the
     * replica sends the bytes that leave its scale-up domain to the accelerator one domain further on
     * (within the replica), so KV-cache transfers share the NICs and the fabric with it. The
     * iteration's duration is the fitted collective cost of the model; these flows only load the links,
     * so they are started only while KV-cache flows are in flight (they would delay nothing else).
     */
    private void startExpertTraffic(int replica, double bytesPerAccelerator) {
        if (bytesPerAccelerator <= 0 || kvFlowsInFlight == 0) {
            return;
        }
        Pool pool = pools[poolOf[replica]];
        int count = pool.model().accelerators();
        int base = pool.firstAccelerator() + (replica - firstReplica(poolOf[replica])) * count;
        int domain = topology.domainSize();
        for (int local = 0; local < count; local++) {
            int src = base + local;
            int dst = base + (local + domain) % count;
            int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
            network.start(path, length, bytesPerAccelerator, 1, EXPERT_TAG);
            flowsStarted++;
        }
    }

    // ---------------------------------------------------------------- KV handoff

    /** Prefill of q ended on a prefill replica: its flows start now, or have started with the iteration. */
    private void handOff(int q, int prefillReplica) {
        state[q] = HANDOFF;
        if (!layerByLayer) {
            startTransfer(q, prefillReplica);
        }
        if (flowsLeft[q] == 0) {
            releaseHandoff(q);
        }
    }

    private void startLayerByLayerTransfers(int replica) {
        for (int b = 0; b < batchSize[replica]; b++) {
            int q = batchSeq[replica][b];
            int t = batchTokens[replica][b];
            if (t > 0 && generated[q] == 0 && prefilled[q] + t == target[q] && requests.output()[q] > 1) {
                startTransfer(q, replica);
            }
        }
    }

    /** Starts the flows of q's cache; flowsLeft counts those not finished. */
    private void startTransfer(int q, int prefillReplica) {
        int decodePool = pools.length - 1;
        int decode = leastLoaded(decodePool);
        outstanding[decode]++;
        outstanding[prefillReplica]--;
        handoffReplica[q] = decode;
        transferStartPs[q] = simulation.nowPs();
        Pool from = pools[poolOf[prefillReplica]];
        Pool to = pools[decodePool];
        int fromCount = from.model().accelerators();
        int toCount = to.model().accelerators();
        double bytes = from.model().kvBytesPerToken() * requests.prompt()[q];
        kvBytesMoved += (long) bytes;
        int fromGroup = fromCount / from.model().dataRanks();
        int toGroup = toCount / to.model().dataRanks();
        int fromShards = from.model().sequenceShards();
        int toShards = to.model().sequenceShards();
        int flows = Math.max(fromShards, toShards);
        int fromBase = from.firstAccelerator() + (prefillReplica - firstReplica(poolOf[prefillReplica])) * fromCount
                + q % from.model().dataRanks() * fromGroup;
        int toBase = to.firstAccelerator() + (decode - firstReplica(decodePool)) * toCount
                + q % to.model().dataRanks() * toGroup;
        long latencyPs = 0;
        int started = 0;
        for (int f = 0; f < flows; f++) {
            int src = fromBase + f * fromShards / flows * (fromGroup / fromShards);
            int dst = toBase + f * toShards / flows * (toGroup / toShards);
            int subflows = router.routeCount(src, dst);
            for (int s = 0; s < subflows; s++) {
                int length = router.route(src, dst, Router.flowKey(src, dst, q), s, path);
                latencyPs = Math.max(latencyPs, topology.pathLatencyPs(path, length));
                network.start(path, length, bytes / flows / subflows, 1, q);
                kvFlowsInFlight++;
                started++;
                flowsStarted++;
            }
        }
        kvLatencyPs[q] = latencyPs;
        flowsLeft[q] = started;
        if (started == 0) {
            transferEndPs[q] = simulation.nowPs();
        }
    }

    /** Both the prefill and all flows of q are done: free the prefill cache, deliver after the latency. */
    private void releaseHandoff(int q) {
        int prefillReplica = replicaOf[q];
        kvUsed[prefillReplica] -= kvTokens[q];
        kvTokens[q] = 0;
        kick(prefillReplica);
        long transferPs = transferEndPs[q] - transferStartPs[q];
        long readyPs = Math.max(transferEndPs[q], prefillEndPs[q] + (layerByLayer ? transferPs / layers : 0));
        readyPs = Math.max(readyPs, simulation.nowPs()) + kvLatencyPs[q];
        simulation.schedule(readyPs, readyHandler, q);
        flushKicks();
    }

    // ---------------------------------------------------------------- results

    int requestCount() {
        return requests.size();
    }

    boolean completed(int q) {
        return state[q] == DONE;
    }

    long ttftPs(int q) {
        return firstTokenPs[q] - requests.arrivalPs()[q];
    }

    long e2ePs(int q) {
        return finishPs[q] - requests.arrivalPs()[q];
    }

    /** Mean time between output tokens of q, or -1 with a single output token. */
    double itlPs(int q) {
        int out = requests.output()[q];
        return out < 2 ? -1 : (double) (finishPs[q] - firstTokenPs[q]) / (out - 1);
    }

    /** Time from the end of q's prefill to its cache being usable on the decode replica, or -1. */
    long kvWaitPs(int q) {
        return kvWaitPs[q];
    }

    long makespanPs() {
        return lastFinishPs;
    }

    long outputTokens() {
        return outputTokens;
    }

    long inputTokens() {
        return inputTokens;
    }

    double flops() {
        return flops;
    }

    long iterations() {
        return iterations;
    }

    long preemptions() {
        return preemptions;
    }

    long flowsStarted() {
        return flowsStarted;
    }

    long kvBytesMoved() {
        return kvBytesMoved;
    }

    int rejected() {
        int count = 0;
        for (int s : state) {
            count += s == REJECTED ? 1 : 0;
        }
        return count;
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
