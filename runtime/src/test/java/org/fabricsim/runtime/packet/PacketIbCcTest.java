package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.CongestionControl;
import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * InfiniBand congestion control ({@link IbCc}) on credit-based lossless fabrics of C = 12.5 GB/s, 1 µs links:
 * no effect on an idle path, rate steps equal to the congestion control table's entries, and a 4:1 incast with a
 * victim flow whose throughput it restores.
 */
class PacketIbCcTest {
    private static final double C = PacketFixtures.LINE;
    /** A full packet's time on the wire: 4,158 B / 12.5 GB/s. */
    private static final long PACKET_PS = 332_640;
    private static final PacketConfig IB = PacketConfig.roce(C).withFlowControl(FlowControl.CREDIT)
            .withCongestionControl(CongestionControl.IB_CC);

    @Test
    void shouldRunAnIdlePathAtLineRateTimesPayloadEfficiencyExactly() {
        // As PacketLineRateTest: N = 1000 full packets back to back over host → switch → host; the switch queue holds
        // at most the one packet it forwards (4,158 B, under the 64 KiB threshold), so nothing is marked, the CCTI
        // stays 0 (CCT[0] = 0: no delay) and the reported finish is (N + 1)·T exactly, goodput C × 4096/4158.
        Simulation simulation = new Simulation(7);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(2), IB);
        long[] finish = new long[1];
        network.setListener((tag, finishPs) -> finish[0] = finishPs);
        network.start(new int[] {0, 3}, 2, 1000 * 4096.0, 1, 0);
        simulation.run(network);
        assertEquals(1001 * PACKET_PS, finish[0]);
        assertEquals(0, network.counters().port(3).ecnMarks());
        assertEquals(0, network.counters().totals().cnps(), "no BECN");
    }

    /**
     * A threshold of 0 marks every packet (a departing packet's queue holds at least itself), and CCTI_Increase =
     * CCTI_Limit = k sends the flow to table entry k with its first BECN and keeps it there (the 1 s timer never
     * expires in the run). Entry k = (shift 3, multiplier k) delays each packet by k/8 of a packet time, so the NIC
     * sends at C × 8/(8 + k): k = 1: 8/9 C = 11.111 GB/s; k = 8: C/2 = 6.25 GB/s; k = 24: C/4 = 3.125 GB/s. Measured
     * on the host's uplink over 100 µs to 500 µs, long after the first BECN (about 2T + 4 µs), to within one packet.
     */
    @Test
    void shouldPaceAtTheCongestionControlTableEntryTheBecnsReach() {
        for (int k : new int[] {1, 8, 24}) {
            IbCc table = new IbCc(0, k, k, 0, 1_000_000_000_000L, 3, IbCc.VictimMask.END_NODE_PORTS);
            Simulation simulation = new Simulation(7);
            PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(2), IB.withIbCc(table));
            network.start(new int[] {0, 3}, 2, 64e6, 1, 0);
            long[] sent = new long[2];
            int mark = simulation.register(payload -> sent[payload] = network.counters().port(0).sentBytes());
            simulation.schedule(100_000_000L, mark, 0);
            simulation.schedule(500_000_000L, mark, 1);
            simulation.run(new StopAt(network, 500_000_000L));
            double rate = (sent[1] - sent[0]) / 400e-6;
            double expected = C * 8 / (8 + k);
            assertEquals(expected, rate, 4158 / 400e-6, "entry " + k);
            assertEquals(expected, C * table.rateFraction(k), 1e-6);
        }
    }

    /**
     * Once congestion ends the CCTI timer walks the index back, one entry per CCTI_Timer, to CCTI_Min = 0: line rate
     * again. Hosts 0 and 1 send to host 2; host 1 stops after 4 MB, then host 0 is alone. With CCTI at most 127 and
     * the 10.24 µs timer, host 0 is back at line rate at most 127 × 10.24 µs = 1.3 ms after the last BECN; its
     * uplink carries C (to within one packet) over 5 ms to 6 ms.
     */
    @Test
    void shouldReturnToLineRateOnceTheTimerHasUndoneTheBecns() {
        Simulation simulation = new Simulation(7);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(3), IB);
        network.start(new int[] {0, 5}, 2, 256e6, 1, 0);
        network.start(new int[] {2, 5}, 2, 4e6, 1, 1);
        long[] sent = new long[2];
        int mark = simulation.register(payload -> sent[payload] = network.counters().port(0).sentBytes());
        simulation.schedule(5_000_000_000L, mark, 0);
        simulation.schedule(6_000_000_000L, mark, 1);
        simulation.run(new StopAt(network, 6_000_000_000L));
        assertTrue(network.counters().totals().cnps() > 0, "the 2:1 incast sent BECNs");
        assertEquals(C, (sent[1] - sent[0]) / 1e-3, 4158 / 1e-3);
    }
}
