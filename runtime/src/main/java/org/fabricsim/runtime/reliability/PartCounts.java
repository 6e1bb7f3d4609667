package org.fabricsim.runtime.reliability;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * How many parts of each class a job depends on.
 *
 * @param accelerators  the job's accelerators (also its HBM stacks, counted one set per accelerator)
 * @param nics          scale-out NICs of the job's nodes
 * @param nodes         the job's nodes (hosts, and the software stack on each)
 * @param switches      switches of the topology, in the job's share of the cluster, rounded up
 * @param links         bidirectional links of the topology, in the job's share of the cluster, rounded up
 * @param reroutableSwitches  of the {@code switches}, those the fabric routes around when they fail
 * @param reroutableLinks     of the {@code links}, the cables the fabric routes around when they fail
 */
public record PartCounts(int accelerators, int nics, int nodes, int switches, int links, int reroutableSwitches,
        int reroutableLinks) {

    public PartCounts {
        if (reroutableSwitches > switches || reroutableLinks > links) {
            throw new IllegalArgumentException("more re-routable parts than parts: " + this);
        }
    }

    /** Counts of a fabric that routes around no failure. */
    public PartCounts(int accelerators, int nics, int nodes, int switches, int links) {
        this(accelerators, nics, nodes, switches, links, 0, 0);
    }

    /**
     * The parts a job of {@code jobAccelerators} accelerators on {@code cluster} depends on, its
     * switches and links taken from the built {@code topology} in proportion to the job's share of
     * the cluster's accelerators (a job fills whole nodes), the re-routable ones alike ({@link
     * ClusterTopology#reroutableLinks}). O(nodes of the graph).
     */
    public static PartCounts of(ClusterSpec cluster, int jobAccelerators, ClusterTopology topology) {
        Graph graph = topology.graph();
        int nodes = Math.floorDiv(jobAccelerators + cluster.acceleratorsPerNode() - 1, cluster.acceleratorsPerNode());
        double share = (double) jobAccelerators / cluster.accelerators();
        int switches = 0;
        for (int node = 0; node < graph.nodeCount(); node++) {
            if (graph.nodeKind(node) == Graph.SWITCH) {
                switches++;
            }
        }
        int bidirectionalLinks = graph.linkCount() / 2;
        return new PartCounts(jobAccelerators, nodes * cluster.node().nics(), nodes,
                (int) Math.ceil(switches * share), (int) Math.ceil(bidirectionalLinks * share),
                (int) Math.ceil(topology.reroutableSwitches() * share),
                (int) Math.ceil(topology.reroutableLinks() * share));
    }

    /**
     * The parts of the same job at {@code scale} times its size: every count times {@code scale},
     * rounded up (a job keeps at least one of each part it has).
     */
    public PartCounts scaled(double scale) {
        return new PartCounts(up(accelerators, scale), up(nics, scale), up(nodes, scale), up(switches, scale),
                up(links, scale), up(reroutableSwitches, scale), up(reroutableLinks, scale));
    }

    private static int up(int count, double scale) {
        return (int) Math.ceil(count * scale);
    }

    /** How many parts of {@code component} the fabric routes around when they fail: switches and links only. */
    public int reroutable(Component component) {
        return component == Component.SWITCH ? reroutableSwitches : component == Component.LINK ? reroutableLinks : 0;
    }

    /** How many parts of {@code component} the job depends on; the job itself counts once. */
    public int count(Component component) {
        return switch (component) {
            case ACCELERATOR, HBM -> accelerators;
            case NIC -> nics;
            case SWITCH -> switches;
            case LINK -> links;
            case NODE, SOFTWARE -> nodes;
            case JOB -> 1;
            case DOMAIN -> throw new IllegalArgumentException("a failure domain is counted by its size, not per part");
        };
    }
}
