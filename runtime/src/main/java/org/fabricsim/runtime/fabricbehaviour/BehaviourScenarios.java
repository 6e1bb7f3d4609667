package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.routing.RoutingMode;

/**
 * The packet-backend scenarios that measure a {@link FabricBehaviour}, each against the ideal
 * flow model on the same pattern:
 *
 * <ul>
 * <li><b>incast k:1</b> ({@link TrafficPattern#incast}, k ∈ {@link FabricBehaviour#INCAST_DEGREES},
 * {@link #INCAST_BYTES} per sender, one switch): u(k) = T_flow / T_packet, the utilisation of the
 * bottleneck that congestion control, pauses, drops and recovery leave, at most 1;</li>
 * <li><b>permutation</b> ({@link #PERMUTATION}, under adaptive routing and spraying only): m =
 * T_flow(u) / T_packet, where the flow model already applies u; what per-packet path choice
 * gains over the flow model's per-flow choice, less what reordering costs the transport.</li>
 * </ul>
 *
 * Cost: one packet run per scenario, O(packet-hops); the incast runs do not depend on routing (one
 * switch has one path), so they run once per (flow control, congestion control, recovery).
 */
public final class BehaviourScenarios {
    /** Bytes per incast sender: 1 MiB, a ring step's chunk of a 16 MiB bucket over 16 ranks. */
    public static final double INCAST_BYTES = 1 << 20;
    /** The multipath scenario: 16 hosts, 4 per leaf, 2:1 oversubscribed, 2 MiB per flow. */
    public static final TrafficPattern PERMUTATION = TrafficPattern.permutation(16, 4, 2.0, 2 << 20);

    private BehaviourScenarios() {
    }

    /** The incast utilisations of {@code key}'s flow control, congestion control and recovery. */
    public static double[] utilisation(BehaviourKey key) {
        BehaviourKey single = new BehaviourKey(key.flowControl(), key.congestionControl(), key.recovery(),
                RoutingMode.ECMP);
        double[] u = new double[FabricBehaviour.INCAST_DEGREES.length];
        for (int i = 0; i < u.length; i++) {
            TrafficPattern incast = TrafficPattern.incast(FabricBehaviour.INCAST_DEGREES[i], INCAST_BYTES);
            u[i] = Math.min(1, (double) PatternRuns.flowPs(incast, RoutingMode.ECMP, null)
                    / PatternRuns.packetPs(incast, single));
        }
        return u;
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
