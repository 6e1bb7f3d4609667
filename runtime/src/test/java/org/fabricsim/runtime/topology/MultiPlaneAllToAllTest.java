package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * An all-to-all over a multi-plane fabric ({@link MultiPlane}) reaches its NICs' bound as over one plane: the NIC
 * spreads every flow's bytes evenly over its planes, in every routing mode. 64 one-GPU nodes of 800G NICs (100 GB/s)
 * under 1:1 two-tier trees of radix 64 (32 NIC ports a leaf, two leaves), links at 100 % efficiency, no switch latency,
 * λ = 1 µs per NIC cable (α = 2 µs: up to the leaf and down).
 *
 * <p>The bound: of S bytes a rank, the engine sends S/n to each of the n − 1 others (pairs of the same rank send
 * nothing), so each NIC sends and receives (n − 1)·S/n at B = 100 GB/s: T = (n − 1)·S/(n·B) + α.
 */
class MultiPlaneAllToAllTest {
    private static final int RANKS = 64;
    private static final double NIC_BYTES_PER_SECOND = 100e9;
    private static final long LAMBDA_PS = 1_000_000;
    static final AcceleratorSpec GPU = new AcceleratorSpec("t.gpu", "generic", 0, 0, 0, 0, 0, 0);
    static final NodeSpec BLACKWELL = new NodeSpec("t.B1", GPU, 1, null,
            new NicSpec("t.Nic800", "generic", 1, NIC_BYTES_PER_SECOND, 0, LAMBDA_PS), 1, true);

    /** 64 nodes on {@code planes} planes of links at {@code linkBytesPerSecond} (each request states its routing). */
    private static ClusterTopology cluster(int planes, double linkBytesPerSecond) {
        return cluster(BLACKWELL, planes, linkBytesPerSecond);
    }

    /** 64 nodes of {@code node} on {@code planes} 1:1 two-tier trees of radix 64, links at {@code linkBytesPerSecond}. */
    static ClusterTopology cluster(NodeSpec node, int planes, double linkBytesPerSecond) {
        FabricSpec ethernet = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "",
                linkBytesPerSecond, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1.0);
        TopologySpec tree = new TopologySpec.FatTree(null, 2, List.of(1.0),
                new TierStructure(null, null, null, 0, planes, 0));
        return ClusterTopologies.build(new ClusterSpec("t.C", node, RANKS,
                new ScaleOutSpec(ethernet, tree, ScaleOutSpec.Routing.ECMP), 0, null, null));
    }

    private static long allToAllPs(ClusterTopology topology, RoutingMode routing, long bytesPerRank) {
        return CollectiveEngine.run(topology, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, bytesPerRank, RANKS)
                .withRouting(routing)).timePs();
    }

    /** (n − 1)·S/(n·B) + α in ps. */
    private static double nicBoundPs(long bytesPerRank) {
        return (RANKS - 1.0) * bytesPerRank / RANKS / NIC_BYTES_PER_SECOND * 1e12 + 2 * LAMBDA_PS;
    }

    @Test
    void shouldRunAnAllToAllOverTwoNonBlockingPlanesAtTheNicBoundInEveryRoutingMode() {
        // Per plane a port runs at B/2 = 50 GB/s and carries half of each of the 63 flows a NIC sends: 63·S/(2n) at
        // B/2, the bound. 16 MiB: 63 x 262,144 B / 100 GB/s = 165,150,720 ps + 2 us = 167,150,720 ps, on two planes
        // of 800G links (16 uplinks a leaf) or of 400G ones (32), within 0.1 %. Before, each flow took one plane,
        // hashed under ECMP (some port carried 43 of 63 flows: 2 x 43/63 = 1.365 x the bound, 227.4 us) and chosen
        // by its source's load under adaptive routing (the same 227.4 us, the destinations' ports unbalanced).
        for (double linkBytesPerSecond : new double[] {100e9, 50e9}) {
            ClusterTopology twoPlanes = cluster(2, linkBytesPerSecond);
            for (RoutingMode mode : RoutingMode.values()) {
                for (long mebibytes : new long[] {1, 16, 64}) {
                    long bytes = mebibytes << 20;
                    assertEquals(nicBoundPs(bytes), allToAllPs(twoPlanes, mode, bytes), nicBoundPs(bytes) * 1e-3,
                            mode + " at " + linkBytesPerSecond + " B/s, " + mebibytes + " MiB");
                }
            }
        }
    }

    @Test
    void shouldReadAPlanesPortGroupAsANicsLinkUnderRoceInEveryRoutingMode() {
        // A flow on two planes is one class whose path holds the groups of its two ports, which run from the NIC to a
        // leaf: RoCE's behaviour (PFC, DCQCN, go-back-N) charges its multipath factor between switches only, so the
        // 1 MiB all-to-all keeps the NIC bound, 12,321,920 ps (within 0.1 %), as each plane's ports did when a flow
        // was a class a plane. Read as a switch link, the port group took the factor: 15,440,001 ps under adaptive
        // routing.
        ClusterTopology twoPlanes = cluster(2, 100e9);
        for (RoutingMode mode : RoutingMode.values()) {
            FabricBehaviour roce = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                    FabricSpec.CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, mode));
            long timePs = CollectiveEngine.run(twoPlanes, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL,
                    1L << 20, RANKS).withRouting(mode).withFabricBehaviour(roce)).timePs();
            assertEquals(nicBoundPs(1L << 20), timePs, nicBoundPs(1L << 20) * 1e-3, mode.toString());
        }
    }

    @Test
    void shouldLeaveOnePlanesAllToAllAtTheNicBound() {
        // One plane of 800G links, 32 uplinks a leaf: 1 MiB, 63 x 16,384 B / 100 GB/s + 2 us = 12,321,920 ps; 64 MiB,
        // 660,602,880 + 2,000,000 = 662,602,880 ps (as before the planes' change: one port, no plane to choose).
        ClusterTopology onePlane = cluster(1, 100e9);
        assertEquals(12_321_920, allToAllPs(onePlane, RoutingMode.ECMP, 1L << 20), 12_321_920 * 1e-3);
        assertEquals(662_602_880, allToAllPs(onePlane, RoutingMode.ECMP, 64L << 20), 662_602_880 * 1e-3);
    }

    @Test
    void shouldKeepEcmpCollisionsOnAPlanesSpinesAndNotOnItsPorts() {
        // A permutation across the two leaves, rank i to i + 32 mod 64, 16 MiB each, on two planes of 800G links.
        // Each flow's halves take the two planes (8 MiB on each 50 GB/s port: the bound, 167,772,160 ps + 2 us);
        // inside a plane ECMP hashes the 32 halves leaving a leaf onto its 16 uplinks (one spine each, down the same
        // spine), so the uplink of the most halves, k, sends k x 8 MiB at 100 GB/s: the time is k x 83,886,080 ps + 2
        // us, k counted here from the hashed routes (k/2 x the bound when k > 2). Adaptive routing places 2 halves on
        // each uplink and spraying spreads each over all 16: both at the bound (before, adaptive routing put each
        // whole flow on one plane's 50 GB/s port: 16 MiB / 50 GB/s + 2 us = 337,544,320 ps, twice the bound).
        double[] permutation = new double[RANKS * RANKS];
        for (int i = 0; i < RANKS; i++) {
            permutation[i * RANKS + (i + RANKS / 2) % RANKS] = 16 << 20;
        }
        long boundPs = 167_772_160L + 2 * LAMBDA_PS;
        ClusterTopology twoPlanes = cluster(2, 100e9);
        assertEquals(boundPs, permutationPs(twoPlanes, RoutingMode.ADAPTIVE, permutation), 1);
        assertEquals(boundPs, permutationPs(twoPlanes, RoutingMode.SPRAY, permutation), 1);
        int busiest = busiestUplinkFlows(twoPlanes, permutation);
        assertEquals(Math.max(2, busiest) * 83_886_080L + 2 * LAMBDA_PS,
                permutationPs(twoPlanes, RoutingMode.ECMP, permutation), 1, busiest + " halves on one uplink");
    }

    private static long permutationPs(ClusterTopology topology, RoutingMode routing, double[] matrix) {
        return CollectiveEngine.run(topology, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 16L << 20, RANKS)
                .withRouting(routing).withTrafficMatrixBytes(matrix)).timePs();
    }

    /**
     * The most halves on one link between switches, each flow of {@code matrix} routed as ECMP routes it: one path
     * whose hops are groups of a link and its twin in the other plane (a flow on a group sends a half on each twin; a
     * group's ends are its plane-0 member's), so the halves on a link are the flows on its group.
     */
    private static int busiestUplinkFlows(ClusterTopology topology, double[] matrix) {
        Router router = new Router(topology, RoutingMode.ECMP, 1);
        int[] flows = new int[topology.graph().flowLinkCount()];
        int[] path = new int[topology.maxRouteLinks()];
        int busiest = 0;
        for (int i = 0; i < RANKS; i++) {
            for (int j = 0; j < RANKS; j++) {
                for (int s = 0; matrix[i * RANKS + j] > 0 && s < router.routeCount(i, j); s++) {
                    int length = router.route(i, j, Router.flowKey(i, j, 0), s, path);
                    for (int hop = 0; hop < length; hop++) {
                        Graph graph = topology.graph();
                        if (graph.nodeKind(graph.linkFrom(path[hop])) == Graph.SWITCH
                                && graph.nodeKind(graph.linkTo(path[hop])) == Graph.SWITCH) {
                            busiest = Math.max(busiest, ++flows[path[hop]]);
                        }
                    }
                }
            }
        }
        return busiest;
    }
}
