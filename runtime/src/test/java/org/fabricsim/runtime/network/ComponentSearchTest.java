package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** Which classes a re-solve covers under a fabric's derating: the component of the changed links, to its end. */
class ComponentSearchTest {
    private static final double SECOND_PS = 1e12;

    @Test
    void shouldResolveOnlyTheFinishedClassesComponentUnderADeratingThoughItHoldsMostOfTheLoadedLinks() {
        // Six links of 100 B/s in a row. Component A: a1 = {0, 1} (5 B), a2 = {1, 2}, a3 = {2, 3}; component B:
        // b1 = {4, 5}, b2 = {5} (1,000 B each but a1). Every link carries two classes or one, so every class gets
        // 50 B/s; a1 ends at 5 / 50 = 0.1 s, the others at 1,000 / 50 = 20 s. After a1, the loaded links are 1-5
        // and a1's component is a2, a3 on links 1-3, more than half of them: searched to its end it is re-solved
        // alone (2 classes), B's rates standing. Solved: all 5 classes at the start, then 2.
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 7, false);
        for (int i = 0; i < 6; i++) {
            builder.addLink(node + i, node + i + 1, new LinkClass(100, 0));
        }
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, builder.build(), 2, 0.0);
        network.setContentionModel(new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                return 1;
            }

            @Override
            public double smallestFactor() {
                return 0.5;
            }
        });
        int[][] paths = {{0, 1}, {1, 2}, {2, 3}, {4, 5}, {5}};
        double[] bytes = {5, 1000, 1000, 1000, 1000};
        long[] finishPs = new long[paths.length];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        for (int i = 0; i < paths.length; i++) {
            network.start(paths[i], paths[i].length, bytes[i], 1, i);
        }
        simulation.run(network);

        assertEquals(0.1, finishPs[0] / SECOND_PS, 1e-9);
        for (int i = 1; i < paths.length; i++) {
            assertEquals(20, finishPs[i] / SECOND_PS, 1e-9);
        }
        assertEquals(5 + 2, network.statistics().flowClassesSolved());
    }
}
