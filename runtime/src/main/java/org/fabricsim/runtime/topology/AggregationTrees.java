package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * The links of in-network aggregation trees (SHARP) on a cluster's scale-out fabric, and their
 * allocation against the switches' {@link AggregationResources}.
 *
 * <p>A tree over the NICs of {@code heads} reduces upwards and multicasts the result downwards:
 * every head's NIC uplink carries its contribution once, every switch sends one partial sum to
 * its parent, the root sends the result once down every child link, and every NIC downlink
 * carries it once. Tree {@code t} takes, at every up-hop, the {@code t}-th equal-cost link (mod
 * the candidates), so the trees of one job on a rail-optimized or folded-Clos fabric root at
 * distinct top switches. Its links are the union of the routes between the first head and every
 * other head, both ways, with that choice: NIC uplinks, switch-to-parent links up to the root,
 * root-to-child links, NIC downlinks. Cost O(heads · hops) plus a sort.
 *
 * <p>Allocation is in order of request: a tree is granted when every switch it passes has a tree
 * to spare and every port it uses is free ({@link AggregationResources}); a refused tree holds
 * nothing.
 */
public final class AggregationTrees {
    private final ClusterTopology topology;
    private final int[] treesOnSwitch;
    private final int[] treesOnLink;

    public AggregationTrees(ClusterTopology topology) {
        this.topology = topology;
        this.treesOnSwitch = new int[topology.graph().nodeCount()];
        this.treesOnLink = new int[topology.graph().linkCount()];
    }

    /** The distinct links of tree {@code tree} over the NICs of {@code heads}, ascending. */
    public static int[] links(ClusterTopology topology, int[] heads, int tree) {
        int maxRoute = topology.maxRouteLinks();
        int[] links = new int[2 * heads.length * maxRoute + 2];
        int[] path = new int[maxRoute];
        PathChoice choice = (hop, firstLink, stride, candidates) -> tree % candidates;
        int count = 0;
        links[count++] = topology.nicUplink(heads[0]);
        links[count++] = topology.nicDownlink(heads[0]);
        for (int i = 1; i < heads.length; i++) {
            int length = topology.route(heads[i], heads[0], choice, path);
            System.arraycopy(path, 0, links, count, length);
            count += length;
            length = topology.route(heads[0], heads[i], choice, path);
            System.arraycopy(path, 0, links, count, length);
            count += length;
        }
        return distinct(links, count);
    }

    /**
     * Tree {@code tree}'s links towards its root ({@code up}) or away from it, each with the number of
     * heads below it: {links ascending, heads}. A route between two heads climbs to their common
     * switch and descends as many links (up-down routing), and of any head i's routes to the first head and
     * to the head farthest from the first, one reaches the root (on a hierarchy the two larger of three
     * heads' pairwise common ancestors are one), so the first half of that route is i's climb and the
     * second half of its reverse i's descent. O(heads · hops + links log links).
     */
    public static int[][] directed(ClusterTopology topology, int[] heads, int tree, boolean up) {
        int maxRoute = topology.maxRouteLinks();
        int[] path = new int[maxRoute];
        int[] links = new int[heads.length * maxRoute];
        PathChoice choice = (hop, firstLink, stride, candidates) -> tree % candidates;
        int far = 0;
        int farLength = 0;
        for (int i = 1; i < heads.length; i++) {
            int length = topology.route(heads[i], heads[0], choice, path);
            if (length > farLength) {
                far = i;
                farLength = length;
            }
        }
        int count = 0;
        for (int i = 0; i < heads.length; i++) {
            int toFirst = i == 0 ? 0 : topology.route(heads[i], heads[0], choice, path);
            int other = far != i && topology.route(heads[i], heads[far], choice, path) > toFirst ? far : 0;
            int length = up ? topology.route(heads[i], heads[other], choice, path)
                    : topology.route(heads[other], heads[i], choice, path);
            int half = length / 2;
            System.arraycopy(path, up ? 0 : length - half, links, count, half);
            count += half;
        }
        int[] sorted = Arrays.copyOf(links, count);
        Arrays.sort(sorted);
        int[] distinct = distinct(sorted, count);
        int[] below = new int[distinct.length];
        for (int at = 0, d = 0; at < count; at++) {
            d = sorted[at] == distinct[d] ? d : d + 1;
            below[d]++;
        }
        return new int[][] {distinct, below};
    }

    /**
     * The time in flight of tree {@code tree}'s pipeline: the latency of the longest route between
     * the first head and another, up to the root and down (its links grow with the fabric's tiers,
     * logarithmic in the nodes). O(heads · hops).
     */
    public static long depthLatencyPs(ClusterTopology topology, int[] heads, int tree) {
        int[] path = new int[topology.maxRouteLinks()];
        PathChoice choice = (hop, firstLink, stride, candidates) -> tree % candidates;
        long latencyPs = 0;
        for (int i = 1; i < heads.length; i++) {
            int length = topology.route(heads[i], heads[0], choice, path);
            latencyPs = Math.max(latencyPs, topology.pathLatencyPs(path, length));
        }
        return latencyPs;
    }

    /** Whether the switches can host a tree on {@code links} now. O(links). */
    public boolean fits(int[] links) {
        AggregationResources resources = topology.aggregationResources();
        if (resources == null) {
            return false;
        }
        Graph graph = topology.graph();
        int[] switches = switchesOf(links);
        for (int node : switches) {
            if (resources.treesPerSwitch() > 0 && treesOnSwitch[node] >= resources.treesPerSwitch()) {
                return false;
            }
        }
        for (int link : links) {
            if (resources.treesPerPort() > 0 && treesOnLink[link] >= resources.treesPerPort()
                    && (graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH
                            || graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH)) {
                return false;
            }
        }
        return true;
    }

    /** Grants a tree on {@code links} when it {@link #fits}; returns whether it was granted. O(links). */
    public boolean allocate(int[] links) {
        if (!fits(links)) {
            return false;
        }
        hold(links, 1);
        return true;
    }

    /**
     * Grants a job on {@code accelerators} (nodes of {@code perNode} ranks each, in rank order) one tree
     * per local index ({@link #heads}), all of them or none, and returns the tree choice granted to each
     * local index ({@link #links}' {@code tree}), or null when refused. Local index j asks for choice j;
     * when that tree does not fit and {@code spread} is set, for choices 0, 1, … R − 1 in turn, R the
     * minimal routes between the first head and the others (every root the fabric offers them). That is
     * the model of SHARP's aggregation manager, which since SHARP 3.4 builds a job's trees when the job
     * starts ("Dynamic trees" mode, the default) and "aims to allocate trees in a manner that preserves
     * available links and switch resources for future jobs" (NVIDIA SHARP Rev 3.8.0, "Operating NVIDIA
     * SHARP in Dynamic Trees Allocation Mode"): concurrent jobs' trees root at distinct top switches
     * while ports are free. Without {@code spread} a job takes choice j or nothing. O(perNode · R ·
     * heads · hops).
     */
    public int[] allocateJob(int[] accelerators, int perNode, boolean spread) {
        int[] choices = new int[perNode];
        int[][] granted = new int[perNode][];
        for (int local = 0; local < perNode; local++) {
            int[] heads = heads(accelerators, perNode, local);
            int roots = spread ? rootChoices(heads) : 0;
            int choice = local;
            int[] links = links(topology, heads, choice);
            for (int other = 0; !fits(links) && other < roots; other++) {
                choice = other;
                links = links(topology, heads, choice);
            }
            if (!allocate(links)) {
                for (int t = 0; t < local; t++) {
                    hold(granted[t], -1);
                }
                return null;
            }
            granted[local] = links;
            choices[local] = choice;
        }
        return choices;
    }

    /** The minimal routes between the first of {@code heads} and the others, at most. O(heads). */
    private int rootChoices(int[] heads) {
        int routes = 1;
        for (int i = 1; i < heads.length; i++) {
            routes = Math.max(routes, topology.minimalRouteCount(heads[i], heads[0]));
        }
        return routes;
    }

    /**
     * The heads of tree {@code tree} for a job on {@code accelerators} (whole nodes of {@code
     * perNode}, in rank order): the accelerator of local index {@code tree} on every node. O(nodes).
     */
    public static int[] heads(int[] accelerators, int perNode, int tree) {
        int[] heads = new int[accelerators.length / perNode];
        for (int d = 0; d < heads.length; d++) {
            heads[d] = accelerators[d * perNode + tree];
        }
        return heads;
    }

    private void hold(int[] links, int delta) {
        for (int node : switchesOf(links)) {
            treesOnSwitch[node] += delta;
        }
        for (int link : links) {
            treesOnLink[link] += delta;
        }
    }

    /** The distinct switches the links touch. */
    private int[] switchesOf(int[] links) {
        Graph graph = topology.graph();
        int[] nodes = new int[2 * links.length];
        int count = 0;
        for (int link : links) {
            int from = graph.linkFrom(link);
            int to = graph.linkTo(link);
            if (graph.nodeKind(from) == Graph.SWITCH && !topology.isDomainSwitch(from)) {
                nodes[count++] = from;
            }
            if (graph.nodeKind(to) == Graph.SWITCH && !topology.isDomainSwitch(to)) {
                nodes[count++] = to;
            }
        }
        return distinct(nodes, count);
    }

    /** The distinct values among the first {@code count} of {@code values}, ascending. O(count log count). */
    private static int[] distinct(int[] values, int count) {
        int[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        int distinct = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[distinct++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, distinct);
    }
}
