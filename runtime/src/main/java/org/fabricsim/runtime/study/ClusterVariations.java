package org.fabricsim.runtime.study;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/**
 * Variations of a workload's cluster, for every kind of workload: another cluster, another
 * scale-out fabric on the same topology, or another oversubscription of the topology's top tier
 * ({@code vary oversubscription in [1, 3, 7]} means 1:1, 3:1 and 7:1 at the highest tier that has
 * uplinks, as the engine builds the tree: the leaves of a two-tier tree, the aggregation of a three-tier
 * one; the lower tiers keep theirs).
 */
final class ClusterVariations {
    private ClusterVariations() {
    }

    static ClusterSpec apply(ClusterSpec c, Parameter parameter, Object value) {
        return switch (parameter) {
            case CLUSTER -> Variations.spec(parameter, value, ClusterSpec.class);
            case FABRIC -> c.withScaleOut(new ScaleOutSpec(Variations.spec(parameter, value, FabricSpec.class),
                    scaleOut(c, parameter).topology(), scaleOut(c, parameter).routing()));
            case OVERSUBSCRIPTION -> c.withScaleOut(new ScaleOutSpec(scaleOut(c, parameter).fabric(),
                    oversubscribed(scaleOut(c, parameter).topology(), ratio(value)), scaleOut(c, parameter).routing()));
            default -> throw new IllegalArgumentException(parameter + " is not a cluster parameter");
        };
    }

    private static ScaleOutSpec scaleOut(ClusterSpec c, Parameter parameter) {
        if (c.scaleOut() == null) {
            throw new InfeasibleRunException("vary " + parameter.label() + " changes the scale-out network, but "
                    + c.name() + " has none: give it a 'scale-out' fabric and topology");
        }
        return c.scaleOut();
    }

    private static double ratio(Object value) {
        if (value instanceof Number n && n.doubleValue() >= 1) {
            return n.doubleValue();
        }
        throw new InfeasibleRunException("oversubscription is downlink over uplink bandwidth, at least 1 (for 1:1), not "
                + Variations.label(value));
    }

    private static TopologySpec oversubscribed(TopologySpec topology, double ratio) {
        if (topology instanceof TopologySpec.FatTree tree) {
            return new TopologySpec.FatTree(tree.switchSpec(), tree.tiers(), top(tree.oversubscription(),
                    Math.min(3, tree.tiers()), ratio));
        }
        if (topology instanceof TopologySpec.RailOptimized rails) {
            return new TopologySpec.RailOptimized(rails.switchSpec(), rails.rails(), rails.tiers(),
                    top(rails.oversubscription(), rails.tiers() + (rails.tiers() < 2 ? 1 : 0), ratio));
        }
        throw new InfeasibleRunException("vary oversubscription needs a fat-tree or rail-optimized topology, whose"
                + " tiers have a ratio");
    }

    /**
     * {@code ratios} (leaf first, 1 where absent) with the ratio of the highest tier that has uplinks in a
     * tree of {@code levels} switch levels (index levels − 2) set to {@code ratio}.
     */
    private static List<Double> top(List<Double> ratios, int levels, double ratio) {
        if (levels < 2) {
            throw new InfeasibleRunException("a one-tier tree has no uplinks to oversubscribe");
        }
        List<Double> out = new ArrayList<>(ratios);
        while (out.size() < levels - 1) {
            out.add(1.0);
        }
        out.set(levels - 2, ratio);
        return out;
    }

}
