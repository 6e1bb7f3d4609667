package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A ring of four switches under PFC whose routes chain each ring link's queue to the next (Hu et al., HotNets 2016):
 * host h sends to host h + 2 over switch h → h + 1 → h + 2, so every ring link carries two flows at once (one on its
 * first hop, one on its second), its queue grows at the line rate and PFC pauses both its inputs, among them the
 * previous ring link, whose queue holds packets waiting on this one. Once all four ring queues are paused none can
 * send first: a deadlock, which the run must report instead of a time. Hosts 0–3, switches 4–7; link 2h is host h's
 * uplink, 2h + 1 its downlink, 8 + s the ring link from switch 4 + s to 4 + (s + 1) mod 4.
 */
class PacketPfcDeadlockTest {
    /** 16 MiB a flow: the 12 MiB switch buffers' pause threshold (about 1.5 MB an ingress) is crossed long before. */
    private static final double FLOW_BYTES = 16 * 1024 * 1024;

    static Graph ring() {
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, 4, false);
        int first = builder.addNodes(Graph.SWITCH, 4, false);
        for (int h = 0; h < 4; h++) {
            builder.addLink(h, first + h, PacketFixtures.LINK);
            builder.addLink(first + h, h, PacketFixtures.LINK);
        }
        for (int s = 0; s < 4; s++) {
            builder.addLink(first + s, first + (s + 1) % 4, PacketFixtures.LINK);
        }
        return builder.build();
    }

    /** Host h to host h + 2, two ring hops on. */
    static int[] twoHops(int h) {
        return new int[] {2 * h, 8 + h, 8 + (h + 1) % 4, 2 * ((h + 2) % 4) + 1};
    }

    private static long[] run(PacketConfig config, int senders) {
        int[][] paths = new int[senders][];
        double[] bytes = new double[senders];
        for (int h = 0; h < senders; h++) {
            paths[h] = twoHops(h);
            bytes[h] = FLOW_BYTES;
        }
        return PacketFixtures.run(ring(), config, paths, bytes);
    }

    @Test
    void shouldRefuseTheRunBeforeItRunsWhenItsGivenPathsChainTheRingLinks() {
        // Under PATH routing the paths are the routes: their dependencies 8 -> 9 -> 10 -> 11 -> 8 are a cycle.
        PacketDeadlockException error = assertThrows(PacketDeadlockException.class,
                () -> run(PacketConfig.roce(PacketFixtures.LINE), 4));
        assertTrue(error.getMessage().startsWith("packet run refused before it ran: its routes wait on one another's"
                + " buffers in a cycle, which PFC deadlocks once the cycle's ports are all paused: switch 4 -> switch 5"
                + " (link 8) -> switch 6 (link 9) -> switch 7 (link 10) -> switch 4 (link 11). A lossless fabric"),
                error.getMessage());
    }

    @Test
    void shouldFailARunWhosePausesFormACycleNamingTheCycleAndTheFix() {
        // Per-flow ECMP in the switches: the switches choose the hops (the same, the ring's one minimal route), so
        // no path names the routes before the run and the stall finds the cycle.
        PacketDeadlockException error = assertThrows(PacketDeadlockException.class,
                () -> run(PacketConfig.roce(PacketFixtures.LINE).withRouting(PacketRouting.ECMP), 4));
        String message = error.getMessage();
        // The cycle is the four ring links, each paused by the next switch: found from link 8's queue on.
        assertTrue(message.matches("packet run deadlocked at [0-9.]+ us: the ports of a cycle are all paused, each"
                + " waiting on the next switch's full buffer: switch 4 -> switch 5 \\(link 8, \\d+ bytes queued\\)"
                + " -> switch 6 \\(link 9, \\d+ bytes queued\\) -> switch 7 \\(link 10, \\d+ bytes queued\\)"
                + " -> switch 4 \\(link 11, \\d+ bytes queued\\); 4 flow classes unfinished, \\d+ of 67108864 bytes"
                + " delivered, and no event can move them \\(at [0-9.]+ us\\)\\. A lossless fabric needs routes whose buffers wait on"
                + " one another in no cycle: .*"), message);
    }

    @Test
    void shouldDeliverEveryByteOfTheSameRingWhenItIsLossy() {
        // Tail drop breaks the cycle: a full queue drops instead of pausing its input, and go-back-N resends.
        long[] finishPs = run(PacketConfig.roce(PacketFixtures.LINE).withFlowControl(PacketConfig.FlowControl.LOSSY), 4);
        assertTrue(Arrays.stream(finishPs).allMatch(t -> t > 0), Arrays.toString(finishPs));
    }

    @Test
    void shouldFinishThreeOfTheFourFlowsUnderPfcNoSoonerThanTheirSharedLinkAllows() {
        // Without host 3's flow, ring link 11 carries only host 2's second hop into host 0, which nothing waits on:
        // the waits run 8 -> 9 -> 10 -> 11 and stop, so PFC only slows the run. Links 9 and 10 each carry two flows,
        // 2 × 16 MiB of payload in 4096-byte packets of 4158 wire bytes (RoCEv2's 62 header bytes) at 12.5 GB/s:
        // 2 × 16,777,216 × 4158 / 4096 / 12.5e9 s = 2,724.987 µs, the earliest the later of the two can finish.
        long boundPs = 2_724_986_880L;
        long[] finishPs = run(PacketConfig.roce(PacketFixtures.LINE), 3);
        assertTrue(Arrays.stream(finishPs).max().getAsLong() >= boundPs, Arrays.toString(finishPs));
        assertTrue(Arrays.stream(finishPs).allMatch(t -> t > 0), Arrays.toString(finishPs));
    }

    @Test
    @Timeout(60)
    void shouldFailTheDeadlockWhileRetransmissionTimersStillFireForAFlowCaughtInIt() {
        // Host 0 also sends 1 MiB to host 2 beside its 16 MiB: the small flow sends its last packet before host 0's
        // port is paused, so its retransmission timer is armed and re-arms every 4.194 ms, finding no progress, for
        // as long as the run goes on; the events never run out (this run ran past 20 s of wall time before). The
        // first timer that finds no progress finds the four paused ring queues holding one another's bytes.
        Simulation simulation = new Simulation(7);
        PacketNetwork network = new PacketNetwork(simulation, ring(),
                PacketConfig.roce(PacketFixtures.LINE).withRouting(PacketRouting.ECMP));
        for (int h = 0; h < 4; h++) {
            network.start(twoHops(h), 4, FLOW_BYTES, 1, h);
        }
        network.start(twoHops(0), 4, 1 << 20, 1, 4);
        PacketDeadlockException error = assertThrows(PacketDeadlockException.class, () -> simulation.run(network));
        assertTrue(error.getMessage().contains("switch 4 -> switch 5 (link 8, ") && error.getMessage().contains(
                "5 flow classes unfinished"), error.getMessage());
    }

    @Test
    void shouldReportAStallWithoutACycleAsTheBackendsFault() {
        // Nothing is queued in any switch: no port is blocked, so no cycle can be named.
        PacketNetwork network = new PacketNetwork(new Simulation(7), ring(), PacketConfig.roce(PacketFixtures.LINE));
        assertTrue(new Stall(network).failure().getMessage().endsWith("with no cycle of blocked ports (a fault of the"
                + " packet backend, not of the model)"));
    }
}
