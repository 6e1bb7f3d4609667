package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * A fabric of any shape, routed on its links by shortest paths in hops with ECMP over the equal-cost
 * next hops (what an IP fabric's routing protocol and ECMP hashing do). Used for graphs read from
 * elsewhere ({@link GraphFabricParameters}), whose structure the arithmetic routers of the built
 * fabrics do not know. The accelerators are the fabric's ports and its own nodes: a route runs from
 * accelerator to accelerator over graph links, and may cross other accelerators where the graph
 * forwards through them (a direct network).
 *
 * <p>Routing: for a destination t, the hop distance d(v, t) of every node v comes from one
 * breadth-first search from t over the links reversed, O(nodes + links), computed on the first route
 * to t and kept (memory O(nodes) per destination used). At node v the candidates are v's out-links
 * to a node u with d(u, t) = d(v, t) − 1, in handle order; the {@link PathChoice} picks one (they are
 * not evenly spaced handles, so {@link PathChoice#NOT_CONTIGUOUS}: adaptive choice falls back to the
 * hash). A route is O(hops · out-degree) and allocates nothing once t's distances are known. The
 * number of shortest paths ({@link #minimalRouteCount}) is counted by dynamic programming over the
 * same distances, O(nodes + links).
 */
final class ShortestPathFabric implements ScaleOutFabric {
    private static final int UNREACHED = Integer.MAX_VALUE;

    private final int firstLink;
    private final int nodes;
    private final int switches;
    private final int links;
    /** CSR of out-links: node v's out-links are outLinks[outFirst[v] .. outFirst[v + 1]), by handle. */
    private final int[] outFirst;
    private final int[] outLinks;
    /** CSR of in-links, for the searches from a destination. */
    private final int[] inFirst;
    private final int[] inLinks;
    private final int[] linkFrom;
    private final int[] linkTo;
    private final int[][] distanceTo;
    private final int[] queue;

    ShortestPathFabric(Graph graph, int ports, int firstLink) {
        this.firstLink = firstLink;
        this.nodes = graph.nodeCount();
        this.switches = nodes - ports;
        this.links = graph.linkCount();
        this.linkFrom = new int[links];
        this.linkTo = new int[links];
        for (int link = 0; link < links; link++) {
            linkFrom[link] = graph.linkFrom(link);
            linkTo[link] = graph.linkTo(link);
        }
        this.outFirst = new int[nodes + 1];
        this.inFirst = new int[nodes + 1];
        this.outLinks = new int[links];
        this.inLinks = new int[links];
        csr(linkFrom, outFirst, outLinks);
        csr(linkTo, inFirst, inLinks);
        this.distanceTo = new int[ports][];
        this.queue = new int[nodes];
    }

    /** Fills a CSR of the links by {@code end}: counting sort, links in handle order within a node. */
    private static void csr(int[] end, int[] first, int[] members) {
        for (int node : end) {
            first[node + 1]++;
        }
        for (int v = 0; v < first.length - 1; v++) {
            first[v + 1] += first[v];
        }
        int[] next = Arrays.copyOf(first, first.length - 1);
        for (int link = 0; link < end.length; link++) {
            members[next[end[link]]++] = link;
        }
    }

    @Override
    public int attachNode(int port) {
        return port;
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int[] distance = distances(dstPort);
        if (distance[srcPort] == UNREACHED) {
            throw new IllegalStateException("no path from accelerator " + srcPort + " to accelerator " + dstPort);
        }
        int node = srcPort;
        for (int hop = 0; node != dstPort; hop++) {
            int candidates = 0;
            for (int i = outFirst[node]; i < outFirst[node + 1]; i++) {
                candidates += distance[linkTo[outLinks[i]]] == distance[node] - 1 ? 1 : 0;
            }
            int chosen = choice.choose(hop, PathChoice.NOT_CONTIGUOUS, 1, candidates);
            for (int i = outFirst[node]; ; i++) {
                int link = outLinks[i];
                if (distance[linkTo[link]] == distance[node] - 1 && chosen-- == 0) {
                    out[at++] = firstLink + link;
                    node = linkTo[link];
                    break;
                }
            }
        }
        return at;
    }

    /** A simple path visits every node at most once. */
    @Override
    public int maxRouteLinks() {
        return nodes - 1;
    }

    @Override
    public int minimalRouteCount(int srcPort, int dstPort) {
        int[] distance = distances(dstPort);
        // Paths to t from each node, nodes taken by increasing distance (the search's queue order).
        long[] paths = new long[nodes];
        paths[dstPort] = 1;
        int reached = search(dstPort, new int[nodes], queue);
        for (int q = 1; q < reached; q++) {
            int v = queue[q];
            long sum = 0;
            for (int i = outFirst[v]; i < outFirst[v + 1]; i++) {
                int u = linkTo[outLinks[i]];
                sum += distance[u] == distance[v] - 1 ? paths[u] : 0;
            }
            paths[v] = Math.min(sum, Integer.MAX_VALUE);
        }
        return (int) Math.max(1, paths[srcPort]);
    }

    /** Hop distances of every node to accelerator {@code t}, searched once and kept. */
    private int[] distances(int t) {
        if (distanceTo[t] == null) {
            int[] distance = new int[nodes];
            search(t, distance, queue);
            distanceTo[t] = distance;
        }
        return distanceTo[t];
    }

    /**
     * Breadth-first search from {@code t} over reversed links: writes each node's distance to t
     * (UNREACHED when none) and the nodes in the order reached into {@code order}. O(nodes + links).
     *
     * @return the number of nodes reached
     */
    private int search(int t, int[] distance, int[] order) {
        Arrays.fill(distance, UNREACHED);
        distance[t] = 0;
        order[0] = t;
        int tail = 1;
        for (int head = 0; head < tail; head++) {
            int v = order[head];
            for (int i = inFirst[v]; i < inFirst[v + 1]; i++) {
                int u = linkFrom[inLinks[i]];
                if (distance[u] == UNREACHED) {
                    distance[u] = distance[v] + 1;
                    order[tail++] = u;
                }
            }
        }
        return tail;
    }

    @Override
    public String describe() {
        return "a given graph of " + switches + " other nodes and " + links + " links, shortest-path ECMP";
    }
}
