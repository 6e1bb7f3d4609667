package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

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

    @Test
    void shouldFillClassesThatShareLinksOnlyWithEachOtherWhenTheyStartOnAnIdleNetwork() {
        // L0 = 10, L1 = 2, L2 = 10 B/s. a (20 B) on L0 and L2, b (20 B) on L1 and L2, c (20 B) on L2 start together
        // on an empty network. Max-min by hand: L1's share 2 is the least, so b = 2; L2 has 10 - 2 = 8 left for a and
        // c, 4 each (L0 allows a 10). a and c end at 20 / 4 = 5 s; b, alone at 2 B/s on L1 (its bottleneck stands),
        // has 20 - 2·5 = 10 B left and ends at 5 + 10 / 2 = 10 s. One solve of the 3 classes at the start; at 5 s
        // only finishes, b slower than them, so its rate is kept without a solve.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(10, 2, 10), 2, 0.0);
        long[] finish = new long[3];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 2}, 2, 20, 1, 0);
        network.start(new int[] {1, 2}, 2, 20, 1, 1);
        network.start(new int[] {2}, 1, 20, 1, 2);
        simulation.run(network);
        assertArrayEquals(new long[] {5 * SECOND_PS, 10 * SECOND_PS, 5 * SECOND_PS}, finish);
        assertEquals(1, network.statistics().solves());
        assertEquals(3, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldFillAGroupWithTwoBottlenecksOverManyLinks() {
        // L0 = 10 B/s shared by x and y, L1 = 40 B/s shared by 20 classes, each class also on a link of its own
        // (L2..L23, 1,000 B/s), all 20 B, started together on an empty network. Max-min by hand: L1's share 40 / 20 =
        // 2 is below L0's 10 / 2 = 5, so the 20 get 2 B/s and end at 10 s; then L0 gives x and y 5 B/s: 4 s. One
        // solve of the 22 classes; at 4 s only x and y finish, the others slower, so no solve.
        int many = 20;
        double[] capacities = new double[2 + 2 + many];
        Arrays.fill(capacities, 1_000);
        capacities[0] = 10;
        capacities[1] = 40;
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(capacities), 2, 0.0);
        long[] finish = new long[2 + many];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 2}, 2, 20, 1, 0);
        network.start(new int[] {0, 3}, 2, 20, 1, 1);
        for (int c = 0; c < many; c++) {
            network.start(new int[] {1, 4 + c}, 2, 20, 1, 2 + c);
        }
        simulation.run(network);
        long[] expected = new long[2 + many];
        Arrays.fill(expected, 10 * SECOND_PS);
        expected[0] = 4 * SECOND_PS;
        expected[1] = 4 * SECOND_PS;
        assertArrayEquals(expected, finish);
        assertEquals(1, network.statistics().solves());
        assertEquals(2 + many, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldFillAGroupListedOnMoreLinksThanItsOwnFillCoversAsAnyOtherStart() {
        // L0 = 300 B/s shared by 300 classes of 10 B, each also on a link of its own (L1..L300, 1,000 B/s): 300 / 300
        // = 1 B/s each, all end at 10 s. The group is listed on 301 links, more than QuietFill covers, so its links
        // are marked and the network re-solved as after any start: one solve of the 300 classes.
        assertTrue(QuietFill.MAX_LINKS < 301);
        assertGroupOfClassesOnASharedLinkEndsTogether(300);
    }

    @Test
    void shouldFillAGroupOfManyClassesOnASharedLinkWithinItsOwnFill() {
        // The same with 40 classes (41 links, within QuietFill's bound): 40 / 40 = 1 B/s each, all end at 10 s.
        assertGroupOfClassesOnASharedLinkEndsTogether(40);
    }

    private static void assertGroupOfClassesOnASharedLinkEndsTogether(int classes) {
        double[] capacities = new double[classes + 1];
        Arrays.fill(capacities, 1_000);
        capacities[0] = classes;
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, NetworkRuns.chain(capacities), 2, 0.0);
        long[] finish = new long[classes];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        for (int c = 0; c < classes; c++) {
            network.start(new int[] {0, 1 + c}, 2, 10, 1, c);
        }
        simulation.run(network);
        long[] tenSeconds = new long[classes];
        Arrays.fill(tenSeconds, 10 * SECOND_PS);
        assertArrayEquals(tenSeconds, finish);
        assertEquals(1, network.statistics().solves());
        assertEquals(classes, network.statistics().flowClassesSolved());
    }
}
