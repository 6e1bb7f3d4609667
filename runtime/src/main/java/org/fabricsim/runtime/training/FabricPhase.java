package org.fabricsim.runtime.training;

import java.util.Arrays;

import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.AnalyticalNetwork;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.sim.TimeSource;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * One bulk-synchronous phase of concurrent transfers run on the engine's flow-level {@link
 * MaxMinNetwork}: every transfer starts at 0, is split into its connections (channels, each with
 * its own ECMP hash) and routed by the engine's {@link Router}; the phase reports when the last byte
 * of its foreground transfers (class 0) arrives (end of transmission plus path latency). The connections
 * of one transfer that hash onto the same path start as one flow class of that multiplicity: max-min
 * gives identical flows (same path, size and start) equal rates, so this changes no result and
 * solves fewer classes (Llama 3 405B's 16 flows per GPU pair on PP-neighbour ranks of one leaf:
 * 245,760 flows, 51,473 classes). Transfers of
 * every class share the links, so a class's time includes the contention of the others. After a
 * solve, {@link #foregroundLinkBytes} holds the bytes class 0 routed over each link. Transfers
 * name ranks; a job placed on some of a cluster's accelerators maps rank r to its accelerator.
 *
 * <p>On {@link NetworkKind#ANALYTICAL} the same transfers run on the {@link AnalyticalNetwork}
 * instead: each flow at its path's bottleneck rate, no contention, no re-solves (a search's screen).
 *
 * <p>Cost: O(F·hops + F·c·hops) to route F flows and merge each transfer's c connections, plus the
 * network model's solves.
 */
final class FabricPhase {
    /**
     * Relative completion tolerance handed to the network model: completions within 2% of the
     * earliest one's age share one re-solve. A fat-tree couples all flows of a phase into one
     * component, so each separate completion would re-solve every flow; 2% bounds the error of a
     * phase's time at 2%, well inside the ±3-point calibration band.
     */
    static final double COMPLETION_TOLERANCE = 0.02;

    private final ClusterTopology topology;
    private final RoutingMode routing;
    private final long seed;
    private final NetworkKind network;
    /** The scale-out fabric's measured behaviour the flow model applies, or null for the ideal. */
    private final FabricBehaviour behaviour;
    /** Rank r's accelerator, or null when rank r runs on accelerator r. */
    private final int[] accelerators;
    private int count;
    private int[] source = new int[256];
    private int[] destination = new int[256];
    private double[] bytes = new double[256];
    private int[] channels = new int[256];
    private byte[] kind = new byte[256];
    private double[] foregroundLinkBytes = new double[0];
    private int[] paths = new int[0];
    private int[] pathLength = new int[16];
    private int[] multiplicity = new int[16];
    private long eventsFired;
    private int flowsStarted;

    FabricPhase(ClusterTopology topology, RoutingMode routing, long seed, NetworkKind network,
            FabricBehaviour behaviour, int[] accelerators) {
        this.topology = topology;
        this.accelerators = accelerators;
        this.routing = routing;
        this.seed = seed;
        this.network = network;
        this.behaviour = behaviour;
    }

    /**
     * Adds a transfer of {@code transferBytes} from rank src to rank dst over {@code connections}
     * connections, on the ranks' accelerators.
     */
    void add(int src, int dst, double transferBytes, int connections, int transferClass) {
        if (src == dst || !(transferBytes > 0)) {
            return;
        }
        if (count == source.length) {
            int capacity = count * 2;
            source = Arrays.copyOf(source, capacity);
            destination = Arrays.copyOf(destination, capacity);
            bytes = Arrays.copyOf(bytes, capacity);
            channels = Arrays.copyOf(channels, capacity);
            kind = Arrays.copyOf(kind, capacity);
        }
        source[count] = accelerators == null ? src : accelerators[src];
        destination[count] = accelerators == null ? dst : accelerators[dst];
        bytes[count] = transferBytes;
        channels[count] = connections;
        kind[count] = (byte) transferClass;
        count++;
    }

    /** The flow model, its contended bottlenecks derated by the fabric's behaviour when there is one. */
    private MaxMinNetwork maxMin(Simulation simulation, int expectedClasses) {
        MaxMinNetwork flows = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(),
                COMPLETION_TOLERANCE, expectedClasses);
        if (behaviour != null) {
            flows.setContentionModel(behaviour.on(topology));
        }
        return flows;
    }

    /**
     * Seconds until the last transfer of class 0 (the foreground) arrives; 0 without one. The phase
     * stops there: the other classes contend with the foreground until then, and what they do
     * afterwards cannot change it (max-min rates before a time depend only on the events before
     * it), so their remaining completions are not simulated (pipeline sends in the background of
     * a shorter data-parallel ring step).
     */
    double solveForeground() {
        if (count == 0) {
            return 0;
        }
        Router router = new Router(topology, routing, seed);
        int total = 0;
        for (int t = 0; t < count; t++) {
            total += channels[t] * router.routeCount(source[t], destination[t]);
        }
        long[] latencyPs = new long[total];
        byte[] flowClass = new byte[total];
        long[] endPs = new long[1];
        int[] foregroundLeft = new int[1];
        Simulation simulation = new Simulation(seed);
        NetworkModel network = this.network == NetworkKind.ANALYTICAL
                ? new AnalyticalNetwork(simulation, topology.graph(), topology.maxRouteLinks())
                : maxMin(simulation, total);
        network.setListener((tag, finishPs) -> {
            if (flowClass[tag] == 0) {
                endPs[0] = Math.max(endPs[0], finishPs + latencyPs[tag]);
                foregroundLeft[0]--;
            }
        });
        int[] path = new int[topology.maxRouteLinks()];
        foregroundLinkBytes = new double[topology.graph().linkCount()];
        int start = simulation.register(payload -> {
            int tag = 0;
            for (int t = 0; t < count; t++) {
                int subflows = router.routeCount(source[t], destination[t]);
                double each = bytes[t] / (channels[t] * (double) subflows);
                int distinct = 0;
                for (int c = 0; c < channels[t]; c++) {
                    long key = Router.flowKey(source[t], destination[t], c);
                    for (int s = 0; s < subflows; s++) {
                        int length = router.route(source[t], destination[t], key, s, path);
                        router.commit(path, length, each);
                        if (kind[t] == 0) {
                            for (int l = 0; l < length; l++) {
                                topology.graph().addBytes(foregroundLinkBytes, path[l], each);
                            }
                        }
                        distinct = merge(path, length, distinct);
                    }
                }
                for (int d = 0; d < distinct; d++) {
                    int length = pathLength[d];
                    System.arraycopy(paths, d * path.length, path, 0, length);
                    latencyPs[tag] = topology.pathLatencyPs(path, length);
                    flowClass[tag] = kind[t];
                    if (kind[t] == 0) {
                        foregroundLeft[0]++;
                    }
                    network.start(path, length, each, multiplicity[d], tag);
                    tag++;
                }
            }
        });
        simulation.schedule(0, start, 0);
        simulation.run(new TimeSource() {
            @Override
            public long nextEventPs() {
                return foregroundLeft[0] == 0 ? NONE : network.nextEventPs();
            }

            @Override
            public void fire(Simulation sim) {
                network.fire(sim);
            }
        });
        eventsFired = simulation.eventsFired();
        flowsStarted = total;
        return endPs[0] / 1e12;
    }

    /**
     * Adds {@code path} to the distinct paths of the current transfer: one more flow on an equal
     * path already kept, else a new path of multiplicity 1. O(distinct · length).
     *
     * @return the new number of distinct paths
     */
    private int merge(int[] path, int length, int distinct) {
        int stride = path.length;
        for (int d = 0; d < distinct; d++) {
            if (pathLength[d] == length && Arrays.equals(paths, d * stride, d * stride + length, path, 0, length)) {
                multiplicity[d]++;
                return distinct;
            }
        }
        if (distinct == pathLength.length) {
            pathLength = Arrays.copyOf(pathLength, 2 * distinct);
            multiplicity = Arrays.copyOf(multiplicity, 2 * distinct);
            paths = Arrays.copyOf(paths, 2 * distinct * stride);
        }
        if (paths.length < (distinct + 1) * stride) {
            paths = Arrays.copyOf(paths, pathLength.length * stride);
        }
        System.arraycopy(path, 0, paths, distinct * stride, length);
        pathLength[distinct] = length;
        multiplicity[distinct] = 1;
        return distinct + 1;
    }

    /** Discrete events the last {@link #solveForeground} processed (0 before one). */
    long eventsFired() {
        return eventsFired;
    }

    /** Flows the last {@link #solveForeground} started: connections × ECMP subflows of every transfer (0 before one). */
    int flowsStarted() {
        return flowsStarted;
    }

    /** Bytes the transfers of class 0 routed over each link in the last {@link #solveForeground} (empty before one). */
    double[] foregroundLinkBytes() {
        return foregroundLinkBytes;
    }
}
