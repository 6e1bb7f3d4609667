package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Head-of-line blocking's bound on a link's onward bytes ({@code HeadOfLineBlocking}): a link each of whose next links
 * took all its classes or was bound bytes that fitted its buffer when last read is not read again while they only
 * fall, and is read again once a class enters it.
 */
class HeadOfLineBytesBoundTest {
    private static final double C = 1e9;
    static final double BUFFER_BYTES = 1 << 20;
    private static final double B = 4 * BUFFER_BYTES;
    /** Links: NICs of a1, a2, b (0-2), S1 -> S2 (3, L), NICs of c and e into S2 (4, 5), S2 -> r (6, D), S2 -> v (7). */
    private static final int[][] VICTIM_PATHS = {{0, 3, 6}, {1, 3, 6}, {4, 6}, {5, 6}, {2, 3, 7}};

    /**
     * Utilisation 1 everywhere and a buffer of {@link #BUFFER_BYTES} per link: only head-of-line blocking derates; the
     * model states {@code readingFloor} as the bound of its readings.
     */
    static ContentionModel blockingOnly(double readingFloor) {
        return new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                return 1;
            }

            @Override
            public double smallestFactor() {
                return 0;
            }

            @Override
            public double smallestReadingFactor() {
                return readingFloor;
            }

            @Override
            public double backlogBufferBytes(int link) {
                return BUFFER_BYTES;
            }
        };
    }

    private static Graph victimFabric() {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 9, false);
        int a1 = node;
        int a2 = node + 1;
        int b = node + 2;
        int c = node + 3;
        int e = node + 4;
        int s1 = node + 5;
        int s2 = node + 6;
        LinkClass line = new LinkClass(C, 0);
        builder.addLink(a1, s1, line);
        builder.addLink(a2, s1, line);
        builder.addLink(b, s1, line);
        builder.addLink(s1, s2, line);
        builder.addLink(c, s2, line);
        builder.addLink(e, s2, line);
        builder.addLink(s2, node + 7, line);
        builder.addLink(s2, node + 8, line);
        return builder.build();
    }

    @Test
    void shouldBlockAgainOnceClassesEnterALinkWhoseBytesFittedItsBuffer() {
        // First a1 -> v and b -> v, B/16 each, share L (C/2 each): L is read with B/8 onward, all of it bound for v,
        // and both end at t0 = B/(8C). At T = 2 t0 the victim experiment of HeadOfLineBlockingTest starts, B each: a1
        // and a2 -> r over L and D, c and e -> r into D, the victim b -> v over L. D gives P = C/3 to each of its
        // three inputs; a1 and a2 bring s = 2/3 of L's offer, A = 2C/3, backlog Q = 2B(1 - P/A) = B > buffer, so L
        // blocks: phi = (buffer/Q)(P/A) = 1/8, f = phi + (1 - phi)/2 = 9/16. L's three classes run at fC/3, c and e
        // at (C - 2fC/3)/2 = 5C/16 and end at t1 = 16B/(5C); then D has one input, L runs whole at C/3 a class, and
        // the victim's last 2B/5 take 6B/(5C): it ends at T + 22B/(5C). Were the bound of the first reading kept, L
        // would not be read again and the victim would end at the ideal T + 2B/C.
        double[] finishPs = victimAfter(new int[] {0, 3, 7}, B / 16, blockingOnly(0), 0.0);
        assertEquals(2 * (B / 16) / C * 1e12, finishPs[5], 1e-6 * finishPs[5]);
        double expectedPs = (4 * (B / 16) / C + 22 * B / (5 * C)) * 1e12;
        assertEquals(expectedPs, finishPs[4], 1e-6 * expectedPs);
    }

    @Test
    void shouldBlockAgainOnceClassesEnterALinkWhoseNextLinksEachHeldBytesThatFittedItsBuffer() {
        // First a1 -> r over L and D, and b -> v over L, 3B/16 each: each next link is bound 3/4 of the buffer, the
        // two together 3/2 of it, so neither can hold back more than the buffer while they fall, and L is not read
        // again; they end at t0 = (3B/16)/(C/2) = 3B/(8C). The victim experiment at T = 2 t0 enters L: it is read
        // again and blocks as above, the victim ending at T + 22B/(5C).
        double[] finishPs = victimAfter(new int[] {0, 3, 6}, 3 * B / 16, blockingOnly(0), 0.0);
        assertEquals(2 * (3 * B / 16) / C * 1e12, finishPs[5], 1e-6 * finishPs[5]);
        double expectedPs = (4 * (3 * B / 16) / C + 22 * B / (5 * C)) * 1e12;
        assertEquals(expectedPs, finishPs[4], 1e-6 * expectedPs);
    }

    @Test
    void shouldBlockTheVictimAsBeforeWhereOnlyBlockingCanDerateAndItsReadingsAreLeftOut() {
        // The first experiment at a training phase's tolerance (2%) with a model whose readings cannot derate (all
        // above 1 - 0.02): L's readings are left out where blocking decides (ContentionDerating), and its factor is
        // blocking's 9/16 as derived above, then 1 once c and e end: the victim ends at T + 22B/(5C) all the same.
        double[] finishPs = victimAfter(new int[] {0, 3, 7}, B / 16, blockingOnly(1), 0.02);
        double expectedPs = (4 * (B / 16) / C + 22 * B / (5 * C)) * 1e12;
        assertEquals(expectedPs, finishPs[4], 1e-6 * expectedPs);
    }

    /**
     * a1 over {@code firstPath} and b -> v, {@code smallBytes} each (tags 5 and 6), then, at twice their end, the
     * victim experiment of {@link #VICTIM_PATHS} (tags 0-4), at {@code tolerance}; finishes by tag, ps.
     */
    private static double[] victimAfter(int[] firstPath, double smallBytes, ContentionModel model, double tolerance) {
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, victimFabric(), 3, tolerance);
        network.setContentionModel(model);
        double[] finishPs = new double[7];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        network.start(firstPath, 3, smallBytes, 1, 5);
        network.start(new int[] {2, 3, 7}, 3, smallBytes, 1, 6);
        long startPs = Math.round(2 * 2 * smallBytes / C * 1e12);
        int later = simulation.register(payload -> {
            for (int i = 0; i < VICTIM_PATHS.length; i++) {
                network.start(VICTIM_PATHS[i], VICTIM_PATHS[i].length, B, 1, i);
            }
        });
        simulation.schedule(startPs, later, 0);
        simulation.run(network);
        return finishPs;
    }
}
