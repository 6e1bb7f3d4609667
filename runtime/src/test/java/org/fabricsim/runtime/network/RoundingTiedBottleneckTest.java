package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * Why a finish that leaves a faster class on a full link of its own is filled again, not kept ({@link
 * StandingComponents}, "A faster class"): the fill's ties are decided by rounding, so the kept rate need not be the
 * bits the fill computes.
 */
class RoundingTiedBottleneckTest {
    @Test
    void shouldFillAgainAFasterClassWhoseFullLinkNoFinishedClassCrossed() {
        // Links X = 0.4, B = fl(fl(3 * 0.1) + 0.05) = 0.35000000000000003 and Y = 0.05 B/s. h (3 flows) crosses X and
        // B, d (1 flow, 0.1 B) crosses X, e (1 flow) crosses Y and B. First fill: shares X 0.4 / 4 = 0.1, B 0.35../4,
        // Y 0.05 / 1: e is fixed at 0.05, B keeps fl(0.35000000000000003 - 0.05) = 0.30000000000000004 (Sterbenz:
        // exact) for 3 flows, a share of 0.10000000000000002 above X's, so X fixes h and d at 0.1; B's charge
        // 3 * 0.1 = 0.30000000000000004 leaves it exactly 0: B is full, h the fastest class on it, and d never crossed
        // it. d ends at 0.1 / 0.1 = 1 s, and h (0.1) is not slower than it. A keep of every class with such a
        // bottleneck would keep h at 0.1; the fill gives h B's share, fl(0.30000000000000004 / 3) =
        // 0.10000000000000002, one ulp more (X's share, 0.4 / 3, is larger): two solves by e's end at 0.05 B/s,
        // 30 / 0.05 = 600 s.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(0.4, 3 * 0.1 + 0.05, 0.05), 2, 0);
        int[] h = new int[1];
        double[] hRateAtEndOfE = new double[1];
        long[] solvesAtEndOfE = new long[1];
        network.setListener((tag, finishPs) -> {
            if (tag == 2) {
                hRateAtEndOfE[0] = network.rateBytesPerSecond[h[0]];
                solvesAtEndOfE[0] = network.solves();
            }
        });
        h[0] = network.start(new int[] {0, 1}, 2, 100, 3, 0);
        network.start(new int[] {0}, 1, 0.1, 1, 1);
        network.start(new int[] {2, 1}, 2, 30, 1, 2);
        simulation.run(network);

        assertEquals(0.10000000000000002, hRateAtEndOfE[0]);
        assertEquals(2, solvesAtEndOfE[0]);
    }
}
