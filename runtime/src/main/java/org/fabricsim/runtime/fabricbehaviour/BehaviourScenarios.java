package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Dcqcn;
import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.packet.IbCc;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.PacketSettings;

/**
 * The packet-backend scenarios that measure a {@link FabricBehaviour}, each against the ideal
 * flow model on the same pattern:
 *
 * <ul>
 * <li><b>incast k:1 with m flows per sender</b> ({@link TrafficPattern#incast(int, int, double)}, k ∈
 * {@link FabricBehaviour#INCAST_DEGREES}, m ∈ {@link FabricBehaviour#FLOWS_PER_SENDER}, {@link
 * #INCAST_BYTES} or 4 MiB ({@link FabricBehaviour#SENDER_BYTES}) per sender split over its m flows, one
 * switch): u(k, m) = T_flow / T_packet, the utilisation of the bottleneck that congestion control, pauses, drops and recovery leave, at most 1.
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
 * congestion control, recovery): 2 × 2 × 16 of them for HPCC, ib-cc and uec-cc ({@link #feedbackDelayed}), 16
 * for the others.
 */
public final class BehaviourScenarios {
    /** Bytes per incast sender of the one-switch scenarios the drop delays are read from: 1 MiB. */
    public static final double INCAST_BYTES = FabricBehaviour.SENDER_BYTES[0];
    /** The multipath scenario: 16 hosts, 4 per leaf, 2:1 oversubscribed, 2 MiB per flow. */
    public static final TrafficPattern PERMUTATION = TrafficPattern.permutation(16, 4, 2.0, 2 << 20);

    private BehaviourScenarios() {
    }

    /**
     * The incast utilisations of {@code key}'s flow control, congestion control and recovery, at each
     * (bytes per sender, path length, degree, flows per sender), in that order of significance as {@link
     * FabricBehaviour} holds them, with the congestion-control parameters {@code parameters} states in place of the
     * defaults ({@link PatternRuns#packetConfig(BehaviourKey, PacketSettings)}).
     */
    public static double[] utilisation(BehaviourKey key, PacketSettings parameters) {
        BehaviourKey single = new BehaviourKey(key.flowControl(), key.congestionControl(), key.recovery(),
                RoutingMode.ECMP);
        int[] degrees = FabricBehaviour.INCAST_DEGREES;
        int[] flowsPerSender = FabricBehaviour.FLOWS_PER_SENDER;
        double[] u = new double[FabricBehaviour.POINTS];
        int point = 0;
        for (double senderBytes : FabricBehaviour.SENDER_BYTES) {
            for (int h = 0; h < FabricBehaviour.PATH_LINKS.length; h++) {
                for (int degree : degrees) {
                    for (int flows : flowsPerSender) {
                        u[point] = point >= FabricBehaviour.POINTS_PER_PATH && !feedbackDelayed(key.congestionControl())
                                ? u[point % FabricBehaviour.POINTS_PER_PATH]
                                : utilisation(incast(h, degree, flows, senderBytes), single, parameters);
                        point++;
                    }
                }
            }
        }
        return u;
    }

    /** The incast of {@code degree} senders of {@code senderBytes} as {@code flows} flows each over paths {@code PATH_LINKS[h]}. */
    static TrafficPattern incast(int h, int degree, int flows, double senderBytes) {
        return h == 0 ? TrafficPattern.incast(degree, flows, senderBytes / flows)
                : TrafficPattern.uplinkIncast(degree, flows, senderBytes / flows);
    }

    private static double utilisation(TrafficPattern incast, BehaviourKey key, PacketSettings parameters) {
        return Math.min(1, (double) PatternRuns.flowPs(incast, RoutingMode.ECMP, null)
                / PatternRuns.packetPs(incast, key, parameters));
    }

    /**
     * Whether {@code cc}'s utilisation is measured at every path length and size: HPCC, InfiniBand's
     * congestion control and Swift ({@code uec-cc}) set each sender's rate from signals (telemetry, BECNs, the
     * acknowledgement's delay) that reach it a round trip after the queue built, and their cost is a transient that a
     * longer transfer amortises; the packet backend's u is smooth in both (IB CC 2:1: 0.574 on one switch, 0.441
     * across an uplink; 0.55 to 0.71 from 0.5 to 4 MiB). Swift's target delay grows with the path's links besides
     * (20 µs + 3.05 µs per link), so its queue, and what an incast's first round trips cost, depend on the path;
     * its u stays within 0.86 and 1 in every block (docs/fabric-behaviour.md), and the held-out cells come out the
     * same to 0.1% with its one-switch 1 MiB block copied to the others. Without congestion control nothing is fed
     * back, and receiver-driven pull and scheduling pace senders at the receiver's port: their rows hold the one-switch 1 MiB utilisations at
     * every path length and size (across an uplink, which no scheduler governs, a scheduled fabric measures
     * 0.89 to 0.99 with trimming but 0.08 to 0.16 lossy at 8:1 and beyond; docs/fabric-behaviour.md). DCQCN is fed back too, but its packet-backend u is not monotone in either (2:1 on
     * one switch: 0.997 at 0.75 MiB, 0.568 at 1.25 MiB, 0.812 at 4 MiB; across an uplink at 1 MiB 0.48 with
     * one flow per sender, 0.99 with two), so two points per dimension interpolate noise: measured, it took the
     * held-out cells within 10% from 303 to 301 and the largest error from 94% to 141%
     * (docs/fabric-behaviour.md); its rows keep the one-switch 1 MiB block.
     */
    static boolean feedbackDelayed(CongestionControl cc) {
        return cc == CongestionControl.HPCC || cc == CongestionControl.INFINIBAND
                || cc == CongestionControl.ULTRA_ETHERNET;
    }

    /**
     * The behaviour of {@code key}: its incast utilisations {@code u}, then its multipath factor and its go-back-N
     * reordering ({@link GoBackNReordering#measure}), measured with {@code parameters}.
     */
    public static FabricBehaviour measure(BehaviourKey key, PacketSettings parameters, double[] u) {
        PacketConfig config = PatternRuns.packetConfig(key, parameters);
        Dcqcn dcqcn = config.dcqcn();
        IbCc ibCc = config.ibCc();
        Hpcc hpcc = config.hpcc();
        if (key.routing() == RoutingMode.ECMP) {
            return new FabricBehaviour(key, u, 1, dcqcn, ibCc, hpcc, GoBackNReordering.NONE);
        }
        FabricBehaviour withoutMultipath = new FabricBehaviour(key, u, 1, dcqcn, ibCc, hpcc, GoBackNReordering.NONE);
        double m = (double) PatternRuns.flowPs(PERMUTATION, key.routing(), withoutMultipath)
                / PatternRuns.packetPs(PERMUTATION, key, parameters);
        return new FabricBehaviour(key, u, m, dcqcn, ibCc, hpcc, GoBackNReordering.measure(key, parameters));
    }
}
