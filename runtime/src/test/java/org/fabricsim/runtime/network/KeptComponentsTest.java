package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** A derated re-solve's components whose derated rates stand keep them; the others are filled again. */
class KeptComponentsTest {
    private static final double SECOND_PS = 1e12;

    @Test
    void shouldKeepTheRateOfAComponentWhoseFinishedClassWasItsFastestWhileAnotherComponentIsFilledAgain() {
        // A link saturated by two classes or more runs at half its capacity. Component A: a1 (8 B) and a2, a3, a4
        // (1,000 B each) on link 0 (128 B/s): ideal 32 each, link 0 saturated, derated 16 each; a1 ends at 0.5 s.
        // Component B: b1 (35 B) on link 1 (200 B/s), b2 (100 B) on links 1 and 3 (30 B/s): ideal b2 = 30 (link
        // 3), b1 = 170, link 1 saturated, so 100 B/s: b1 = 70, b2 = 30; b1 ends at 0.5 s, in a1's batch. Two
        // classes alone on links 2, 4 and 5 (20,000 B at 1,000 B/s) keep the search from taking every link.
        // The batch's slowest finished rate is 16 and b2 runs at 30, so the batch does not keep its rates; but
        // b2 is slower than b1, the class that finished on B's links, and link 1 only gains capacity: B's rate
        // stands (b2 ends at 100 / 30 s) while A is filled again: a2, a3, a4 saturate link 0 at 128 / 3 each,
        // derated to 64 / 3, so their 992 B left end at 0.5 + 992 * 3 / 64 = 47 s.
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 7, false);
        double[] capacity = {128, 200, 1000, 30, 1000, 1000};
        for (int i = 0; i < capacity.length; i++) {
            builder.addLink(node + i, node + i + 1, new LinkClass(capacity[i], 0));
        }
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, builder.build(), 2, 0.0);
        network.setContentionModel(new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                return 0.5;
            }

            @Override
            public double smallestFactor() {
                return 0.5;
            }
        });
        int[][] paths = {{0}, {0}, {0}, {0}, {1}, {1, 3}, {2, 4}, {5}};
        double[] bytes = {8, 1000, 1000, 1000, 35, 100, 20000, 20000};
        long[] finishPs = new long[paths.length];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        for (int i = 0; i < paths.length; i++) {
            network.start(paths[i], paths[i].length, bytes[i], 1, i);
        }
        simulation.run(network);

        double[] expected = {0.5, 47, 47, 47, 0.5, 100 / 30.0, 20, 20};
        for (int i = 0; i < paths.length; i++) {
            assertEquals(expected[i], finishPs[i] / SECOND_PS, 1e-9, "class " + i);
        }
    }
}
