package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.network.FlowListener;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.sim.TimeSource;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Request-level serving on the engine's {@link Simulation}: the events of arrivals, iteration
 * ends and KV-cache arrivals, over the state of {@link RequestTable} and {@link Replicas}.
 *
 * <p>A replica that is idle and has work starts an iteration composed by {@link BatchBuilder}
 * (continuous batching, chunked prefill, KV-capacity admission and preemption); at its end prefill
 * progress and decoded tokens are applied, the first output token being produced by the iteration
 * that completes a prompt. When disaggregated, a prefill replica hands a prefilled request over
 * {@link KvHandoff} (the KV cache crosses the fabric as flows on the {@link NetworkModel}); the
 * cache is freed on the prefill side when the last flow ends, and the request joins the decode
 * replica's queue when its cache is usable there.
 *
 * <p>Arrivals go to the serving or prefill replica with the fewest outstanding requests. Replicas
 * woken by one event start their iterations together at its end, in the order woken. Cost:
 * O(batch) per iteration, O(replicas) per routing decision, plus the network's cost per flow;
 * memory O(requests). Deterministic for a given request stream and seed.
 */
final class ServingSimulation implements FlowListener {
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
    private final NetworkModel network;
    private final RequestTable requests;
    private final Replicas replicas;
    private final BatchBuilder batches;
    private final KvHandoff handoff;
    private final int arrivalHandler;
    private final int iterationHandler;
    private final int readyHandler;
    private final boolean[] kicked;
    private final int[] kickList;
    private int kickCount;

    private long outputTokens;
    private long inputTokens;
    private double flops;
    private long iterations;
    private long lastFinishPs;

    ServingSimulation(Simulation simulation, RequestStream stream, Pool[] pools, NetworkModel network,
            Router router, ClusterTopology topology, boolean layerByLayer, int layers) {
        this.simulation = simulation;
        this.network = network;
        this.requests = new RequestTable(stream);
        this.replicas = new Replicas(pools, requests);
        this.batches = new BatchBuilder(requests, replicas);
        this.handoff = new KvHandoff(simulation, requests, replicas, network, router, topology, layerByLayer, layers);
        kicked = new boolean[replicas.count()];
        kickList = new int[replicas.count()];
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
            simulation.schedule(requests.stream.arrivalPs()[0], arrivalHandler, 0);
        }
        simulation.run(network == null ? NO_SOURCE : network);
    }

    // ---------------------------------------------------------------- events

    private void onArrival(int first) {
        long now = simulation.nowPs();
        long[] arrivals = requests.stream.arrivalPs();
        int i = first;
        while (i < arrivals.length && arrivals[i] == now) {
            int replica = replicas.leastLoaded(0);
            requests.replicaOf[i] = replica;
            replicas.outstanding[replica]++;
            replicas.queue[replica].addLast(i);
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
        Pool pool = replicas.poolOfReplica(replica);
        int[] seqs = replicas.batchSeq[replica];
        int[] tokens = replicas.batchTokens[replica];
        int[] generated = requests.generated;
        int[] output = requests.stream.output();
        for (int b = 0; b < replicas.batchSize[replica]; b++) {
            int q = seqs[b];
            int t = tokens[b];
            if (t < 0) {
                generated[q]++;
                outputTokens++;
            } else {
                requests.prefilled[q] += t;
                if (requests.prefilled[q] < requests.target[q]) {
                    continue;
                }
                replicas.partialCount[replica]--;
                if (generated[q] == 0) {
                    generated[q] = 1;
                    requests.firstTokenPs[q] = now;
                    requests.prefillEndPs[q] = now;
                    outputTokens++;
                    inputTokens += requests.stream.prompt()[q];
                    if (pool.role() == Role.PREFILL && generated[q] < output[q]) {
                        handOff(q, replica);
                        continue;
                    }
                }
            }
            if (generated[q] >= output[q]) {
                finish(q, replica, now);
            }
        }
        replicas.batchSize[replica] = 0;
        replicas.busy[replica] = false;
        replicas.compactRunning(replica);
        kick(replica);
        flushKicks();
    }

    private void onKvReady(int q) {
        int decode = requests.handoffReplica[q];
        requests.kvReadyWaitPs[q] = simulation.nowPs() - requests.prefillEndPs[q];
        requests.state[q] = RequestTable.WAITING;
        requests.replicaOf[q] = decode;
        requests.target[q] = requests.stream.prompt()[q];
        requests.prefilled[q] = requests.target[q];
        replicas.queue[decode].addLast(q);
        kick(decode);
        flushKicks();
    }

    @Override
    public void onFinished(int q, long finishPs) {
        if (handoff.flowFinished(q, finishPs)) {
            releaseHandoff(q);
        }
    }

    // ---------------------------------------------------------------- scheduling

    private void kick(int replica) {
        if (!replicas.busy[replica] && !kicked[replica]) {
            kicked[replica] = true;
            kickList[kickCount++] = replica;
        }
    }

    private void flushKicks() {
        for (int k = 0; k < kickCount; k++) {
            int replica = kickList[k];
            kicked[replica] = false;
            if (!replicas.busy[replica]) {
                startIteration(replica);
            }
        }
        kickCount = 0;
    }

    private void startIteration(int replica) {
        if (!batches.compose(replica)) {
            return;
        }
        Pool pool = replicas.poolOfReplica(replica);
        if (handoff.layerByLayer() && pool.role() == Role.PREFILL) {
            handoff.startLayerByLayerTransfers(replica);
        }
        ServingModel model = pool.model();
        long durationPs = batches.durationPs(model);
        handoff.startExpertTraffic(replica, batches.newTokens());
        flops += model.lastFlops();
        replicas.busy[replica] = true;
        replicas.busyPs[replica] += durationPs;
        replicas.prefillBusyPs[replica] += batches.prefillShare() * durationPs;
        iterations++;
        simulation.schedule(simulation.nowPs() + durationPs, iterationHandler, replica);
    }

    private void finish(int q, int replica, long now) {
        requests.state[q] = RequestTable.DONE;
        requests.finishPs[q] = now;
        lastFinishPs = Math.max(lastFinishPs, now);
        replicas.kvUsed[replica] -= requests.kvTokens[q];
        requests.kvTokens[q] = 0;
        replicas.outstanding[replica]--;
    }

    // ---------------------------------------------------------------- KV handoff

    /** Prefill of q ended on a prefill replica: its flows start now, or have started with the iteration. */
    private void handOff(int q, int prefillReplica) {
        requests.state[q] = RequestTable.HANDOFF;
        if (!handoff.layerByLayer()) {
            handoff.startTransfer(q, prefillReplica);
        }
        if (requests.flowsLeft[q] == 0) {
            releaseHandoff(q);
        }
    }

    /** Both the prefill and all flows of q are done: free the prefill cache, deliver after the latency. */
    private void releaseHandoff(int q) {
        int prefillReplica = requests.replicaOf[q];
        replicas.kvUsed[prefillReplica] -= requests.kvTokens[q];
        requests.kvTokens[q] = 0;
        kick(prefillReplica);
        simulation.schedule(handoff.readyPs(q), readyHandler, q);
        flushKicks();
    }

    // ---------------------------------------------------------------- results

    /** Per-request outcomes and latencies. */
    RequestTable requests() {
        return requests;
    }

    /** Per-replica state, busy times and preemptions. */
    Replicas replicas() {
        return replicas;
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

    long flowsStarted() {
        return handoff.flowsStarted();
    }

    long kvBytesMoved() {
        return handoff.kvBytesMoved();
    }
}
