package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/** Packet trimming (NDP, Ultra Ethernet) on a 4:1 incast: hosts 1 to 4 send N packets each to host 0. */
class PacketTrimmingTest {
    private static final int N = 400;

    private static PacketConfig lossy(boolean trimming) {
        return PacketConfig.roce(PacketFixtures.LINE).withFlowControl(PacketConfig.FlowControl.LOSSY)
                .withBuffer(new PacketConfig.Buffer(2 << 20, 1.0, 4096, 3072, 3, 64))
                .withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT).withTrimming(trimming);
    }

    private static PacketNetwork incast(PacketConfig config, long[] lastFinishPs) {
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(5), config);
        network.setListener((tag, finishPs) -> lastFinishPs[0] = Math.max(lastFinishPs[0], finishPs));
        for (int host = 1; host <= 4; host++) {
            network.start(new int[] {2 * host, 1}, 2, N * 4096.0, 1, host);
        }
        simulation.run(network);
        return network;
    }

    @Test
    void shouldTrimInsteadOfDroppingAndKeepTheBottleneckBusyWithoutATimeout() {
        // Tail drop on a 2 MiB buffer holds at most 252 packets at port 1 (PacketIncastPortTest).
        // With trimming every packet that finds it full goes on as a 62-byte header ahead of the
        // data; the receiver NACKs it and the sender resends it at once, so nothing is lost and no
        // timer fires, and each trim costs exactly one retransmission (no duplicate). The first
        // round alone offers 4N arrivals in N·T while at most N leave and 252 stay: at least
        // 3N − 252 = 948 trims. Port 1 never idles from its first packet to the last delivery: the
        // last flow finishes (store-and-forward of its last packet included, propagation
        // excluded) after (4N + 1) data packets of T = 4158 B / 12.5 GB/s = 332,640 ps and one header
        // of 62 B = 4,960 ps per trim, exactly. Goodput 4N·4096 B over that time is then within
        // 2% of capacity (line × 4096/4158): the headers' share of the port, 62 B per trim.
        long[] last = new long[1];
        PacketNetwork network = incast(lossy(true), last);
        PacketTotals totals = network.counters().totals();
        PortReport port = network.counters().port(1);
        assertEquals(0, totals.drops());
        assertEquals(0, totals.timeouts());
        assertEquals(network.bytesStarted(), network.bytesDelivered());
        assertEquals(totals.trimmed(), port.trimmed(), "every trim at the incast port");
        assertTrue(port.trimmed() >= 3L * N - 252, "trimmed " + port.trimmed());
        assertEquals(port.trimmed() * 4096, totals.retransmittedBytes(), "one resend per trim");
        assertEquals(0, totals.duplicateBytes());
        assertEquals((4L * N + 1) * 332_640 + port.trimmed() * 4_960, last[0]);
        double capacity = PacketFixtures.LINE * 4096 / 4158;
        double goodput = 4.0 * N * 4096 / (last[0] * 1e-12);
        assertTrue(goodput >= 0.98 * capacity, "goodput " + goodput / capacity + " of capacity");
    }

    @Test
    void shouldRecoverTheSameIncastFarFasterThanTailDropWithSelectiveRepeat() {
        // Without trimming, tail drop loses whole runs of a flow's packets (the last ones of a
        // burst leave no later arrival to reveal the hole), and only the 4.19 ms timeout recovers
        // them: the incast takes over ten times as long.
        long[] trimmed = new long[1];
        long[] dropped = new long[1];
        incast(lossy(true), trimmed);
        PacketTotals plain = incast(lossy(false), dropped).counters().totals();
        assertTrue(plain.timeouts() > 0 && plain.drops() > 0, plain.toString());
        assertTrue(dropped[0] > 10 * trimmed[0], trimmed[0] + " ps against " + dropped[0] + " ps");
    }

    @Test
    void shouldRefuseTrimmingWithGoBackN() {
        assertThrows(IllegalArgumentException.class,
                () -> PacketConfig.roce(PacketFixtures.LINE).withTrimming(true));
    }
}
