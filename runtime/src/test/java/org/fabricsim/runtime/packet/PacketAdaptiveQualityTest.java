package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.Recovery;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * Adaptive routing on the port quality switch silicon documents ({@link PacketRouting#ADAPTIVE_QUALITY}) against
 * the queue-depth rule ({@link PacketRouting#ADAPTIVE}) on two-tier fat-trees of 100 Gb/s links of 1 µs, no
 * congestion control, selective repeat.
 */
class PacketAdaptiveQualityTest {
    private static final double PAYLOAD_BYTES = 64 * 4096;

    /** The lone flow of 64 packets from host 0 to host 2 (2 leaves of 2 hosts, 2 spines): its leaf's uplinks' bytes. */
    private static long[] uplinkBytes(PacketRouting routing, long[] finishPs) {
        ClusterTopology topology = PacketFixtures.twoTier(4, 2, 1.0);
        Graph graph = topology.graph();
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, graph, PacketConfig.roce(PacketFixtures.LINE)
                .withRouting(routing).withRecovery(Recovery.SELECTIVE_REPEAT));
        network.setListener((tag, ps) -> finishPs[0] = ps);
        int[] path = new int[topology.maxRouteLinks()];
        int length = new Router(topology, RoutingMode.ECMP, 5).route(0, 2, Router.flowKey(0, 2, 0), 0, path);
        network.start(path, length, PAYLOAD_BYTES, 1, 0);
        simulation.run(network);
        int leaf = graph.linkTo(path[0]);
        long[] bytes = new long[2];
        int uplinks = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.linkFrom(link) == leaf && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH) {
                bytes[uplinks++] = network.ports.sentBytes[link];
            }
        }
        assertEquals(2, uplinks);
        return bytes;
    }

    @Test
    void shouldSpreadALoneFlowOverBothEmptyUplinksWhereTheQueueRuleKeepsItsHash() {
        // The host sends a packet every 4,158 B / 12.5 GB/s = 0.33264 µs, three a microsecond; no queue ever forms at
        // the leaf (one packet arrives per serialization time). The queue rule finds both uplinks empty at every
        // choice and keeps the flow on its hashed one: all 64 packets (266,112 wire bytes) there. The port quality
        // reads the last whole microsecond: after the first, the uplink that sent its three packets (load 0.998,
        // quality ⌊0.7 × 1 + 0.3 × 7⌋ = 2) loses to the idle one (quality 7), which takes the next microsecond's three,
        // and so on: the flow alternates microsecond by microsecond (the first, with nothing sampled, drawn at
        // random), about half on each. Either way nothing queues, so the flow ends as on one path: 64 packets
        // serialized by the host, then three more hops of 0.33264 µs (the path's latency is not counted): 67 ×
        // 0.33264 = 22.287 µs.
        long wireBytes = 64 * 4_158;
        double expectedPs = 67 * 4_158 / PacketFixtures.LINE * 1e12;
        long[] finishPs = new long[1];
        long[] queueRule = uplinkBytes(PacketRouting.ADAPTIVE, finishPs);
        assertEquals(wireBytes, Math.max(queueRule[0], queueRule[1]));
        assertEquals(expectedPs, finishPs[0], 2);
        long[] quality = uplinkBytes(PacketRouting.ADAPTIVE_QUALITY, finishPs);
        assertEquals(wireBytes, quality[0] + quality[1]);
        assertEquals(0.5, (double) quality[0] / wireBytes, 0.1);
        assertEquals(expectedPs, finishPs[0], 2);
    }

    @Test
    void shouldDeliverUnderHalfOfALosslessPermutationsBoundWhereItsDrawsReorderEveryFlow() {
        // PacketRoutingTest's permutation (32 hosts, 8 a leaf, 4 uplinks, 8 MB from host i to i + 8, PFC): the bound
        // 32 × C/2 × 4096/4158 = 197.0 GB/s, which the queue rule reaches within 1%: it sends each packet to the
        // shortest of the uplinks' queues, so a flow's packets wait about alike whichever they take. On port quality
        // the uplinks, all sending at the line behind queues past the 10,000 B threshold, tie, and the draws send a
        // flow's consecutive packets into queues of unequal depth: its receiver sees them more than
        // Transport.REORDER = 3 sequences apart and NACKs, and the NICs resend 0.909 of the bytes (measured 7
        // December 2026: 0.466 of the bound; counting the load at enqueue, 0.278; queue bands up to 2 MB, 0.569).
        double bound = PacketRoutingTest.HOSTS * PacketFixtures.LINE / 2 * 4096 / 4158;
        assertEquals(bound, PacketRoutingTest.throughput(PacketRouting.ADAPTIVE), 0.01 * bound);
        assertTrue(PacketRoutingTest.throughput(PacketRouting.ADAPTIVE_QUALITY) < 0.5 * bound);
    }

    @Test
    void shouldReachALosslessPermutationsBoundWhereTheNicsPlaceOutOfOrder() {
        // The same permutation and draws, the receivers placing what arrives out of order (ConnectX's out-of-order
        // data placement, which per-packet adaptive routing ships with): the draws still spread each flow over queues
        // of unequal depth, but no arrival is read as a loss, nothing is resent, and the uplinks carry the flows at the
        // line: the bound, 197.0 GB/s, less the pipeline's tail (measured 7 December 2026: 0.982 of it).
        double bound = PacketRoutingTest.HOSTS * PacketFixtures.LINE / 2 * 4096 / 4158;
        assertEquals(bound, PacketRoutingTest.throughput(PacketRouting.ADAPTIVE_QUALITY, true), 0.03 * bound);
    }
}
