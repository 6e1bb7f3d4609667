package org.fabricsim.runtime.topology;

/**
 * An immutable directed graph in primitive arrays. Nodes and links are int handles: node
 * [0, endpoints) are the accelerators, then switches and routers; every link has a source, a
 * target, a rate and a latency. Memory is O(nodes + links); every accessor is O(1).
 */
public final class Graph {
    /** Node kind: an accelerator (an endpoint of collectives). */
    public static final byte ACCELERATOR = 0;
    /** Node kind: a switch or router. */
    public static final byte SWITCH = 1;
    /** Node kind: a multi-port NIC whose ports lead to different planes. */
    public static final byte NIC = 2;

    private final byte[] nodeKind;
    private final boolean[] nodeReduces;
    private final int[] linkFrom;
    private final int[] linkTo;
    private final double[] linkBytesPerSecond;
    private final long[] linkLatencyPs;
    private final int linkCount;

    Graph(byte[] nodeKind, boolean[] nodeReduces, int[] linkFrom, int[] linkTo, double[] linkBytesPerSecond,
            long[] linkLatencyPs, int linkCount) {
        this.nodeKind = nodeKind;
        this.nodeReduces = nodeReduces;
        this.linkFrom = linkFrom;
        this.linkTo = linkTo;
        this.linkBytesPerSecond = linkBytesPerSecond;
        this.linkLatencyPs = linkLatencyPs;
        this.linkCount = linkCount;
    }

    public int nodeCount() {
        return nodeKind.length;
    }

    public int linkCount() {
        return linkCount;
    }

    public byte nodeKind(int node) {
        return nodeKind[node];
    }

    /** Whether the node can reduce in the switch (NVLS, SHARP). */
    public boolean reducesInSwitch(int node) {
        return nodeReduces[node];
    }

    public int linkFrom(int link) {
        return linkFrom[link];
    }

    public int linkTo(int link) {
        return linkTo[link];
    }

    public double linkBytesPerSecond(int link) {
        return linkBytesPerSecond[link];
    }

    public long linkLatencyPs(int link) {
        return linkLatencyPs[link];
    }

    /** This graph with the rates of {@code links} multiplied by {@code factor}; O(links). */
    Graph withScaledRates(int[] links, double factor) {
        double[] rates = linkBytesPerSecond.clone();
        for (int link : links) {
            rates[link] *= factor;
        }
        return new Graph(nodeKind, nodeReduces, linkFrom, linkTo, rates, linkLatencyPs, linkCount);
    }
}
