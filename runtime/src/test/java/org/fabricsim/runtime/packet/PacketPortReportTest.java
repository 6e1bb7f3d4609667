package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/** Per-port results: queue depth percentiles, drops, marks and bytes of a 2:1 incast on a star. */
class PacketPortReportTest {
    private static final int PACKETS = 400;
    private static final long WIRE = 4158;

    private static PacketNetwork incast(PacketConfig config) {
        Simulation simulation = new Simulation(2);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(3), config);
        network.start(new int[] {2, 1}, 2, PACKETS * 4096.0, 1, 0);
        network.start(new int[] {4, 1}, 2, PACKETS * 4096.0, 1, 1);
        simulation.run(network);
        return network;
    }

    @Test
    void shouldReportTheQueueBuildingUpAtTheIncastPort() {
        // Hosts 1 and 2 each send 400 packets to host 0. Every T a packet of each reaches the
        // switch and one leaves towards host 0, so the queue grows by one packet per T: the 800
        // arrivals find 0, 0, 1, 1, ..., 399, 399 packets queued. Median 200 packets = 831,600 B,
        // 99th percentile 396 packets = 1,646,568 B; the histogram reports a bucket's upper bound,
        // at most 25% above. PFC's threshold (≈ 1.4 MB per ingress) is not reached, so nothing is
        // paused or dropped, and nothing is marked without ECN.
        PortReport port = incast(PacketConfig.roce(PacketFixtures.LINE)).counters().port(1);
        assertTrue(port.queueP50Bytes() >= 200 * WIRE && port.queueP50Bytes() <= 1.25 * 200 * WIRE,
                "median " + port.queueP50Bytes());
        assertTrue(port.queueP99Bytes() >= 396 * WIRE && port.queueP99Bytes() <= 1.25 * 396 * WIRE,
                "p99 " + port.queueP99Bytes());
        assertEquals(2 * PACKETS * WIRE, port.sentBytes());
        assertEquals(0, port.drops());
        assertEquals(0, port.ecnMarks());
        assertEquals(0, port.pausePs());
    }

    @Test
    void shouldCountDropsOnALossyPortAndMarksWithEcn() {
        // A 2 MiB buffer with α = 1 lets one queue hold Q ≤ B − Q, i.e. 1 MiB = 252 packets,
        // fewer than the 400 the incast queues: tail drops. With ECN, packets leaving a queue
        // above Kmin = 400 KB (at 100 Gb/s) are marked.
        PacketConfig lossy = PacketConfig.roce(PacketFixtures.LINE).withFlowControl(PacketConfig.FlowControl.LOSSY)
                .withBuffer(new PacketConfig.Buffer(2 << 20, 1.0, 4096, 3072, 3, 64)).withEcn(true)
                .withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT).withRetransmitTimeoutPs(50_000_000);
        PacketNetwork network = incast(lossy);
        PortReport port = network.counters().port(1);
        assertTrue(port.drops() > 0, "drops " + port.drops());
        assertTrue(port.ecnMarks() > 0, "marks " + port.ecnMarks());
        assertEquals(network.bytesStarted(), network.bytesDelivered());
        assertTrue(network.counters().totals().retransmittedBytes() >= port.drops() * 4096 - 4096);
    }
}
