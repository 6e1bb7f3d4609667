package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Head-of-line blocking where two upstream links hold classes back at one next link in the same solve: the second
 * reading takes the next link's input demands that the first kept ({@code PortShares}), its own demand replaced by
 * its arrival, here equal to the other upstream link's demand.
 */
class HeadOfLineSharedNextLinkTest {
    private static final double C = 1e9;
    private static final double B = 4 * HeadOfLineBytesBoundTest.BUFFER_BYTES;
    /**
     * Links: NICs of a1, a2, b into S1 (0-2), S1 -> S2 (3, L), NICs of a3, a4, b' into S1' (4-6), S1' -> S2 (7, L'),
     * NIC of c into S2 (8), S2 -> r (9, D), S2 -> v (10), S2 -> v' (11). Tags: a1, a2, b, a3, a4, b', c.
     */
    private static final int[][] PATHS = {{0, 3, 9}, {1, 3, 9}, {2, 3, 10}, {4, 7, 9}, {5, 7, 9}, {6, 7, 11}, {8, 9}};

    @Test
    void shouldBlockBothUpstreamLinksOfOneNextLinkByTheHandDerivedAmount() {
        // B each but c's B/2, tolerance 0. Ideal fill: D carries five classes at C/5, each victim b, b' gets C - 2C/5 =
        // 3C/5; L, L' and D are full. Reading L: its classes offer C each (alone on their NICs), 2C of 3C bound for D
        // (s = 2/3, A = 2C/3); D's inputs demand A (L), C·2C/3C = 2C/3 (L') and C (c's NIC): water-filling C over three
        // gives P = C/3 < 2C/5, the ideal rate of L's classes through D, so the hold binds; backlog Q = 2B(1 - P/A) =
        // B, four times the buffer B/4: phi = (1/4)(1/2) = 1/8, f = phi + (1 - phi)·P/(sC) = 1/8 + 7/16 = 9/16. L' the
        // same (the demands D kept, A in L''s place). Derated fill: L and L' give their three classes 3C/16 each (below
        // D's C/5), c gets what D has left, C - 4·3C/16 = C/4, and ends at t1 = 2B/C. Then D's inputs are L and L' at
        // 2C/3 each: P = C/2, no longer below the ideal rate through D (4 classes at C/4: C/2), so nothing blocks (D's
        // demands of the first solve, c's among them, would still give P = C/3 and a backlog of 5B/8, more than the
        // buffer); the victims' last B - 3B/8 = 5B/8 go at C/2 and end at t1 + 5B/(4C) = 13B/(4C), the a's at C/4 and
        // end at t1 + 5B/(2C) = 9B/(2C). (Without blocking the victims would end at 5B/(3C).)
        double[] finishPs = run();
        double cPs = 2 * B / C * 1e12;
        double victimPs = 13 * B / (4 * C) * 1e12;
        double heldPs = 9 * B / (2 * C) * 1e12;
        assertEquals(cPs, finishPs[6], 1e-6 * cPs);
        assertEquals(victimPs, finishPs[2], 1e-6 * victimPs);
        assertEquals(victimPs, finishPs[5], 1e-6 * victimPs);
        for (int tag : new int[] {0, 1, 3, 4}) {
            assertEquals(heldPs, finishPs[tag], 1e-6 * heldPs);
        }
    }

    /** The seven classes of {@link #PATHS}, B each but c's B/2, started together; only head-of-line blocking derates. */
    private static double[] run() {
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, fabric(), 3, 0.0);
        network.setContentionModel(HeadOfLineBytesBoundTest.blockingOnly(0));
        double[] finishPs = new double[PATHS.length];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        for (int i = 0; i < PATHS.length; i++) {
            network.start(PATHS[i], PATHS[i].length, i == 6 ? B / 2 : B, 1, i);
        }
        simulation.run(network);
        return finishPs;
    }

    private static Graph fabric() {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 13, false);
        int s1 = node + 7;
        int s1b = node + 8;
        int s2 = node + 9;
        LinkClass line = new LinkClass(C, 0);
        builder.addLink(node, s1, line);
        builder.addLink(node + 1, s1, line);
        builder.addLink(node + 2, s1, line);
        builder.addLink(s1, s2, line);
        builder.addLink(node + 3, s1b, line);
        builder.addLink(node + 4, s1b, line);
        builder.addLink(node + 5, s1b, line);
        builder.addLink(s1b, s2, line);
        builder.addLink(node + 6, s2, line);
        builder.addLink(s2, node + 10, line);
        builder.addLink(s2, node + 11, line);
        builder.addLink(s2, node + 12, line);
        return builder.build();
    }
}
