package org.fabricsim.runtime.routing;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * The channel dependency graph of a set of routes (Dally and Seitz, "Deadlock-Free Message Routing in
 * Multiprocessor Interconnection Networks", IEEE Trans. Computers 1987): one vertex per (link, virtual lane), an
 * edge ℓ → ℓ′ when a route takes ℓ and then ℓ′ through the node between them, so that bytes queued for ℓ′ hold
 * buffer that ℓ's sender waits on under lossless flow control. An acyclic graph is deadlock-free; a cycle is a cyclic
 * buffer dependency, which PFC or credits turn into a deadlock once every queue of it is full (Hu et al., "Deadlocks
 * in Datacenter Networks: Why Do They Form, and How to Avoid Them", HotNets 2016).
 *
 * <p><b>Lanes.</b> With L virtual lanes a packet rides lane {@code min(l₀ + s, L − 1)} on a link, l₀ its flow's
 * first lane and s the links it took before that one from a node that forwarded it (not its source): every hop
 * between switches moves it up one lane, as a dragonfly's virtual channel moves up per hop (Kim et al., ISCA 2008).
 * An edge then goes from a lane to the same or a higher one, so a cycle can only lie within the last lane: with L
 * at least the longest route's links between switches, none can.
 *
 * <p>Edges are kept once each (a link's successors are scanned before one is added: O(the far node's links ×
 * lanes)); {@link #cycle} is a depth-first search, O(vertices + edges). Adding routes is O(their hops).
 */
public final class BufferDependencies {
    /** The fix a lossless fabric with a cyclic buffer dependency needs, as the run's and the editor's messages say it. */
    public static final String FIX = "A lossless fabric needs routes whose buffers wait on one another in no cycle:"
            + " deadlock-free routing (up*/down*, or a virtual lane per hop: the fabric's virtual-lanes), fewer hops"
            + " (a topology without the ring), or a lossy fabric";

    private final Graph graph;
    private final int lanes;
    private final int[] firstEdge;
    private int[] nextEdge = new int[64];
    private int[] target = new int[64];
    private int edges;
    private boolean grown;

    /** No route yet, over {@code graph}'s links with {@code lanes} virtual lanes each (1: none stated). */
    public BufferDependencies(Graph graph, int lanes) {
        if (lanes < 1) {
            throw new IllegalArgumentException("a link has at least one lane");
        }
        this.graph = graph;
        this.lanes = lanes;
        firstEdge = new int[graph.linkCount() * lanes];
        Arrays.fill(firstEdge, -1);
    }

    /**
     * The lane of link {@code hop} of a route (0 the first), given the lane {@code previous} of link hop − 1: one up
     * when the link before came from a node that forwarded the packet (hop ≥ 2), at most the last lane. O(1).
     */
    public static int nextLane(int previous, int hop, int lanes) {
        return hop >= 2 ? Math.min(previous + 1, lanes - 1) : previous;
    }

    /**
     * The dependencies of the routes {@code router} gives between every ordered pair of its topology's accelerators,
     * every subflow of each ({@link Router#routeCount}), their packets starting on lane 0: what a run whose flows may
     * join any two accelerators can use. O(accelerators² × route links).
     */
    public static BufferDependencies ofAllPairs(Router router, int lanes) {
        ClusterTopology topology = router.topology();
        BufferDependencies dependencies = new BufferDependencies(topology.graph(), lanes);
        int[] path = new int[topology.maxRouteLinks()];
        int accelerators = topology.accelerators();
        for (int src = 0; src < accelerators; src++) {
            for (int dst = 0; dst < accelerators; dst++) {
                for (int subflow = src == dst ? -1 : router.routeCount(src, dst) - 1; subflow >= 0; subflow--) {
                    dependencies.add(path, router.route(src, dst, Router.flowKey(src, dst, 0), subflow, path));
                }
            }
        }
        return dependencies;
    }

    /** Adds the dependencies of the first {@code length} links of {@code path}, whose packets start on lane 0. */
    public void add(int[] path, int length) {
        add(path, length, 0);
    }

    /** Adds the dependencies of the first {@code length} links of {@code path}, its first link on {@code firstLane}. */
    public void add(int[] path, int length, int firstLane) {
        if (length < 2) {
            return;
        }
        int lane = firstLane;
        int from = graph.firstMember(path[0]) * lanes + lane;
        for (int hop = 1; hop < length; hop++) {
            lane = nextLane(lane, hop, lanes);
            int to = graph.firstMember(path[hop]) * lanes + lane;
            link(from, to);
            from = to;
        }
    }

    private void link(int from, int to) {
        for (int edge = firstEdge[from]; edge >= 0; edge = nextEdge[edge]) {
            if (target[edge] == to) {
                return;
            }
        }
        if (edges == target.length) {
            target = Arrays.copyOf(target, edges * 2);
            nextEdge = Arrays.copyOf(nextEdge, edges * 2);
        }
        target[edges] = to;
        nextEdge[edges] = firstEdge[from];
        firstEdge[from] = edges++;
        grown = true;
    }

    /** Whether a dependency was added since the last {@link #cycle} (only then can a new cycle have formed). */
    public boolean grown() {
        return grown;
    }

    /** The vertices (link × lanes + lane) of one cycle in order, or none. O(vertices + edges). */
    public int[] cycle() {
        grown = false;
        int vertices = firstEdge.length;
        int[] first = new int[vertices + 1];
        int[] next = new int[edges];
        for (int vertex = 0; vertex < vertices; vertex++) {
            first[vertex + 1] = first[vertex];
            for (int edge = firstEdge[vertex]; edge >= 0; edge = nextEdge[edge]) {
                next[first[vertex + 1]++] = target[edge];
            }
        }
        return cycle(first, next);
    }

    /**
     * One cycle of the graph whose vertex v has the successors {@code next[first[v] .. first[v + 1])}, its vertices
     * in order, or none. Iterative depth-first search with three colours, O(vertices + edges).
     */
    public static int[] cycle(int[] first, int[] next) {
        int vertices = first.length - 1;
        byte[] colour = new byte[vertices];
        int[] stack = new int[vertices];
        int[] cursor = new int[vertices];
        for (int root = 0; root < vertices; root++) {
            if (colour[root] != 0 || first[root] == first[root + 1]) {
                continue;
            }
            int depth = 0;
            stack[0] = root;
            cursor[root] = first[root];
            colour[root] = 1;
            while (depth >= 0) {
                int vertex = stack[depth];
                if (cursor[vertex] == first[vertex + 1]) {
                    colour[vertex] = 2;
                    depth--;
                    continue;
                }
                int successor = next[cursor[vertex]++];
                if (colour[successor] == 1) {
                    int start = depth;
                    while (stack[start] != successor) {
                        start--;
                    }
                    return Arrays.copyOfRange(stack, start, depth + 1);
                }
                if (colour[successor] == 0) {
                    colour[successor] = 1;
                    cursor[successor] = first[successor];
                    stack[++depth] = successor;
                }
            }
        }
        return new int[0];
    }

    /** "switch a -> switch b (link ℓ) -> … -> switch a", with each link's lane when there are several. */
    public String describe(int[] cycle) {
        StringBuilder out = new StringBuilder(node(graph, graph.linkFrom(cycle[0] / lanes)));
        for (int vertex : cycle) {
            int link = vertex / lanes;
            out.append(" -> ").append(node(graph, graph.linkTo(link))).append(String.format(Locale.ROOT,
                    " (link %d%s)", link, lanes > 1 ? " lane " + vertex % lanes : ""));
        }
        return out.toString();
    }

    /** "switch n" or "node n". */
    public static String node(Graph graph, int node) {
        return (graph.nodeKind(node) == Graph.SWITCH ? "switch " : "node ") + node;
    }
}
