package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.sim.Keywords;

/**
 * The rank groups a phase of a user-defined collective runs over, for n ranks on nodes of k
 * accelerators each (n a multiple of k; rank r is local index r mod k of node ⌊r/k⌋). Groups of one
 * scope run at once. The constants are the language's scopes, keyword for keyword ({@link #label()}).
 * Grouping is by node whatever the node's scale-up domain: the transfers of a group take whatever
 * links the topology offers between its members.
 */
public enum PhaseScope {
    /** n/k groups: the k accelerators of each node. */
    WITHIN_NODE,
    /** One group: the first accelerator (local index 0) of every node, a leader per node. */
    ACROSS_NODES,
    /** k groups, one per local index l (rail): the ranks {l + d·k} of every node d. */
    PER_RAIL,
    /** One group: all n ranks. */
    GLOBAL;

    /** The keyword the language writes, e.g. {@code across-nodes}. */
    public String label() {
        return Keywords.of(this);
    }

    /** The ranks in one group of this scope, as {@link #groups} forms them (and refuses). O(n). */
    public int groupRanks(int ranks, int acceleratorsPerNode) {
        return groups(ranks, acceleratorsPerNode)[0].length;
    }

    /**
     * The groups of this scope for {@code ranks} ranks on nodes of {@code acceleratorsPerNode}
     * (fewer ranks than a node: one partial node), each as its ranks in group order. O(n).
     */
    int[][] groups(int ranks, int acceleratorsPerNode) {
        int k = Math.min(acceleratorsPerNode, ranks);
        if (k < 1 || ranks % k != 0) {
            throw new IllegalArgumentException(label() + " needs whole nodes: " + ranks + " ranks on nodes of "
                    + acceleratorsPerNode + " accelerators");
        }
        int nodes = ranks / k;
        return switch (this) {
            case WITHIN_NODE -> grid(nodes, k, 1, k);
            case PER_RAIL -> grid(k, nodes, k, 1);
            case ACROSS_NODES -> grid(1, nodes, k, 0);
            case GLOBAL -> grid(1, ranks, 1, 0);
        };
    }

    /** {@code count} groups of {@code size}: member m of group g is g·groupStride + m·memberStride. */
    private static int[][] grid(int count, int size, int memberStride, int groupStride) {
        int[][] groups = new int[count][size];
        for (int g = 0; g < count; g++) {
            for (int m = 0; m < size; m++) {
                groups[g][m] = g * groupStride + m * memberStride;
            }
        }
        return groups;
    }
}
