package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * HPCC's window on a lossy fabric where acknowledgements shrink it: the all-to-all of the dsl tests' {@code Fly}
 * (EverySetting: 32 ranks on a dragonfly of 2 groups of 2 routers, 8 ranks a router, one global link a router; links
 * of 400 Gb/s and 600 ns; HPCC at η = 95 %, maxStage 5, R_AI = 160 Mb/s; selective repeat, spraying, 4 flows a peer)
 * with tail drop instead of PFC. Each of the 4 flows a pair carries 4 MiB / 32 / 4 = 32 KiB, 8 packets. An
 * acknowledgement that lowers a flow's rate shrinks W = R·T ({@link HpccSender#windowEndSeq}) below the packets it
 * already has in flight, so the window holds the sender without a send that reached the window's end; where those
 * packets were all dropped nothing comes back. Before the fix no retransmission timer was armed then and the run
 * stalled (measured 2026-12-07: 199 flow classes unfinished, 109,084,672 of 130,023,424 bytes delivered, events run
 * out at 12,741.526 µs, such flows e.g. at next 7, window end 6, cumulative 4 of 8 packets, no timer).
 */
class PacketHpccFlyLossTest {
    private static final LinkClass LINK = new LinkClass(50e9, 600_000);
    private static final int RANKS = 32;
    private static final double PAIR_BYTES = 4.0 * 1024 * 1024 / RANKS;

    @Test
    void shouldDeliverEveryByteOfALossyFlyAllToAllWhoseAcknowledgementsShrinkTheWindowBelowThePacketsInFlight() {
        ClusterTopology fly = ClusterTopology.build(ClusterParameters.scaleOutOnly(RANKS, LINK,
                new DragonflyParameters(2, 2, 8, 1, LINK, LINK, false)));
        PacketConfig config = PacketConfig.roce(LINK.bytesPerSecond())
                .withCongestionControl(PacketConfig.CongestionControl.HPCC)
                .withHpcc(new Hpcc(0.95, 5, 160e6 / 8, Hpcc.defaults(LINK.bytesPerSecond()).minBytesPerSecond()))
                .withFlowControl(PacketConfig.FlowControl.LOSSY).withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT)
                .withRouting(PacketRouting.SPRAY);
        Simulation simulation = new Simulation(7);
        PacketNetwork network = new PacketNetwork(simulation, fly.graph(), config);
        long[] lastFinishPs = new long[1];
        network.setListener((tag, finishPs) -> lastFinishPs[0] = Math.max(lastFinishPs[0], finishPs));
        PacketFixtures.startAllPairs(network, fly, RANKS, 7, PAIR_BYTES / 4, 4, null);
        simulation.run(network);
        // 32 × 31 pairs × 131,072 B = 130,023,424 B, every one delivered.
        assertEquals(130_023_424.0, network.bytesDelivered());
        // Each group of 16 ranks sends the other's 16 ranks 16 × 16 × 131,072 B = 32 MiB = 8,192 full packets of
        // 4,158 wire bytes over its 2 global links of 50 GB/s: 8,192 × 4,158 B / 100e9 B/s = 340.623 µs at least.
        assertTrue(lastFinishPs[0] >= 340_623_360L, lastFinishPs[0] + " ps");
    }
}
