package org.fabricsim.runtime.inference;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.network.FlowListener;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.sim.TimeSource;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.InferenceSpec.SharedPrefixes;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Request-level serving on the engine's {@link Simulation}: the events of arrivals, iteration
 * ends and KV-cache arrivals, over the state of {@link RequestTable} and {@link Replicas}.
 *
 * <p>Requests are scheduled on batch slots ({@link Replicas}: a replica of PP pipeline stages has
 * PP). A slot that is idle and has work starts an iteration ({@link IterationIssuer}) composed by
 * {@link BatchBuilder} (continuous batching, chunked prefill, KV-capacity admission by the pool's
 * {@link Admission} policy, and preemption) once its replica's first stage is free, and the
 * iteration ends when it leaves the last stage ({@link PipelineStages}; with PP = 1 one stage time
 * later); at its end prefill progress and decoded tokens are applied ({@link IterationEnds}), the
 * first output token being produced by the iteration that completes a prompt. When disaggregated,
 * a prefill slot hands a prefilled request over {@link KvHandoff} (the KV cache crosses the fabric
 * as flows on the {@link NetworkModel}); the cache is freed on the prefill side when the last flow
 * ends, and the request joins the decode
 * slot's queue when its cache is usable there.
 *
 * <p>Open- or closed-loop arrivals come from {@link Arrivals}. Prefix-cache hits start a request's
 * prefill after its cached prefix ({@link RequestTable}): a stated share, or the request's shared prefix when its replica's {@link
 * PrefixCache} holds it (a miss inserts it: that replica's prefill computes it). Speculative
 * decoding gains 1 + a + … + a^k tokens per decode iteration in expectation; the fraction is
 * carried per slot ({@link DecodeClock#step}), so gains are whole tokens and deterministic.
 * Tokens and busy spans are also kept per pool.
 *
 * <p>A decode pool alone is measured as SGLang measures decode: a request arrives with its prompt's
 * KV cache in place and its first token produced by a prefill outside the run ({@link
 * Arrivals#arrive}), so it waits on a decode slot for a place in a batch; with every request queued at once the pool runs saturated
 * until its queue drains ({@link PoolCounters#drained}).
 *
 * <p>Arrivals go to the serving, prefill or lone decode slot with the fewest outstanding requests (a prefill slot's
 * count keeps a request until its prefill ends).
 * Slots woken by one event start their iterations together at its end, in the order woken; with PP > 1 an
 * issued iteration also wakes its replica's idle slots when it leaves the first stage. Cost:
 * O(prefill chunks + PP) per iteration, the decoding sequences advancing on the {@link
 * DecodeClock}, quiet decode iterations one event per run ({@link DecodeRuns}), plus O(log batch) per
 * sequence that finishes, O(slots) per routing decision, plus the network's cost per flow; memory
 * O(requests). Deterministic for a given request stream and seed.
 */
final class ServingSimulation implements FlowListener, IterationEnds.Lifecycle {
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

    /** One serving pool; {@code host} is its stack's time per iteration outside the kernels. */
    record Pool(Role role, ServingModel model, int replicas, int firstAccelerator, int maxBatchTokens,
            int maxSequences, int chunkTokens, Admission admission, Batching batching, IterationHost host) {
    }

    private final Simulation simulation;
    private final NetworkModel network;
    private final RequestTable requests;
    private final Replicas replicas;
    private final KvHandoff handoff;
    private final int arrivalHandler;
    private final int iterationHandler;
    private final int readyHandler;
    private final IterationIssuer issuer;
    private final Arrivals arrivals;
    private final PoolCounters poolCounters;
    private final IterationEnds ends;
    private final PrefixCache prefixCache;
    /** Whether quiet decode iterations are folded into runs ({@link DecodeRuns}); off only for the reference they are checked against. */
    private final boolean foldRuns;
    private long lastFinishPs;

    /**
     * @param prefixHitRatio    share of each prompt already cached ({@link RequestTable})
     * @param closedLoopClients concurrent clients of a closed loop; 0 for the stream's arrival times
     * @param prefixes          shared prefixes the replicas cache, each request's drawn from the simulation's random
     *                          source ({@link PrefixCache}); null: the stated ratio (a lone decode pool: prefilled)
     * @param foldRuns          fold quiet decode iterations into runs ({@link DecodeRuns}); the results are the same
     */
    ServingSimulation(Simulation simulation, RequestStream stream, Pool[] pools, NetworkModel network,
            Router router, ClusterTopology topology, boolean layerByLayer, int layers, double prefixHitRatio,
            int closedLoopClients, SharedPrefixes prefixes, boolean foldRuns) {
        this.simulation = simulation;
        this.foldRuns = foldRuns;
        this.network = network;
        this.requests = new RequestTable(stream, prefixHitRatio);
        this.arrivals = new Arrivals(requests, closedLoopClients, pools[0].role() == Role.DECODE);
        poolCounters = new PoolCounters(pools.length);
        this.replicas = new Replicas(pools, requests);
        this.prefixCache = prefixes == null || arrivals.loneDecode() ? null : new PrefixCache(prefixes,
                replicas.replicaCount(), PrefixCache.draw(prefixes, simulation.random(), stream.size()));
        this.handoff = new KvHandoff(simulation, requests, replicas, network, router, topology, layerByLayer, layers);
        this.ends = new IterationEnds(requests, replicas, poolCounters, this);
        arrivalHandler = simulation.register(this::onArrival);
        iterationHandler = simulation.register(this::onIterationEnd);
        readyHandler = simulation.register(this::onKvReady);
        issuer = new IterationIssuer(simulation, requests, replicas, handoff, poolCounters, this::releaseClient,
                iterationHandler);
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
        long[] times = requests.stream.arrivalPs();
        int i = first;
        int limit = arrivals.limit(first);
        while (i < limit && times[i] == now) {
            int slot = replicas.leastLoaded(0);
            requests.slotOf[i] = slot;
            replicas.outstanding[slot]++;
            if (arrivals.arrive(i, now)) {
                finish(i, slot, now);
                i++;
                continue;
            }
            if (prefixCache != null) {
                requests.cache(i, prefixCache.cachedTokens(replicas.replicaOf[slot], i));
            }
            replicas.queue[slot].addLast(i);
            issuer.kick(slot);
            i++;
        }
        if (i < arrivals.scheduled) {
            simulation.schedule(times[i], arrivalHandler, i);
        }
        issuer.flush();
    }

    /** A closed-loop client's request ended: its next request arrives now. */
    private void releaseClient() {
        int next = arrivals.release(simulation.nowPs());
        if (next >= 0) {
            simulation.schedule(simulation.nowPs(), arrivalHandler, next);
        }
    }

    /**
     * The iteration of {@code slot} ended: its tokens applied ({@link IterationEnds#applySteady} in O(1) when
     * nothing but its decoders' tokens changes), then its next iteration. When that is its running set's next
     * decode-only batch and nothing else was woken, it starts at once ({@link IterationIssuer#continueDecoding}),
     * as kick and flush would start it, so the events, their order and every result are the same.
     */
    private void onIterationEnd(int slot) {
        long now = simulation.nowPs();
        int pool = replicas.poolOf[slot];
        ends.addDecoded(pool, issuer.land(slot));
        if (!ends.applySteady(slot, now)) {
            ends.apply(slot, now);
        }
        if (arrivals.allArrivedAtLoneDecode() && replicas.queue[slot].isEmpty()) {
            poolCounters.drained(pool, now);
        }
        if (issuer.continueDecoding(slot, foldRuns && (!arrivals.loneDecode() || poolCounters.hasDrained(pool)))) {
            return;
        }
        replicas.batchSize[slot] = 0;
        replicas.batchDecoders[slot] = 0;
        replicas.busy[slot] = false;
        issuer.kick(slot);
        issuer.flush();
    }

    private void onKvReady(int q) {
        int decode = requests.handoffSlot[q];
        issuer.kvArrived(decode);
        requests.kvReadyWaitPs[q] = simulation.nowPs() - requests.prefillEndPs[q];
        requests.state[q] = RequestTable.WAITING;
        requests.slotOf[q] = decode;
        requests.target[q] = requests.stream.prompt()[q];
        requests.prefilled[q] = requests.target[q];
        replicas.queue[decode].addLast(q);
        issuer.kick(decode);
        issuer.flush();
    }

    @Override
    public void onFinished(int q, long finishPs) {
        if (handoff.flowFinished(q, finishPs)) {
            releaseHandoff(q);
        }
    }

    @Override
    public void finish(int q, int slot, long now) {
        requests.state[q] = RequestTable.DONE;
        requests.finishPs[q] = now;
        lastFinishPs = Math.max(lastFinishPs, now);
        replicas.release(slot, q);
        replicas.outstanding[slot]--;
        releaseClient();
    }

    /** Places the deployment on the cluster's {@code accelerators}, counting its flows' bytes per link ({@link KvHandoff#placeOn}). */
    void placeOn(int[] accelerators, double[] linkBytes) {
        handoff.placeOn(accelerators, linkBytes);
    }

    // ---------------------------------------------------------------- KV handoff

    /**
     * Prefill of q ended on a prefill slot: its flows start now, or have started with the iteration. q leaves the
     * slot's outstanding count now in either mode, so the router never reads a replica computing a prompt as idle.
     */
    @Override
    public void handOff(int q, int prefillSlot) {
        requests.state[q] = RequestTable.HANDOFF;
        replicas.outstanding[prefillSlot]--;
        if (!handoff.layerByLayer()) {
            handoff.startTransfer(q, prefillSlot);
        }
        if (requests.flowsLeft[q] == 0) {
            releaseHandoff(q);
        }
    }

    /** Both the prefill and all flows of q are done: free the prefill cache, deliver after the latency. */
    private void releaseHandoff(int q) {
        int prefillSlot = requests.slotOf[q];
        replicas.release(prefillSlot, q);
        issuer.kick(prefillSlot);
        issuer.awaitKv(requests.handoffSlot[q]);
        simulation.schedule(handoff.readyPs(q), readyHandler, q);
        issuer.flush();
    }

    // ---------------------------------------------------------------- results

    /** Per-request outcomes and latencies. */
    RequestTable requests() {
        return requests;
    }

    /** Per-slot state, busy times and preemptions. */
    Replicas replicas() {
        return replicas;
    }

    /** The run's iterations and request lifecycles as the result's {@code timeline} ({@link ServingTimeline}). */
    List<Map<String, Object>> timeline() {
        return issuer.timeline(requests);
    }

    long makespanPs() {
        return lastFinishPs;
    }

    /** The run's token totals. */
    IterationEnds tokens() {
        return ends;
    }

    /** Per-pool tokens and active spans. */
    PoolCounters poolCounters() {
        return poolCounters;
    }

    double flops() {
        return issuer.flops();
    }

    long iterations() {
        return issuer.iterations();
    }

    long flowsStarted() {
        return handoff.flowsStarted();
    }

    long kvBytesMoved() {
        return handoff.kvBytesMoved();
    }
}
