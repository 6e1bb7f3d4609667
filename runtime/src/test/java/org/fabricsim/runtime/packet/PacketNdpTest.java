package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/** Receiver-driven pull (NDP, {@link Pulls}) on stars of C = 12.5 GB/s, 1 µs links, lossy with trimming. */
class PacketNdpTest {
    private static final long PACKET_PS = 332_640;

    private static PacketConfig ndp(long bufferBytes) {
        return PacketConfig.roce(PacketFixtures.LINE).withFlowControl(PacketConfig.FlowControl.LOSSY)
                .withBuffer(new PacketConfig.Buffer(bufferBytes, 1.0, 4096, 3072, 3, 64))
                .withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT).withTrimming(true)
                .withCongestionControl(PacketConfig.CongestionControl.NDP);
    }

    /** Hosts 1..senders send {@code packets} full packets each to host 0; returns each sender's finish, ps. */
    private static long[] incast(PacketNetwork[] holder, PacketConfig config, int senders, int packets) {
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(senders + 1), config);
        holder[0] = network;
        long[] finish = new long[senders + 1];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        for (int host = 1; host <= senders; host++) {
            network.start(new int[] {2 * host, 1}, 2, packets * 4096.0, 1, host);
        }
        simulation.run(network);
        return finish;
    }

    @Test
    void shouldRunAnIdlePathAtLineRateTimesPayloadEfficiencyExactly() {
        // One flow of N = 1000 packets: its first window (one bandwidth-delay product) lasts until the first PULL
        // returns, and the receiver then pulls one packet per packet time T = 4158 B / 12.5 GB/s = 332,640 ps, so the
        // NIC never waits: the finish is (N + 1)·T, as without pull (PacketLineRateTest).
        PacketNetwork[] network = new PacketNetwork[1];
        assertEquals(1001 * PACKET_PS, incast(network, ndp(2 << 20), 1, 1000)[1]);
        assertEquals(0, network[0].counters().totals().trimmed());
    }

    /**
     * A 4:1 incast of N = 400 packets per sender on a 2 MiB buffer. With trimming alone (PacketTrimmingTest) the
     * senders keep sending at line rate and the port trims at least 3N − 252 = 948 packets. With pull only the four
     * first windows arrive unasked; afterwards every packet answers a PULL and the receiver sends one PULL per T, so
     * the queue stays at the first windows' size: nothing is trimmed, port 1 never idles and the last flow finishes
     * after 4N + 1 packet times exactly. The pulls are served in arrival order, so the four flows share the port
     * evenly and finish within 4 packet times of one another.
     */
    @Test
    void shouldPullAnIncastAtTheReceiversLineRateWithoutTrimming() {
        PacketNetwork[] pulled = new PacketNetwork[1];
        long[] finish = incast(pulled, ndp(2 << 20), 4, 400);
        PacketNetwork[] pushed = new PacketNetwork[1];
        incast(pushed, ndp(2 << 20).withCongestionControl(PacketConfig.CongestionControl.NONE), 4, 400);
        assertTrue(pushed[0].counters().port(1).trimmed() >= 3 * 400 - 252, "trims without pull " + pushed[0].counters().port(1).trimmed());
        PacketTotals totals = pulled[0].counters().totals();
        assertEquals(0, totals.trimmed());
        assertEquals(0, totals.drops());
        assertEquals(0, totals.timeouts());
        long last = (4L * 400 + 1) * PACKET_PS;
        for (int host = 1; host <= 4; host++) {
            assertTrue(finish[host] <= last && finish[host] >= last - 4 * PACKET_PS, "host " + host + " " + finish[host]);
        }
        assertEquals(last, Math.max(Math.max(finish[1], finish[2]), Math.max(finish[3], finish[4])));
        assertTrue(pulled[0].counters().port(1).peakQueueBytes() < pushed[0].counters().port(1).peakQueueBytes() / 4,
                "peak queue " + pulled[0].counters().port(1).peakQueueBytes() + " against " + pushed[0].counters().port(1).peakQueueBytes());
    }

    /**
     * An 8:1 incast on a 64 KiB buffer (15 packets): the eight first windows overflow it and are trimmed. Each
     * trimmed header earns a NACK and a PULL, so each trim is resent exactly once (retransmitted bytes = trims ×
     * 4096, no duplicate, no timeout), and port 1 never idles: the last finish is (8N + 1) data packets of T and
     * one 62 B header of 4,960 ps per trim, exactly.
     */
    @Test
    void shouldResendEachTrimmedPacketOnceOnThePullItsHeaderEarns() {
        PacketNetwork[] network = new PacketNetwork[1];
        long[] finish = incast(network, ndp(64 << 10), 8, 400);
        PacketTotals totals = network[0].counters().totals();
        long trims = network[0].counters().port(1).trimmed();
        assertTrue(trims > 0, "the first windows overflow 64 KiB");
        assertEquals(trims * 4096, totals.retransmittedBytes());
        assertEquals(0, totals.duplicateBytes());
        assertEquals(0, totals.timeouts());
        assertEquals(network[0].bytesStarted(), network[0].bytesDelivered());
        long last = 0;
        for (long f : finish) {
            last = Math.max(last, f);
        }
        assertEquals((8L * 400 + 1) * PACKET_PS + trims * 4_960, last);
    }
}
