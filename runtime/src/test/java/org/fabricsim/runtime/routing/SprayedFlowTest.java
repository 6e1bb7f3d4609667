package org.fabricsim.runtime.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DegradedTopologies;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * A sprayed flow as one max-min variable over link groups against the per-path formulation (one
 * class per minimal route, each with 1/R of the bytes), on an all-to-all of 8 hosts: a two-tier
 * fat-tree of 80 B/s links, 4 hosts per leaf, 2:1 oversubscribed, so 2 spines.
 *
 * <p>By hand: leaf 0's two uplinks (160 B/s together) carry the 16 flows to leaf 1, so each cross
 * flow gets 160/16 = 10 B/s (per path: 32 subflows, 16 per uplink, 5 B/s each, 10 per flow). Each
 * NIC uplink then keeps 80 − 4·10 = 40 B/s for its 3 same-leaf flows, 40/3 B/s each. With 80 B per
 * flow the same-leaf flows end at 80/(40/3) = 6 s and the cross flows at 80/10 = 8 s (their NIC
 * share rises after 6 s, but the uplinks still bind). Each spine uplink carries 16 · 80/2 = 640 B.
 */
class SprayedFlowTest {
    private static final long SECOND_PS = 1_000_000_000_000L;
    private static final double BYTES = 80;
    private static final int HOSTS = 8;

    private static ClusterTopology oversubscribedTree() {
        LinkClass link = new LinkClass(80, 0);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(HOSTS, link,
                FatTreeParameters.twoTier(4, 2.0, link)));
    }

    /** Finish time of each ordered pair (src·HOSTS + dst), the latest of its classes. */
    private static long[] allToAll(ClusterTopology topology, boolean perPath, NetworkModel[] networkOut) {
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(), 0.0);
        networkOut[0] = network;
        long[] finish = new long[HOSTS * HOSTS];
        network.setListener((tag, finishPs) -> finish[tag] = Math.max(finish[tag], finishPs));
        Router router = new Router(topology, RoutingMode.SPRAY, 1);
        int[] path = new int[topology.maxRouteLinks()];
        for (int src = 0; src < HOSTS; src++) {
            for (int dst = 0; dst < HOSTS; dst++) {
                if (src == dst) {
                    continue;
                }
                int routes = perPath ? topology.minimalRouteCount(src, dst) : router.routeCount(src, dst);
                for (int s = 0; s < routes; s++) {
                    int digit = s;
                    int length = perPath ? topology.route(src, dst, (hop, first, stride, n) -> digit % n, path)
                            : router.route(src, dst, Router.flowKey(src, dst, 0), s, path);
                    network.start(path, length, BYTES / routes, 1, src * HOSTS + dst);
                }
            }
        }
        simulation.run(network);
        return finish;
    }

    @Test
    void shouldGiveASprayedFlowTheRatesOfItsPerPathSubflows() {
        ClusterTopology topology = oversubscribedTree();
        NetworkModel[] grouped = new NetworkModel[1];
        NetworkModel[] perPath = new NetworkModel[1];
        long[] one = allToAll(topology, false, grouped);
        long[] paths = allToAll(topology, true, perPath);
        for (int src = 0; src < HOSTS; src++) {
            for (int dst = 0; dst < HOSTS; dst++) {
                if (src != dst) {
                    long expected = (src / 4 == dst / 4 ? 6 : 8) * SECOND_PS;
                    assertEquals(expected, one[src * HOSTS + dst], 1, "one variable " + src + "->" + dst);
                    assertEquals(expected, paths[src * HOSTS + dst], 1, "per path " + src + "->" + dst);
                }
            }
        }
        int[] path = new int[4];
        int uplink = topology.route(0, 4, (hop, first, stride, n) -> 0, path) > 2 ? path[1] : -1;
        assertEquals(640, grouped[0].linkBytes(uplink), 1e-9);
        assertEquals(640, perPath[0].linkBytes(uplink), 1e-9);
    }

    @Test
    void shouldStartOneClassPerSprayedFlow() {
        // 56 ordered pairs: one class each; per path the 32 cross pairs take 2 classes: 24 + 64 = 88.
        ClusterTopology topology = oversubscribedTree();
        NetworkModel[] grouped = new NetworkModel[1];
        NetworkModel[] perPath = new NetworkModel[1];
        allToAll(topology, false, grouped);
        allToAll(topology, true, perPath);
        assertEquals(56, grouped[0].statistics().flowClassesStarted());
        assertEquals(88, perPath[0].statistics().flowClassesStarted());
        assertTrue(topology.spraysOverGroups());
    }

    @Test
    void shouldSprayPerPathOnADegradedTree() {
        // With one spine cable down the groups are no longer loaded alike: the router falls back to
        // one class per surviving route (1 route across the leaves here: 2 spines − 1).
        ClusterTopology degraded = DegradedTopologies.withoutCable(oversubscribedTree());
        Router router = new Router(degraded, RoutingMode.SPRAY, 1);
        assertEquals(false, degraded.spraysOverGroups());
        assertEquals(1, router.routeCount(0, 4));
    }
}
