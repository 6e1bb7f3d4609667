package org.fabricsim.runtime.topology;

import java.util.Arrays;

/** Grows the arrays of a {@link Graph}; node and link handles are handed out consecutively. */
public final class GraphBuilder {
    private byte[] nodeKind = new byte[64];
    private boolean[] nodeReduces = new boolean[64];
    private int nodeCount;
    private int[] linkFrom = new int[256];
    private int[] linkTo = new int[256];
    private double[] linkBytesPerSecond = new double[256];
    private long[] linkLatencyPs = new long[256];
    private int linkCount;
    /** CSR offsets of the groups' members, {@link #groups} + 1 of them in use (capacity doubled as groups come). */
    private int[] groupFirst = new int[16];
    private int groups;
    /** The groups' members, group after group, {@code groupFirst[groups]} of them in use. */
    private int[] groupMembers = new int[64];

    /** Adds {@code count} nodes of a kind and returns the handle of the first. */
    public int addNodes(byte kind, int count, boolean reducesInSwitch) {
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
        if (linkCount == linkFrom.length) {
            int capacity = linkCount * 2;
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
     * Freezes the graph: the link arrays copied once, to the links and a slot per group, into arrays the graph owns
     * (it copies none of its own: the links are held twice at the peak, the builder's and the graph's). O(links).
     */
    public Graph build() {
        int total = linkCount + groups;
        return new Graph(Arrays.copyOf(nodeKind, nodeCount), Arrays.copyOf(nodeReduces, nodeCount),
                Arrays.copyOf(linkFrom, total), Arrays.copyOf(linkTo, total), Arrays.copyOf(linkBytesPerSecond, total),
                Arrays.copyOf(linkLatencyPs, total), linkCount, Arrays.copyOf(groupFirst, groups + 1),
                Arrays.copyOf(groupMembers, groupFirst[groups]));
    }
}
