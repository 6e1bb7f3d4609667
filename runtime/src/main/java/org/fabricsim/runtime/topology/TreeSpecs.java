package org.fabricsim.runtime.topology;

import java.util.List;

import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * How a fat-tree or rail-optimized {@link TopologySpec} reads for the builder ({@link ClusterTopologies}):
 * its switch, switch tiers, stated ratios and rails ({@link TierLayout} lays the tree out, tiers stated or not).
 * A switch of radix R with leaf ratio o₁ serves ⌊R·o₁/(1+o₁)⌋ NIC ports (R/2 when non-blocking); a pod has
 * R/2 leaves; ratios are per switch tier, leaf first, and the top tier's stated ratio applies to the links
 * into it (the largest of the two top ratios is used). Cost O(tiers).
 */
final class TreeSpecs {
    private TreeSpecs() {
    }

    static SwitchSpec switchOf(TopologySpec topology) {
        return topology instanceof TopologySpec.FatTree tree ? tree.switchSpec()
                : ((TopologySpec.RailOptimized) topology).switchSpec();
    }

    /** Switch tiers: a fat-tree's own; a rail-optimized fabric's, at least 2 (rail leaves and spines). */
    static int treeTiers(TopologySpec topology) {
        if (topology instanceof TopologySpec.FatTree tree) {
            return tree.tiers();
        }
        int tiers = ((TopologySpec.RailOptimized) topology).tiers();
        return tiers + (tiers < 2 ? 1 : 0);
    }

    static List<Double> statedRatios(TopologySpec topology) {
        return topology instanceof TopologySpec.FatTree tree ? tree.oversubscription()
                : ((TopologySpec.RailOptimized) topology).oversubscription();
    }

    /** The rails built: a rail-aligned node's rail-optimized count, at least one (broken text can leave 0). */
    static int rails(TopologySpec topology, NodeSpec node) {
        return topology instanceof TopologySpec.RailOptimized rail && node.railAligned() ? Math.max(1, rail.rails()) : 1;
    }

    /**
     * The ratios of the tiers built, leaf first, 1:1 where none is stated; the top tier's stated
     * ratio applies to the links into it.
     */
    static double[] ratios(int tiers, List<Double> stated) {
        int levels = Math.max(1, Math.min(ClusterTopologies.MAX_TIERS, tiers));
        double[] ratios = new double[levels - 1];
        for (int tier = 0; tier < ratios.length; tier++) {
            ratios[tier] = ratio(stated, tier);
        }
        if (ratios.length > 0) {
            ratios[ratios.length - 1] = Math.max(ratios[ratios.length - 1], ratio(stated, levels - 1));
        }
        return ratios;
    }

    private static double ratio(List<Double> stated, int tier) {
        return tier < stated.size() ? Math.max(1.0, stated.get(tier)) : 1.0;
    }
}
