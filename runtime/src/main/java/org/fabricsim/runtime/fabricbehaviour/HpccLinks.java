package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * What HPCC makes of one cluster's links ({@link HpccPacing}), for {@link TopologyContention}: a link one flow
 * saturates runs it at f = η + R_AI / B, and a saturated link HPCC sees at no more than its pacing of the link's
 * flows, f_n = η + n·R_AI / B, nor (but on a lossy row) less than their rate floor n·R_min / c; under spraying HPCC
 * does not read a link between switches that a flow crosses with part of its packets ({@link #crossesUnread}); under
 * adaptive routing an uplink whose flow more likely than not shares its
 * hashed uplink runs it at the colliding flow's r; the flows a crowd leaves on a link HPCC reads keep its share until
 * their next multiplicative step ({@link HpccRecovery}). Under every other congestion control a lone flow runs whole
 * and nothing is paced or inherited. Per-switch uplinks
 * found once, O(links × tiers), where hashes collide; every call O(1) but {@link #loneFlowFactor}'s and {@link
 * #crossesUnread}'s.
 */
final class HpccLinks {
    /** The packet backend's configuration the table's rows are measured with: its packets' sizes. */
    private static final PacketConfig SCENARIO = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND);
    /** HPCC's parameters the row was measured with; null for every other congestion control. */
    private final Hpcc hpcc;
    /** The share of a link a lone flow runs at: HPCC's η + R_AI / B, 1 for the others. */
    private final double loneFactor;
    /** The cluster whose sprayed routes HPCC may not read ({@link #crossesUnread}); null but under sprayed HPCC. */
    private final ClusterTopology sprayed;
    /** Each switch's uplinks where HPCC's hashes collide ({@link HpccPacing#hashesCollide}); null elsewhere. */
    private final HashedUplinks hashedUplinks;
    /** The share of a link a flow whose hash collides runs at ({@link HpccPacing#collidingFlowFactor}). */
    private final double collidingFactor;
    /** The cluster's links. */
    private final Graph graph;
    /** The cluster's longest route, in links: the one HPCC's base round trip T is read on ({@link #roundTripSeconds}). */
    private final int routeLinks;
    /** What the flows a crowd leaves inherit ({@link HpccRecovery}); null but under HPCC. */
    private final HpccRecovery recovery;
    /** Whether the table's most crowded incast has its flows at HPCC's rate floor ({@link #atRateFloor}). */
    private final boolean floorMeasured;

    HpccLinks(FabricBehaviour behaviour, ClusterTopology topology) {
        graph = topology.graph();
        hpcc = behaviour.key().congestionControl() == CongestionControl.HPCC ? behaviour.hpcc() : null;
        loneFactor = hpcc != null ? HpccPacing.loneFlowFactor(hpcc) : 1;
        sprayed = hpcc != null && HpccPacing.readsOnlyUnsplitHops(behaviour.key().routing()) ? topology : null;
        hashedUplinks = hpcc != null && HpccPacing.hashesCollide(behaviour.key().routing())
                ? new HashedUplinks(graph) : null;
        collidingFactor = hashedUplinks != null ? HpccPacing.collidingFlowFactor(behaviour.hpcc()) : loneFactor;
        routeLinks = topology.maxRouteLinks();
        recovery = hpcc != null ? new HpccRecovery(hpcc, loneFactor, SCENARIO.mtuBytes()) : null;
        floorMeasured = hpcc != null && behaviour.key().flowControl() != BehaviourKey.FlowControl.LOSSY
                && HpccPacing.atRateFloor(hpcc, UtilisationGrid.CROWDED_DEGREE
                        * UtilisationGrid.CROWDED_FLOWS_PER_SENDER, TrafficPattern.LINE_BYTES_PER_SECOND);
    }

    /**
     * T = L·(2·d + (w + a) / c) ({@link HpccRecovery#baseRoundTripSeconds}) on the cluster's longest route of L links
     * of {@code link}'s latency d and rate c, with the packet backend's data packet w and acknowledgement a at the
     * scenarios' line rate: ns-3's {@code GLOBAL_T} takes the longest pair's too. O(1).
     */
    private double roundTripSeconds(int link) {
        return roundTripSeconds(link, routeLinks);
    }

    /** T = L·(2·d + (w + a) / c) on routes of {@code routeLinks} = L links of {@code link}'s latency d and rate c. */
    private double roundTripSeconds(int link, double routeLinks) {
        int physical = graph.firstMember(link);
        return HpccRecovery.baseRoundTripSeconds(routeLinks, graph.linkLatencyPs(physical) * 1e-12,
                SCENARIO.packetWireBytes(), SwiftQueue.ACK_FRAME_BYTES, graph.linkBytesPerSecond(physical));
    }

    /** Whether the flows a crowd leaves inherit its shares ({@link #inheritedFactor}): under HPCC. */
    boolean inherits() {
        return recovery != null;
    }

    /**
     * {@link HpccRecovery#capacityFactor} of {@code link}; 1 on a sprayed link group HPCC does not read ({@link
     * #crossesUnread}: nothing paces it). O(1).
     */
    double inheritedFactor(int link, double openingFlows, double flows, double remainingBytes) {
        if (sprayed != null && link >= graph.linkCount()) {
            return 1;
        }
        return recovery.capacityFactor(openingFlows, flows, remainingBytes, graph.linkBytesPerSecond(link),
                roundTripSeconds(link));
    }

    /** Whether {@link #crossesUnread} may answer true: under spraying. */
    boolean leavesLinksUnread() {
        return sprayed != null;
    }

    /**
     * Whether HPCC's telemetry never reports {@code link} to the class from {@code firstLink} to {@code lastLink}:
     * under spraying, a link between switches that the class's flow crosses with part of its packets ({@link
     * HpccPacing#readsOnlyUnsplitHops}), a member of a sprayed link group of two links or more, or, where the fabric
     * sprays over routes rather than groups, a link of a flow split over two minimal routes or more. A group of one
     * link, and a link of a flow with one minimal route (two routers joined by one link), carry every packet of the
     * flow: read, as is a group whose links do not join two switches. O(1) but the fabric's route count.
     */
    boolean crossesUnread(int link, int firstLink, int lastLink) {
        if (link >= graph.linkCount()) {
            return graph.groupSize(link) > 1 && betweenSwitches(graph, graph.firstMember(link));
        }
        int src = graph.linkFrom(firstLink);
        int dst = graph.linkTo(lastLink);
        return !sprayed.spraysOverGroups() && betweenSwitches(graph, link) && graph.nodeKind(src) == Graph.ACCELERATOR
                && graph.nodeKind(dst) == Graph.ACCELERATOR && sprayed.minimalRouteCount(src, dst) > 1;
    }

    /**
     * Whether {@code link} joins two switches: a multi-plane NIC's port group (a NIC's ports into its planes' leaves,
     * one subflow a port) is read, as each plane's subflow is its own sender on its own port.
     */
    private static boolean betweenSwitches(Graph graph, int link) {
        return graph.joinsSwitches(link);
    }

    /**
     * {@code measured}, on a link HPCC sees no more than its pacing of the link's flows ({@link
     * HpccPacing#pacedFactor}, n = m × the senders R / R_s, or m where R is 0): HPCC holds a link near η whatever
     * the overload, where the table's u(1, m) = 1 would run it whole; and, but on a lossy row (as {@link
     * #atRateFloor}), no less than the n flows' rate floor n·R_min ({@link
     * HpccPacing#floorShare}, c the link's rate): HPCC cuts no flow below R_min. {@code measured} itself under the
     * others. Whole where the episode's flows have no more than their first window W_init = c·T each, T the base
     * round trip of the episode's own paths ({@code pathLinks} links on average): HPCC's first round trip sends W_init
     * at line rate before any feedback (session 68's window, which the packet backend's sender sizes on its own
     * route's round trip, not the cluster's longest), so no rate HPCC sets reaches their packets, and the flow
     * control alone runs the link, as for a class HPCC does not read ({@link #crossesUnread}). {@code measured}
     * itself where the flows sit at the rate floor ({@code atRateFloor}, the caller's {@link #atRateFloor} of the
     * same episode): they never reach the pacing's fixed point.
     */
    double paced(int link, double measured, boolean atRateFloor, double flowsPerSender, double pathLinks,
            double episodeBytesPerSender, double episodeBytes) {
        if (hpcc == null) {
            return measured;
        }
        double bytesPerSecond = graph.linkBytesPerSecond(link);
        if (episodeBytesPerSender / flowsPerSender <= bytesPerSecond * roundTripSeconds(link, pathLinks)) {
            return 1;
        }
        if (atRateFloor) {
            return measured;
        }
        double flows = flows(flowsPerSender, episodeBytesPerSender, episodeBytes);
        double paced = Math.min(measured, HpccPacing.pacedFactor(hpcc, flows));
        return floorMeasured ? Math.max(paced, HpccPacing.floorShare(hpcc, flows, bytesPerSecond)) : paced;
    }

    /**
     * Whether {@code link}'s episode opened with its flows at HPCC's rate floor, n·R_min ≥ c ({@link
     * HpccPacing#atRateFloor}, c the link's rate, n as {@link #paced} counts them), where the table's most crowded
     * incast (16 senders of 8 flows: 128 flows, the defaults' floor 100 at its 100 Gb/s) measured the same: there the
     * link runs as that incast ran, at its u, not paced, whatever the overload and the flows per sender (the grid reads n flows as ρ senders of m each, and an
     * all-to-all's downlink of 135 flows from 54 senders at ρ = 2.1, m = 2.5 read 0.878 where the packet backend
     * ran it whole). False under the others, where the table holds no incast at the floor (a row whose R_min is
     * below B / 128), and on a lossy fabric that drops rather than trims: there the floor's standing queue costs what
     * overflows the buffer, and the 128 flows' u (0.15–0.44) holds the drops of 16 line-rate senders' first round
     * trips, which a crowd at ρ = 2 need not have (the 64-host mixed step's lossy packet run: 2,110.2 µs, trimming's
     * to the digit, nothing dropped or trimmed). O(1).
     */
    boolean atRateFloor(int link, double flowsPerSender, double episodeBytesPerSender, double episodeBytes) {
        return floorMeasured && HpccPacing.atRateFloor(hpcc, flows(flowsPerSender, episodeBytesPerSender,
                episodeBytes), graph.linkBytesPerSecond(link));
    }

    /** n = m × the senders R / R_s of an episode, or m where R is 0 (R / R_s is NaN then). */
    private static double flows(double flowsPerSender, double episodeBytesPerSender, double episodeBytes) {
        double senders = episodeBytes / episodeBytesPerSender;
        return flowsPerSender * (senders >= 1 ? senders : 1);
    }

    /**
     * The share of {@code link} a lone flow runs at: on an uplink whose flow more likely than not shares its hashed
     * uplink with another of the flows leaving its switch ({@link HpccPacing#collisionLikelier}) the colliding flow's
     * r, elsewhere f. O(the switch's uplinks) for an uplink under adaptive HPCC, O(1) otherwise.
     */
    double loneFlowFactor(int link, long[] flowsOnLink) {
        int uplinks = hashedUplinks == null ? 0 : hashedUplinks.siblings(link);
        return uplinks > 1 && HpccPacing.collisionLikelier(hashedUplinks.flowsLeaving(link, flowsOnLink), uplinks)
                ? collidingFactor : loneFactor;
    }

    /** The smallest {@link #loneFlowFactor} of any link: r where hashes collide (r ≤ f), else f. */
    double smallestLoneFlowFactor() {
        return collidingFactor;
    }
}
