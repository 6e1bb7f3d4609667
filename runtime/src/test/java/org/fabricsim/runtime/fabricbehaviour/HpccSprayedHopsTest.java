package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Which links between switches HPCC reads under spraying ({@link HpccLinks#crossesUnread}): those a flow crosses with
 * all its packets, since the sender takes a hop's rate only from two consecutive acknowledgements that crossed one link
 * there and spraying deals consecutive packets to different candidates wherever a switch has two or more.
 */
class HpccSprayedHopsTest {
    private static final LinkClass LINK = new LinkClass(50e9, 100_000);

    private static FabricBehaviour hpcc(RoutingMode routing) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC, CongestionControl.HPCC,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, routing));
    }

    @Test
    void shouldReadADragonflyLinkOnlyForAFlowThatCrossesItWithAllItsPackets() {
        // EverySetting's Fly: 2 groups of 2 routers, one endpoint per router here, one global link per router. Hosts 0
        // and 1 sit on group 0's routers, which one local link joins: host 0's flow to host 1 has that one minimal
        // route and crosses the link with every packet, read. Host 0's flow to host 2 (group 1) is split over the
        // group's 2 global links (2 minimal routes), each route's links carrying half its packets: unread, the local
        // link too.
        ClusterTopology fly = ClusterTopology.build(ClusterParameters.scaleOutOnly(4, LINK,
                new DragonflyParameters(2, 2, 1, 1, LINK, LINK, false)));
        Graph graph = fly.graph();
        assertEquals(1, fly.minimalRouteCount(0, 1));
        assertEquals(2, fly.minimalRouteCount(0, 2));
        ContentionModel spray = hpcc(RoutingMode.SPRAY).on(fly);
        int[] path = new int[fly.maxRouteLinks()];
        assertEquals(3, fly.route(0, 1, (hop, firstLink, stride, candidates) -> 0, path));
        int local = path[1];
        assertTrue(graph.nodeKind(graph.linkFrom(local)) == Graph.SWITCH && graph.nodeKind(graph.linkTo(local))
                == Graph.SWITCH);
        assertFalse(spray.crossesUnread(local, fly.nicUplink(0), fly.nicDownlink(1)));
        assertTrue(spray.crossesUnread(local, fly.nicUplink(0), fly.nicDownlink(2)));
        for (int choice = 0; choice < 2; choice++) {
            int chosen = choice;
            int links = fly.route(0, 2, (hop, firstLink, stride, candidates) -> chosen % candidates, path);
            for (int i = 1; i < links - 1; i++) {
                assertTrue(spray.crossesUnread(path[i], fly.nicUplink(0), fly.nicDownlink(2)), "route " + choice);
            }
            assertFalse(spray.crossesUnread(path[0], fly.nicUplink(0), fly.nicDownlink(2)), "the NIC link");
        }
        assertFalse(hpcc(RoutingMode.ECMP).on(fly).leavesLinksUnread());
    }

    @Test
    void shouldRunASprayedLeafSpineAsBeforeWhereEveryGroupHasTwoLinks() {
        // On the held-out leaf-spine fabrics every hop between switches is a sprayed group of 2 links or more (a
        // leaf's uplinks, a spine's downlinks into a leaf): every class crosses it with 1/g of its flow's packets,
        // unread, and a saturated link is offered ρ ≥ 1 by them, so it runs whole as every link between switches did
        // before. Measured at a31364ca, before the per-class reading: the held-out all-to-all and ring, and an
        // all-to-all of 4 MiB a pair on 16 hosts, to the picosecond.
        FabricBehaviour sprayed = hpcc(RoutingMode.SPRAY);
        assertEquals(510_935_040L, PatternRuns.flowPs(BehaviourAccuracy.PATTERNS.get(1), RoutingMode.SPRAY, sprayed));
        assertEquals(358_400_001L, PatternRuns.flowPs(BehaviourAccuracy.PATTERNS.get(2), RoutingMode.SPRAY, sprayed));
        assertEquals(8_174_960_640L, PatternRuns.flowPs(TrafficPattern.allToAll(16, 4, 2.0, 4 << 20),
                RoutingMode.SPRAY, sprayed));
    }
}
