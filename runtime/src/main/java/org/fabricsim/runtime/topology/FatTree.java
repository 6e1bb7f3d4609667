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
 */
final class FatTree implements ScaleOutFabric {
    private final int tiers;
    private final int ports;
    private final int rails;
    private final int hostsPerLeaf;
    private final int leavesPerRail;
    private final int leaves;
    private final int leavesPerPod;
    private final int pods;
    private final int leafUplinks;
    private final int aggregationUplinks;
    private final int firstLeaf;
    private final int leafUp;
    private final int spineDown;
    private final int aggUp;
    private final int aggDown;
    private final int coreDown;

    FatTree(FatTreeParameters parameters, GraphBuilder graph, int ports, double nicBytesPerSecond) {
        this.tiers = parameters.tiers();
        this.ports = ports;
        this.rails = parameters.rails();
        this.hostsPerLeaf = tiers == 1 ? ports : parameters.hostsPerLeaf();
        int nodes = ceilDiv(ports, rails);
        this.leavesPerRail = ceilDiv(nodes, hostsPerLeaf);
        LinkClass link = parameters.fabricLink();
        double[] ratios = parameters.oversubscription();
        this.leafUplinks = tiers == 1 ? 0
                : (int) Math.ceil(hostsPerLeaf * nicBytesPerSecond / (ratios[0] * link.bytesPerSecond())
                        - 1e-9);
        this.leavesPerPod = tiers == 3 ? parameters.leavesPerPod() : 1;
        int requiredLeaves = rails * leavesPerRail;
        this.pods = tiers == 3 ? ceilDiv(requiredLeaves, leavesPerPod) : 1;
        this.leaves = tiers == 3 ? pods * leavesPerPod : requiredLeaves;
        this.aggregationUplinks = tiers == 3 ? (int) Math.ceil(leavesPerPod / ratios[1] - 1e-9) : 0;
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
                    graph.addLink(firstAggregation + a, firstCore + plane * aggregationUplinks + c, link);
                }
            }
            coreDown = graph.linkCount();
            for (int k = 0; k < cores; k++) {
                int plane = k / aggregationUplinks;
                for (int q = 0; q < pods; q++) {
                    graph.addLink(firstCore + k, firstAggregation + q * leafUplinks + plane, link);
                }
            }
            spineDown = -1;
        } else {
            leafUp = spineDown = aggUp = aggDown = coreDown = -1;
        }
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
        int up = choice.choose(0, first, 1, leafUplinks);
        out[at++] = first + up;
        if (tiers == 2) {
            out[at++] = spineDown + up * leaves + dstLeaf;
            return at;
        }
        int srcPod = srcLeaf / leavesPerPod;
        int dstPod = dstLeaf / leavesPerPod;
        if (srcPod != dstPod) {
            int aggregation = srcPod * leafUplinks + up;
            int firstCoreLink = aggUp + aggregation * aggregationUplinks;
            int core = up * aggregationUplinks + choice.choose(1, firstCoreLink, 1, aggregationUplinks);
            out[at++] = firstCoreLink + core - up * aggregationUplinks;
            out[at++] = coreDown + core * pods + dstPod;
        }
        out[at++] = aggDown + (dstPod * leafUplinks + up) * leavesPerPod + dstLeaf % leavesPerPod;
        return at;
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
        if (tiers == 3 && srcLeaf / leavesPerPod != dstLeaf / leavesPerPod) {
            return leafUplinks * aggregationUplinks;
        }
        return leafUplinks;
    }

    @Override
    public String describe() {
        return tiers + "-tier fat-tree, " + ports + " ports, " + leaves + " leaves x " + leafUplinks + " uplinks"
                + (tiers == 3 ? ", " + pods + " pods, " + aggregationUplinks + " core uplinks per aggregation" : "")
                + (rails > 1 ? ", " + rails + " rails" : "");
    }
}
