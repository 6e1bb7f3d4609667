package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.collective.FlowClassEstimate;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.junit.jupiter.api.Test;

/**
 * A flow sprayed over a multi-plane fabric is one flow class ({@link MultiPlane}, sprayed): its path holds its NIC's
 * port groups and, between them, one group per hop of every plane's links that spraying spreads it over (the plane's
 * spray groups with their twins, nested around the twin groups). The fixture is {@link MultiPlaneAllToAllTest}'s: 64
 * one-GPU nodes under 1:1 two-tier trees of radix 64 (32 NIC ports a leaf, two leaves), links at 100 GB/s.
 */
class SprayedPlanesTest {
    private static final int RANKS = 64;
    private static final double LINK_BYTES_PER_SECOND = 100e9;

    private static CollectiveRequest sprayedAllToAll(long bytesPerRank) {
        return CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, bytesPerRank, RANKS).withRouting(RoutingMode.SPRAY);
    }

    @Test
    void shouldSprayAnAllToAllOverOneTwoOrFourPlanesAsOneClassAPair() {
        // One plane: each of the 64 x 63 = 4,032 ordered pairs is one class (the leaf's uplinks, the links down into
        // the other leaf: one group each). On P planes the same 4,032, a class a pair whatever P; the estimate counts
        // them alike (peers 63 x 64 ranks x 1 channel x 1 queue pair x 1 route). Before, each pair across the leaves
        // was a class per route of one plane, u = 32 x (100/P GB/s) / 100 GB/s = 32/P uplinks: 2 x 32 x 32 = 2,048
        // such pairs, so 2,048 x 16 + 1,984 = 34,752 classes on 2 planes and 2,048 x 8 + 1,984 = 18,368 on 4, and the
        // estimate 64 x 63 x 32/P (64,512; 32,256).
        for (int planes : new int[] {1, 2, 4}) {
            ClusterTopology topology = MultiPlaneAllToAllTest.cluster(MultiPlaneAllToAllTest.BLACKWELL, planes,
                    LINK_BYTES_PER_SECOND);
            CollectiveRequest request = sprayedAllToAll(1L << 20);
            CollectiveResult result = CollectiveEngine.run(topology, request);
            assertEquals(4_032, result.network().flowClassesStarted(), planes + " planes");
            assertEquals(4_032, FlowClassEstimate.of(topology, request).classes(), planes + " planes");
        }
    }

    @Test
    void shouldRunASprayedAllToAllOnPlanesInOnePlanesTimeDividedByThePlanes() {
        // Each plane is the one plane's tree: NIC ports of 50 GB/s, 32 x 50 / 100 = 16 uplinks a leaf; a NIC of P x 50
        // GB/s spreads over P such planes, so on an ideal fabric without latency the all-to-all moves the same bytes
        // at P times the rate: T_P = T_1 / P. One plane: 63 x 16 MiB / 64 / 50 GB/s = 330,301,440 ps.
        long bytesPerRank = 16L << 20;
        long onePlanePs = CollectiveEngine.run(MultiPlaneAllToAllTest.cluster(node(1), 1, LINK_BYTES_PER_SECOND),
                sprayedAllToAll(bytesPerRank)).timePs();
        assertEquals(330_301_440, onePlanePs, 330_301_440 * 1e-3);
        for (int planes : new int[] {2, 4}) {
            long timePs = CollectiveEngine.run(MultiPlaneAllToAllTest.cluster(node(planes), planes,
                    LINK_BYTES_PER_SECOND), sprayedAllToAll(bytesPerRank)).timePs();
            assertEquals(onePlanePs / (double) planes, timePs, onePlanePs / (double) planes * 0.01, planes + " planes");
        }
    }

    /** A one-GPU node whose NIC spreads {@code planes} ports of 50 GB/s, no latency. */
    private static NodeSpec node(int planes) {
        return new NodeSpec("t.P" + planes, MultiPlaneAllToAllTest.GPU, 1, null,
                new NicSpec("t.Nic" + planes, "generic", 1, planes * 50e9, 0, 0), 1, true);
    }

    @Test
    void shouldLoadEveryPlanesLinksBetweenSwitchesAlikeUnderSpraying() {
        // Two planes of 50 GB/s ports: 16 uplinks a leaf a plane, P·u = 32 a leaf. Of S = 16 MiB a rank, each of the
        // 32 ranks of a leaf sends S/64 to each of the 32 of the other: 16·S across, spread over the 32 uplinks of every
        // plane and then the 32 links down into the other leaf, S/2 = 8 MiB on each of the 2 x (2 x 16 + 16 x 2) = 128
        // links between switches. Read through the spray groups, which hold the twin groups (a link's bytes are its
        // own and each enclosing group's share).
        ClusterTopology topology = MultiPlaneAllToAllTest.cluster(MultiPlaneAllToAllTest.BLACKWELL, 2,
                LINK_BYTES_PER_SECOND);
        double[] linkBytes = CollectiveEngine.run(topology, sprayedAllToAll(16L << 20)).linkBytes();
        Graph graph = topology.graph();
        int between = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH
                    && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH) {
                assertEquals(8 << 20, linkBytes[link], 1, "link " + link);
                between++;
            }
        }
        assertEquals(128, between);
    }

    @Test
    void shouldLeaveASprayedPlanesHopsUnreadByHpccAndBackThemWithEveryMembersBuffer() {
        // Host 0 to host 63 (the other leaf) on two planes: the NIC link, its 2 up ports, the 32 uplinks of its leaf
        // in both planes, the 32 links down into 63's leaf, its 2 down ports, the NIC link. HPCC reads a hop only where
        // every packet crosses one link: the port groups (each plane's part is a sender of its own) and the NIC links,
        // not the sprayed groups. PFC without congestion control lets a backlog build: before a group blocks it is its
        // members' sum, 32 x a member's.
        ClusterTopology topology = MultiPlaneAllToAllTest.cluster(MultiPlaneAllToAllTest.BLACKWELL, 2,
                LINK_BYTES_PER_SECOND);
        int[] path = new int[topology.maxRouteLinks()];
        int length = new Router(topology, RoutingMode.SPRAY, 1).route(0, 63, Router.flowKey(0, 63, 0), 0, path);
        assertEquals(6, length);
        Graph graph = topology.graph();
        int[] members = {1, 2, 32, 32, 2, 1};
        ContentionModel hpcc = model(FabricSpec.CongestionControl.HPCC, BehaviourKey.Recovery.SELECTIVE_REPEAT,
                topology);
        for (int hop = 0; hop < length; hop++) {
            assertEquals(members[hop], graph.groupSize(path[hop]), "hop " + hop);
            assertEquals(members[hop] == 32, hpcc.crossesUnread(path[hop], path[0], path[length - 1]), "hop " + hop);
        }
        ContentionModel pfc = model(FabricSpec.CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N, topology);
        int uplink = graph.firstMember(path[2]);
        assertTrue(pfc.backlogBufferBytes(uplink) < Double.POSITIVE_INFINITY);
        assertEquals(32 * pfc.backlogBufferBytes(uplink), pfc.backlogBufferBytes(path[2]), 1e-6);
    }

    private static ContentionModel model(FabricSpec.CongestionControl control, BehaviourKey.Recovery recovery,
            ClusterTopology topology) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC, control, recovery,
                RoutingMode.SPRAY)).on(topology);
    }
}
