package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.CongestionControl;
import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A scheduled fabric ({@link VoqScheduler}: request/grant virtual output queues, credits of c = 1024 B) on stars of
 * C = 12.5 GB/s, 1 µs links. A full packet is w = 4158 wire bytes, T = w / C = 332,640 ps; a credit lasts
 * g = c / C = 81,920 ps.
 */
class PacketScheduledTest {
    private static final long PACKET_PS = 332_640;
    private static final int WIRE = 4158;
    private static final int CREDIT = VoqScheduling.defaults().creditBytes();
    /**
     * One feedback delay over a host-switch-host path: the two links' latency plus a 64-byte frame's serialization
     * on each, 2 µs + 2 × 64 B / 12.5 GB/s = 2,000,000 + 10,240 ps.
     */
    private static final long FEEDBACK_PS = 2_010_240;

    private static PacketConfig scheduled(FlowControl flowControl, long bufferBytes) {
        return PacketConfig.roce(PacketFixtures.LINE).withFlowControl(flowControl)
                .withBuffer(new PacketConfig.Buffer(bufferBytes, 1.0, 4096, 3072, 3, 64))
                .withCongestionControl(CongestionControl.SCHEDULED);
    }

    /** Hosts 1..senders send {@code packets} full packets each to host 0 (port 1); returns the last finish, ps. */
    private static long incast(PacketNetwork[] holder, PacketConfig config, int senders, int packets) {
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(senders + 1), config);
        holder[0] = network;
        long[] last = new long[1];
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        for (int host = 1; host <= senders; host++) {
            network.start(new int[] {2 * host, 1}, 2, packets * 4096.0, 1, host);
        }
        simulation.run(network);
        return last[0];
    }

    /**
     * One flow of N = 1000 full packets on an idle path pays one request-grant round trip before its first packet
     * and nothing after it: the request reaches the egress scheduler one feedback delay F after the start, the first
     * grant the sender F later, and from then on the sender is never short of credit (after j packets sent at line
     * rate, ⌊j·w/c⌋ + 1 credits of c have arrived, more than the j·w bytes spent). Without congestion control the
     * flow finishes at (N + 1)·T (PacketLineRateTest); scheduled, exactly 2·F later.
     */
    @Test
    void shouldPayOneRequestGrantRoundTripBeforeDataOnAnIdlePath() {
        PacketNetwork[] network = new PacketNetwork[1];
        long plain = incast(network, scheduled(FlowControl.PFC, 12L << 20).withCongestionControl(CongestionControl.NONE),
                1, 1000);
        long finish = incast(network, scheduled(FlowControl.PFC, 12L << 20), 1, 1000);
        assertEquals(1001 * PACKET_PS, plain);
        assertEquals(1001 * PACKET_PS + 2 * FEEDBACK_PS, finish);
    }

    /**
     * An 8:1 incast of N = 400 packets per sender on a lossy switch of 256 KiB, and on a PFC one. Pushed at line rate, the port's
     * queue grows by 7·C and overflows (drops). Scheduled, the receiver's port grants one credit per g, round
     * robin, so the senders together are sent at most C: the queue is bounded by the credit window. Bound: every
     * sender has the same feedback delay and path, so the bytes reaching the port by time t + D (D the sender's
     * serialization and the link's latency) are at most the credits granted by t − F, c + C·(t − F − t₀) (the first
     * grant at t₀ counts whole), plus what each sender sends beyond its balance, under one packet each (it sends
     * while its balance is positive): the queue never exceeds c + 8·w = 34,288 bytes. Nothing is dropped or paused,
     * and the port is busy from its first packet to its last: the last flow finishes within (8N + 1)·T + 2F and
     * that plus the credits the last grants round up, at most one per sender (8·g), and one packet time.
     */
    @Test
    void shouldKeepAnIncastsBottleneckAtCapacityWithTheQueueBoundedByTheCreditWindow() {
        PacketNetwork[] pushed = new PacketNetwork[1];
        incast(pushed, scheduled(FlowControl.LOSSY, 256 << 10).withCongestionControl(CongestionControl.NONE), 8, 400);
        assertTrue(pushed[0].counters().port(1).drops() > 0, "pushed at line rate, the incast overflows 256 KiB");
        // PFC on the default 12 MiB: a 256 KiB switch has no room for PFC's headroom, so it would pause any queue.
        for (FlowControl flowControl : new FlowControl[] {FlowControl.LOSSY, FlowControl.PFC}) {
            PacketNetwork[] network = new PacketNetwork[1];
            long buffer = flowControl == FlowControl.LOSSY ? 256 << 10 : 12L << 20;
            long last = incast(network, scheduled(flowControl, buffer), 8, 400);
            long ideal = (8 * 400 + 1) * PACKET_PS + 2 * FEEDBACK_PS;
            assertTrue(last >= ideal && last <= ideal + 8L * CREDIT * PACKET_PS / WIRE + PACKET_PS,
                    flowControl + ": last finish " + last + " against " + ideal);
            PortReport port = network[0].counters().port(1);
            assertTrue(port.peakQueueBytes() <= CREDIT + 8L * WIRE, flowControl + ": peak " + port.peakQueueBytes());
            PacketTotals totals = network[0].counters().totals();
            assertEquals(0, totals.drops(), flowControl + " drops");
            assertEquals(0, totals.retransmittedBytes(), flowControl + " retransmissions");
            for (int link = 0; link < 18; link++) {
                assertEquals(0, network[0].counters().port(link).pausePs(), flowControl + " pause on link " + link);
            }
        }
    }

    /**
     * The victim-flow experiment ({@link VictimIncast}, PacketIncastTest) on a PFC fabric. Unscheduled, pauses hold
     * the victim V → W to C/6. Scheduled, R's port grants C/4 to each of A1, A2, B1 and B2 (its max-min share), so
     * A1 and A2 offer the trunk C/2 and nothing for R waits at S2; W's port grants V at line rate, and the trunk,
     * which no scheduler governs, gives V what A1 and A2 leave: its max-min share C − 2·C/4 = C/2 (within 10%),
     * three times its share under PFC alone, while the bottleneck S2→R stays within 2% of C (measured: 0.500 C,
     * 0.250 C each, 1.000 C; V's excess waits in the trunk's queue, about 2.4 MB, which PFC holds by pausing V).
     */
    @Test
    void shouldKeepTheVictimsFullShareWherePfcAloneStarvesIt() {
        double c = PacketFixtures.LINE;
        VictimIncast pfc = new VictimIncast(PacketConfig.roce(c));
        VictimIncast scheduled = new VictimIncast(PacketConfig.roce(c).withCongestionControl(CongestionControl.SCHEDULED));
        assertEquals(c / 6, pfc.victimRate(), 0.02 * c, "PFC holds the victim to C/6");
        assertEquals(c / 2, scheduled.victimRate(), 0.1 * c / 2,
                "scheduled: victim " + scheduled.victimRate() / c + " C");
        for (int sender : new int[] {VictimIncast.A1, VictimIncast.A2, VictimIncast.B1, VictimIncast.B2}) {
            assertEquals(c / 4, scheduled.uplinkRate(sender), 0.05 * c / 4, "incast sender " + sender);
        }
        assertEquals(c, scheduled.bottleneckRate(), 0.02 * c, "bottleneck");
    }

    /**
     * Lost packets need credit again: with bit errors (10⁻⁷ per bit, about 0.33% of full packets per link) a 4:1
     * incast of 2,000 packets per sender on a lossy scheduled fabric loses packets, and each NACK or timeout that
     * queues resends requests their credit, so under go-back-N and selective repeat every byte is delivered
     * exactly once to the application (the finished flows' bytes equal the bytes started) and the run ends. Without
     * those requests a flow could resend at most one packet on the credit its rounded-up grants leave it (under one
     * credit, spent while positive): the resends here exceed one packet per flow, 4 × 4096 bytes.
     */
    @Test
    @Timeout(120)
    void shouldRequestCreditForResendsSoThatALossyRunCompletes() {
        for (PacketConfig.Recovery recovery : PacketConfig.Recovery.values()) {
            PacketNetwork[] network = new PacketNetwork[1];
            incast(network, scheduled(FlowControl.LOSSY, 12L << 20).withBitErrorRate(1e-7).withRecovery(recovery),
                    4, 2000);
            assertTrue(network[0].counters().totals().drops() > 0, recovery + ": bit errors drop packets");
            assertTrue(network[0].counters().totals().retransmittedBytes() > 4 * 4096, recovery + ": resent beyond leftover credit "
                    + network[0].counters().totals().retransmittedBytes());
            assertEquals(network[0].bytesStarted(), network[0].bytesDelivered(), recovery + ": every byte delivered");
            assertEquals(0, network[0].activeFlowClasses(), recovery + ": every flow finished");
        }
    }
}
