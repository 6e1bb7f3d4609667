package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.packet.PacketConfig.Recovery;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/** Every byte is delivered exactly once despite overflow drops and bit errors; runs repeat exactly per seed. */
class PacketConservationTest {

    /** A 6:1 incast on a lossy star with a small buffer and bit errors; returns finish times and totals. */
    private static Object[] incast(Recovery recovery, long seed) {
        Graph graph = PacketFixtures.star(7);
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withFlowControl(FlowControl.LOSSY)
                .withRecovery(recovery).withBitErrorRate(1e-8).withRetransmitTimeoutPs(50_000_000)
                .withBuffer(new PacketConfig.Buffer(256 << 10, 1.0, 4096, 3072, 3, 64));
        Simulation simulation = new Simulation(seed);
        PacketNetwork network = new PacketNetwork(simulation, graph, config);
        long[] finish = new long[6];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        for (int h = 1; h <= 6; h++) {
            // Host h's uplink is link 2h; host 0's downlink is link 1. Sizes differ so flows end apart.
            network.start(new int[] {2 * h, 1}, 2, 1_000_000.0 * h + 123, 1, h - 1);
        }
        simulation.run(network);
        return new Object[] {finish, network.counters().totals(), network.bytesStarted(), network.bytesDelivered(),
                network.activeFlowClasses()};
    }

    @Test
    void shouldDeliverEveryByteExactlyOnceUnderGoBackN() {
        assertConserved(incast(Recovery.GO_BACK_N, 1));
    }

    @Test
    void shouldDeliverEveryByteExactlyOnceUnderSelectiveRepeat() {
        assertConserved(incast(Recovery.SELECTIVE_REPEAT, 1));
    }

    private static void assertConserved(Object[] run) {
        PacketTotals totals = (PacketTotals) run[1];
        // Σ (10⁶·h + 123) for h = 1..6 = 21·10⁶ + 738 bytes started, all delivered, none twice.
        assertEquals(21_000_738.0, (double) run[2]);
        assertEquals(21_000_738.0, (double) run[3]);
        assertEquals(0, (int) run[4]);
        assertTrue(totals.drops() > 0, "a 256 KiB buffer under a 6:1 incast overflows");
        assertTrue(totals.retransmittedBytes() > 0, "and the lost bytes are sent again");
    }

    @Test
    void shouldRepeatExactlyForOneSeedAndDifferForAnother() {
        Object[] first = incast(Recovery.SELECTIVE_REPEAT, 5);
        Object[] again = incast(Recovery.SELECTIVE_REPEAT, 5);
        Object[] other = incast(Recovery.SELECTIVE_REPEAT, 6);
        assertArrayEquals((long[]) first[0], (long[]) again[0]);
        assertEquals(first[1], again[1]);
        assertNotEquals(first[1], other[1]);
    }
}
