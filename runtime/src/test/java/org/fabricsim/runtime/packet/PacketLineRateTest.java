package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** One flow alone on its path runs at line rate × payload / (payload + headers). */
class PacketLineRateTest {

    @Test
    void shouldReachLineRateTimesPayloadEfficiencyOnAnIdlePath() {
        // Host 0 -> switch -> host 1, 12.5 GB/s links. A packet is 4096 + 62 = 4158 wire bytes,
        // T = 4158 / 12.5e9 s = 332,640 ps. N = 1000 full packets leave the NIC back to back; the
        // switch forwards each as soon as it has it, so the last one reaches host 1 at (N + 1)·T +
        // 2 latencies, and the reported finish (latency excluded) is (N + 1)·T = 333,972,640 ps.
        int packets = 1000;
        long finish = PacketFixtures.run(PacketFixtures.star(2), PacketConfig.roce(PacketFixtures.LINE),
                new int[][] {{0, 3}}, new double[] {packets * 4096.0})[0];
        long packetPs = 332_640;
        assertEquals((packets + 1) * packetPs, finish);
        // Goodput in steady state (one packet of pipeline fill removed): 4096 B every T, which is
        // 12.5e9 × 4096 / 4158 = 12.3136 GB/s.
        double goodput = packets * 4096.0 / ((finish - packetPs) * 1e-12);
        assertEquals(PacketFixtures.LINE * 4096 / 4158, goodput, 1e-6 * goodput);
    }

    @Test
    void shouldCarryAShortLastPacketWithItsOwnHeader() {
        // 2.5 packets of payload: 4096 + 4096 + 2048 bytes, wire 4158, 4158, 2110 (T = 332,640 ps
        // for a full packet, 168,800 ps for the last). The switch port sends packet k from (k+1)·T
        // (k = 0, 1) and is free at 3·T = 997,920 ps; the last packet reached the switch at 2·T +
        // 168,800 = 834,080 ps, so it leaves at 997,920 and ends at 997,920 + 168,800 = 1,166,720 ps.
        long finish = PacketFixtures.run(PacketFixtures.star(2), PacketConfig.roce(PacketFixtures.LINE),
                new int[][] {{0, 3}}, new double[] {2.5 * 4096})[0];
        assertEquals(1_166_720, finish);
    }
}
