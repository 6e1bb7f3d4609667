package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Head-of-line blocking's bound on a link's onward bytes ({@code HeadOfLineBlocking}): a link whose classes' bytes
 * fitted its buffer when last read is not read again while they only fall, and is read again once a class enters it.
 */
class HeadOfLineBytesBoundTest {
    private static final double C = 1e9;
    private static final double BUFFER_BYTES = 1 << 20;
    private static final double B = 4 * BUFFER_BYTES;
    private static final double SMALL_BYTES = BUFFER_BYTES / 4;
    /** Links: NICs of a1, a2, b (0-2), S1 -> S2 (3, L), NICs of c and e into S2 (4, 5), S2 -> r (6, D), S2 -> v (7). */
    private static final int[][] VICTIM_PATHS = {{0, 3, 6}, {1, 3, 6}, {4, 6}, {5, 6}, {2, 3, 7}};

    /** Utilisation 1 everywhere and a buffer of {@link #BUFFER_BYTES} per link: only head-of-line blocking derates. */
    private static ContentionModel blockingOnly() {
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
        // First a1 -> v and b -> v, B/16 each, share L (C/2 each): L is read with B/8 onward, under the buffer, and
        // both end at t0 = B/(8C). At T = 2 t0 the victim experiment of HeadOfLineBlockingTest starts, B each: a1
        // and a2 -> r over L and D, c and e -> r into D, the victim b -> v over L. D gives P = C/3 to each of its
        // three inputs; a1 and a2 bring s = 2/3 of L's offer, A = 2C/3, backlog Q = 2B(1 - P/A) = B > buffer, so L
        // blocks: phi = (buffer/Q)(P/A) = 1/8, f = phi + (1 - phi)/2 = 9/16. L's three classes run at fC/3, c and e
        // at (C - 2fC/3)/2 = 5C/16 and end at t1 = 16B/(5C); then D has one input, L runs whole at C/3 a class, and
        // the victim's last 2B/5 take 6B/(5C): it ends at T + 22B/(5C). Were the bound of the first reading (B/8)
        // kept, L would not be read again and the victim would end at the ideal T + 2B/C.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, victimFabric(), 3, 0.0);
        network.setContentionModel(blockingOnly());
        double[] finishPs = new double[7];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        network.start(new int[] {0, 3, 7}, 3, SMALL_BYTES, 1, 5);
        network.start(new int[] {2, 3, 7}, 3, SMALL_BYTES, 1, 6);
        long startPs = Math.round(2 * 2 * SMALL_BYTES / C * 1e12);
        int later = simulation.register(payload -> {
            for (int i = 0; i < VICTIM_PATHS.length; i++) {
                network.start(VICTIM_PATHS[i], VICTIM_PATHS[i].length, B, 1, i);
            }
        });
        simulation.schedule(startPs, later, 0);
        simulation.run(network);
        assertEquals(2 * SMALL_BYTES / C * 1e12, finishPs[5], 1e-6 * finishPs[5]);
        double expectedPs = startPs + 22 * B / (5 * C) * 1e12;
        assertEquals(expectedPs, finishPs[4], 1e-6 * expectedPs);
    }
}
