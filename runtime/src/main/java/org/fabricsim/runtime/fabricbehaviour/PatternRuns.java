package org.fabricsim.runtime.fabricbehaviour;

import java.util.Arrays;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.packet.PacketFabric;
import org.fabricsim.runtime.packet.PacketNetwork;
import org.fabricsim.runtime.packet.PacketRouting;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * Runs a {@link TrafficPattern} on the packet backend and on the flow model, and returns its
 * makespan (the last flow's finish, without propagation latency, as {@link NetworkModel} reports
 * it). Both take their paths from the flow-level {@link Router}: under ECMP the packet backend
 * follows them ({@link PacketRouting#PATH}), so both see the same hash collisions; under adaptive
 * routing and spraying the packet backend chooses per packet, the flow model per flow (adaptive)
 * or over link groups (spraying). The flow model runs on links of the packet backend's payload
 * rate (line rate × MTU / (MTU + headers)), so that headers are not what the comparison measures.
 */
public final class PatternRuns {
    static final long SEED = 11;

    private PatternRuns() {
    }

    /** The packet backend's configuration for {@code key}, every congestion-control parameter at its default. */
    public static PacketConfig packetConfig(BehaviourKey key) {
        return packetConfig(key, PacketSettings.DEFAULTS);
    }

    /**
     * The packet backend's configuration for {@code key} with the congestion-control parameters {@code parameters}
     * states ({@link PacketFabric#withCongestionParameters}) in place of the defaults at the scenarios' line rate.
     */
    public static PacketConfig packetConfig(BehaviourKey key, PacketSettings parameters) {
        PacketConfig base = PacketFabric.withCongestionParameters(
                PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND), parameters);
        PacketConfig.CongestionControl cc = PacketFabric.modelled(key.congestionControl());
        return base.withFlowControl(switch (key.flowControl()) {
            case PFC -> PacketConfig.FlowControl.PFC;
            case CREDIT -> PacketConfig.FlowControl.CREDIT;
            case LOSSY, TRIMMING -> PacketConfig.FlowControl.LOSSY;
        }).withRecovery(key.recovery() == BehaviourKey.Recovery.GO_BACK_N ? PacketConfig.Recovery.GO_BACK_N
                : PacketConfig.Recovery.SELECTIVE_REPEAT).withCongestionControl(cc).withRouting(switch (key.routing()) {
                    case ECMP -> PacketRouting.PATH;
                    case ADAPTIVE -> PacketRouting.ADAPTIVE;
                    case SPRAY -> PacketRouting.SPRAY;
                }).withTrimming(key.flowControl() == BehaviourKey.FlowControl.TRIMMING)
                .withOutOfOrderPlacement(placesOutOfOrder(key));
    }

    /**
     * Whether the receiving NICs of {@code key}'s fabric place packets that arrive out of order
     * ({@link PacketConfig#outOfOrderPlacement}): per-packet adaptive routing with selective repeat, where the loss
     * signal does not rest on order, on a lossless fabric or one that trims. Per-packet adaptive routing ships with
     * such NICs: InfiniBand's with ConnectX-5 and later ("out-of-order data placement", RC, XRC and DC), Spectrum-X's
     * RoCE adaptive routing with its SuperNIC, which "takes care of the out-of-order packets". On a lossy fabric
     * that drops, reordering stays the loss signal (TCP's three duplicates, IRN's), as no catalog fabric pairs
     * adaptive routing with drops; go-back-N discards what arrives out of order.
     */
    static boolean placesOutOfOrder(BehaviourKey key) {
        return key.routing() == RoutingMode.ADAPTIVE && key.recovery() == BehaviourKey.Recovery.SELECTIVE_REPEAT
                && key.flowControl() != BehaviourKey.FlowControl.LOSSY;
    }

    /** The congestion controls the table measures, in table order (uec-cc as the packet backend runs it: Swift). */
    static final CongestionControl[] SIMULATED = {CongestionControl.NONE, CongestionControl.DCQCN,
            CongestionControl.HPCC, CongestionControl.INFINIBAND, CongestionControl.RECEIVER_DRIVEN,
            CongestionControl.SCHEDULED, CongestionControl.ULTRA_ETHERNET};

    /**
     * Whether the packet backend can measure {@code key}: a congestion control the table measures, trimming only
     * with selective repeat, and receiver-driven pull and Ultra Ethernet's congestion control only with their own
     * transports ({@link #withoutItsTransport}).
     */
    public static boolean measurable(BehaviourKey key) {
        return Arrays.asList(SIMULATED).contains(key.congestionControl()) && !trimmingWithGoBackN(key)
                && !withoutItsTransport(key);
    }

    /**
     * Whether {@code key} asks for receiver-driven pull or Ultra Ethernet's congestion control without its transport
     * (NDP's, UE 1.0's): go-back-N, or a lossy fabric that drops rather than trims. Both resend selectively, NDP
     * pulling each lost packet back by its trimmed header and UET NACKing it, and a fabric stating {@code
     * receiver-driven} or {@code uec-cc} gets both ({@link FabricBehaviours#key}, as a packet run does; the editor
     * rejects a stated go-back-N).
     */
    static boolean withoutItsTransport(BehaviourKey key) {
        return key.congestionControl().trimsAndResendsSelectively()
                && (key.recovery() == BehaviourKey.Recovery.GO_BACK_N
                        || key.flowControl() == BehaviourKey.FlowControl.LOSSY);
    }

    /** Whether {@code key} asks for trimming with go-back-N, which no transport pairs (a trim's NACK resends one packet). */
    static boolean trimmingWithGoBackN(BehaviourKey key) {
        return key.flowControl() == BehaviourKey.FlowControl.TRIMMING && key.recovery() == BehaviourKey.Recovery.GO_BACK_N;
    }

    /** Makespan of {@code pattern} on the packet backend configured for {@code key}, ps. */
    public static long packetPs(TrafficPattern pattern, BehaviourKey key) {
        return packetPs(pattern, packetConfig(key));
    }

    /** Makespan of {@code pattern} on the packet backend configured for {@code key} with {@code parameters}, ps. */
    public static long packetPs(TrafficPattern pattern, BehaviourKey key, PacketSettings parameters) {
        return packetPs(pattern, packetConfig(key, parameters));
    }

    /** Makespan of {@code pattern} on the packet backend configured by {@code config} (ECMP paths), ps. */
    static long packetPs(TrafficPattern pattern, PacketConfig config) {
        ClusterTopology topology = pattern.topology(TrafficPattern.LINE_BYTES_PER_SECOND);
        Simulation simulation = new Simulation(SEED);
        return run(pattern, topology, RoutingMode.ECMP, simulation, new PacketNetwork(simulation, topology.graph(),
                config));
    }

    /**
     * Makespan of {@code pattern} on the flow model with {@code routing}, its contended bottlenecks
     * derated by {@code behaviour} (null: the ideal max-min model), ps.
     */
    public static long flowPs(TrafficPattern pattern, RoutingMode routing, FabricBehaviour behaviour) {
        return flowPs(pattern, routing, behaviour, 0);
    }

    /**
     * {@link #flowPs(TrafficPattern, RoutingMode, FabricBehaviour)} with every switch stating a shared buffer
     * of {@code switchBytes} (0: the scenario's switch, as none states one).
     */
    static long flowPs(TrafficPattern pattern, RoutingMode routing, FabricBehaviour behaviour, double switchBytes) {
        double payload = TrafficPattern.LINE_BYTES_PER_SECOND
                * PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).payloadEfficiency();
        ClusterTopology built = pattern.topology(payload);
        ClusterTopology topology = switchBytes == 0 ? built
                : built.withSwitchBuffers(switchBuffers(built, switchBytes));
        Simulation simulation = new Simulation(SEED);
        MaxMinNetwork network = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(), 0);
        ContentionModel contention = behaviour == null ? null : behaviour.on(topology);
        network.setContentionModel(contention);
        return run(pattern, topology, routing, simulation, network);
    }

    /** Per node of {@code built}, {@code switchBytes} on a switch and 0 elsewhere. O(nodes). */
    private static double[] switchBuffers(ClusterTopology built, double switchBytes) {
        Graph graph = built.graph();
        double[] bytesPerNode = new double[graph.nodeCount()];
        for (int node = 0; node < bytesPerNode.length; node++) {
            bytesPerNode[node] = graph.nodeKind(node) == Graph.SWITCH ? switchBytes : 0;
        }
        return bytesPerNode;
    }

    /**
     * Starts {@code pattern}'s flows on {@code network} over {@code routing}'s paths (each split evenly over its
     * routes) and runs {@code simulation}; returns the last finish, ps.
     */
    static long run(TrafficPattern pattern, ClusterTopology topology, RoutingMode routing,
            Simulation simulation, NetworkModel network) {
        long last = 0;
        for (long finishPs : finishPs(pattern, topology, routing, simulation, network)) {
            last = Math.max(last, finishPs);
        }
        return last;
    }

    /**
     * {@link #run}'s flows one by one: flow f's finish (its last subflow's), ps, indexed as {@code pattern}'s flows.
     * O(flows) beside the run.
     */
    static long[] finishPs(TrafficPattern pattern, ClusterTopology topology, RoutingMode routing,
            Simulation simulation, NetworkModel network) {
        long[] finish = new long[pattern.flows()];
        network.setListener((tag, finishPs) -> finish[tag] = Math.max(finish[tag], finishPs));
        Router router = new Router(topology, routing, SEED);
        int[] path = new int[topology.maxRouteLinks()];
        for (int f = 0; f < pattern.flows(); f++) {
            int src = pattern.src()[f];
            int dst = pattern.dst()[f];
            int routes = router.routeCount(src, dst);
            for (int s = 0; s < routes; s++) {
                int length = router.route(src, dst, Router.flowKey(src, dst, 0), s, path);
                double bytes = pattern.bytes()[f] / routes;
                router.commit(path, length, bytes);
                network.start(path, length, bytes, 1, f);
            }
        }
        simulation.run(network);
        return finish;
    }
}
