package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** The derating's readings: a saturated link is read again when its senders' shares move, not only its classes. */
class ContentionReadingTest {
    @Test
    void shouldReadASaturatedLinkAgainWhenASenderLinkLosesAClassThoughItsOwnClassesStay() {
        // Links of 100 B/s: a (sender A's NIC) = 0, b (B's) = 1, s (shared) = 2, x = 3. F1 = a→s, F2 = b→s,
        // F3 = a→x (10 B). The model derates an overloaded link to 1/ρ.
        // Solve 1, ideal: a and s tie at 50 B/s, a first (lower handle): F1 = F3 = 50, then F2 = 50; s is
        // saturated by two classes and offered F1's share of a (100/2) + F2's of b (100/1): ρ = 1.5, factor 2/3.
        // Derated: s at 66.67 B/s is the bottleneck, F1 = F2 = 33.33; F3 gets a's 66.67 and ends at 0.15 s.
        // Solve 2: s keeps F1 and F2, but a lost F3, so F1 offers all of a: ρ = (100 + 100) / 100 = 2,
        // factor 1/2, F1 = F2 = 25 B/s. Their 100 B less the 5 sent end at 0.15 + 95/25 = 3.95 s (at
        // 33.33 B/s, the stale factor, they would end at 3.0 s).
        Graph graph = NetworkRuns.chain(100, 100, 100, 100);
        List<Double> overloadsOfS = new ArrayList<>();
        ContentionModel model = new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                if (link == 2) {
                    overloadsOfS.add(overload);
                }
                return overload > 1 ? 1 / overload : 1;
            }

            @Override
            public double smallestFactor() {
                return 0.25;
            }
        };
        double[] finishPs = run(graph, model, new int[][] {{0, 2}, {1, 2}, {0, 3}}, new double[] {100, 100, 10});

        assertEquals(0.15, finishPs[2] / SECOND_PS, 1e-9);
        assertEquals(3.95, finishPs[0] / SECOND_PS, 1e-9);
        assertEquals(3.95, finishPs[1] / SECOND_PS, 1e-9);
        assertTrue(overloadsOfS.contains(1.5) && overloadsOfS.contains(2.0), "overloads read on s: " + overloadsOfS);
    }

    @Test
    void shouldGiveTheFlowsLeftInAnEpisodeWhatTheModelSaysTheyInheritUntilItEnds() {
        // Links of 100 B/s: a = 0, b = 1, c = 2 (three senders' NICs) into one switch, s = 3 out of it. F0 = a→s and
        // F1 = b→s of 100 B, F2 = c→s of 10 B. The model derates nothing at the reading itself; the flows left in an
        // episode inherit 1/2. Solve 1 opens s's episode: 3 flows, each sender offering all of its NIC (ρ₀ = 300 /
        // 100 = 3), 3 input links; F0 = F1 = F2 = 33.33 B/s, F2 ends at 10 / 33.33 = 0.3 s. Solve 2 reads s with 2
        // flows (< 3): the model is asked with t = 0.3 s and F0's and F1's 2 × (100 − 10) = 180 B left, and answers
        // 1/2: s runs at 50 B/s, F0 = F1 = 25 B/s, and their 90 B end at 0.3 + 3.6 = 3.9 s (2.1 s without it).
        Graph graph = NetworkRuns.intoOneSwitch(3);
        List<double[]> asked = new ArrayList<>();
        ContentionModel model = new Inheriting(0.5, false) {
            @Override
            public double inheritedCapacityFactor(int link, double openingOverload, double openingFlows,
                    int openingInputLinks, double elapsedSeconds, double flows, double remainingBytes) {
                asked.add(new double[] {link, openingOverload, openingFlows, openingInputLinks, elapsedSeconds, flows,
                    remainingBytes});
                return 0.5;
            }
        };
        double[] finishPs = run(graph, model, new int[][] {{0, 3}, {1, 3}, {2, 3}}, new double[] {100, 100, 10});

        assertEquals(0.3, finishPs[2] / SECOND_PS, 1e-9);
        assertEquals(3.9, finishPs[0] / SECOND_PS, 1e-9);
        assertEquals(3.9, finishPs[1] / SECOND_PS, 1e-9);
        assertEquals(1, asked.size());
        double[] expected = {3, 3, 3, 3, 0.3, 2, 180};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], asked.get(0)[i], 1e-9, "argument " + i);
        }
    }

    @Test
    void shouldAskAgainAsTheCrowdThinsAndKeepTheNewestAnswerWhereTheModelReasks() {
        // Links of 100 B/s: a, b, c, d = 0..3 (four senders' NICs) into one switch, s = 4 out of it. F0 = a→s and F1 =
        // b→s of 100 B, F2 = c→s of 10 B, F3 = d→s of 20 B. The model derates nothing at the reading itself; the flows
        // left inherit 1/2 with three of them, 1/4 with two, and it asks to be asked again. Solve 1: 25 B/s each, F2
        // ends at 0.4 s. Three left (F0, F1 with 90 B, F3 with 10 B: 190 B): 1/2, s at 50 B/s, F3 ends at 0.4 + 10 /
        // (50/3) = 1.0 s. Two left, 80 B each (160 B): asked again, 1/4, s at 25 B/s, they end at 1.0 + 80 / 12.5 =
        // 7.4 s (4.2 s had the first answer held).
        Graph graph = NetworkRuns.intoOneSwitch(4);
        List<double[]> asked = new ArrayList<>();
        ContentionModel model = new Inheriting(0.25, true) {
            @Override
            public double inheritedCapacityFactor(int link, double openingOverload, double openingFlows,
                    int openingInputLinks, double elapsedSeconds, double flows, double remainingBytes) {
                asked.add(new double[] {flows, remainingBytes});
                return flows == 3 ? 0.5 : 0.25;
            }
        };
        double[] finishPs = run(graph, model, new int[][] {{0, 4}, {1, 4}, {2, 4}, {3, 4}},
                new double[] {100, 100, 10, 20});

        assertEquals(0.4, finishPs[2] / SECOND_PS, 1e-9);
        assertEquals(1.0, finishPs[3] / SECOND_PS, 1e-9);
        assertEquals(7.4, finishPs[0] / SECOND_PS, 1e-9);
        assertEquals(7.4, finishPs[1] / SECOND_PS, 1e-9);
        assertEquals(2, asked.size());
        assertEquals(3, asked.get(0)[0]);
        assertEquals(190, asked.get(0)[1], 1e-9);
        assertEquals(2, asked.get(1)[0]);
        assertEquals(160, asked.get(1)[1], 1e-9);
    }

    @Test
    void shouldBoundWhatAClassOffersByItsShareOfTheLinkBeforeItAndReadAgainWhenThatShareMoves() {
        // Links of 100 B/s: a = 0, b = 1, c = 2, e = 3 (NICs), u = 4 (an uplink), d = 5 (the link after it). F0 =
        // a→u→d, F1 = b→u→d, F2 = c→d (100 B each), F3 = e→u (10 B). The model derates nothing and offers input
        // shares. Solve 1: u and d carry three flows each, all at 100/3 B/s, both saturated. d is offered F0's and
        // F1's share of u, min(100/1, 100/3) each, and F2's of c, 100: ρ = (100/3 + 100/3 + 100) / 100 = 5/3 (its
        // NICs' shares alone: 3). F3 ends at 10 / (100/3) = 0.3 s; u then carries two, and d is read again though
        // its own classes and their first links stay: ρ = (50 + 50 + 100) / 100 = 2.
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 7, false);
        for (int i = 0; i < 6; i++) {
            builder.addLink(node + i, node + i + 1, new LinkClass(100, 0));
        }
        Graph graph = builder.build();
        List<Double> overloadsOfD = new ArrayList<>();
        ContentionModel model = new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                if (link == 5) {
                    overloadsOfD.add(overload);
                }
                return 1;
            }

            @Override
            public boolean offersInputShare() {
                return true;
            }

            @Override
            public double smallestFactor() {
                return 1;
            }
        };
        double[] finishPs = run(graph, model, new int[][] {{0, 4, 5}, {1, 4, 5}, {2, 5}, {3, 4}},
                new double[] {100, 100, 100, 10});

        assertEquals(0.3, finishPs[3] / SECOND_PS, 1e-9);
        assertEquals(2, overloadsOfD.size(), "overloads read on d: " + overloadsOfD);
        assertEquals(5.0 / 3, overloadsOfD.get(0), 1e-12);
        assertEquals(2.0, overloadsOfD.get(1), 1e-12);
    }

    /** Flow i takes {@code paths[i]} (its links) with {@code bytes[i]}, tag i; returns each flow's finish, ps. */
    private static double[] run(Graph graph, ContentionModel model, int[][] paths, double[] bytes) {
        return NetworkRuns.run(graph, model, paths, bytes).finishPs();
    }


    /** A model that derates nothing at a reading and whose flows inherit what each test answers. */
    private abstract static class Inheriting implements ContentionModel {
        private final double smallestFactor;
        private final boolean reasks;

        Inheriting(double smallestFactor, boolean reasks) {
            this.smallestFactor = smallestFactor;
            this.reasks = reasks;
        }

        @Override
        public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                double episodeBytesPerSender, double episodeBytes, int inputLinks) {
            return 1;
        }

        @Override
        public boolean inheritsState() {
            return true;
        }

        @Override
        public boolean reasksInherited() {
            return reasks;
        }

        @Override
        public double smallestFactor() {
            return smallestFactor;
        }
    }
}
