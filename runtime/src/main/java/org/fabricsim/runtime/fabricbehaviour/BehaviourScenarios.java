package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;

/**
 * The packet-backend scenarios that measure a {@link FabricBehaviour}, each against the ideal
 * flow model on the same pattern:
 *
 * <ul>
 * <li><b>incast k:1 with m flows per sender</b> ({@link TrafficPattern#incast(int, int, double)}, k ∈
 * {@link FabricBehaviour#INCAST_DEGREES}, m ∈ {@link FabricBehaviour#FLOWS_PER_SENDER}, {@link
 * #INCAST_BYTES} per sender split over its m flows, one switch): u(k, m) = T_flow / T_packet, the
 * utilisation of the bottleneck that congestion control, pauses, drops and recovery leave, at most 1.
 * The split keeps what the flow model sees of the incast (its overload, bytes, queue and ideal time)
 * and changes only what it cannot: the packet backend runs each flow as its own queue pair with its
 * own congestion state. Each flow is then 1/m of the sender's bytes, so u(k, m) also carries how
 * the control fares on flows of that size (its onset: docs/fabric-behaviour.md);</li>
 * <li><b>the same incast across a leaf uplink</b> ({@link TrafficPattern#uplinkIncast}): paths of 4 links
 * instead of 2, so a round trip twice as long, for u over {@link FabricBehaviour#PATH_LINKS}[1]: a
 * congestion control's signal reaches the senders one round trip after the queue builds;</li>
 * <li><b>permutation</b> ({@link #PERMUTATION}, under adaptive routing and spraying only): m =
 * T_flow(u) / T_packet, where the flow model already applies u; what per-packet path choice
 * gains over the flow model's per-flow choice, less what reordering costs the transport.</li>
 * </ul>
 *
 * Cost: one packet run per scenario, O(packet-hops); the incast runs do not depend on routing (one
 * switch has one path, and ECMP over one uplink has one too), so they run once per (flow control,
 * congestion control, recovery): 2 × 16 of them, k MiB each whatever m.
 */
public final class BehaviourScenarios {
    /** Bytes per incast sender: 1 MiB, a ring step's chunk of a 16 MiB bucket over 16 ranks. */
    public static final double INCAST_BYTES = 1 << 20;
    /** The multipath scenario: 16 hosts, 4 per leaf, 2:1 oversubscribed, 2 MiB per flow. */
    public static final TrafficPattern PERMUTATION = TrafficPattern.permutation(16, 4, 2.0, 2 << 20);

    private BehaviourScenarios() {
    }

    /**
     * The incast utilisations of {@code key}'s flow control, congestion control and recovery, at each
     * (path length, degree, flows per sender), path-major then degree-major as {@link FabricBehaviour} holds them.
     */
    public static double[] utilisation(BehaviourKey key) {
        BehaviourKey single = new BehaviourKey(key.flowControl(), key.congestionControl(), key.recovery(),
                RoutingMode.ECMP);
        int[] degrees = FabricBehaviour.INCAST_DEGREES;
        int[] flowsPerSender = FabricBehaviour.FLOWS_PER_SENDER;
        double[] u = new double[FabricBehaviour.PATH_LINKS.length * FabricBehaviour.POINTS_PER_PATH];
        int point = 0;
        for (int h = 0; h < FabricBehaviour.PATH_LINKS.length; h++) {
            for (int degree : degrees) {
                for (int flows : flowsPerSender) {
                    if (h > 0 && !feedbackDelayed(key.congestionControl())) {
                        u[point] = u[point - h * FabricBehaviour.POINTS_PER_PATH];
                        point++;
                        continue;
                    }
                    TrafficPattern incast = h == 0 ? TrafficPattern.incast(degree, flows, INCAST_BYTES / flows)
                            : TrafficPattern.uplinkIncast(degree, flows, INCAST_BYTES / flows);
                    u[point++] = Math.min(1, (double) PatternRuns.flowPs(incast, RoutingMode.ECMP, null)
                            / PatternRuns.packetPs(incast, single));
                }
            }
        }
        return u;
    }

    /**
     * Whether {@code cc} sets each sender's rate from congestion signals that reach it a round trip after
     * the queue built (DCQCN's CNPs, HPCC's telemetry, InfiniBand's BECNs), so that its utilisation depends
     * on the path length and is measured across an uplink too. Without congestion control nothing is fed
     * back; receiver-driven pull and scheduling pace senders at the receiver's port before anything queues.
     * Their rows hold the one-switch utilisations at every path length (not measured across an uplink:
     * the packet backend's scheduled fabric with trimming does not finish an 8:1 uplink incast).
     */
    static boolean feedbackDelayed(CongestionControl cc) {
        return cc == CongestionControl.DCQCN || cc == CongestionControl.HPCC || cc == CongestionControl.INFINIBAND;
    }

    /** The behaviour of {@code key}: its incast utilisations {@code u}, then its multipath factor. */
    public static FabricBehaviour measure(BehaviourKey key, double[] u) {
        if (key.routing() == RoutingMode.ECMP) {
            return new FabricBehaviour(key, u, 1);
        }
        FabricBehaviour withoutMultipath = new FabricBehaviour(key, u, 1);
        double m = (double) PatternRuns.flowPs(PERMUTATION, key.routing(), withoutMultipath)
                / PatternRuns.packetPs(PERMUTATION, key);
        return new FabricBehaviour(key, u, m);
    }
}
