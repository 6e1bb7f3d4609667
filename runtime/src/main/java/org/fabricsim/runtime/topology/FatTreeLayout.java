package org.fabricsim.runtime.topology;

import java.util.function.IntBinaryOperator;

/**
 * The shape and link handles of a {@link FatTree} (see {@link FatTreeParameters} for the
 * parameters), built into the graph by the constructor in O(switches + links). Link handles of one
 * kind are laid out in blocks so that the candidates of every up-hop are contiguous:
 * <ul>
 * <li>leaf l → its g-th upper switch: {@code leafUp + l·u₁ + g};</li>
 * <li>2 tiers: spine s → leaf l: {@code spineDown + s·L + l};</li>
 * <li>3 tiers: aggregation a → c-th core of its plane: {@code aggUp + a·u₂ + c}; aggregation a →
 * the i-th leaf of its pod: {@code aggDown + a·m + i}; core k → the aggregation switch of its
 * plane in pod q: {@code coreDown + k·pods + q}.</li>
 * </ul>
 * With pods of whole nodes ({@link FatTreeParameters.Shape#podNodes}), pod q holds leaves
 * [q·m, (q+1)·m), rail r's leaves of the pod from q·m + r·m/rails. Every handle below is O(1)
 * arithmetic on these numbers (no stored tables).
 */
final class FatTreeLayout {
    final int tiers;
    final int ports;
    final int rails;
    final int hostsPerLeaf;
    final int leavesPerRail;
    final int leaves;
    final int leavesPerPod;
    final int podNodes;
    final int pods;
    final int leafUplinks;
    final int aggregationUplinks;
    final int firstLeaf;
    final int leafUp;
    final int spineDown;
    final int aggUp;
    final int aggDown;
    final int coreDown;
    /** The first spray group ({@link #addSprayGroups}), −1 on a single switch and without spray groups. */
    final int firstGroup;

    /** The tree's switches and links, and its spray groups where {@code sprayGroups} (not for a plane's tree). */
    FatTreeLayout(FatTreeParameters parameters, GraphBuilder graph, int ports, double nicBytesPerSecond,
            boolean sprayGroups) {
        this.tiers = parameters.tiers();
        this.ports = ports;
        this.rails = parameters.rails();
        this.hostsPerLeaf = tiers == 1 ? ports : parameters.hostsPerLeaf();
        int nodes = ceilDiv(ports, rails);
        this.leavesPerRail = ceilDiv(nodes, hostsPerLeaf);
        FatTreeParameters.Shape shape = parameters.shape();
        LinkClass link = shape.leafUp() == null ? parameters.fabricLink() : shape.leafUp();
        LinkClass aggLink = shape.aggregationUp() == null ? parameters.fabricLink() : shape.aggregationUp();
        double[] ratios = parameters.oversubscription();
        this.leafUplinks = tiers == 1 ? 0 : shape.leafUplinks() > 0 ? shape.leafUplinks()
                : uplinks(hostsPerLeaf * nicBytesPerSecond, ratios[0], link.bytesPerSecond());
        this.leavesPerPod = tiers == 3 ? parameters.leavesPerPod() : 1;
        this.podNodes = tiers == 3 ? shape.podNodes() : 0;
        int requiredLeaves = rails * leavesPerRail;
        this.pods = tiers == 3 ? ceilDiv(requiredLeaves, leavesPerPod) : 1;
        this.leaves = tiers == 3 ? pods * leavesPerPod : requiredLeaves;
        double rateRatio = link.bytesPerSecond() / aggLink.bytesPerSecond();
        this.aggregationUplinks = tiers != 3 ? 0 : shape.aggregationUplinks() > 0 ? shape.aggregationUplinks()
                : uplinks(leavesPerPod * rateRatio, ratios[1], 1);
        this.firstLeaf = graph.addNodes(Graph.SWITCH, leaves, false);
        if (tiers == 2) {
            int firstSpine = graph.addNodes(Graph.SWITCH, leafUplinks, false);
            leafUp = graph.linkCount();
            for (int l = 0; l < leaves; l++) {
                for (int s = 0; s < leafUplinks; s++) {
                    graph.addLink(firstLeaf + l, firstSpine + s, link);
                }
            }
            spineDown = graph.linkCount();
            for (int s = 0; s < leafUplinks; s++) {
                for (int l = 0; l < leaves; l++) {
                    graph.addLink(firstSpine + s, firstLeaf + l, link);
                }
            }
            aggUp = aggDown = coreDown = -1;
        } else if (tiers == 3) {
            int aggregations = pods * leafUplinks;
            int firstAggregation = graph.addNodes(Graph.SWITCH, aggregations, false);
            int cores = leafUplinks * aggregationUplinks;
            int firstCore = graph.addNodes(Graph.SWITCH, cores, false);
            leafUp = graph.linkCount();
            for (int l = 0; l < leaves; l++) {
                int pod = l / leavesPerPod;
                for (int g = 0; g < leafUplinks; g++) {
                    graph.addLink(firstLeaf + l, firstAggregation + pod * leafUplinks + g, link);
                }
            }
            aggDown = graph.linkCount();
            for (int a = 0; a < aggregations; a++) {
                int pod = a / leafUplinks;
                for (int i = 0; i < leavesPerPod; i++) {
                    graph.addLink(firstAggregation + a, firstLeaf + pod * leavesPerPod + i, link);
                }
            }
            aggUp = graph.linkCount();
            for (int a = 0; a < aggregations; a++) {
                int plane = a % leafUplinks;
                for (int c = 0; c < aggregationUplinks; c++) {
                    graph.addLink(firstAggregation + a, firstCore + plane * aggregationUplinks + c, aggLink);
                }
            }
            coreDown = graph.linkCount();
            for (int k = 0; k < cores; k++) {
                int plane = k / aggregationUplinks;
                for (int q = 0; q < pods; q++) {
                    graph.addLink(firstCore + k, firstAggregation + q * leafUplinks + plane, aggLink);
                }
            }
            spineDown = -1;
        } else {
            leafUp = spineDown = aggUp = aggDown = coreDown = -1;
        }
        this.firstGroup = sprayGroups ? addSprayGroups(graph, 1, 0) : -1;
    }

    /**
     * Declares the groups that spraying loads evenly ({@link Graph}), over this tree's links and their copies in
     * {@code copies − 1} trees built alike after it, link i of copy c at {@code i + c·copyLinks} (a multi-plane
     * fabric's planes, {@link MultiPlane}; 1 copy and any stride for a tree alone): per leaf l its uplinks (group l)
     * and the links down into it (leaves + l); with 3 tiers, per pod p its aggregation uplinks (2·leaves + p) and the
     * core links down into it (2·leaves + pods + p), each with the copies' twins, copy after copy. On the intact trees
     * every sprayed route crosses each of these sets whole, one member per route and copy, equally often. Returns the
     * first group's index, −1 on a single switch (no hop to spray over). O(copies × links between tiers).
     */
    int addSprayGroups(GraphBuilder graph, int copies, int copyLinks) {
        if (tiers == 1) {
            return -1;
        }
        int first = addGroups(graph, leaves, leafUplinks, copies, copyLinks, (l, g) -> leafUp + l * leafUplinks + g);
        addGroups(graph, leaves, leafUplinks, copies, copyLinks, (l, g) -> downToLeaf(g, l));
        if (tiers == 3) {
            int planes = leafUplinks * aggregationUplinks;
            addGroups(graph, pods, planes, copies, copyLinks, (p, k) -> aggUp + p * planes + k);
            addGroups(graph, pods, planes, copies, copyLinks, (p, k) -> coreDown + k * pods + p);
        }
        return first;
    }

    /**
     * Declares {@code count} groups, group j of {@code member(j, k)} for k in [0, width) and each one's copies;
     * returns the first's index.
     */
    private static int addGroups(GraphBuilder graph, int count, int width, int copies, int copyLinks,
            IntBinaryOperator member) {
        int first = -1;
        int[] members = new int[copies * width];
        for (int j = 0; j < count; j++) {
            for (int c = 0; c < copies; c++) {
                for (int k = 0; k < width; k++) {
                    members[c * width + k] = member.applyAsInt(j, k) + c * copyLinks;
                }
            }
            int group = graph.addGroup(members);
            first = j == 0 ? group : first;
        }
        return first;
    }

    /** Uplinks at {@code upBytesPerSecond} that carry {@code downBytesPerSecond} at {@code ratio}: ⌈down ÷ (ratio · up)⌉. */
    static int uplinks(double downBytesPerSecond, double ratio, double upBytesPerSecond) {
        return (int) Math.ceil(downBytesPerSecond / (ratio * upBytesPerSecond) - 1e-9);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    /** The leaf that NIC port {@code port} hangs off. */
    int leafOf(int port) {
        if (rails == 1) {
            return port / hostsPerLeaf;
        }
        int rail = port % rails;
        int node = port / rails;
        if (podNodes > 0) {
            return node / podNodes * leavesPerPod + rail * (leavesPerPod / rails) + node % podNodes / hostsPerLeaf;
        }
        return rail * leavesPerRail + node / hostsPerLeaf;
    }

    /** The last link of a route through plane {@code up}: its spine or aggregation switch → {@code dstLeaf}. */
    int downToLeaf(int up, int dstLeaf) {
        return tiers == 2 ? spineDown + up * leaves + dstLeaf
                : aggDown + (dstLeaf / leavesPerPod * leafUplinks + up) * leavesPerPod + dstLeaf % leavesPerPod;
    }

    /** The distance between {@link #downToLeaf} of consecutive planes: the leaves (2 tiers) or a pod's leaves (3). */
    int downToLeafStride() {
        return tiers == 2 ? leaves : leavesPerPod;
    }

    /** The link from aggregation plane {@code up} of {@code srcPod} to its {@code c}-th core. */
    int aggregationUpLink(int up, int srcPod, int c) {
        return aggUp + (srcPod * leafUplinks + up) * aggregationUplinks + c;
    }

    /** The link from the {@code c}-th core of plane {@code up} down to {@code dstPod}. */
    int coreDownLink(int up, int c, int dstPod) {
        return coreDown + (up * aggregationUplinks + c) * pods + dstPod;
    }

    /**
     * The tree as built, e.g. {@code 2-tier fat-tree, 64 ports, 2 leaves x 32 uplinks}; one switch is
     * {@code 1-tier fat-tree, 16 ports, 1 leaf}. Three tiers build whole pods, so a benchmark on part of a pod says
     * how many of its leaves hold its ports: {@code 32 ports, 32 leaves (8 with ports) x 32 uplinks, 1 pod} (until
     * session 69, {@code 32 leaves x 32 uplinks, 1 pods}, which read as a port per leaf).
     */
    String describe() {
        int used = rails * leavesPerRail;
        return tiers + "-tier fat-tree, " + ports + " ports, " + leaves + (leaves == 1 ? " leaf" : " leaves")
                + (used < leaves ? " (" + used + " with ports)" : "")
                + (leafUplinks > 0 ? " x " + leafUplinks + " uplinks" : "")
                + (tiers == 3 ? ", " + pods + (pods == 1 ? " pod, " : " pods, ") + aggregationUplinks
                        + " core uplinks per aggregation" : "")
                + (rails > 1 ? ", " + rails + " rails" : "");
    }
}
