package org.fabricsim.runtime.sharing;

import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Jobs' nodes on a shared cluster: the accelerators they give each rank, and the checks that make
 * a placement one the engines can run (nodes the cluster has, owned by one job, filled by the
 * job's ranks, whole scale-up domains in order).
 */
final class Placements {
    private final ClusterTopology topology;
    private final int perNode;
    private final String[] owner;

    /** Placements on {@code topology}, whose nodes hold {@code perNode} accelerators each. */
    Placements(ClusterTopology topology, int perNode) {
        this.topology = topology;
        this.perNode = perNode;
        this.owner = new String[topology.accelerators() / perNode];
    }

    /** The accelerators of rank 0 … ranks − 1 on {@code nodes}: node after node, {@code perNode} each. O(ranks). */
    static int[] accelerators(int[] nodes, int perNode) {
        int[] accelerators = new int[nodes.length * perNode];
        for (int i = 0; i < accelerators.length; i++) {
            accelerators[i] = nodes[i / perNode] * perNode + i % perNode;
        }
        return accelerators;
    }

    /**
     * Places job {@code name}, which runs {@code ranks} ranks, on {@code nodes} and returns its
     * accelerators. Throws {@link IllegalArgumentException} naming the job and the fix for ranks
     * that do not fill the nodes, nodes that split a scale-up domain, nodes the cluster lacks, or a
     * node an earlier job holds. O(ranks).
     */
    int[] place(String name, int[] nodes, int ranks) {
        if (ranks != nodes.length * perNode) {
            throw new IllegalArgumentException("job " + name + " runs " + ranks + " ranks on " + nodes.length
                    + " nodes of " + perNode + " accelerators; give it " + ranks / Math.max(1, perNode)
                    + " nodes or " + nodes.length * perNode + " ranks");
        }
        int[] accelerators = accelerators(nodes, perNode);
        int domain = topology.domainSize();
        for (int r = 0; r < accelerators.length; r++) {
            int first = accelerators[r - r % domain];
            if (first % domain != 0 || accelerators[r] != first + r % domain) {
                throw new IllegalArgumentException("job " + name + "'s nodes split the scale-up domains of " + domain
                        + " accelerators; place it on whole domains, in order");
            }
        }
        for (int node : nodes) {
            if (node < 0 || node >= owner.length) {
                throw new IllegalArgumentException("job " + name + " is placed on node " + node
                        + ", but the cluster has nodes 0 to " + (owner.length - 1) + "; place it on nodes it has");
            }
            if (owner[node] != null) {
                throw new IllegalArgumentException("jobs " + owner[node] + " and " + name + " both run on node " + node
                        + "; give them node ranges that do not overlap");
            }
            owner[node] = name;
        }
        return accelerators;
    }
}
