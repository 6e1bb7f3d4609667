package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.Recovery;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * A permutation across a 2:1 oversubscribed two-tier fat-tree: 32 hosts, 8 per leaf, 4 uplinks
 * per leaf; host i sends 8 MB to host (i + 8) mod 32, so every flow crosses the spine and each
 * leaf pushes 8 flows through 4 uplinks. The best any routing can do is C/2 per flow, a makespan
 * of 8 MB / (C/2 × 4096/4158) = 1.30 ms. Per-flow ECMP hashes flows onto uplinks and spine
 * downlinks independently, so some links carry 3 or more flows and their flows take longer;
 * adaptive routing picks the least-queued uplink per packet; spraying deals every flow's packets
 * round robin over all uplinks. Selective repeat absorbs the reordering of the last two.
 */
class PacketRoutingTest {
    static final int HOSTS = 32;

    /** The permutation's throughput under {@code routing}, B/s. */
    static double throughput(PacketRouting routing) {
        return throughput(routing, false);
    }

    /** The permutation's throughput under {@code routing}, the receiving NICs placing out of order or not, B/s. */
    static double throughput(PacketRouting routing, boolean outOfOrderPlacement) {
        ClusterTopology topology = PacketFixtures.twoTier(HOSTS, 8, 2.0);
        Simulation simulation = new Simulation(21);
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withRouting(routing)
                .withRecovery(Recovery.SELECTIVE_REPEAT).withOutOfOrderPlacement(outOfOrderPlacement);
        PacketNetwork network = new PacketNetwork(simulation, topology.graph(), config);
        long[] finish = new long[1];
        network.setListener((tag, finishPs) -> finish[0] = Math.max(finish[0], finishPs));
        Router router = new Router(topology, RoutingMode.ECMP, 21);
        int[] path = new int[topology.maxRouteLinks()];
        double bytes = 8e6;
        for (int src = 0; src < HOSTS; src++) {
            int dst = (src + 8) % HOSTS;
            int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
            network.start(path, length, bytes, 1, src);
        }
        simulation.run(network);
        return HOSTS * bytes / (finish[0] * 1e-12);
    }

    @Test
    void shouldRankSprayingOverAdaptiveOverEcmp() {
        double ecmp = throughput(PacketRouting.ECMP);
        double adaptive = throughput(PacketRouting.ADAPTIVE);
        double spray = throughput(PacketRouting.SPRAY);
        // The bound: 32 flows × C/2 × 4096/4158 = 197.0 GB/s. Adaptive and spraying both reach it
        // to within 1% (they differ only in the last packets' pipeline tail, so spraying is
        // required to be within 0.5% of adaptive rather than strictly above it); ECMP's collisions
        // leave it well below: at least 20% less than adaptive.
        double bound = HOSTS * PacketFixtures.LINE / 2 * 4096 / 4158;
        assertEquals(bound, adaptive, 0.01 * bound);
        assertEquals(bound, spray, 0.01 * bound);
        assertTrue(spray >= 0.995 * adaptive, "spraying " + spray + " against adaptive " + adaptive);
        assertTrue(ecmp < 0.8 * adaptive, "ECMP " + ecmp + " against adaptive " + adaptive);
    }
}
