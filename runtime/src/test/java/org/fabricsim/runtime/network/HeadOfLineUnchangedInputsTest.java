package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * A link whose head-of-line reading read whole is read again when a next link's inputs change ({@code
 * UnchangedInputs}): the skip of an unchanged whole reading does not fire once classes start on another input of the
 * next link, and the link then blocks by the hand-derived amount.
 */
class HeadOfLineUnchangedInputsTest {
    private static final double C = 1e9;
    private static final double BUFFER = HeadOfLineBytesBoundTest.BUFFER_BYTES;
    private static final double B = 4 * BUFFER;

    @Test
    void shouldReadALinkThatReadWholeAgainWhenClassesStartOnAnotherInputOfItsNextLink() {
        // The fabric of HeadOfLineBytesBoundTest: a1 -> r and a2 -> r over L (3) and D (6), the victim b -> v over L and
        // 7, B each, at 0. L carries three classes at C/3; D carries two, 2C/3 of C, so it cannot bind and L reads
        // whole. At T = 3B/(4C) each has B/4 sent, 3B/4 left, and c and e start into D (links 4, 5), B each. Ideal
        // fill: D's four classes at C/4, b at C/2. Reading L: s = 2/3, A = 2C/3; D's inputs demand A, C and C, so
        // P = C/3 < C/2 through D; held H = 3B/2, backlog Q = H(1 - P/A) = 3B/4, three times the buffer B/4:
        // phi = (1/3)(1/2) = 1/6, f = phi + (1 - phi) P/(sC) = 1/6 + 5/12 = 7/12. L's classes run at 7C/36, c and e at
        // (C - 14C/36)/2 = 11C/36 and end at t1 = T + 36B/(11C), when L's three have 3B/4 - 7B/11 = 5B/44 left; then D
        // has one input, nothing binds, they run at C/3 and end at t1 + 15B/(44C). Were L's whole reading kept, the a's
        // would run at C/4 and b at C/2 after T, b ending at T + 3B/(2C).
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, HeadOfLineBytesBoundTest.victimFabric(), 3, 0.0);
        network.setContentionModel(HeadOfLineBytesBoundTest.blockingOnly(0));
        double[] finishPs = new double[5];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        int[][] first = {{0, 3, 6}, {1, 3, 6}, {2, 3, 7}};
        for (int i = 0; i < first.length; i++) {
            network.start(first[i], first[i].length, B, 1, i);
        }
        double startS = 3 * B / (4 * C);
        int later = simulation.register(payload -> {
            network.start(new int[] {4, 6}, 2, B, 1, 3);
            network.start(new int[] {5, 6}, 2, B, 1, 4);
        });
        simulation.schedule(Math.round(startS * 1e12), later, 0);
        simulation.run(network);
        double t1S = startS + 36 * B / (11 * C);
        double heldPs = (t1S + 15 * B / (44 * C)) * 1e12;
        assertEquals(t1S * 1e12, finishPs[3], 1e-6 * t1S * 1e12);
        assertEquals(t1S * 1e12, finishPs[4], 1e-6 * t1S * 1e12);
        for (int tag = 0; tag < 3; tag++) {
            assertEquals(heldPs, finishPs[tag], 1e-6 * heldPs);
        }
    }
}
