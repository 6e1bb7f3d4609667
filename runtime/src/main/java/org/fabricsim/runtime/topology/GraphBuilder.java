package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * Grows the arrays of a {@link Graph}; node and link handles are handed out consecutively. {@link #build} hands the
 * arrays to the graph: uncopied when they are full (a builder sized for the graph, {@link #GraphBuilder(int, int,
 * int, int)}), else each trimmed in turn. It builds one graph.
 */
public final class GraphBuilder {
    private byte[] nodeKind;
    private boolean[] nodeReduces;
    private int nodeCount;
    /** The four link arrays: the links, then a slot per group ({@link Graph}). */
    private int[] linkFrom;
    private int[] linkTo;
    private double[] linkBytesPerSecond;
    private long[] linkLatencyPs;
    private int linkCount;
    /** CSR offsets of the groups' members, {@link #groups} + 1 of them in use (capacity doubled as groups come). */
    private int[] groupFirst;
    private int groups;
    /** The groups' members, group after group, {@code groupFirst[groups]} of them in use. */
    private int[] groupMembers;
    private boolean built;

    /** A builder whose arrays start small and double as the graph grows. */
    public GraphBuilder() {
        this(64, 256, 0, 64);
    }

    /**
     * A builder sized for a graph of {@code nodes} nodes, {@code links} links and {@code groups} groups of {@code
     * groupMembers} members in all ({@link GraphEstimate}, exact for a cluster's graph): built with those counts, it
     * hands its arrays over uncopied. Larger graphs grow it as the default one. O(nodes + links).
     */
    public GraphBuilder(int nodes, int links, int groups, int groupMembers) {
        nodeKind = new byte[nodes];
        nodeReduces = new boolean[nodes];
        linkFrom = new int[links + groups];
        linkTo = new int[links + groups];
        linkBytesPerSecond = new double[links + groups];
        linkLatencyPs = new long[links + groups];
        groupFirst = new int[groups + 1];
        this.groupMembers = new int[groupMembers];
    }

    /** Adds {@code count} nodes of a kind and returns the handle of the first. */
    public int addNodes(byte kind, int count, boolean reducesInSwitch) {
        requireUnbuilt();
        int first = nodeCount;
        int needed = nodeCount + count;
        if (needed > nodeKind.length) {
            int capacity = Math.max(needed, nodeKind.length * 2);
            nodeKind = Arrays.copyOf(nodeKind, capacity);
            nodeReduces = Arrays.copyOf(nodeReduces, capacity);
        }
        Arrays.fill(nodeKind, first, needed, kind);
        Arrays.fill(nodeReduces, first, needed, reducesInSwitch);
        nodeCount = needed;
        return first;
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int linkCount() {
        return linkCount;
    }

    /** Adds a directed link and returns its handle. */
    public int addLink(int from, int to, LinkClass linkClass) {
        requireUnbuilt();
        if (linkCount == linkFrom.length) {
            int capacity = Math.max(16, linkCount * 2);
            linkFrom = Arrays.copyOf(linkFrom, capacity);
            linkTo = Arrays.copyOf(linkTo, capacity);
            linkBytesPerSecond = Arrays.copyOf(linkBytesPerSecond, capacity);
            linkLatencyPs = Arrays.copyOf(linkLatencyPs, capacity);
        }
        linkFrom[linkCount] = from;
        linkTo[linkCount] = to;
        linkBytesPerSecond[linkCount] = linkClass.bytesPerSecond();
        linkLatencyPs[linkCount] = linkClass.latencyPs();
        return linkCount++;
    }

    /**
     * Declares a group of parallel links that spraying loads evenly ({@link Graph}); returns its
     * index g: its handle in the built graph is {@code graph.linkCount() + g}. O(members) amortized:
     * the arrays double when full (copying them per group cost O(groups × members) in all).
     */
    public int addGroup(int[] members) {
        requireUnbuilt();
        int end = groupFirst[groups];
        if (end + members.length > groupMembers.length) {
            groupMembers = Arrays.copyOf(groupMembers, Math.max(end + members.length, 2 * groupMembers.length));
        }
        System.arraycopy(members, 0, groupMembers, end, members.length);
        if (groups + 2 > groupFirst.length) {
            groupFirst = Arrays.copyOf(groupFirst, 2 * groupFirst.length);
        }
        groupFirst[groups + 1] = end + members.length;
        return groups++;
    }

    /**
     * Freezes the graph: the graph takes the builder's arrays, each that is longer or shorter than its count (the
     * links and a slot per group) first copied to its count, one at a time, the old one released before the next is
     * copied. A builder sized for the graph copies none: the links are held once at the peak. O(links) when copying.
     */
    public Graph build() {
        requireUnbuilt();
        built = true;
        int total = linkCount + groups;
        if (linkFrom.length != total) {
            linkFrom = Arrays.copyOf(linkFrom, total);
            linkTo = Arrays.copyOf(linkTo, total);
            linkBytesPerSecond = Arrays.copyOf(linkBytesPerSecond, total);
            linkLatencyPs = Arrays.copyOf(linkLatencyPs, total);
        }
        if (nodeKind.length != nodeCount) {
            nodeKind = Arrays.copyOf(nodeKind, nodeCount);
            nodeReduces = Arrays.copyOf(nodeReduces, nodeCount);
        }
        if (groupFirst.length != groups + 1) {
            groupFirst = Arrays.copyOf(groupFirst, groups + 1);
        }
        if (groupMembers.length != groupFirst[groups]) {
            groupMembers = Arrays.copyOf(groupMembers, groupFirst[groups]);
        }
        return new Graph(nodeKind, nodeReduces, linkFrom, linkTo, linkBytesPerSecond, linkLatencyPs, linkCount,
                groupFirst, groupMembers);
    }

    /** The builder's arrays belong to the graph it built: nothing may be added to them. */
    private void requireUnbuilt() {
        if (built) {
            throw new IllegalStateException("the graph is built: a builder builds one graph");
        }
    }
}
