package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * A cluster's scale-up domains as {@link ClusterTopologies} lays them out, and whether it joins them: over the
 * scale-out fabric only, reached through the nodes' NICs (a torus through the accelerators themselves). More than one
 * domain without that network is refused ({@link ClusterParameters#severalDomains}); the build and the language's
 * validation ask the same questions here. O(1) each.
 */
public final class ClusterDomains {
    private ClusterDomains() {
    }

    /**
     * The accelerators of one scale-up domain of {@code cluster} as the build lays them out, consecutive from
     * accelerator 0: its nodes' stated domain D, which splits a node (D divides the n accelerators of a node) or
     * spans D ÷ n consecutive nodes (a GB200 NVL72 rack written as 18 trays of 4), each node keeping its own NICs;
     * the whole cluster where it holds fewer accelerators than D (a benchmark on a rack's first trays); 1 without
     * scale-up. The cluster must then be whole domains ({@link #whole}), which the build requires and the language
     * checks. Same answer for every reader: the build, the parallelism checks, placement, serving and the search.
     */
    public static int size(ClusterSpec cluster) {
        return (int) Math.min(cluster.node().scaleUpDomainSize(),
                (long) cluster.nodes() * cluster.acceleratorsPerNode());
    }

    /**
     * Whether {@code cluster}'s accelerators fill whole scale-up domains of {@link #size}: N·n ≡ 0 (mod D) or
     * N·n &lt; D. A cluster of 20 trays of 4 in domains of 72 (80 accelerators) is not, and the build refuses it.
     */
    public static boolean whole(ClusterSpec cluster) {
        return (long) cluster.nodes() * cluster.acceleratorsPerNode() % size(cluster) == 0;
    }

    /** The nodes one scale-up domain of {@code node} spans: ⌈D ÷ n⌉, 1 for a domain inside a node. */
    public static int nodesPerDomain(NodeSpec node) {
        return (node.scaleUpDomainSize() + node.accelerators() - 1) / node.accelerators();
    }

    /** Whether the build joins the domains of {@code cluster}: a scale-out fabric its NICs reach, or a torus. */
    static boolean joined(ClusterSpec cluster) {
        return cluster.scaleOut() != null && (cluster.node().nic() != null
                || cluster.scaleOut().topology() instanceof TopologySpec.Torus);
    }

    /**
     * Whether {@code cluster} has more than one scale-up domain and no network the build joins them over, so that
     * {@link ClusterTopologies#build} refuses it.
     */
    public static boolean unjoined(ClusterSpec cluster) {
        return !joined(cluster) && ClusterParameters.severalDomains(cluster.accelerators(), size(cluster));
    }
}
