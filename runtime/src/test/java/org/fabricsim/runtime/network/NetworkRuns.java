package org.fabricsim.runtime.network;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;

/** Runs of a {@link MaxMinNetwork} on small hand-built graphs, for the tests that derive their finish times by hand. */
final class NetworkRuns {
    /** Picoseconds in a second. */
    static final double SECOND_PS = 1e12;

    /** A run's network, for its statistics, and each class's finish time, ps, by tag. */
    record Run(MaxMinNetwork network, double[] finishPs) {
    }

    private NetworkRuns() {
    }

    /** Switches in a row, link i (handle i) from switch i to switch i + 1 at {@code bytesPerSecond[i]}. */
    static Graph chain(double... bytesPerSecond) {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, bytesPerSecond.length + 1, false);
        for (int i = 0; i < bytesPerSecond.length; i++) {
            builder.addLink(node + i, node + i + 1, new LinkClass(bytesPerSecond[i], 0));
        }
        return builder.build();
    }

    /** A derating that runs every saturated link at {@code factor} of its capacity, none below {@code smallest}. */
    static ContentionModel constant(double factor, double smallest) {
        return new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                return factor;
            }

            @Override
            public double smallestFactor() {
                return smallest;
            }
        };
    }

    /** Links of 100 B/s: {@code senders} NICs (handles 0 ..) into one switch, and the switch's link out of it. */
    static Graph intoOneSwitch(int senders) {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, senders + 2, false);
        for (int i = 0; i < senders; i++) {
            builder.addLink(node + i, node + senders, new LinkClass(100, 0));
        }
        builder.addLink(node + senders, node + senders + 1, new LinkClass(100, 0));
        return builder.build();
    }

    /** Starts class i (tag i) on {@code paths[i]} with {@code bytes[i]} under {@code model}, and runs to the end. */
    static Run run(Graph graph, ContentionModel model, int[][] paths, double[] bytes) {
        return run(graph, model, paths, bytes, 0.0);
    }

    /** As {@link #run(Graph, ContentionModel, int[][], double[])}, at completion tolerance {@code tolerance}. */
    static Run run(Graph graph, ContentionModel model, int[][] paths, double[] bytes, double tolerance) {
        int longest = 0;
        for (int[] path : paths) {
            longest = Math.max(longest, path.length);
        }
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, graph, longest, tolerance);
        network.setContentionModel(model);
        double[] finishPs = new double[paths.length];
        network.setListener((tag, atPs) -> finishPs[tag] = atPs);
        for (int i = 0; i < paths.length; i++) {
            network.start(paths[i], paths[i].length, bytes[i], 1, i);
        }
        simulation.run(network);
        return new Run(network, finishPs);
    }
}
