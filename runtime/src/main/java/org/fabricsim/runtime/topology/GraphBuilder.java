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

    /** Freezes the graph. */
    public Graph build() {
        return new Graph(Arrays.copyOf(nodeKind, nodeCount), Arrays.copyOf(nodeReduces, nodeCount),
                Arrays.copyOf(linkFrom, linkCount), Arrays.copyOf(linkTo, linkCount),
                Arrays.copyOf(linkBytesPerSecond, linkCount), Arrays.copyOf(linkLatencyPs, linkCount), linkCount);
    }
}
