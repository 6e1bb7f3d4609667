package org.fabricsim.runtime.spec;

/**
 * Consecutive nodes of one type in a cluster: a {@code nodes N x TYPE} line, placed after the
 * lines written before it.
 *
 * @param node  the node type
 * @param nodes how many
 */
public record NodeGroupSpec(NodeSpec node, int nodes) {

    public NodeGroupSpec {
        if (node == null) {
            throw new IllegalArgumentException("a node group needs a node type");
        }
        Specs.requirePositive("nodes", nodes);
    }
}
