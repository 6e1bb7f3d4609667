package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.Recovery;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Receivers that place out-of-order packets directly ({@link PacketConfig#outOfOrderPlacement}) on a flow whose
 * packets take two paths of unequal latency and arrive interleaved: host 0 → leaf A → spine 1 or spine 2 → leaf B →
 * host 1, 100 Gb/s links of 1 µs except spine 2 → leaf B, 9 µs; spraying deals the flow's packets alternately over
 * the two spines, so every second packet arrives 8 µs late, 8 / 0.33264 = 24 packet times.
 */
class OutOfOrderPlacementTest {
    private static final int PACKETS = 64;
    /** One packet of 4,096 + 62 B on a 12.5 GB/s link, ps. */
    private static final double PACKET_PS = 4_158 / PacketFixtures.LINE * 1e12;

    /** The flow's finish (ps, without the given path's 4 µs of propagation) and the bytes its sender resent. */
    private static long[] run(boolean placement) {
        GraphBuilder builder = new GraphBuilder();
        int hosts = builder.addNodes(Graph.ACCELERATOR, 2, false);
        int switches = builder.addNodes(Graph.SWITCH, 4, false);
        int leafA = switches;
        int spine1 = switches + 1;
        int spine2 = switches + 2;
        int leafB = switches + 3;
        LinkClass slow = new LinkClass(PacketFixtures.LINE, 9 * PacketFixtures.LATENCY_PS);
        int[] path = {builder.addLink(hosts, leafA, PacketFixtures.LINK),
            builder.addLink(leafA, spine1, PacketFixtures.LINK), builder.addLink(spine1, leafB, PacketFixtures.LINK),
            builder.addLink(leafB, hosts + 1, PacketFixtures.LINK)};
        builder.addLink(leafA, spine2, PacketFixtures.LINK);
        builder.addLink(spine2, leafB, slow);
        Simulation simulation = new Simulation(3);
        PacketNetwork network = new PacketNetwork(simulation, builder.build(), PacketConfig.roce(PacketFixtures.LINE)
                .withRouting(PacketRouting.SPRAY).withRecovery(Recovery.SELECTIVE_REPEAT)
                .withOutOfOrderPlacement(placement));
        long[] result = new long[2];
        network.setListener((tag, finishPs) -> result[0] = finishPs);
        network.start(path, path.length, PACKETS * 4096.0, 1, 0);
        simulation.run(network);
        result[1] = network.transport.retransmittedBytes;
        return result;
    }

    @Test
    void shouldResendNothingAndFinishWithTheLastLatePacketWhereTheNicPlacesOutOfOrder() {
        // No queue forms: the host sends a packet every s = 0.33264 µs and each spine link carries every second one.
        // Packet k (from 0) leaves the host at (k + 1)·s and, store-and-forward, reaches host 1 three serializations
        // later, (k + 4)·s after its start plus the path's latency: 4 µs on spine 1, 12 µs on spine 2. The last
        // packet (k = 63) or the one before it (k = 62) is on spine 2, as the spray's start falls; the finish,
        // less the given path's 4 µs, is then (63 + 4)·s + 8 µs = 30.287 µs or (62 + 4)·s + 8 µs = 29.954 µs,
        // (PACKETS + 2.5)·s + 8 µs within s/2. Every hole fills within 8 µs, long before the 4 ms timeout.
        long[] placed = run(true);
        assertEquals(0, placed[1]);
        assertEquals((PACKETS + 2.5) * PACKET_PS + 8e6, placed[0], PACKET_PS / 2 + 2);
    }

    @Test
    void shouldResendLatePacketsAsLostWhereTheReceiverCountsThreeOutOfOrderAsALoss() {
        // Without placement each late packet is read lost once packets 3 sequences beyond it have arrived: the
        // sender resends late packets that are still in flight, and the resends take the host's line ahead of new
        // data, so the flow ends after the placed one's latest possible finish.
        long[] counted = run(false);
        assertTrue(counted[1] > 0, "resent " + counted[1] + " B");
        assertTrue(counted[0] > (PACKETS + 3) * PACKET_PS + 8e6, "finished at " + counted[0] + " ps");
    }
}
