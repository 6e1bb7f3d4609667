package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.fabricbehaviour.TrafficPattern;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * The partial fill after finishes keeps the classes slower than the finished ones; classes whose
 * shares are equal in exact arithmetic but differ in their last bits must not count as slower.
 */
class PartialFillRoundingTest {
    /** 100 Gb/s after RoCE headers (4,096 of 4,158 bytes): a rate whose equal shares round differently. */
    private static final double BYTES_PER_SECOND = 12.5e9 * 4096 / 4158;
    private static final double MIB = 1 << 20;

    @Test
    void shouldKeepASprayedUplinkGroupSaturatedWhenEqualSharesDifferByRounding() {
        // 16 hosts, 4 per leaf, 2:1: each leaf's sprayed uplink group carries 2c. A ring step whose
        // neighbours sit on other leaves sends 4 × 1 MiB up from every leaf; an all-to-all over leaves
        // 0 and 1 (128 KiB per pair) adds 4 hosts × 4 remote peers × 128 KiB = 2 MiB up from each.
        // Leaf 0's group thus carries 6 MiB at 2c and every host sends at most 1.875 MiB at c, so the
        // step takes 6 MiB / 2c = 3 MiB / c. Before the rounding margin a re-solve after a finish kept
        // the group's other flows at their old shares (1 ulp below the finished flow's): 3.3x slower.
        int[] order = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
        TrafficPattern step = TrafficPattern.ring(16, 4, 2.0, order, MIB)
                .plus(TrafficPattern.allToAll(8, 4, 2.0, 128 << 10).onFabricOf(16));
        double expectedPs = 3 * MIB / BYTES_PER_SECOND * 1e12;
        assertEquals(expectedPs, makespanPs(step), 2);
    }

    private static long makespanPs(TrafficPattern pattern) {
        ClusterTopology topology = pattern.topology(BYTES_PER_SECOND);
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(), 0);
        long[] last = new long[1];
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        Router router = new Router(topology, RoutingMode.SPRAY, 1);
        int[] path = new int[topology.maxRouteLinks()];
        for (int f = 0; f < pattern.flows(); f++) {
            int length = router.route(pattern.src()[f], pattern.dst()[f], Router.flowKey(pattern.src()[f],
                    pattern.dst()[f], 0), 0, path);
            network.start(path, length, pattern.bytes()[f], 1, f);
        }
        simulation.run(network);
        return last[0];
    }
}
