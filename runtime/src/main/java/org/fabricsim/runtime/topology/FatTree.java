package org.fabricsim.runtime.topology;

/**
 * A built fat-tree: up-down routing on the link handles of its {@link FatTreeLayout}. Climb to the
 * lowest common tier, choosing among the equal-cost uplinks at each hop, then descend on the
 * unique downward path. Each choice names, with its candidate uplinks, the one link down toward the destination that
 * each candidate commits the route to ({@link PathChoice#choose(int, int, int, int, int, int)}): at the leaf the link
 * from the candidate's spine (or the destination pod's aggregation switch of its plane) into the destination's leaf,
 * at an aggregation switch the link from the candidate core down into the destination's pod. Route cost O(tiers).
 *
 * <p>Degraded ({@link #without}): with some links down, a hop offers only the candidates whose whole
 * remaining path is up (an upper switch that lost its link to the destination's leaf withdraws its
 * route, as BGP or a subnet manager does), and the {@link PathChoice} picks among those by rank
 * (ECMP re-hashes over the survivors; spraying spreads over them). Route cost O(tiers × fan-out)
 * then. Every cable above the leaves, and every switch above the leaves, has a twin when the tier
 * below it has two uplinks or more, so its failure is routed around; a leaf and a NIC cable are not.
 */
final class FatTree implements ScaleOutFabric {
    private final FatTreeLayout layout;
    /** The layout's numbers that routing reads (once per flow class), copied into final fields of this object. */
    private final int tiers;
    private final int leaves;
    private final int leavesPerPod;
    private final int pods;
    private final int leafUplinks;
    private final int aggregationUplinks;
    private final int leafUp;
    private final boolean[] down;
    private final int firstGroup;

    /** The tree built into {@code graph}, with its spray groups or (a plane's, {@link MultiPlane}) without. */
    FatTree(FatTreeParameters parameters, GraphBuilder graph, int ports, double nicBytesPerSecond,
            boolean sprayGroups) {
        this(new FatTreeLayout(parameters, graph, ports, nicBytesPerSecond, sprayGroups), null);
    }

    private FatTree(FatTreeLayout layout, boolean[] down) {
        this.layout = layout;
        this.tiers = layout.tiers;
        this.leaves = layout.leaves;
        this.leavesPerPod = layout.leavesPerPod;
        this.pods = layout.pods;
        this.leafUplinks = layout.leafUplinks;
        this.aggregationUplinks = layout.aggregationUplinks;
        this.leafUp = layout.leafUp;
        this.down = down;
        this.firstGroup = down == null ? layout.firstGroup : -1;
    }

    @Override
    public int attachNode(int port) {
        return layout.firstLeaf + layout.leafOf(port);
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int srcLeaf = layout.leafOf(srcPort);
        int dstLeaf = layout.leafOf(dstPort);
        if (srcLeaf == dstLeaf) {
            return at;
        }
        int first = leafUp + srcLeaf * leafUplinks;
        int up = down == null ? choice.choose(0, first, 1, leafUplinks, layout.downToLeaf(0, dstLeaf),
                layout.downToLeafStride()) : choosePlane(srcLeaf, dstLeaf, choice);
        out[at++] = first + up;
        int srcPod = srcLeaf / leavesPerPod;
        int dstPod = dstLeaf / leavesPerPod;
        if (tiers == 3 && srcPod != dstPod) {
            int firstCoreLink = layout.aggregationUpLink(up, srcPod, 0);
            int c = down == null ? choice.choose(1, firstCoreLink, 1, aggregationUplinks,
                    layout.coreDownLink(up, 0, dstPod), pods) : chooseCore(up, srcPod, dstPod, choice);
            out[at++] = firstCoreLink + c;
            out[at++] = layout.coreDownLink(up, c, dstPod);
        }
        out[at++] = layout.downToLeaf(up, dstLeaf);
        return at;
    }

    /** Intact and with its spray groups (a plane of a multi-plane fabric has none: its links are in twin groups). */
    @Override
    public boolean spraysOverGroups() {
        return down == null && (tiers == 1 || firstGroup >= 0);
    }

    /**
     * Every hop's group of the links spraying spreads over ({@link #sprayRouteFrom}); the tree's groups are spray
     * groups, so {@code choice} is not read and the route is the sprayed one: the flow takes every route.
     */
    @Override
    public int groupRoute(int srcPort, int dstPort, PathChoice choice, boolean sprayed, int groupBase, int[] out,
            int at) {
        return sprayRouteFrom(srcPort, dstPort, groupBase + firstGroup, out, at);
    }

    /**
     * Declares the spray groups of this tree, a plane's built without them, over its links and their twins in the
     * {@code planes − 1} planes built alike after it ({@link FatTreeLayout#addSprayGroups}); returns the first group's
     * index, −1 on a single switch.
     */
    int addSprayGroups(GraphBuilder graph, int planes, int planeLinks) {
        return layout.addSprayGroups(graph, planes, planeLinks);
    }

    /**
     * The sprayed route's groups, from group handle {@code base}, laid out as {@link FatTreeLayout#addSprayGroups}
     * declares them: the source leaf's uplinks, with three tiers across pods the source pod's aggregation uplinks and
     * the core links down into the destination pod, the links down into the destination leaf. O(tiers).
     */
    int sprayRouteFrom(int srcPort, int dstPort, int base, int[] out, int at) {
        int srcLeaf = layout.leafOf(srcPort);
        int dstLeaf = layout.leafOf(dstPort);
        if (srcLeaf == dstLeaf) {
            return at;
        }
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

    /** Whether plane {@code up} still reaches {@code dstLeaf} from {@code srcLeaf} (degraded only). */
    private boolean planeUp(int srcLeaf, int dstLeaf, int up) {
        if (down[leafUp + srcLeaf * leafUplinks + up] || down[layout.downToLeaf(up, dstLeaf)]) {
            return false;
        }
        int srcPod = srcLeaf / leavesPerPod;
        int dstPod = dstLeaf / leavesPerPod;
        return tiers == 2 || srcPod == dstPod || coresUp(up, srcPod, dstPod) > 0;
    }

    private boolean coreUp(int up, int srcPod, int dstPod, int c) {
        return !down[layout.aggregationUpLink(up, srcPod, c)] && !down[layout.coreDownLink(up, c, dstPod)];
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
        int srcLeaf = layout.leafOf(srcPort);
        int dstLeaf = layout.leafOf(dstPort);
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
        int leaf = layout.leafOf(port);
        return new int[] {leafUp + leaf * leafUplinks, layout.downToLeaf(0, leaf)};
    }

    @Override
    public int reroutableSwitch(int port) {
        return leafUplinks < 2 ? -1 : layout.firstLeaf + leaves + layout.leafOf(port) / leavesPerPod * (tiers == 3 ? leafUplinks : 0);
    }

    /** Its leaf's u₁ uplinks ({@code leafUp + l·u₁ + g}) then the u₁ links down into it. */
    @Override
    public int[] leafUplinks(int port) {
        int leaf = layout.leafOf(port);
        int[] links = new int[2 * leafUplinks];
        for (int g = 0; g < leafUplinks; g++) {
            links[g] = leafUp + leaf * leafUplinks + g;
            links[leafUplinks + g] = layout.downToLeaf(g, leaf);
        }
        return links;
    }

    /**
     * Its pod's u₁·u₂ aggregation uplinks ({@link FatTreeLayout#aggregationUpLink}) then the u₁·u₂ core links down
     * into the pod; empty below three tiers.
     */
    @Override
    public int[] podUplinks(int port) {
        if (tiers < 3) {
            return new int[0];
        }
        int pod = layout.leafOf(port) / leavesPerPod;
        int count = leafUplinks * aggregationUplinks;
        int[] links = new int[2 * count];
        for (int g = 0; g < leafUplinks; g++) {
            for (int c = 0; c < aggregationUplinks; c++) {
                links[g * aggregationUplinks + c] = layout.aggregationUpLink(g, pod, c);
                links[count + g * aggregationUplinks + c] = layout.coreDownLink(g, c, pod);
            }
        }
        return links;
    }

    @Override
    public ScaleOutFabric without(boolean[] downLinks) {
        return new FatTree(layout, downLinks);
    }

    @Override
    public String describe() {
        return layout.describe();
    }
}
