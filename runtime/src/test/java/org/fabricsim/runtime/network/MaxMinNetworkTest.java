package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** Textbook max-min cases; rates are read from completion times (bytes / rate). */
class MaxMinNetworkTest {
    private static final long SECOND_PS = 1_000_000_000_000L;

    /** A graph of independent links with the given capacities in bytes per second. */
    private static Graph links(double... capacities) {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, capacities.length + 1, false);
        for (int i = 0; i < capacities.length; i++) {
            builder.addLink(node + i, node + i + 1, new LinkClass(capacities[i], 0));
        }
        return builder.build();
    }

    private static long[] finishTimes(Graph graph, int[][] paths, double[] bytes, int[] multiplicity) {
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, graph, 4, 0.0);
        long[] finish = new long[paths.length];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        for (int f = 0; f < paths.length; f++) {
            network.start(paths[f], paths[f].length, bytes[f], multiplicity[f], f);
        }
        simulation.run(network);
        return finish;
    }

    @Test
    void shouldShareOneLinkEquallyBetweenTwoFlows() {
        // One link of 100 B/s, two flows of 100 B: each gets 100/2 = 50 B/s and ends at 100/50 = 2 s.
        long[] finish = finishTimes(links(100), new int[][] {{0}, {0}}, new double[] {100, 100}, new int[] {1, 1});
        assertEquals(2 * SECOND_PS, finish[0]);
        assertEquals(2 * SECOND_PS, finish[1]);
    }

    @Test
    void shouldGiveTheUnusedShareOfATightLinkToFlowsElsewhere() {
        // L0 = 10 B/s, L1 = 4 B/s. A crosses L0 and L1, B uses L0, C uses L1.
        // Bottleneck L1: 4/2 = 2 B/s for A and C. L0 keeps 10 - 2 = 8 B/s for B.
        // A = 2 B and C = 2 B end at 1 s; B = 8 B ends at 1 s.
        long[] finish = finishTimes(links(10, 4), new int[][] {{0, 1}, {0}, {1}}, new double[] {2, 8, 2},
                new int[] {1, 1, 1});
        assertEquals(SECOND_PS, finish[0]);
        assertEquals(SECOND_PS, finish[1]);
        assertEquals(SECOND_PS, finish[2]);
    }

    @Test
    void shouldShareTheParkingLotEquallyWhenLinksAreEqual() {
        // L0 = L1 = 10 B/s; A on both, B on L0, C on L1: every link has 2 flows, all get 5 B/s.
        long[] finish = finishTimes(links(10, 10), new int[][] {{0, 1}, {0}, {1}}, new double[] {5, 10, 15},
                new int[] {1, 1, 1});
        // A: 5 B at 5 B/s -> 1 s. Then B and C are alone: B had 10 - 5 = 5 left at 10 B/s -> 1.5 s;
        // C had 15 - 5 = 10 left at 10 B/s -> 2 s.
        assertEquals(SECOND_PS, finish[0]);
        assertEquals(SECOND_PS * 3 / 2, finish[1]);
        assertEquals(2 * SECOND_PS, finish[2]);
    }

    @Test
    void shouldGiveAClassAloneOnItsLinksItsNarrowestLinkSplitOverItsFlows() {
        // L0 = 10, L1 = 4, L2 = 6 B/s. A class of 2 flows crosses L0 and L1, nothing else does: each
        // flow gets min(10/2, 4/2) = 2 B/s, so 4 B per flow end at 2 s; a single flow alone on L2 gets
        // 6 B/s, so 12 B end at 2 s.
        long[] finish = finishTimes(links(10, 4, 6), new int[][] {{0, 1}, {2}}, new double[] {4, 12},
                new int[] {2, 1});
        assertEquals(2 * SECOND_PS, finish[0]);
        assertEquals(2 * SECOND_PS, finish[1]);
    }

    @Test
    void shouldWeightAFlowClassByItsMultiplicity() {
        // One link of 8 B/s: a class of 3 flows and 1 single flow = 4 flows of 2 B/s each.
        // The class (2 B per flow) and the single flow (2 B) both end at 1 s.
        long[] finish = finishTimes(links(8), new int[][] {{0}, {0}}, new double[] {2, 2}, new int[] {3, 1});
        assertEquals(SECOND_PS, finish[0]);
        assertEquals(SECOND_PS, finish[1]);
    }

    @Test
    void shouldReSolveOnlyTheComponentAFinishedFlowTouched() {
        // Three independent links: two flows on L0 (ending at 1 s and 2 s), one long flow each on L1, L2.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, links(10, 10, 10), 2, 0.0);
        long[] finish = new long[4];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0}, 1, 5, 1, 0);
        network.start(new int[] {0}, 1, 15, 1, 1);
        network.start(new int[] {1}, 1, 100, 1, 2);
        network.start(new int[] {2}, 1, 100, 1, 3);
        simulation.run(network);
        // Flow 0: 5 B at 5 B/s -> 1 s; flow 1 then has 10 B left alone at 10 B/s -> 2 s; flows 2, 3: 10 s.
        assertEquals(SECOND_PS, finish[0]);
        assertEquals(2 * SECOND_PS, finish[1]);
        assertEquals(10 * SECOND_PS, finish[2]);
        assertEquals(10 * SECOND_PS, finish[3]);
        // Classes solved: flows 2 and 3 start alone on their links and are rated in closed form, flow 0
        // too until flow 1 joins it on L0; so 2 initially (flows 0 and 1), then 1 after flow 0 (only
        // flow 1: L1 and L2 are untouched); after flow 1 and at 10 s the dirty links carry nothing.
        assertEquals(2 + 1, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldKeepTheSlowerRatesWithoutASolveWhenOnlyFasterFlowsFinish() {
        // L0 at 10 B/s carries a and b, L1 at 2 B/s carries b: b is held to 2 B/s by L1, a gets the
        // other 8 B/s of L0. a (8 B) ends at 1 s; b is still held by L1, so its 8 B end at 4 s. The
        // re-solve after a's end would give b the same 2 B/s, so it is skipped: 2 classes solved in all.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, links(10, 2), 2, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0}, 1, 8, 1, 0);
        network.start(new int[] {0, 1}, 2, 8, 1, 1);
        simulation.run(network);
        assertEquals(SECOND_PS, finish[0]);
        assertEquals(4 * SECOND_PS, finish[1]);
        assertEquals(1, network.statistics().solves());
        assertEquals(2, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldGiveAFinishedFlowsShareToTheFlowsAsFastAsItWhileTheSlowerKeepTheirRates() {
        // L0 (2 B/s) carries b; L1 (8 B/s) carries b, c and d. b is held to 2 B/s by L0; c and d
        // share the other 6 B/s of L1 at 3 B/s. d (3 B) ends at 1 s; b, slower than d, keeps 2 B/s
        // (its 8 B end at 4 s) and c, as fast as d, gets L1's remaining 6 B/s: its 9 − 3 = 6 B left
        // end at 2 s. The re-solve after d fixes b at its rate and fills only c: 3 + 2 classes solved.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, links(2, 8), 2, 0.0);
        long[] finish = new long[3];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 8, 1, 0);
        network.start(new int[] {1}, 1, 9, 1, 1);
        network.start(new int[] {1}, 1, 3, 1, 2);
        simulation.run(network);
        assertEquals(SECOND_PS, finish[2]);
        assertEquals(2 * SECOND_PS, finish[1]);
        assertEquals(4 * SECOND_PS, finish[0]);
        assertEquals(3 + 2, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldShareTheLinksOfAClassRatedAloneWhenAnotherJoinsItLater() {
        // L0 = L1 = 10 B/s. a (20 B) crosses L0 and L1 alone: 10 B/s, rated without a solve. At 1 s, a
        // has 10 B left and b (5 B) starts on L1: 5 B/s each, so b ends at 1 + 5/5 = 2 s with a at
        // 10 − 5 = 5 B left, which it sends alone at 10 B/s: 2.5 s. Without b, a would end at 2 s.
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, links(10, 10), 2, 0.0);
        long[] finish = new long[2];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        network.start(new int[] {0, 1}, 2, 20, 1, 0);
        int join = simulation.register(payload -> network.start(new int[] {1}, 1, 5, 1, 1));
        simulation.schedule(SECOND_PS, join, 0);
        simulation.run(network);
        assertEquals(2 * SECOND_PS, finish[1]);
        assertEquals(5 * SECOND_PS / 2, finish[0]);
        // Solved: nothing at the start (a alone), a and b at 1 s, a alone again at 2 s.
        assertEquals(2 + 1, network.statistics().flowClassesSolved());
    }

    @Test
    void shouldCountEveryByteOnEveryLinkOfItsPath() {
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, links(10, 4), 2, 0);
        network.start(new int[] {0, 1}, 2, 2, 3, 0);
        network.start(new int[] {0}, 1, 8, 1, 1);
        simulation.run(network);
        assertEquals(3 * 2 + 8, network.linkBytes(0));
        assertEquals(3 * 2, network.linkBytes(1));
        assertEquals(network.bytesStarted(), network.bytesDelivered());
    }

    @Test
    void shouldBatchCompletionsWithinTheQuantumIntoOneReSolve() {
        // Ten flows on one link finishing within 1e-8 relative of each other: with a tolerance of
        // 1e-6 of their age they all finish in one batch; exactly, in ten.
        double[] sizes = new double[10];
        Arrays.setAll(sizes, i -> 100 + i * 1e-6);
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, links(1000), 1, 1e-6);
        for (int f = 0; f < sizes.length; f++) {
            network.start(new int[] {0}, 1, sizes[f], 1, f);
        }
        simulation.run(network);
        assertEquals(1, network.statistics().completionBatches());
    }
}
