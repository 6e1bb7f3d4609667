package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * Per-port occupancy, pause and drops of a 4:1 incast on a star: hosts 1 to 4 each send N packets to
 * host 0 through the switch's port 1 (link 1, the switch's downlink to host 0), all at line rate.
 */
class PacketIncastPortTest {
    private static final long WIRE = 4158;

    private static PacketNetwork incast(PacketConfig config, int packets) {
        Simulation simulation = new Simulation(3);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(5), config);
        for (int host = 1; host <= 4; host++) {
            network.start(new int[] {2 * host, 1}, 2, packets * 4096.0, 1, host);
        }
        simulation.run(network);
        return network;
    }

    @Test
    void shouldReportPeakAndMeanQueueOfALosslessIncastFromItsArrivalPattern() {
        // Every packet time T four packets reach the switch and port 1 sends one. Round 0 finds the
        // port idle: the first packet leaves at once and the others find 0, 1, 2. From round 1 on
        // the four arrivals come at the instant port 1 ends a packet and are handled first (they
        // were scheduled earlier): round k finds 3k, 3k + 1, 3k + 2, 3k + 3, peaks at 3k + 4, and
        // the departure leaves 3k + 3. Over N rounds: peak 3N + 1 packets; depth summed over the
        // arrivals 3 + Σ_{k=1}^{N−1} (12k + 6) = 6N² − 3, mean (6N² − 3) / 4N packets. N = 100: peak
        // 301 packets, mean 149.9925. Each ingress holds at most 76 packets (316 KB), under PFC's
        // threshold (≈ 1.4 MB), so nothing pauses or drops.
        int n = 100;
        PortReport port = incast(PacketConfig.roce(PacketFixtures.LINE), n).counters().port(1);
        assertEquals((3L * n + 1) * WIRE, port.peakQueueBytes());
        assertEquals((6.0 * n * n - 3) / (4 * n) * WIRE, port.meanQueueBytes(), 1e-6);
        assertEquals(4L * n * WIRE, port.sentBytes());
        assertEquals(0, port.drops());
        assertEquals(0, port.pausePs());
        assertEquals(0, port.fromNode() == 5 && port.toNode() == 0 ? 0 : 1, "link 1 runs from the switch to host 0");
    }

    @Test
    void shouldCountTheBytesOverTheBufferAsDropsOnALossyIncast() {
        // Tail drop with α = 1 on a 2 MiB buffer: a packet of s bytes joins iff 2Q + s ≤ B, so the
        // queue holds at most ⌊(B + s) / 2s⌋ = ⌊2,101,310 / 8,316⌋ = 252 packets. While the four
        // senders are busy (at least the N·T of their first transmissions) four packets arrive per
        // T and one leaves: of the 4N arrivals in that time at most N left and 252 stayed, so at
        // least 3N − 252 = 948 (N = 400) were dropped. Every drop is at port 1 and every arrival at
        // the switch leaves on port 1, is dropped there, or is a late duplicate of a flow already
        // delivered (handed straight to its receiver): (Σ uplinks − port 1) / wire − drops lies
        // between 0 and the duplicate packets.
        int n = 400;
        PacketConfig lossy = PacketConfig.roce(PacketFixtures.LINE).withFlowControl(PacketConfig.FlowControl.LOSSY)
                .withBuffer(new PacketConfig.Buffer(2 << 20, 1.0, 4096, 3072, 3, 64))
                .withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT).withRetransmitTimeoutPs(50_000_000);
        PacketNetwork network = incast(lossy, n);
        PortReport port = network.counters().port(1);
        assertEquals(252 * WIRE, port.peakQueueBytes());
        assertTrue(port.drops() >= 3L * n - 252, "drops " + port.drops());
        long arrived = 0;
        for (int host = 1; host <= 4; host++) {
            arrived += network.counters().port(2 * host).sentBytes();
        }
        long lateDuplicates = (arrived - port.sentBytes()) / WIRE - port.drops();
        assertTrue(lateDuplicates >= 0 && lateDuplicates <= network.counters().totals().duplicateBytes() / 4096,
                "drops " + port.drops() + ", late duplicates " + lateDuplicates);
        assertEquals(network.counters().totals().drops(), port.drops());
        assertEquals(network.bytesStarted(), network.bytesDelivered());
    }

    @Test
    void shouldListTheIncastPortFirstAmongTheBusiestAndLeaveIdlePortsOut() {
        // Port 1 queues; the uplinks 2, 4, 6, 8 only serialize (no queue at a NIC); the star's other
        // downlinks (3, 5, 7, 9) and host 0's uplink (0) carry nothing, so five ports are listed.
        List<PortReport> busiest = incast(PacketConfig.roce(PacketFixtures.LINE), 10).counters().busiestPorts();
        assertEquals(List.of(1, 2, 4, 6, 8), busiest.stream().map(PortReport::link).toList());
    }
}
