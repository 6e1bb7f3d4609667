package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * An immutable directed graph in primitive arrays. Nodes and links are int handles: node
 * [0, endpoints) are the accelerators, then switches and routers; every link has a source, a
 * target, a rate and a latency. Memory is O(nodes + links); every accessor is O(1).
 *
 * <p><b>Link groups.</b> A fabric may declare groups of parallel links that packet spraying
 * always loads evenly (a leaf's uplinks, the downlinks into a leaf): every flow that crosses one
 * member crosses all of them with the same share. Such members carry the same load, so one
 * constraint Σ load ≤ m·min c over the group is exact. Groups get the handles [{@link #linkCount},
 * {@link #flowLinkCount}) after the physical links: a flow path may hold them, and rate, latency
 * (the largest of the members: the last packet) and ends (the first member's) are defined for
 * them; {@link #addBytes} spreads a group's bytes evenly over its members.
 *
 * <p><b>Nested groups.</b> Groups nest or are disjoint: a link is directly in at most one group, and a group declared
 * after another that holds any of its members holds all of them, so it holds that group whole ({@link #groupOf}: a
 * link's group, a group's enclosing group). A multi-plane fabric's twin groups (the P copies of one plane's link) nest
 * in its spray groups (every plane's uplinks of a leaf, P·u members, {@code MultiPlane}): a sprayed flow loads a spray
 * group's P·u members alike and a flow that takes one link a plane loads a twin group's P alike, so a physical link
 * carries its own bytes plus each enclosing group's ÷ that group's members ({@code FlowTable#linkBytes}).
 *
 * <p>Memory: each link array is held once; a graph made from another ({@link #withScaledRates}, {@link
 * #withAddedLatencies}, {@link #withSenderLatencies}) shares every array but the one it changes.
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
    private final int[] groupFirst;
    private final int[] groupMembers;
    private final int[] groupOf;

    /**
     * A graph that owns the arrays it is given (none is copied): the four link arrays hold the {@code linkCount}
     * physical links and one entry per group after them, which this fills in from the members. O(links).
     *
     * @param groupFirst   CSR offsets of the groups' members in {@code groupMembers} (groups + 1
     *                     entries, {0} for none)
     * @param groupMembers the physical links of every group, group after group
     */
    Graph(byte[] nodeKind, boolean[] nodeReduces, int[] linkFrom, int[] linkTo, double[] linkBytesPerSecond,
            long[] linkLatencyPs, int linkCount, int[] groupFirst, int[] groupMembers) {
        int groups = groupFirst.length - 1;
        if (linkFrom.length != linkCount + groups || linkTo.length != linkFrom.length
                || linkBytesPerSecond.length != linkFrom.length || linkLatencyPs.length != linkFrom.length) {
            throw new IllegalArgumentException("link arrays of " + linkCount + " links and " + groups + " groups");
        }
        this.nodeKind = nodeKind;
        this.nodeReduces = nodeReduces;
        this.linkFrom = linkFrom;
        this.linkTo = linkTo;
        this.linkCount = linkCount;
        this.groupFirst = groupFirst;
        this.groupMembers = groupMembers;
        this.groupOf = new int[linkCount + groups];
        Arrays.fill(groupOf, -1);
        for (int g = 0; g < groups; g++) {
            int id = linkCount + g;
            nest(id);
            linkFrom[id] = linkFrom[groupMembers[groupFirst[g]]];
            linkTo[id] = linkTo[groupMembers[groupFirst[g]]];
        }
        this.linkBytesPerSecond = fillGroupRates(linkBytesPerSecond);
        this.linkLatencyPs = fillGroupLatencies(linkLatencyPs);
    }

    /**
     * Makes group {@code id} hold its members: a member in no group directly, a member of a group declared before
     * through the outermost group it is in, which must then lie whole inside {@code id} (Σ of the members reached
     * equals the members listed, or a group overlaps {@code id} in part). O(members × nesting depth).
     */
    private void nest(int id) {
        int g = id - linkCount;
        int reached = 0;
        for (int i = groupFirst[g]; i < groupFirst[g + 1]; i++) {
            int outer = groupMembers[i];
            while (groupOf[outer] >= 0) {
                outer = groupOf[outer];
            }
            if (outer != id) {
                groupOf[outer] = id;
                reached += groupSize(outer);
            }
        }
        if (reached != groupFirst[g + 1] - groupFirst[g]) {
            throw new IllegalArgumentException("group " + g + " holds part of a group declared before it (link "
                    + groupMembers[groupFirst[g]] + " on): groups must nest or be disjoint");
        }
    }

    /**
     * {@code base} with other link rates and latencies, each array either {@code base}'s own or a new one whose group
     * entries are filled in ({@link #fillGroupRates}, {@link #fillGroupLatencies}): the nodes, ends and groups are
     * shared, as nothing changes them. O(1).
     */
    private Graph(Graph base, double[] linkBytesPerSecond, long[] linkLatencyPs) {
        this.nodeKind = base.nodeKind;
        this.nodeReduces = base.nodeReduces;
        this.linkFrom = base.linkFrom;
        this.linkTo = base.linkTo;
        this.linkBytesPerSecond = linkBytesPerSecond;
        this.linkLatencyPs = linkLatencyPs;
        this.linkCount = base.linkCount;
        this.groupFirst = base.groupFirst;
        this.groupMembers = base.groupMembers;
        this.groupOf = base.groupOf;
    }

    /** Sets each group's entry of {@code rates}, returned, to its members times its slowest member's rate. O(links). */
    private double[] fillGroupRates(double[] rates) {
        for (int g = 0; g < groupFirst.length - 1; g++) {
            double slowest = Double.POSITIVE_INFINITY;
            for (int i = groupFirst[g]; i < groupFirst[g + 1]; i++) {
                slowest = Math.min(slowest, rates[groupMembers[i]]);
            }
            rates[linkCount + g] = (groupFirst[g + 1] - groupFirst[g]) * slowest;
        }
        return rates;
    }

    /** Sets each group's entry of {@code latencies}, returned, to its slowest member's latency, ≥ 0. O(links). */
    private long[] fillGroupLatencies(long[] latencies) {
        for (int g = 0; g < groupFirst.length - 1; g++) {
            long slowest = 0;
            for (int i = groupFirst[g]; i < groupFirst[g + 1]; i++) {
                slowest = Math.max(slowest, latencies[groupMembers[i]]);
            }
            latencies[linkCount + g] = slowest;
        }
        return latencies;
    }

    public int nodeCount() {
        return nodeKind.length;
    }

    /** The physical links: handles [0, linkCount). */
    public int linkCount() {
        return linkCount;
    }

    /** Handles a flow path may hold: the physical links, then the link groups. */
    public int flowLinkCount() {
        return linkBytesPerSecond.length;
    }

    /**
     * The group that holds link handle {@code link} directly: a physical link's group, a group's enclosing group
     * (nested groups, class comment); −1 when none does. Its enclosing groups follow by calling again. O(1).
     */
    public int groupOf(int link) {
        return groupOf[link];
    }

    /** A physical link itself; a group handle's first member, which carries what each member does. O(1). */
    public int firstMember(int link) {
        return link < linkCount ? link : groupMembers[groupFirst[link - linkCount]];
    }

    /** The members of a group handle (1 for a physical link). */
    public int groupSize(int link) {
        return link < linkCount ? 1 : groupFirst[link - linkCount + 1] - groupFirst[link - linkCount];
    }

    /** Adds {@code bytes} carried by {@code link} to {@code perLink}, spread evenly over a group's members. O(members). */
    public void addBytes(double[] perLink, int link, double bytes) {
        if (link < linkCount) {
            perLink[link] += bytes;
            return;
        }
        int g = link - linkCount;
        double each = bytes / (groupFirst[g + 1] - groupFirst[g]);
        for (int i = groupFirst[g]; i < groupFirst[g + 1]; i++) {
            perLink[groupMembers[i]] += each;
        }
    }

    public byte nodeKind(int node) {
        return nodeKind[node];
    }

    /** Whether a physical link runs from a switch to a switch (where multipath choices and their losses live). O(1). */
    public boolean joinsSwitches(int link) {
        return nodeKind[linkFrom(link)] == SWITCH && nodeKind[linkTo(link)] == SWITCH;
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

    /** Sum of the latencies of the first {@code count} links of {@code path}. O(count). */
    public long pathLatencyPs(int[] path, int count) {
        long latencyPs = 0;
        for (int i = 0; i < count; i++) {
            latencyPs += linkLatencyPs[path[i]];
        }
        return latencyPs;
    }

    /** This graph with each link's rate multiplied by {@code factorPerLink[link]}. O(links). */
    Graph withScaledRates(double[] factorPerLink) {
        double[] rates = linkBytesPerSecond.clone();
        for (int link = 0; link < linkCount; link++) {
            rates[link] *= factorPerLink[link];
        }
        return new Graph(this, fillGroupRates(rates), linkLatencyPs);
    }

    /**
     * This graph with {@code addedPerNodePs[linkFrom(link)]} added to every physical link's latency: a node's
     * own delay paid by whatever it sends (a switch's port-to-port latency). A group's latency is again its
     * slowest member's. O(links).
     */
    Graph withSenderLatencies(long[] addedPerNodePs) {
        long[] latencies = linkLatencyPs.clone();
        for (int link = 0; link < linkCount; link++) {
            latencies[link] += addedPerNodePs[linkFrom[link]];
        }
        return new Graph(this, linkBytesPerSecond, fillGroupLatencies(latencies));
    }

    /**
     * This graph with {@code addedPerLinkPs[link]} added to each physical link's latency (negative to take some
     * off, never below 0 in use); a group's latency is again its slowest member's. O(links).
     */
    Graph withAddedLatencies(long[] addedPerLinkPs) {
        long[] latencies = linkLatencyPs.clone();
        for (int link = 0; link < linkCount; link++) {
            latencies[link] += addedPerLinkPs[link];
        }
        return new Graph(this, linkBytesPerSecond, fillGroupLatencies(latencies));
    }

    /** This graph with the rates of physical {@code links} multiplied by {@code factor}; O(links). */
    Graph withScaledRates(int[] links, double factor) {
        double[] factors = new double[linkCount];
        Arrays.fill(factors, 1.0);
        for (int link : links) {
            factors[link] *= factor;
        }
        return withScaledRates(factors);
    }
}
