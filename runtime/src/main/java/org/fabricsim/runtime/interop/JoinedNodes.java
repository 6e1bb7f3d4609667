package org.fabricsim.runtime.interop;

import java.util.Arrays;

/**
 * Which of an imported graph's nodes the links joined so far connect (union-find with path halving): each group of
 * connected nodes is named by its root, one of its nodes. Every call O(α(nodes)) amortised; O(nodes) memory.
 */
final class JoinedNodes {
    private final int[] parent;

    /** {@code nodes} nodes, each its own group. */
    JoinedNodes(int nodes) {
        parent = new int[nodes];
        Arrays.setAll(parent, node -> node);
    }

    /** Joins the groups of {@code from} and {@code to}, named by {@code to}'s root thereafter. */
    void join(int from, int to) {
        parent[root(from)] = root(to);
    }

    /** The root that names {@code node}'s group. */
    int root(int node) {
        while (parent[node] != node) {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        return node;
    }
}
