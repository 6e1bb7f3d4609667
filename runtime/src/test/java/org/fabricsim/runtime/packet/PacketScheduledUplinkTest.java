package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;

import org.fabricsim.runtime.packet.PacketConfig.CongestionControl;
import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * A scheduled fabric ({@link VoqScheduler}) that trims, under the 8:1 incast across a leaf uplink of the behaviour
 * table (TrafficPattern.uplinkIncast: hosts 0..7 on one leaf, 8:1 oversubscribed, hence one uplink, each sending
 * to its partner 8 hosts on; 12.5 GB/s, 1 µs links). Each receiver's egress port grants its one sender its line
 * rate, so the eight together offer the uplink, which no scheduler governs, eight times its rate: its queue fills
 * and the switch trims.
 */
class PacketScheduledUplinkTest {
    private static final int SENDERS = 8;
    /** A full packet: 4096 B of payload and 62 B of headers, w = 4158 B, T = w / C = 332,640 ps at C = 12.5 GB/s. */
    private static final long PACKET_PS = 332_640;

    private static PacketConfig scheduledTrimming() {
        return PacketConfig.roce(PacketFixtures.LINE).withFlowControl(FlowControl.LOSSY)
                .withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT).withCongestionControl(CongestionControl.SCHEDULED)
                .withTrimming(true);
    }

    /** Starts sender s → s + 8 of {@code bytesEach} for every s, on its ECMP path (one, over the leaf's one uplink). */
    private static PacketNetwork uplinkIncast(Simulation simulation, double bytesEach, long[] last) {
        ClusterTopology topology = PacketFixtures.twoTier(2 * SENDERS, SENDERS, SENDERS);
        PacketNetwork network = new PacketNetwork(simulation, topology.graph(), scheduledTrimming());
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        Router router = new Router(topology, RoutingMode.ECMP, 11);
        int[] path = new int[topology.maxRouteLinks()];
        for (int s = 0; s < SENDERS; s++) {
            int length = router.route(s, s + SENDERS, Router.flowKey(s, s + SENDERS, 0), 0, path);
            network.start(Arrays.copyOf(path, length), length, bytesEach, 1, s);
        }
        return network;
    }

    /**
     * 1 MiB per sender, N = 256 full packets each: the uplink carries 8·N = 2048 packets, one per T at best, so the
     * makespan is at least 2048·T = 681,246,720 ps; with the uplink busy from shortly after the first grants (two
     * feedback delays of about 4 µs) to the end, it is well within twice that. Each trimmed packet's NACK queues
     * one resend, which on a scheduled fabric needs credit requested for it: without that request the senders
     * spend their credit on packets the uplink trims, hold resends they have no credit for, and re-arm their
     * retransmission timers for ever (the run never ended). Trims resend their packet once each (Transport), and
     * every packet here is full: the bytes resent are the trims × 4096, and every byte arrives.
     */
    @Test
    void shouldFinishAScheduledTrimmingIncastAcrossAnUplink() {
        Simulation simulation = new Simulation(11);
        long[] last = new long[1];
        PacketNetwork network = uplinkIncast(simulation, 1 << 20, last);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> simulation.run(network));
        long lower = 2048 * PACKET_PS;
        assertTrue(last[0] >= lower && last[0] <= 2 * lower, "makespan " + last[0] + " against " + lower);
        PacketTotals totals = network.counters().totals();
        assertTrue(totals.trimmed() > 0, "the uplink trims");
        assertEquals(totals.trimmed() * 4096, totals.retransmittedBytes(), "one resend per trim");
        assertEquals(network.bytesStarted(), network.bytesDelivered(), "every byte delivered");
    }

    /**
     * A run whose events fall due beyond the clock's range (here: started 1 ps before 2⁶³ ps, so its first event, a
     * sender's request for credit flying over the links' latency, passes it) fails with the state it was in instead
     * of wrapping round, naming the control messages' flight and the latencies to change.
     */
    @Test
    void shouldFailClearlyWhenTheSimulatedClockWouldOverflow() {
        Simulation simulation = new Simulation(11);
        simulation.advanceTo(Long.MAX_VALUE - 1);
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> uplinkIncast(simulation, 1 << 20, new long[1]));
        assertTrue(error.getMessage().contains("the simulated time would pass the engine's clock range")
                && error.getMessage().contains(": control messages over the links' latencies (acknowledgements,"
                        + " congestion notifications, pauses, credits, pulls and grants) (packet run: ")
                && error.getMessage().contains("0 of 1048576 bytes delivered")
                && error.getMessage().endsWith("Fix: state the links' latencies as measured, each at most 1 s."),
                error.getMessage());
    }
}
