package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * HPCC's pacing of a lone flow and the sprayed links it does not read ({@link HpccPacing}) against hand
 * derivations. The scenarios' line rate B = 12.5e9 B/s; the flow model's links carry the payload rate B × 4096 / (4096
 * + 62) = 12.5e9 × 0.9850890 = 12,313,612,313 B/s.
 */
class HpccPacingTest {
    private static final double MIB = 1 << 20;
    private static final double PAYLOAD_BYTES_PER_SECOND = 12.5e9 * 4096 / (4096 + 62);

    private static FabricBehaviour hpcc(RoutingMode routing) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC, CongestionControl.HPCC,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, routing));
    }

    @Test
    void shouldPaceALoneFlowAtTheTargetUtilisationPlusOneAdditiveStep() {
        // η = 0.95, R_AI = 10 Mb/s × (100 / 25) = 40 Mb/s = 5e6 B/s: f = 0.95 + 5e6 / 12.5e9 = 0.95 + 0.0004 = 0.9504.
        assertEquals(0.9504, HpccPacing.loneFlowFactor(Hpcc.defaults(12.5e9)), 1e-12);
        // η = 1 with any R_AI would exceed the line: held at 1.
        assertEquals(1, HpccPacing.loneFlowFactor(new Hpcc(1, 5, 5e6, 1.25e8)));
    }

    @Test
    void shouldRunLoneFlowsAtTheFactorAcrossAFinishThatLeavesTheOtherAlone() {
        // Two flows on one switch, each alone on its path (1 -> 0 of 1 MiB, 3 -> 2 of 2 MiB): each at 0.9504 × the
        // payload rate, 11,702,857,143 B/s; the 2 MiB flow still at it after the 1 MiB one finished (a re-solve of
        // finishes only): 2,097,152 B / 11,702,857,143 B/s = 179.200 µs. Ideal: 170.312 µs.
        TrafficPattern two = new TrafficPattern("two lone flows", 4, 4, 1, new int[] {1, 3}, new int[] {0, 2},
                new double[] {MIB, 2 * MIB});
        double expectedPs = 2 * MIB / (0.9504 * PAYLOAD_BYTES_PER_SECOND) * 1e12;
        assertEquals(expectedPs, PatternRuns.flowPs(two, RoutingMode.ECMP, hpcc(RoutingMode.ECMP)), 2);
        assertEquals(expectedPs * 0.9504, PatternRuns.flowPs(two, RoutingMode.ECMP, null), 2);
    }

    @Test
    void shouldPaceALinkThatSeveralFlowsFillAtTheTargetPlusTheirAdditiveSteps() {
        // Host 0 sends 1 MiB to each of hosts 1 to 4: its NIC link carries n = 4 flows offered exactly its capacity
        // (ρ = 1, where the table's u(1, m) = 1), each receiver's link one flow at a quarter of it. HPCC's four flows
        // settle at S = η·B + 4·R_AI: f_4 = 0.95 + 4 × 5e6 / 12.5e9 = 0.9516 of the link. The 4 MiB leave it in
        // 4,194,304 B / (0.9516 × 12,313,612,313 B/s) = 357.94 µs; ideal 340.62 µs.
        TrafficPattern fanOut = new TrafficPattern("fan-out of four", 8, 8, 1, new int[] {0, 0, 0, 0},
                new int[] {1, 2, 3, 4}, new double[] {MIB, MIB, MIB, MIB});
        double idealPs = 4 * MIB / PAYLOAD_BYTES_PER_SECOND * 1e12;
        assertEquals(idealPs / 0.9516, PatternRuns.flowPs(fanOut, RoutingMode.ECMP, hpcc(RoutingMode.ECMP)), 2);
        assertEquals(idealPs, PatternRuns.flowPs(fanOut, RoutingMode.ECMP, null), 2);
        // The packet backend (2026-12-07): 350.70 µs, 0.9713 of the link (the first round trip at line rate), 2.1%
        // from the paced 357.94 µs where the ideal was 2.9% from it.
        long packetPs = PatternRuns.packetPs(fanOut, hpcc(RoutingMode.ECMP).key());
        assertTrue(Math.abs(idealPs / 0.9516 - packetPs) < Math.abs(idealPs - packetPs), "packet: " + packetPs);
        ClusterTopology topology = fanOut.topology(PAYLOAD_BYTES_PER_SECOND);
        int nic = firstLink(topology.graph(), Graph.ACCELERATOR);
        // The link read directly; at η = 0.5 and R_AI 2e7 B/s f_4 = 0.5 + 4 × 2e7 / 12.5e9 = 0.5064; 200 flows fill it.
        ContentionModel paced = hpcc(RoutingMode.ECMP).on(topology);
        assertEquals(0.9516, paced.saturatedCapacityFactor(nic, 1, 4, 2, 4 * MIB, 4 * MIB, 0), 1e-12);
        assertEquals(0.5064, HpccPacing.pacedFactor(new Hpcc(0.5, 5, 2e7, 1.25e8), 4), 1e-12);
        assertEquals(1, HpccPacing.pacedFactor(Hpcc.defaults(12.5e9), 200));
    }

    @Test
    void shouldLeaveASprayedLinkGroupUnreadAndTheEdgesToTheTable() {
        // A 2:1 leaf of 4 hosts (2 uplinks, one sprayed group): every flow crosses each uplink with half its packets,
        // so HPCC's telemetry never reads the group (its classes unread: the reading runs it whole); the NIC link
        // carries all of them, read: the sprayed row's u(2, 1) at 4 links, below η = 0.95, where HPCC holds U with the
        // queue term in it (0.9238 since the packet backend's window, session 68; 0.6878 before), as under ECMP at the
        // uplink.
        ClusterTopology topology = TrafficPattern.permutation(8, 4, 2.0, MIB).topology(PAYLOAD_BYTES_PER_SECOND);
        Graph graph = topology.graph();
        int uplink = firstLink(graph, Graph.SWITCH);
        int nic = firstLink(graph, Graph.ACCELERATOR);
        int sender = graph.linkFrom(nic);
        int group = graph.groupOf(uplink);
        assertEquals(2, graph.groupSize(group));
        FabricBehaviour sprayed = hpcc(RoutingMode.SPRAY);
        ContentionModel spray = sprayed.on(topology);
        assertTrue(spray.leavesLinksUnread());
        assertTrue(spray.crossesUnread(group, nic, topology.nicDownlink(sender + 4)));
        assertFalse(spray.crossesUnread(nic, nic, topology.nicDownlink(sender + 4)));
        assertFalse(hpcc(RoutingMode.ECMP).on(topology).leavesLinksUnread());
        double u = UtilisationGrid.at(sprayed.utilisation(), 2, 1, 4, MIB);
        assertTrue(u < 0.95, "the sprayed row's u(2, 1) at 4 links: " + u);
        assertEquals(u, spray.saturatedCapacityFactor(nic, 2, 1, 4, MIB, 4 * MIB, 0), 1e-12);
        assertTrue(hpcc(RoutingMode.ECMP).on(topology).saturatedCapacityFactor(uplink, 2, 1, 4, MIB, 4 * MIB, 4) < 0.95);
        assertEquals(0.9504, spray.loneFlowCapacityFactor(nic, new long[graph.linkCount()]), 1e-12);
    }

    @Test
    void shouldRunAFlowWhoseHashLikelyCollidesAtTheSpillFixedPoint() {
        // η = 0.95, 1 − η = 0.05: (2 + 0.2)·r² − 3r + 1 = 0, r = (3 + √(1 − 0.8)) / 4.4 = (3 + 0.4472136) / 4.4
        // = 0.7834576. With η = 0.9 the root is not real (1 − 1.6 < 0): the pair shares its link at 0.45 each.
        assertEquals(0.7834576, HpccPacing.collidingFlowFactor(Hpcc.defaults(12.5e9)), 1e-7);
        assertEquals(0.45, HpccPacing.collidingFlowFactor(new Hpcc(0.9, 5, 5e6, 1.25e8)), 1e-12);
        // A flow shares its hashed uplink with one of n − 1 others with probability 1 − ((k − 1) / k)^(n − 1):
        // 4 on 4 uplinks 1 − 27/64 = 0.578 (likelier), 3 on 4 0.4375 and 2 on 4 0.25 (not), 2 on 2 exactly 0.5 (not).
        assertTrue(HpccPacing.collisionLikelier(4, 4));
        assertFalse(HpccPacing.collisionLikelier(3, 4));
        assertFalse(HpccPacing.collisionLikelier(2, 4));
        assertFalse(HpccPacing.collisionLikelier(2, 2));
        assertTrue(HpccPacing.collisionLikelier(3, 2));
    }

    @Test
    void shouldChargeTheCollisionOnlyToAnUplinkWhoseSwitchSendsEnoughFlows() {
        // A 1:1 leaf of 4 hosts has 4 uplinks. Adaptive HPCC: one flow on an uplink with 3 more on its siblings
        // (4 on 4) runs at 0.7834576; with 1 more (2 on 4) at the lone 0.9504; the NIC link (no hashed choice) at 0.9504.
        ClusterTopology topology = TrafficPattern.permutation(8, 4, 1.0, MIB).topology(PAYLOAD_BYTES_PER_SECOND);
        Graph graph = topology.graph();
        int nic = firstLink(graph, Graph.ACCELERATOR);
        int leaf = graph.linkTo(nic);
        long[] flows = new long[graph.linkCount()];
        int[] uplinks = new int[4];
        int found = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.linkFrom(link) == leaf && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH && found < 4) {
                uplinks[found++] = link;
            }
        }
        assertEquals(4, found);
        ContentionModel adaptive = hpcc(RoutingMode.ADAPTIVE).on(topology);
        flows[uplinks[0]] = 1;
        flows[uplinks[1]] = 1;
        assertEquals(0.9504, adaptive.loneFlowCapacityFactor(uplinks[0], flows), 1e-12);
        flows[uplinks[2]] = 1;
        flows[uplinks[3]] = 1;
        assertEquals(0.7834576, adaptive.loneFlowCapacityFactor(uplinks[0], flows), 1e-7);
        assertEquals(0.9504, adaptive.loneFlowCapacityFactor(nic, flows), 1e-12);
        assertEquals(0.9504, hpcc(RoutingMode.ECMP).on(topology).loneFlowCapacityFactor(uplinks[0], flows), 1e-12);
    }

    /** The first link from a node of kind {@code from} into a switch. */
    private static int firstLink(Graph graph, byte from) {
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.nodeKind(graph.linkFrom(link)) == from && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH) {
                return link;
            }
        }
        throw new AssertionError("no link from a node of kind " + from + " into a switch");
    }
}
