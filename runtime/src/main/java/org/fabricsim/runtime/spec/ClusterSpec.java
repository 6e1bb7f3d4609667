package org.fabricsim.runtime.spec;

/**
 * A cluster of identical nodes and its scale-out network.
 *
 * @param name                 qualified name
 * @param node                 the node type
 * @param nodes                number of nodes
 * @param scaleOut             the scale-out network, or null for a single node
 * @param maxOversubscription  the design policy's largest acceptable oversubscription; 0 for none
 * @param cost                 what it costs, or null
 * @param reliability          how it fails, or null
 */
public record ClusterSpec(String name, NodeSpec node, int nodes, ScaleOutSpec scaleOut, double maxOversubscription,
        CostSpec cost, ReliabilitySpec reliability) {

    public ClusterSpec {
        Specs.requireName(name);
        Specs.requirePositive("nodes", nodes);
        Specs.requireNonNegative("maxOversubscription", maxOversubscription);
    }

    /** Accelerators per node. */
    public int acceleratorsPerNode() {
        return node.accelerators();
    }

    /** Total accelerators, the endpoints of the fabric. */
    public int accelerators() {
        return Math.multiplyExact(nodes, node.accelerators());
    }

    /** This cluster cut down to its first {@code count} nodes, as a benchmark on them sees it. */
    public ClusterSpec withNodes(int count) {
        return new ClusterSpec(name, node, count, scaleOut, maxOversubscription, cost, reliability);
    }
}
