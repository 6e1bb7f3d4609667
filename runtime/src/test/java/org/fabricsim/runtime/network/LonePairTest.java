package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

class LonePairTest {
    private static final long SECOND_PS = 1_000_000_000_000L;

    @Test
    void shouldRateTwoClassesSharingOnlyEachOthersLinksAtHalfTheSharedLinkWithoutAFill() {
        // L0 = L1 = L2 = 12 B/s. a (24 B) on L0, L1 and b (24 B) on L2, L1 start together on an empty network:
        // L1 carries both, 6 B/s each, below their own links' 12 B/s, so both end at 24 / 6 = 4 s. One re-solve
        // follows the starts, and no class is filled.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(12, 12, 12), 2, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 24, 1, 0);
        network.start(new int[] {2, 1}, 2, 24, 1, 1);
        simulation.run(network);
        assertArrayEquals(new long[] {4 * SECOND_PS, 4 * SECOND_PS}, finish);
        assertEquals(1, network.statistics().solves());
        assertEquals(0, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldShareThePairsLinkWithAClassStartedLater() {
        // The pair above (6 B/s each); at 2 s, with 12 B left each, c (6 B) starts on L1: 12 / 3 = 4 B/s each, c
        // ends at 2 + 6 / 4 = 3.5 s, when a and b have 12 - 6 = 6 B left, sent at 6 B/s again: 4.5 s.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(12, 12, 12), 2, 0.0);
        long[] finish = new long[3];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 24, 1, 0);
        network.start(new int[] {2, 1}, 2, 24, 1, 1);
        int later = simulation.register(payload -> network.start(new int[] {1}, 1, 6, 1, 2));
        simulation.schedule(2 * SECOND_PS, later, 0);
        simulation.run(network);
        assertArrayEquals(new long[] {4_500_000_000_000L, 4_500_000_000_000L, 3_500_000_000_000L}, finish);
    }

    @Test
    void shouldFillAThirdClassOnThePairsLinkStartedAtTheSameInstantWithThePair() {
        // L0..L3 = 12 B/s. a on L0, L1, b on L2, L1 and c on L3, L1, 24 B each, start together: L1 carries three,
        // 4 B/s each, so all end at 6 s; the re-solve fills the three.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(12, 12, 12, 12), 2, 0.0);
        long[] finish = new long[3];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 24, 1, 0);
        network.start(new int[] {2, 1}, 2, 24, 1, 1);
        network.start(new int[] {3, 1}, 2, 24, 1, 2);
        simulation.run(network);
        assertArrayEquals(new long[] {6 * SECOND_PS, 6 * SECOND_PS, 6 * SECOND_PS}, finish);
        assertEquals(3, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldFillEveryClassOfAGroupWithTwoSharedLinksAsOneComponentSolve() {
        // L0..L4 = 12 B/s. a on L0, L1 and b on L2, L1 share L1; c on L3 and d on L3, L4 share L3; 24 B each,
        // started together: 6 B/s each on both shared links, all end at 4 s. The group's re-solve takes the whole
        // network, the four listed classes.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(12, 12, 12, 12, 12), 2, 0.0);
        long[] finish = new long[4];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 24, 1, 0);
        network.start(new int[] {2, 1}, 2, 24, 1, 1);
        network.start(new int[] {3}, 1, 24, 1, 2);
        network.start(new int[] {3, 4}, 2, 24, 1, 3);
        simulation.run(network);
        assertArrayEquals(new long[] {4 * SECOND_PS, 4 * SECOND_PS, 4 * SECOND_PS, 4 * SECOND_PS}, finish);
        assertEquals(4, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldFillAPairWhoseOwnLinkIsNarrowerThanHalfTheSharedOne() {
        // L0 = 4, L1 = L2 = 12 B/s. a (24 B) on L0, L1 and b (24 B) on L2, L1: a is held to 4 B/s by L0, b gets
        // the 12 - 4 = 8 B/s left on L1 and ends at 3 s; a goes on at 4 B/s, ending at 6 s. Filled: both at the
        // start; b's finish leaves a's rate as it was.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(4, 12, 12), 2, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 24, 1, 0);
        network.start(new int[] {2, 1}, 2, 24, 1, 1);
        simulation.run(network);
        assertArrayEquals(new long[] {6 * SECOND_PS, 3 * SECOND_PS}, finish);
        assertEquals(2, network.statistics().flowClassesSolved());
    }
}
