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

    /** The accelerators of one scale-up domain of {@code node}: the stated domain, at most the node's, 1 without. */
    public static int size(NodeSpec node) {
        return Math.min(node.scaleUpDomainSize(), node.accelerators());
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
        return !joined(cluster) && ClusterParameters.severalDomains(cluster.accelerators(), size(cluster.node()));
    }
}
