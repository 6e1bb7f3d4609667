package org.fabricsim.runtime.topology;

/**
 * A built fat-tree (see {@link FatTreeParameters} for the shape). Link handles of one kind are
 * laid out in blocks so that the candidates of every up-hop are contiguous:
 * <ul>
 * <li>leaf l → its g-th upper switch: {@code leafUp + l·u₁ + g};</li>
 * <li>2 tiers: spine s → leaf l: {@code spineDown + s·L + l};</li>
 * <li>3 tiers: aggregation a → c-th core of its plane: {@code aggUp + a·u₂ + c}; aggregation a →
 * the i-th leaf of its pod: {@code aggDown + a·m + i}; core k → the aggregation switch of its
 * plane in pod q: {@code coreDown + k·pods + q}.</li>
 * </ul>
 * Up-down routing: climb to the lowest common tier, choosing among the equal-cost uplinks at each
 * hop, then descend on the unique downward path. Route cost O(tiers).
 *
 * <p>With pods of whole nodes ({@link FatTreeParameters.Shape#podNodes}), pod q holds leaves
 * [q·m, (q+1)·m), rail r's leaves of the pod from q·m + r·m/rails.
 *
 * <p>Degraded ({@link #without}): with some links down, a hop offers only the candidates whose whole
 * remaining path is up (an upper switch that lost its link to the destination's leaf withdraws its
 * route, as BGP or a subnet manager does), and the {@link PathChoice} picks among those by rank
 * (ECMP re-hashes over the survivors; spraying spreads over them). Route cost O(tiers × fan-out)
 * then. Every cable above the leaves, and every switch above the leaves, has a twin when the tier
 * below it has two uplinks or more, so its failure is routed around; a leaf and a NIC cable are not.
 */
final class FatTree implements ScaleOutFabric {
    private final int tiers;
    private final int ports;
    private final int rails;
    private final int hostsPerLeaf;
    private final int leavesPerRail;
    private final int leaves;
    private final int leavesPerPod;
    private final int podNodes;
    private final int pods;
    private final int leafUplinks;
    private final int aggregationUplinks;
    private final int firstLeaf;
    private final int leafUp;
    private final int spineDown;
    private final int aggUp;
    private final int aggDown;
    private final int coreDown;
    private final boolean[] down;
    private final int firstGroup;

    FatTree(FatTreeParameters parameters, GraphBuilder graph, int ports, double nicBytesPerSecond) {
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
        this.down = null;
        this.firstGroup = tiers == 1 ? -1 : addSprayGroups(graph);
    }

    /**
     * Declares the groups that spraying loads evenly ({@link Graph}): per leaf l its uplinks (group
     * l) and the links down into it (leaves + l); with 3 tiers, per pod p its aggregation uplinks
     * (2·leaves + p) and the core links down into it (2·leaves + pods + p). On the intact tree every
     * sprayed route crosses each of these sets whole, one member per route, equally often.
     */
    private int addSprayGroups(GraphBuilder graph) {
        int first = -1;
        int[] members = new int[leafUplinks];
        for (int l = 0; l < leaves; l++) {
            for (int g = 0; g < leafUplinks; g++) {
                members[g] = leafUp + l * leafUplinks + g;
            }
            int group = graph.addGroup(members);
            first = l == 0 ? group : first;
        }
        for (int l = 0; l < leaves; l++) {
            for (int g = 0; g < leafUplinks; g++) {
                members[g] = downToLeaf(g, l);
            }
            graph.addGroup(members);
        }
        if (tiers == 3) {
            int planes = leafUplinks * aggregationUplinks;
            int[] pod = new int[planes];
            for (int p = 0; p < pods; p++) {
                for (int k = 0; k < planes; k++) {
                    pod[k] = aggUp + p * planes + k;
                }
                graph.addGroup(pod);
            }
            for (int p = 0; p < pods; p++) {
                for (int k = 0; k < planes; k++) {
                    pod[k] = coreDown + k * pods + p;
                }
                graph.addGroup(pod);
            }
        }
        return first;
    }

    private FatTree(FatTree intact, boolean[] down) {
        this.tiers = intact.tiers;
        this.ports = intact.ports;
        this.rails = intact.rails;
        this.hostsPerLeaf = intact.hostsPerLeaf;
        this.leavesPerRail = intact.leavesPerRail;
        this.leaves = intact.leaves;
        this.leavesPerPod = intact.leavesPerPod;
        this.podNodes = intact.podNodes;
        this.pods = intact.pods;
        this.leafUplinks = intact.leafUplinks;
        this.aggregationUplinks = intact.aggregationUplinks;
        this.firstLeaf = intact.firstLeaf;
        this.leafUp = intact.leafUp;
        this.spineDown = intact.spineDown;
        this.aggUp = intact.aggUp;
        this.aggDown = intact.aggDown;
        this.coreDown = intact.coreDown;
        this.down = down;
        this.firstGroup = -1;
    }

    /** Uplinks at {@code upBytesPerSecond} that carry {@code downBytesPerSecond} at {@code ratio}: ⌈down ÷ (ratio · up)⌉. */
    static int uplinks(double downBytesPerSecond, double ratio, double upBytesPerSecond) {
        return (int) Math.ceil(downBytesPerSecond / (ratio * upBytesPerSecond) - 1e-9);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    private int leafOf(int port) {
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

    @Override
    public int attachNode(int port) {
        return firstLeaf + leafOf(port);
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int srcLeaf = leafOf(srcPort);
        int dstLeaf = leafOf(dstPort);
        if (srcLeaf == dstLeaf) {
            return at;
        }
        int first = leafUp + srcLeaf * leafUplinks;
        int up = down == null ? choice.choose(0, first, 1, leafUplinks) : choosePlane(srcLeaf, dstLeaf, choice);
        out[at++] = first + up;
        int srcPod = srcLeaf / leavesPerPod;
        int dstPod = dstLeaf / leavesPerPod;
        if (tiers == 3 && srcPod != dstPod) {
            int firstCoreLink = aggUp + (srcPod * leafUplinks + up) * aggregationUplinks;
            int c = down == null ? choice.choose(1, firstCoreLink, 1, aggregationUplinks)
                    : chooseCore(up, srcPod, dstPod, choice);
            out[at++] = firstCoreLink + c;
            out[at++] = coreDown + (up * aggregationUplinks + c) * pods + dstPod;
        }
        out[at++] = downToLeaf(up, dstLeaf);
        return at;
    }

    @Override
    public boolean spraysOverGroups() {
        return down == null;
    }

    @Override
    public int sprayRoute(int srcPort, int dstPort, int groupBase, int[] out, int at) {
        int srcLeaf = leafOf(srcPort);
        int dstLeaf = leafOf(dstPort);
        if (srcLeaf == dstLeaf) {
            return at;
        }
        int base = groupBase + firstGroup;
        out[at++] = base + srcLeaf;
        int srcPod = srcLeaf / leavesPerPod;
        int dstPod = dstLeaf / leavesPerPod;
        if (tiers == 3 && srcPod != dstPod) {
            out[at++] = base + 2 * leaves + srcPod;
            out[at++] = base + 2 * leaves + pods + dstPod;
        }
        out[at++] = base + leaves + dstLeaf;
        return at;
    }

    /** The last link of a route through plane {@code up}: its spine or aggregation switch → {@code dstLeaf}. */
    private int downToLeaf(int up, int dstLeaf) {
        return tiers == 2 ? spineDown + up * leaves + dstLeaf
                : aggDown + (dstLeaf / leavesPerPod * leafUplinks + up) * leavesPerPod + dstLeaf % leavesPerPod;
    }

    /** Whether plane {@code up} still reaches {@code dstLeaf} from {@code srcLeaf} (degraded only). */
    private boolean planeUp(int srcLeaf, int dstLeaf, int up) {
        if (down[leafUp + srcLeaf * leafUplinks + up] || down[downToLeaf(up, dstLeaf)]) {
            return false;
        }
        int srcPod = srcLeaf / leavesPerPod;
        int dstPod = dstLeaf / leavesPerPod;
        return tiers == 2 || srcPod == dstPod || coresUp(up, srcPod, dstPod) > 0;
    }

    private boolean coreUp(int up, int srcPod, int dstPod, int c) {
        return !down[aggUp + (srcPod * leafUplinks + up) * aggregationUplinks + c]
                && !down[coreDown + (up * aggregationUplinks + c) * pods + dstPod];
    }

    private int planesUp(int srcLeaf, int dstLeaf) {
        int count = 0;
        for (int g = 0; g < leafUplinks; g++) {
            count += planeUp(srcLeaf, dstLeaf, g) ? 1 : 0;
        }
        return count;
    }

    private int coresUp(int up, int srcPod, int dstPod) {
        int count = 0;
        for (int c = 0; c < aggregationUplinks; c++) {
            count += coreUp(up, srcPod, dstPod, c) ? 1 : 0;
        }
        return count;
    }

    private int choosePlane(int srcLeaf, int dstLeaf, PathChoice choice) {
        int rank = choice.choose(0, PathChoice.NOT_CONTIGUOUS, 0, routable(planesUp(srcLeaf, dstLeaf)));
        for (int g = 0;; g++) {
            if (planeUp(srcLeaf, dstLeaf, g) && rank-- == 0) {
                return g;
            }
        }
    }

    private int chooseCore(int up, int srcPod, int dstPod, PathChoice choice) {
        int rank = choice.choose(1, PathChoice.NOT_CONTIGUOUS, 0, routable(coresUp(up, srcPod, dstPod)));
        for (int c = 0;; c++) {
            if (coreUp(up, srcPod, dstPod, c) && rank-- == 0) {
                return c;
            }
        }
    }

    private static int routable(int candidates) {
        if (candidates == 0) {
            throw new IllegalStateException("the failed links disconnect two leaves of the fat-tree");
        }
        return candidates;
    }

    @Override
    public int maxRouteLinks() {
        return tiers == 1 ? 0 : tiers == 2 ? 2 : 4;
    }

    @Override
    public int minimalRouteCount(int srcPort, int dstPort) {
        int srcLeaf = leafOf(srcPort);
        int dstLeaf = leafOf(dstPort);
        if (srcLeaf == dstLeaf) {
            return 1;
        }
        boolean interPod = tiers == 3 && srcLeaf / leavesPerPod != dstLeaf / leavesPerPod;
        if (down == null) {
            return interPod ? leafUplinks * aggregationUplinks : leafUplinks;
        }
        int widest = 1;
        for (int g = 0; interPod && g < leafUplinks; g++) {
            widest = Math.max(widest, coresUp(g, srcLeaf / leavesPerPod, dstLeaf / leavesPerPod));
        }
        return planesUp(srcLeaf, dstLeaf) * widest;
    }

    @Override
    public int reroutableLinks() {
        return (leafUplinks > 1 ? leaves * leafUplinks : 0)
                + (tiers == 3 && aggregationUplinks > 1 ? pods * leafUplinks * aggregationUplinks : 0);
    }

    @Override
    public int reroutableSwitches() {
        return (leafUplinks > 1 ? (tiers == 3 ? pods : 1) * leafUplinks : 0)
                + (tiers == 3 && aggregationUplinks > 1 ? leafUplinks * aggregationUplinks : 0);
    }

    @Override
    public int[] reroutableCable(int port) {
        if (leafUplinks < 2) {
            return new int[0];
        }
        int leaf = leafOf(port);
        return new int[] {leafUp + leaf * leafUplinks, downToLeaf(0, leaf)};
    }

    @Override
    public int reroutableSwitch(int port) {
        return leafUplinks < 2 ? -1 : firstLeaf + leaves + leafOf(port) / leavesPerPod * (tiers == 3 ? leafUplinks : 0);
    }

    @Override
    public ScaleOutFabric without(boolean[] downLinks) {
        return new FatTree(this, downLinks);
    }

    @Override
    public String describe() {
        return tiers + "-tier fat-tree, " + ports + " ports, " + leaves + " leaves x " + leafUplinks + " uplinks"
                + (tiers == 3 ? ", " + pods + " pods, " + aggregationUplinks + " core uplinks per aggregation" : "")
                + (rails > 1 ? ", " + rails + " rails" : "");
    }
}
