package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * A 1-, 2- or 3-tier fat-tree (folded Clos), optionally rail-optimized.
 *
 * <p>Shape: {@code hostsPerLeaf} NIC ports per leaf. A leaf has u₁ = ⌈hostsPerLeaf · NIC rate /
 * (o₁ · fabric rate)⌉ uplinks, so its downlink-to-uplink bandwidth ratio is the requested
 * oversubscription o₁ (rounded up to whole links). With 2 tiers there are u₁ spines and every
 * leaf has one link to each. With 3 tiers, {@code leavesPerPod} leaves and u₁ aggregation switches
 * form a pod (every leaf linked to every aggregation switch of its pod); each aggregation switch
 * has u₂ = ⌈leavesPerPod / o₂⌉ uplinks, to the u₂ cores of its plane, and each core links to its
 * plane's aggregation switch in every pod. One tier is a single switch.
 *
 * <p>Rail-optimized: with {@code rails} = k &gt; 1, accelerator e uses rail e mod k and node e / k;
 * leaves are rail-local (a leaf only serves one rail), so same-rail traffic between nodes under
 * one leaf takes one switch hop and cross-rail traffic climbs the tree.
 *
 * @param tiers            1, 2 or 3
 * @param hostsPerLeaf     NIC ports per leaf (ignored with one tier: the single switch takes all)
 * @param leavesPerPod     leaves per pod (3 tiers only)
 * @param oversubscription downlink:uplink ratios per tier, leaf first; length tiers − 1, each ≥ 1
 * <p>A {@link Shape} states what a model says beyond the ratios: the uplink counts, the uplink
 * rate of each tier and pods of whole nodes, whose leaves of every rail are numbered together.
 *
 * @param fabricLink       the inter-switch link class
 * @param rails            number of rails, 1 for none
 * @param shape            stated counts, tier links and pods ({@link Shape#DERIVED} for none)
 */
public record FatTreeParameters(int tiers, int hostsPerLeaf, int leavesPerPod, double[] oversubscription,
        LinkClass fabricLink, int rails, Shape shape) implements FabricParameters {

    /**
     * What is stated beyond the ratios.
     *
     * @param leafUplinks        uplinks of each leaf (one to each spine, or to each aggregation switch
     *                           of its pod); 0 to derive from the leaf ratio
     * @param aggregationUplinks uplinks of each aggregation switch (3 tiers); 0 to derive
     * @param podNodes           nodes (ports per rail) per pod, 0 for pods of {@code leavesPerPod}
     *                           consecutive leaves rail by rail
     * @param leafUp             link class of leaf uplinks, null for the fabric link
     * @param aggregationUp      link class of aggregation uplinks, null for the fabric link
     */
    public record Shape(int leafUplinks, int aggregationUplinks, int podNodes, LinkClass leafUp,
            LinkClass aggregationUp) {
        /** Nothing stated. */
        public static final Shape DERIVED = new Shape(0, 0, 0, null, null);
    }

    public FatTreeParameters {
        if (tiers < 1 || tiers > 3) {
            throw new IllegalArgumentException("a fat-tree has 1 to 3 tiers: " + tiers);
        }
        shape = shape == null ? Shape.DERIVED : shape;
        if (hostsPerLeaf < 1 || leavesPerPod < 1 || rails < 1) {
            throw new IllegalArgumentException("hostsPerLeaf, leavesPerPod and rails must be positive");
        }
        oversubscription = oversubscription.clone();
        if (oversubscription.length != tiers - 1) {
            throw new IllegalArgumentException("expected " + (tiers - 1) + " oversubscription ratios, got "
                    + oversubscription.length);
        }
        for (double ratio : oversubscription) {
            if (!(ratio >= 1)) {
                throw new IllegalArgumentException("oversubscription ratios must be at least 1: " + ratio);
            }
        }
    }

    /** A fat-tree shaped by its ratios alone. */
    public FatTreeParameters(int tiers, int hostsPerLeaf, int leavesPerPod, double[] oversubscription,
            LinkClass fabricLink, int rails) {
        this(tiers, hostsPerLeaf, leavesPerPod, oversubscription, fabricLink, rails, Shape.DERIVED);
    }

    /** A single non-blocking switch. */
    public static FatTreeParameters singleSwitch(LinkClass fabricLink) {
        return new FatTreeParameters(1, 1, 1, new double[0], fabricLink, 1);
    }

    /** A two-tier leaf-spine fabric. */
    public static FatTreeParameters twoTier(int hostsPerLeaf, double leafOversubscription, LinkClass fabricLink) {
        return new FatTreeParameters(2, hostsPerLeaf, 1, new double[] {leafOversubscription}, fabricLink, 1);
    }

    /** A three-tier fabric. */
    public static FatTreeParameters threeTier(int hostsPerLeaf, int leavesPerPod, double leafOversubscription,
            double aggregationOversubscription, LinkClass fabricLink) {
        return new FatTreeParameters(3, hostsPerLeaf, leavesPerPod,
                new double[] {leafOversubscription, aggregationOversubscription}, fabricLink, 1);
    }

    /** The same fabric, rail-optimized with {@code railCount} rails. */
    public FatTreeParameters withRails(int railCount) {
        return new FatTreeParameters(tiers, hostsPerLeaf, leavesPerPod, oversubscription, fabricLink, railCount, shape);
    }

    @Override
    public double[] oversubscription() {
        return oversubscription.clone();
    }

    @Override
    public ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return new FatTree(this, graph, ports, nicBytesPerSecond, true);
    }

    /** The tree without its spray groups: a plane's are declared over every plane, after the twins' ({@link MultiPlane}). */
    @Override
    public ScaleOutFabric buildPlane(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return new FatTree(this, graph, ports, nicBytesPerSecond, false);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FatTreeParameters that && tiers == that.tiers && hostsPerLeaf == that.hostsPerLeaf
                && leavesPerPod == that.leavesPerPod && Arrays.equals(oversubscription, that.oversubscription)
                && fabricLink.equals(that.fabricLink) && rails == that.rails && shape.equals(that.shape);
    }

    @Override
    public int hashCode() {
        return ((tiers * 31 + hostsPerLeaf) * 31 + leavesPerPod) * 31 + Arrays.hashCode(oversubscription)
                + fabricLink.hashCode() * 7 + rails + shape.hashCode() * 11;
    }

    @Override
    public String toString() {
        return "FatTreeParameters[tiers=" + tiers + ", hostsPerLeaf=" + hostsPerLeaf + ", leavesPerPod="
                + leavesPerPod + ", oversubscription=" + Arrays.toString(oversubscription) + ", fabricLink="
                + fabricLink + ", rails=" + rails + ", shape=" + shape + "]";
    }
}
