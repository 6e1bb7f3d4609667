package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * HPCC's window (Li et al., SIGCOMM 2019, §3.2: a sender keeps at most W = R·T bytes unacknowledged, W_init = B·T;
 * {@link HpccSender#windowEndSeq}) on {@link PacketFixtures#star}s of 100 Gb/s links of 1 µs, PFC, go-back-N. Host h
 * sends to host 0 over links 2h and 1 (port 1 the bottleneck). The base round trip of that 2-link path is
 * T = 2·2 µs + 2 × 4158 B / B (a data packet per hop) + 2 × 64 B / B (the acknowledgement's frames) = 4,675.52 ns, so
 * W_init = 12.5 GB/s × T = 58,444 B: ⌈58,444 / 4096⌉ = 15 packets of payload in flight at most per sender.
 */
class PacketHpccWindowTest {
    private static final long WIRE = 4158;
    private static final double T_PS = 4_675_520;
    private static final int WINDOW_PACKETS = 15;
    private static final double ETA = 0.95;

    /** Hosts 1..senders send {@code bytes} each to host 0 under HPCC's defaults; returns the run's network. */
    private static PacketNetwork incast(int senders, double bytes, long[] lastFinishPs) {
        Simulation simulation = new Simulation(7);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(senders + 1),
                PacketConfig.roce(PacketFixtures.LINE).withCongestionControl(PacketConfig.CongestionControl.HPCC));
        long[] finish = new long[senders];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        for (int host = 1; host <= senders; host++) {
            network.start(new int[] {2 * host, 1}, 2, bytes, 1, host - 1);
        }
        simulation.run(network);
        lastFinishPs[0] = Arrays.stream(finish).max().orElseThrow();
        return network;
    }

    @Test
    void shouldRecoverAWindowLostWholeByTheRetransmissionTimeout() {
        // Lossy, go-back-N, a 16 KiB buffer (port 1 holds 3 full packets): the four first windows of 15 packets meet
        // it at once and most are dropped. A sender whose unacknowledged packets are all dropped gets no
        // acknowledgement and no NACK, and its window holds its next packet: only the retransmission timeout
        // (4.19 ms) can rewind it, so the timeout must be armed while the window holds a sender, not only once the
        // last packet has left. Without that arming this run stops with 3 of the 4 MiB delivered.
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withFlowControl(PacketConfig.FlowControl.LOSSY)
                .withBuffer(new PacketConfig.Buffer(16 * 1024, 1.0, 4096, 3072, 3, 64))
                .withCongestionControl(PacketConfig.CongestionControl.HPCC);
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(5), config);
        for (int host = 1; host <= 4; host++) {
            network.start(new int[] {2 * host, 1}, 2, 1024 * 1024, 1, host);
        }
        simulation.run(network);
        assertEquals(network.bytesStarted(), network.bytesDelivered());
        assertTrue(network.counters().totals().timeouts() > 0, "timeouts " + network.counters().totals().timeouts());
    }

    /** The time {@code wireBytes} take at a utilisation {@code f} of the line, ps. */
    private static double pacedPs(double wireBytes, double f) {
        return wireBytes / (f * PacketFixtures.LINE) * 1e12;
    }

    @Test
    void shouldRunALoneFlowAtEtaWithoutItsWindowHoldingItBack() {
        // 4 MiB alone: 1024 packets, 4,257,792 wire bytes. Its acknowledgements return one T after each packet leaves,
        // so at a rate R it has R·T·4096/4158 < W = R·T of payload unacknowledged: the window never holds it. HPCC
        // holds it at f = η + R_AI / B = 0.9504 (its NIC link's own telemetry, "HPCC's lone flows", session 44) after
        // a first round trip at line rate, which gains at most (1 − η)·T; the finish counts the last packet's
        // arrival less the path's propagation, at most one T after its departure. So bytes / (f·B) − (1 − η)·T ≤
        // finish ≤ bytes / (η·B) + T: 358.17 to 363.23 µs. Measured 359.09 µs (358.99 µs before the window: a lone
        // flow on its own NIC's bottleneck builds no queue, so nothing idled it before either).
        long[] finish = new long[1];
        incast(1, 4 * 1024 * 1024, finish);
        double wire = 1024 * WIRE;
        double f = ETA + Hpcc.defaults(PacketFixtures.LINE).additiveBytesPerSecond() / PacketFixtures.LINE;
        assertTrue(finish[0] >= pacedPs(wire, f) - (1 - ETA) * T_PS && finish[0] <= pacedPs(wire, ETA) + T_PS,
                "lone 4 MiB flow " + finish[0] / 1e6 + " µs");
    }

    @Test
    void shouldBoundAnIncastsFirstQueueByTheSendersWindows() {
        // N senders of 1 MiB (256 packets each) start together at line rate. Each may have 15 packets unacknowledged,
        // so port 1 can never hold more than N·15 packets (N·W_init); in the first round trip each sender's 15 arrive
        // within 15 packet times while port 1 sends 15, so it holds at least (N − 1)·15 at the burst's end. Before
        // the window the senders kept sending at line rate until their second acknowledgement cut the rate: 83, 212
        // and 599 packets at N = 4, 8 and 16 (345,114, 881,496 and 2,490,642 B). Measured with it: 46, 106, 226.
        for (int n : new int[] {4, 8, 16}) {
            long peak = incast(n, 1024 * 1024, new long[1]).counters().port(1).peakQueueBytes();
            assertTrue(peak >= (n - 1L) * WINDOW_PACKETS * WIRE && peak <= (long) n * WINDOW_PACKETS * WIRE,
                    n + ":1 peak queue " + peak + " B");
        }
    }

    @Test
    void shouldFinishAFourToOneIncastNearItsBytesAtEta() {
        // 4 × 4 MiB = 16 MiB, 17,031,168 wire bytes through port 1: 1,434.20 µs at η·B. No faster than at HPCC's
        // fixed point f_4 = η + 4·R_AI / B = 0.9516 less the first round trip at line rate (at most N·W_init, one
        // round trip, early). Allowed above: 5%, the link's steady 0.93 of the line (a packet that meets another
        // sender's in the queue reads as 4158 B / (B·T) = 0.071 in U, so HPCC settles a little below η) and the
        // three survivors' climb back to the whole line as each flow finishes. Measured 1,492.75 µs (+4.1%). Before
        // the window 1,533.83 µs (+6.9%): the first burst's 83-packet queue read as U ≈ 6 cut every rate about
        // sixfold, and port 1 idled while the queue drained and the rates climbed back.
        long[] finish = new long[1];
        incast(4, 4 * 1024 * 1024, finish);
        double wire = 4 * 1024 * WIRE;
        double f4 = ETA + 4 * Hpcc.defaults(PacketFixtures.LINE).additiveBytesPerSecond() / PacketFixtures.LINE;
        assertTrue(finish[0] >= pacedPs(wire, f4) - T_PS && finish[0] <= 1.05 * pacedPs(wire, ETA),
                "4:1 incast of 4 MiB each " + finish[0] / 1e6 + " µs against " + pacedPs(wire, ETA) / 1e6);
    }
}
