package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The fabric traffic of a disaggregated deployment: KV-cache transfers from the prefill to the
 * decode pool, and the EP all-to-all of each iteration as background load.
 *
 * <p><b>KV cache.</b> A prefilled request goes to the decode slot ({@link Replicas}) with the
 * fewest outstanding requests: its KV cache (κ·(prompt − cached) bytes: the decode replica already
 * holds a prefix-cache hit, as the prefill replica did) lives on one data-parallel rank (rank q mod DP on each
 * side, so attention-DP pools spread requests over their ranks), split over max(S_p, S_d) flows
 * between the ranks' KV shards (S = PP stages × KV-head shards; flow f from prefill shard
 * ⌊f·S_p/n⌋ to decode shard ⌊f·S_d/n⌋), started on the {@link NetworkModel} (so transfers share
 * links with each other), routed by the cluster's routing. When the last flow ends the request is
 * ready one path latency later; with layer-by-layer transfer the flows start with the iteration
 * that completes the prompt, and the request is ready at max(flows done, prefill end +
 * transfer/L).
 *
 * <p><b>Placement.</b> A deployment placed on some of a cluster's nodes ({@link #placeOn}) maps
 * its accelerator a (numbered as if it ran on the first ones) to the cluster's, and adds the bytes
 * of every flow it starts to each link of the flow's path, the load it puts on the fabric.
 *
 * <p>Cost per transfer: O(flows × path length) plus the network's cost per flow.
 */
final class KvHandoff {
    /** Tag of EP all-to-all background flows. */
    static final int EXPERT_TAG = -1;

    private final Simulation simulation;
    private final RequestTable requests;
    private final Replicas replicas;
    private final NetworkModel network;
    private final Router router;
    private final ClusterTopology topology;
    private final boolean layerByLayer;
    private final int layers;
    private final int[] path;
    /** The deployment's accelerator a runs on accelerators[a] of the cluster; null: on a. */
    private int[] accelerators;
    /** Bytes started over each link, or null when not counted. */
    private double[] linkBytes;
    private long kvBytesMoved;
    private long flowsStarted;
    private long kvFlowsInFlight;

    KvHandoff(Simulation simulation, RequestTable requests, Replicas replicas, NetworkModel network, Router router,
            ClusterTopology topology, boolean layerByLayer, int layers) {
        this.simulation = simulation;
        this.requests = requests;
        this.replicas = replicas;
        this.network = network;
        this.router = router;
        this.topology = topology;
        this.layerByLayer = layerByLayer;
        this.layers = layers;
        this.path = new int[topology == null ? 2 : topology.maxRouteLinks()];
    }

    /**
     * Places the deployment: its accelerator a on {@code accelerators[a]}; the bytes of every flow
     * started are added to {@code linkBytes} (one entry per link handle).
     */
    void placeOn(int[] accelerators, double[] linkBytes) {
        this.accelerators = accelerators;
        this.linkBytes = linkBytes;
    }

    boolean layerByLayer() {
        return layerByLayer;
    }

    /**
     * The EP all-to-all of one iteration as background load on the fabric: every accelerator of the
     * replica sends the bytes that leave its scale-up domain to the accelerator one domain further on
     * (within the replica), so KV-cache transfers share the NICs and the fabric with it. The
     * iteration's duration is the fitted collective cost of the model; these flows only load the links,
     * so they are started only while KV-cache flows are in flight (they would delay nothing else). Each is split
     * into the router's subflows ({@link Router#routeCount}), as a KV-cache flow is (over a multi-plane NIC's ports
     * it is one path of the planes' link groups).
     */
    void startExpertTraffic(int slot, long tokens) {
        if (network == null || kvFlowsInFlight == 0) {
            return;
        }
        Pool pool = replicas.poolOfSlot(slot);
        double bytesPerAccelerator = pool.model().experts().bytesLeavingDomain(tokens, topology.domainSize());
        if (bytesPerAccelerator <= 0) {
            return;
        }
        int count = pool.model().accelerators();
        int base = pool.firstAccelerator() + replicas.replicaInPool(slot) * count;
        int domain = topology.domainSize();
        for (int local = 0; local < count; local++) {
            int src = at(base + local);
            int dst = at(base + (local + domain) % count);
            int subflows = router.routeCount(src, dst);
            for (int s = 0; s < subflows; s++) {
                int length = router.route(src, dst, Router.flowKey(src, dst, 0), s, path);
                start(length, bytesPerAccelerator / subflows, EXPERT_TAG);
                flowsStarted++;
            }
        }
    }

    /** Whether an iteration of {@code tokens} on {@code slot} puts EP flows on the fabric while KV caches are in flight. */
    boolean loadsFabric(int slot, long tokens) {
        return network != null
                && replicas.poolOfSlot(slot).model().experts().bytesLeavingDomain(tokens, topology.domainSize()) > 0;
    }

    /** Layer-by-layer: starts the transfers of the requests whose prompt this iteration completes. */
    void startLayerByLayerTransfers(int slot) {
        int[] batchSeq = replicas.batchSeq[slot];
        int[] batchTokens = replicas.batchTokens[slot];
        for (int b = 0; b < replicas.batchSize[slot]; b++) {
            int q = batchSeq[b];
            int t = batchTokens[b];
            if (t > 0 && requests.generated[q] == 0 && requests.prefilled[q] + t == requests.target[q]
                    && requests.stream.output()[q] > 1) {
                startTransfer(q, slot);
            }
        }
    }

    /**
     * Starts the flows of q's cache; flowsLeft counts those not finished. q counts on the decode slot from now; it
     * leaves the prefill slot's count when its prefill ends ({@link ServingSimulation#handOff}), in either mode.
     */
    void startTransfer(int q, int prefillSlot) {
        int decodePool = replicas.pools.length - 1;
        int decode = replicas.leastLoaded(decodePool);
        replicas.outstanding[decode]++;
        requests.handoffSlot[q] = decode;
        requests.transferStartPs[q] = simulation.nowPs();
        Pool from = replicas.poolOfSlot(prefillSlot);
        Pool to = replicas.pools[decodePool];
        int fromCount = from.model().accelerators();
        int toCount = to.model().accelerators();
        double bytes = from.model().kvBytesPerToken() * (requests.stream.prompt()[q] - requests.cached[q]);
        kvBytesMoved += (long) bytes;
        int fromGroup = fromCount / from.model().dataRanks();
        int toGroup = toCount / to.model().dataRanks();
        int fromShards = from.model().sequenceShards();
        int toShards = to.model().sequenceShards();
        int flows = Math.max(fromShards, toShards);
        int fromBase = from.firstAccelerator()
                + replicas.replicaInPool(prefillSlot) * fromCount
                + q % from.model().dataRanks() * fromGroup;
        int toBase = to.firstAccelerator() + replicas.replicaInPool(decode) * toCount
                + q % to.model().dataRanks() * toGroup;
        long latencyPs = 0;
        int started = 0;
        for (int f = 0; f < flows; f++) {
            int src = at(fromBase + f * fromShards / flows * (fromGroup / fromShards));
            int dst = at(toBase + f * toShards / flows * (toGroup / toShards));
            int subflows = router.routeCount(src, dst);
            for (int s = 0; s < subflows; s++) {
                int length = router.route(src, dst, Router.flowKey(src, dst, q), s, path);
                latencyPs = Math.max(latencyPs, topology.pathLatencyPs(path, length));
                start(length, bytes / flows / subflows, q);
                kvFlowsInFlight++;
                started++;
                flowsStarted++;
            }
        }
        requests.kvLatencyPs[q] = latencyPs;
        requests.flowsLeft[q] = started;
        if (started == 0) {
            requests.transferEndPs[q] = simulation.nowPs();
        }
    }

    /**
     * A flow of q (or an EP background flow) ended at {@code finishPs}; returns true when it was
     * q's last and q's prefill is over, so its handoff completes now.
     */
    boolean flowFinished(int q, long finishPs) {
        if (q == EXPERT_TAG) {
            return false;
        }
        kvFlowsInFlight--;
        if (--requests.flowsLeft[q] > 0) {
            return false;
        }
        requests.transferEndPs[q] = finishPs;
        return requests.state[q] == RequestTable.HANDOFF;
    }

    /** When q's cache is usable on the decode replica, its transfer and prefill being done. */
    long readyPs(int q) {
        long transferPs = requests.transferEndPs[q] - requests.transferStartPs[q];
        long readyPs = Math.max(requests.transferEndPs[q],
                requests.prefillEndPs[q] + (layerByLayer ? transferPs / layers : 0));
        return Math.max(readyPs, simulation.nowPs()) + requests.kvLatencyPs[q];
    }

    /** The cluster's accelerator of the deployment's accelerator {@code a}. */
    private int at(int a) {
        return accelerators == null ? a : accelerators[a];
    }

    /** Starts one flow of {@code bytes} on the first {@code length} links of {@link #path}, counting its load. */
    private void start(int length, double bytes, int tag) {
        network.start(path, length, bytes, 1, tag);
        if (linkBytes != null) {
            for (int i = 0; i < length; i++) {
                linkBytes[path[i]] += bytes;
            }
        }
    }

    long flowsStarted() {
        return flowsStarted;
    }

    long kvBytesMoved() {
        return kvBytesMoved;
    }
}
