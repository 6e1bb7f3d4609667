package org.fabricsim.runtime.collective;

/**
 * The rank groups a phase of a user-defined collective runs over, for n ranks in scale-up
 * domains of k (n a multiple of k). Groups of one scope run at once. A domain is a node's
 * scale-up domain (at most the node); a node without one makes each accelerator a domain of one
 * (k = 1). The language writes these {@code within-node}, {@code across-nodes}, {@code per-rail}
 * and {@code global}.
 */
public enum PhaseScope {
    /** n/k groups: the k ranks of each domain. */
    WITHIN_DOMAIN,
    /** One group: the first rank of every domain (a leader per node). */
    ACROSS_DOMAINS,
    /** k groups, one per local index (rail): the ranks {l + d·k} of every domain d. */
    PER_RAIL,
    /** One group: all n ranks. */
    GLOBAL;

    /** The groups of this scope, each as its ranks in group order. O(n). */
    int[][] groups(int ranks, int domainSize) {
        int k = Math.min(domainSize, ranks);
        if (ranks % k != 0) {
            throw new IllegalArgumentException(this + " needs whole domains: " + ranks + " ranks in domains of " + k);
        }
        int domains = ranks / k;
        return switch (this) {
            case WITHIN_DOMAIN -> grid(domains, k, 1, k);
            case PER_RAIL -> grid(k, domains, k, 1);
            case ACROSS_DOMAINS -> grid(1, domains, k, 0);
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
