package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

class QuietStartsTest {
    private static final long SECOND_PS = 1_000_000_000_000L;

    @Test
    void shouldRateClassesStartedOnDisjointLinksOfAnIdleNetworkAloneWithOneSolve() {
        // L0 = 10, L1 = 4, L2 = 10 B/s. a (20 B) on L0, b (20 B) on L1 and L2 start together on an empty
        // network: each alone on its links, a at 10 B/s ends at 2 s, b at min(4, 10) = 4 B/s at 5 s. One
        // re-solve follows the starts (it solves no class); the finishes only free links, which needs none.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(10, 4, 10), 2, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0}, 1, 20, 1, 0);
        network.start(new int[] {1, 2}, 2, 20, 1, 1);
        simulation.run(network);
        assertArrayEquals(new long[] {2 * SECOND_PS, 5 * SECOND_PS}, finish);
        assertEquals(1, network.statistics().solves());
        assertEquals(0, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldShareALinkWithAClassStartedAloneAtTheSameInstant() {
        // L0 = L1 = 10 B/s. a (20 B) on L0 and L1 starts alone; b (10 B) on L1 starts at the same instant:
        // 5 B/s each, so b ends at 2 s, when a has 10 B left, which it sends alone at 10 B/s: 3 s. Solved: a
        // and b at the start, a at 2 s.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(10, 10), 2, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 20, 1, 0);
        network.start(new int[] {1}, 1, 10, 1, 1);
        simulation.run(network);
        assertArrayEquals(new long[] {3 * SECOND_PS, 2 * SECOND_PS}, finish);
        assertEquals(2 + 1, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldStartAnotherGroupOnceTheNetworkIsIdleAgain() {
        // L0 = L1 = 10 B/s. a (10 B) on L0 ends alone at 1 s; then b (10 B) on L1 starts at 2 s on the idle
        // network and ends alone at 3 s: two re-solves after starts, none of a class.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(10, 10), 1, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0}, 1, 10, 1, 0);
        int later = simulation.register(payload -> network.start(new int[] {1}, 1, 10, 1, 1));
        simulation.schedule(2 * SECOND_PS, later, 0);
        simulation.run(network);
        assertArrayEquals(new long[] {SECOND_PS, 3 * SECOND_PS}, finish);
        assertEquals(2, network.statistics().solves());
        assertEquals(0, network.statistics().flowClassesSolved());
    }
}
