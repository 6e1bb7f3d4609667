package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deadlock-free routing on a lossless fabric: a run whose routes chain switch buffers in a cycle is refused before
 * any packet moves ({@link RouteCycles}), and virtual lanes that move packets up one per hop between switches
 * ({@link Forwarding}) break the cycle so that the same run finishes. The fabric is the dsl tests' {@code Fly} (32
 * ranks on a dragonfly of 2 groups of 2 routers, 8 ranks a router, one global link a router, links of 400 Gb/s and
 * 600 ns; routers 32–35 form the ring 32 local 33, 33 global 35, 35 local 34, 34 global 32) and
 * {@link PacketPfcDeadlockTest}'s ring of four switches.
 */
class PacketVirtualLanesTest {
    private static final LinkClass LINK = new LinkClass(50e9, 600_000);
    private static final int RANKS = 32;
    private static final double PAIR_BYTES = 4.0 * 1024 * 1024 / RANKS;

    private static ClusterTopology fly() {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(RANKS, LINK,
                new DragonflyParameters(2, 2, 8, 1, LINK, LINK, false)));
    }

    /**
     * The all-to-all of 4 MiB a rank on Fly under PFC with {@code lanes} lanes; the last finish, picoseconds. Each
     * route's payload is added to {@code linkBytes}, per link.
     */
    private static long flyAllToAllPs(int lanes, Simulation simulation, double[] linkBytes) {
        ClusterTopology fly = fly();
        PacketNetwork network = new PacketNetwork(simulation, fly.graph(),
                PacketConfig.roce(LINK.bytesPerSecond()).withVirtualLanes(lanes));
        long[] lastFinishPs = new long[1];
        network.setListener((tag, finishPs) -> lastFinishPs[0] = Math.max(lastFinishPs[0], finishPs));
        PacketFixtures.startAllPairs(network, fly, RANKS, 7, PAIR_BYTES, 1, linkBytes);
        simulation.run(network);
        // 32 × 31 pairs × 131,072 B = 130,023,424 B, every one delivered.
        assertEquals(130_023_424.0, network.bytesDelivered());
        return lastFinishPs[0];
    }

    @Test
    @Timeout(10)
    void shouldRefuseTheFlyAllToAllUnderPfcBeforeAnyPacketMovesNamingTheRingOfRouters() {
        // A minimal route between routers two apart takes a local and a global link in either order, so each ring
        // link's queue waits on the next: 32 -> 33 -> 35 -> 34 -> 32 (session 68 found it when the run stalled, after
        // the last retransmission timer at 4,195.994 us of simulated time).
        Simulation simulation = new Simulation(7);
        PacketDeadlockException error = assertThrows(PacketDeadlockException.class,
                () -> flyAllToAllPs(1, simulation, new double[fly().graph().linkCount()]));
        assertEquals(0, simulation.nowPs());
        assertTrue(error.getMessage().matches("packet run refused before it ran: its routes wait on one another's"
                + " buffers in a cycle, which PFC deadlocks once the cycle's ports are all paused: switch (\\d+) ->"
                + " switch \\d+ \\(link \\d+\\) -> switch \\d+ \\(link \\d+\\) -> switch \\d+ \\(link \\d+\\) ->"
                + " switch \\1 \\(link \\d+\\)\\. A lossless fabric needs routes whose buffers wait on one another in"
                + " no cycle: .*") && Arrays.stream(new String[] {"32", "33", "34", "35"})
                        .allMatch(router -> error.getMessage().contains("switch " + router + " ")), error.getMessage());
    }

    @Test
    void shouldFinishTheSameAllToAllOnTwoVirtualLanesWithinATenthOfItsBusiestLinksBound() {
        // Lane 0 on a router's first link to another router, lane 1 on the second: dependencies only go from lane 0
        // to lane 1, so none is cyclic. The run can end no sooner than its busiest link has sent its routes' payload
        // in full packets of 4,158 wire bytes (4,096 of payload) at 50 GB/s. The global links' cut alone gives 32 MiB
        // each way over two links, 340.623 µs; ECMP's choices load a local link more, 25.0 MiB (measured 2026-12-07:
        // a bound of 532.224 µs, the run 532.557 µs, 0.06% above it; spraying's 24 MiB a local link: 510.935 µs, the
        // run 511.683 µs).
        double[] linkBytes = new double[fly().graph().linkCount()];
        long finishPs = flyAllToAllPs(2, new Simulation(7), linkBytes);
        double busiestBytes = Arrays.stream(linkBytes).max().getAsDouble();
        double boundPs = busiestBytes * 4158 / 4096 / LINK.bytesPerSecond() * 1e12;
        assertTrue(finishPs >= boundPs && finishPs <= 1.1 * boundPs, finishPs + " ps against " + boundPs);
        assertTrue(boundPs >= 340_623_360L, boundPs + " ps");
    }

    @Test
    void shouldFinishTheRingsTwoHopFlowsOnTwoLanesNoSoonerThanTheirSharedLinkAllows() {
        // Each ring link carries one flow's first hop (lane 0) and another's second (lane 1): 2 × 8,192 packets of
        // 4,158 wire bytes at 12.5 GB/s, 332,640 ps each, 2,724,986,880 ps of link 9's time, from the first packet's
        // arrival at switch 5 (its NIC's 332,640 ps and link 1 µs) on; the last then crosses link 9's 1 µs and host
        // 2's downlink (332,640 ps + 1 µs), less the path's 4 µs of propagation a finish excludes: 2,724,652,160 ps
        // at least, a tenth more at most (measured 2026-12-07: exactly the bound, link 9 never idle).
        long boundPs = 2_724_652_160L;
        int[][] paths = new int[4][];
        for (int h = 0; h < 4; h++) {
            paths[h] = PacketPfcDeadlockTest.twoHops(h);
        }
        double[] bytes = new double[4];
        Arrays.fill(bytes, 16 * 1024 * 1024);
        long[] finishPs = PacketFixtures.run(PacketPfcDeadlockTest.ring(),
                PacketConfig.roce(PacketFixtures.LINE).withVirtualLanes(2), paths, bytes);
        long last = Arrays.stream(finishPs).max().getAsLong();
        assertTrue(last >= boundPs && last <= 1.1 * boundPs, Arrays.toString(finishPs));
    }

    @Test
    void shouldKeepTheCycleOfRoutesLongerThanTheLanesInTheLastLane() {
        // Host h to host h + 3 over three ring links, on lanes 0, 1, 1 with two lanes: the second and third links of
        // the four routes chain lane 1 of every ring link into a cycle. Three lanes (0, 1, 2) leave none.
        int[][] paths = new int[4][];
        for (int h = 0; h < 4; h++) {
            paths[h] = new int[] {2 * h, 8 + h, 8 + (h + 1) % 4, 8 + (h + 2) % 4, 2 * ((h + 3) % 4) + 1};
        }
        double[] bytes = new double[4];
        Arrays.fill(bytes, 1 << 20);
        PacketDeadlockException error = assertThrows(PacketDeadlockException.class, () -> PacketFixtures.run(
                PacketPfcDeadlockTest.ring(), PacketConfig.roce(PacketFixtures.LINE).withVirtualLanes(2), paths, bytes));
        assertTrue(error.getMessage().contains("(link 8 lane 1)") && !error.getMessage().contains("lane 0"),
                error.getMessage());
        long[] finishPs = PacketFixtures.run(PacketPfcDeadlockTest.ring(),
                PacketConfig.roce(PacketFixtures.LINE).withVirtualLanes(3), paths, bytes);
        assertTrue(Arrays.stream(finishPs).allMatch(t -> t > 0), Arrays.toString(finishPs));
    }
}
