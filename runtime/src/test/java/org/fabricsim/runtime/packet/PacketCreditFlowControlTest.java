package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * Credit-based link-level flow control (InfiniBand, Omni-Path) under a 4:1 incast on a star: hosts
 * 0–3 each send 4 MiB (1,024 packets of 4,096 B payload + 62 B headers = 4,158 B on the wire) to
 * host 4, every link C = 12.5 GB/s and 1 µs, a 256 KiB switch buffer and 8 credits per link.
 */
class PacketCreditFlowControlTest {
    private static final int SENDERS = 4;
    private static final double BYTES = 4 << 20;
    private static final PacketConfig.Buffer SMALL = new PacketConfig.Buffer(256 << 10, 1.0, 4096, 3072, 3, 8);

    private long latestFinishPs;

    private PacketNetwork run(FlowControl flowControl) {
        Graph graph = PacketFixtures.star(SENDERS + 1);
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, graph,
                PacketConfig.roce(PacketFixtures.LINE).withFlowControl(flowControl).withBuffer(SMALL));
        latestFinishPs = 0;
        network.setListener((tag, finishPs) -> latestFinishPs = Math.max(latestFinishPs, finishPs));
        int receiverDownlink = 2 * SENDERS + 1;
        for (int sender = 0; sender < SENDERS; sender++) {
            network.start(new int[] {2 * sender, receiverDownlink}, 2, BYTES, 1, sender);
        }
        simulation.run(network);
        return network;
    }

    /**
     * Credits bound each ingress to 8 packets = 33,264 B of the switch, 133,056 B for four, under
     * the 262,144 B buffer: nothing can overflow, so no drop and no retransmission. The credit loop
     * (a packet's serialization 332,640 ps + the credit's 1 µs back + the next packet's 1 µs down,
     * about 2.33 µs, 7 packets at C) is covered four times over by the 32 credits of the four
     * senders, so the bottleneck downlink never idles once the first packet has reached the switch
     * (332,640 ps + 1 µs): the last of the 4,096 packets arrives at 332,640 + 10⁶ + 4,096 ×
     * 332,640 + 10⁶ ps, and minus the path's 2 µs of propagation the reported finish is 4,097 ×
     * 332,640 ps = 1,362,826,080 ps: the bottleneck at capacity.
     */
    @Test
    void shouldDeliverAnIncastWithoutDropsAndKeepTheBottleneckAtCapacityUnderCredits() {
        PacketTotals totals = run(FlowControl.CREDIT).counters().totals();
        assertEquals(0, totals.drops());
        assertEquals(0, totals.retransmittedBytes());
        assertEquals(4_097L * 332_640L, latestFinishPs);
    }

    /** The same incast on the same buffer without credits (lossy tail drop): the queue grows at 3C and overflows. */
    @Test
    void shouldDropTheSameIncastWithoutCredits() {
        PacketTotals totals = run(FlowControl.LOSSY).counters().totals();
        assertTrue(totals.drops() > 0, "drops " + totals.drops());
        assertTrue(totals.retransmittedBytes() > 0);
    }
}
