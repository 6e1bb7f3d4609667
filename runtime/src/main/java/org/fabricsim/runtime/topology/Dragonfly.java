package org.fabricsim.runtime.topology;

/**
 * A built dragonfly (see {@link DragonflyParameters}). Global port i of group G (i in [0, a·h),
 * on router i / h) leads to group (G + 1 + i mod (g − 1)) mod g; its link is {@code globalFirst +
 * G·a·h + i}, so the parallel global links from G to one group are the candidates i ≡ t mod (g−1),
 * a stride of g − 1. Local link i → j inside group G is {@code localFirst + (G·a + i)·(a − 1) + (j
 * &lt; i ? j : j − 1)}.
 *
 * <p>Minimal route: local hop to the router owning a global link to the destination group (chosen
 * among the parallel ones), the global hop, a local hop to the destination router: at most 3
 * links. Valiant: first take any global link out of the source group (chosen among all a·h), then
 * route minimally from the intermediate group: at most 5 links. O(1) per route.
 */
final class Dragonfly implements ScaleOutFabric {
    private final int groups;
    private final int routersPerGroup;
    private final int endpointsPerRouter;
    private final int globalPerRouter;
    private final int globalPerGroup;
    private final boolean valiant;
    private final int firstRouter;
    private final int localFirst;
    private final int globalFirst;
    private final PathChoice.CommittedLinks besideGlobal = this::localBesideGlobal;

    Dragonfly(DragonflyParameters parameters, GraphBuilder graph, int ports) {
        this.groups = parameters.groups();
        this.routersPerGroup = parameters.routersPerGroup();
        this.endpointsPerRouter = parameters.endpointsPerRouter();
        this.globalPerRouter = parameters.globalLinksPerRouter();
        this.globalPerGroup = routersPerGroup * globalPerRouter;
        this.valiant = parameters.valiant();
        long capacity = (long) groups * routersPerGroup * endpointsPerRouter;
        if (capacity < ports) {
            throw new IllegalArgumentException("a dragonfly of " + capacity + " endpoints cannot attach " + ports + " ports");
        }
        this.firstRouter = graph.addNodes(Graph.SWITCH, groups * routersPerGroup, false);
        this.localFirst = graph.linkCount();
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < routersPerGroup; i++) {
                for (int j = 0; j < routersPerGroup; j++) {
                    if (i != j) {
                        graph.addLink(router(g, i), router(g, j), parameters.localLink());
                    }
                }
            }
        }
        this.globalFirst = graph.linkCount();
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < globalPerGroup; i++) {
                int target = targetGroup(g, i);
                graph.addLink(router(g, i / globalPerRouter), router(target, peerPort(g, target, i) / globalPerRouter),
                        parameters.globalLink());
            }
        }
    }

    private int router(int group, int index) {
        return firstRouter + group * routersPerGroup + index;
    }

    private int targetGroup(int group, int port) {
        return (group + 1 + port % (groups - 1)) % groups;
    }

    /** The port of {@code target} whose global link comes back to {@code group}, same instance. */
    private int peerPort(int group, int target, int port) {
        int offset = Math.floorMod(group - target - 1, groups);
        return port / (groups - 1) * (groups - 1) + offset;
    }

    private int localLink(int group, int from, int to) {
        return localFirst + (group * routersPerGroup + from) * (routersPerGroup - 1) + (to < from ? to : to - 1);
    }

    @Override
    public int attachNode(int port) {
        return firstRouter + port / endpointsPerRouter;
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int src = srcPort / endpointsPerRouter;
        int dst = dstPort / endpointsPerRouter;
        int srcGroup = src / routersPerGroup;
        int dstGroup = dst / routersPerGroup;
        int srcIndex = src % routersPerGroup;
        if (valiant && srcGroup != dstGroup) {
            int port = choice.choose(2, globalFirst + srcGroup * globalPerGroup, 1, globalPerGroup);
            int middle = targetGroup(srcGroup, port);
            int arrival = peerPort(srcGroup, middle, port) / globalPerRouter;
            at = hop(srcGroup, srcIndex, port / globalPerRouter, out, at);
            out[at++] = globalFirst + srcGroup * globalPerGroup + port;
            return minimal(middle, arrival, dstGroup, dst % routersPerGroup, choice, out, at);
        }
        return minimal(srcGroup, srcIndex, dstGroup, dst % routersPerGroup, choice, out, at);
    }

    private int minimal(int srcGroup, int srcIndex, int dstGroup, int dstIndex, PathChoice choice, int[] out, int at) {
        if (srcGroup == dstGroup) {
            return hop(srcGroup, srcIndex, dstIndex, out, at);
        }
        int offset = Math.floorMod(dstGroup - srcGroup - 1, groups);
        int parallel = globalPerGroup / (groups - 1);
        int source = srcGroup * routersPerGroup + srcIndex;
        int destination = dstGroup * routersPerGroup + dstIndex;
        int instance = choice.choose(0, globalFirst + srcGroup * globalPerGroup + offset, groups - 1, parallel,
                besideGlobal, source, destination, 2);
        at = append(localBesideGlobal(source, destination, instance, 0), out, at);
        out[at++] = globalFirst + srcGroup * globalPerGroup + instance * (groups - 1) + offset;
        return append(localBesideGlobal(source, destination, instance, 1), out, at);
    }

    /**
     * The local link before (k = 0) or after (k = 1) parallel global link {@code instance} on the minimal route from
     * router {@code source} to router {@code destination} of another group (both g·a + index): from the source to the
     * router owning the global port {@code instance·(g − 1) + offset}, and from the router it lands on to the
     * destination; {@link PathChoice.CommittedLinks#NONE} where the route stays on its router. O(1).
     */
    private int localBesideGlobal(int source, int destination, int instance, int k) {
        int srcGroup = source / routersPerGroup;
        int dstGroup = destination / routersPerGroup;
        int port = instance * (groups - 1) + Math.floorMod(dstGroup - srcGroup - 1, groups);
        return k == 0 ? local(srcGroup, source % routersPerGroup, port / globalPerRouter)
                : local(dstGroup, peerPort(srcGroup, dstGroup, port) / globalPerRouter, destination % routersPerGroup);
    }

    private int local(int group, int from, int to) {
        return from == to ? PathChoice.CommittedLinks.NONE : localLink(group, from, to);
    }

    private int hop(int group, int from, int to, int[] out, int at) {
        return append(local(group, from, to), out, at);
    }

    private static int append(int link, int[] out, int at) {
        if (link != PathChoice.CommittedLinks.NONE) {
            out[at++] = link;
        }
        return at;
    }

    @Override
    public int maxRouteLinks() {
        return valiant ? 5 : 3;
    }

    @Override
    public int minimalRouteCount(int srcPort, int dstPort) {
        int srcGroup = srcPort / endpointsPerRouter / routersPerGroup;
        int dstGroup = dstPort / endpointsPerRouter / routersPerGroup;
        return srcGroup == dstGroup ? 1 : globalPerGroup / (groups - 1);
    }

    @Override
    public String describe() {
        return "dragonfly, " + groups + " groups x " + routersPerGroup + " routers x " + endpointsPerRouter
                + " endpoints, " + globalPerRouter + " global links per router" + (valiant ? ", Valiant" : ", minimal");
    }
}
