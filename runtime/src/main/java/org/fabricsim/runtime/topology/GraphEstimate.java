package org.fabricsim.runtime.topology;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * Before a cluster's graph is built ({@link ClusterTopologies#build}): the directed links, nodes and spray groups it
 * lays down, and the heap they need, so that a graph which cannot fit is refused with its largest part instead of
 * dying with an out-of-memory error (or an int that wraps) partway through the build, and so that the build sizes its
 * {@link GraphBuilder} exactly.
 *
 * <p><b>Counts</b>, exactly those of the build (counted in double and held at 2⁶³ − 1, as the bytes are, so that no
 * count wraps), for n accelerators:
 * <ul>
 * <li>scale-up: 2 links per accelerator and a switch per domain of a switched domain, k − 1 links per accelerator in a
 * full mesh of k;</li>
 * <li>a switched network (the scale-out fabric, and a data-centre network beside it): 2 NIC links per accelerator,
 * and its own switches and links: one switch; a fat-tree's or rail-optimized tree's Σ switches of its tiers and 2 ×
 * Σ switches × uplinks ({@link TierLayout}, the counts the builder wires: a fabric link far slower than the NICs,
 * such as 0.0001 Gb/s, gives each leaf millions), times P planes plus a NIC node and 2·P port links per accelerator
 * when P &gt; 1 ({@link MultiPlane}); on one plane 2 spray groups per leaf and, with three tiers, 2 per pod
 * ({@link FatTreeLayout}), whose members are the tree's links between tiers; on P planes a group of the P twins of each
 * of one plane's links and two of each accelerator's P ports, up and down, P members each, and one plane's spray
 * groups over every plane, P times one plane's members ({@link MultiPlane}); a dragonfly's g·a routers, g·a·(a − 1)
 * local and g·a·h global links ({@link Dragonfly});</li>
 * <li>a torus, direct: no node of its own and no NIC link, 2·n links per dimension, 2·n ÷ k_d fewer along an open
 * dimension d of k_d ({@link Torus}), whatever slice of it the cluster is.</li>
 * </ul>
 *
 * <p><b>Bytes</b>, counted: the graph's arrays, held once while it is made (the builder, sized from this estimate,
 * hands them over uncopied): {@link #BYTES_PER_LINK} per link, its entries in the four link arrays (two ints, a double
 * and a long, 24 B) and in the group index (4 B); {@link #BYTES_PER_GROUP} per group, its entries in the link arrays
 * and the group index (the group enclosing it, {@link Graph#groupOf});
 * {@link #BYTES_PER_GROUP_MEMBER} per member; {@link #BYTES_PER_NODE} for a node's kind and in-switch flag. Measured
 * against it (docs/performance.md, "One copy handed over, session 63"): a two-tier fat-tree of 26,476,544 links, 846.7
 * MB counted (32 B per link), builds in a heap of 925 MiB and dies in 900 MiB (36 to 37 B per link, the rest the
 * collector's room), so the estimate stays below what a graph needs and refuses only what cannot fit. O(tiers +
 * dimensions).
 *
 * @param links        directed links counted
 * @param nodes        graph nodes counted (accelerators, domain switches, switches, routers and plane NICs)
 * @param groups       spray groups counted
 * @param groupMembers their members, in all
 * @param bytes        the heap they need at least
 * @param largest      the largest part, in words
 * @param largestFix   what to change to shrink it
 */
public record GraphEstimate(long links, long nodes, long groups, long groupMembers, long bytes, String largest,
        String largestFix) {
    /** Counted heap per directed link while the graph is made (class comment). */
    public static final long BYTES_PER_LINK = 28;
    /** Counted heap per spray group while the graph is made (class comment). */
    public static final long BYTES_PER_GROUP = 28;
    /** Counted heap per member of a spray group while the graph is made (class comment). */
    public static final long BYTES_PER_GROUP_MEMBER = 4;
    /** Counted heap per graph node while the graph is made (class comment). */
    public static final long BYTES_PER_NODE = 2;
    /** The fix where the accelerators (or a torus of them) are the largest part. */
    private static final String FEWER_NODES = "write fewer nodes, or run the workload on fewer ('on CLUSTER nodes N')";

    /** The estimate for the graph of {@code cluster} as {@link ClusterTopologies#build} lays it down. */
    public static GraphEstimate of(ClusterSpec cluster) {
        NodeSpec node = cluster.node();
        long accelerators = (long) cluster.nodes() * node.accelerators();
        int domain = ClusterDomains.size(cluster);
        ScaleUpSpec scaleUp = node.scaleUp();
        boolean mesh = scaleUp != null && scaleUp.kind() == ScaleUpSpec.Kind.FULL_MESH;
        double scaleUpLinks = scaleUp == null || domain < 2 ? 0
                : mesh ? (double) accelerators * (domain - 1) : 2.0 * accelerators;
        double nodes = accelerators + (scaleUpLinks > 0 && !mesh ? accelerators / domain : 0);
        double nicLinks = 0;
        Network fabric = Network.NONE;
        if (ClusterDomains.joined(cluster)) {
            ScaleOutSpec scaleOut = cluster.scaleOut();
            if (scaleOut.topology() instanceof TopologySpec.Torus torus) {
                fabric = torus(torus, accelerators);
            } else {
                nicLinks = 2.0 * accelerators;
                fabric = switched(scaleOut, accelerators, () -> ClusterTopologies.layout(cluster, node,
                        (int) accelerators));
            }
            DataCentreSpec dataCentre = cluster.dataCentre();
            if (dataCentre != null) {
                nicLinks += 2.0 * accelerators;
                fabric = fabric.and(switched(dataCentre.network(), accelerators,
                        () -> ClusterTopologies.layout(dataCentre, node, (int) accelerators)));
            }
        }
        nodes += fabric.nodes;
        double links = scaleUpLinks + nicLinks + fabric.links;
        String largest;
        String fix;
        if (fabric.links > 0 && fabric.links >= nicLinks && fabric.links >= scaleUpLinks) {
            largest = String.format(Locale.ROOT, "%,.0f %s", fabric.links, fabric.kind);
            fix = fabric.fix;
        } else {
            largest = String.format(Locale.ROOT, "%,d accelerators%s", accelerators, nicLinks == 0
                    && scaleUpLinks == 0 ? "" : nicLinks >= scaleUpLinks ? "' NIC links" : "' scale-up links");
            fix = FEWER_NODES;
        }
        double bytes = links * BYTES_PER_LINK + fabric.groups * BYTES_PER_GROUP
                + fabric.members * BYTES_PER_GROUP_MEMBER + nodes * BYTES_PER_NODE;
        return new GraphEstimate((long) links, (long) nodes, (long) fabric.groups, (long) fabric.members, (long) bytes,
                largest, fix);
    }

    /**
     * The switches or routers and links of one network's topology, as built, and how its links are named and cut.
     *
     * @param nodes   the graph nodes it adds
     * @param links   the directed links it adds, NIC links not included
     * @param groups  the spray groups it declares
     * @param members their members, in all
     * @param kind    its links, in words
     * @param fix     what shrinks them
     */
    private record Network(double nodes, double links, double groups, double members, String kind, String fix) {
        static final Network NONE = new Network(0, 0, 0, 0, "", "");

        /** This network and {@code other} together, named as the one of more links. */
        Network and(Network other) {
            Network larger = other.links > links ? other : this;
            return new Network(nodes + other.nodes, links + other.links, groups + other.groups,
                    members + other.members, larger.kind, larger.fix);
        }
    }

    /** A direct torus over {@code accelerators}: 2·n links per dimension, 2·n ÷ k fewer along an open one. */
    private static Network torus(TopologySpec.Torus torus, long accelerators) {
        List<Integer> dimensions = torus.dimensions();
        double links = 0;
        for (int d = 0; d < dimensions.size(); d++) {
            int size = dimensions.get(d);
            links += torus.open().get(d) ? 2.0 * (accelerators / size) * (size - 1) : 2.0 * accelerators;
        }
        return new Network(0, links, 0, 0, "torus links", FEWER_NODES);
    }

    /**
     * A switched network's own switches and links over {@code ports} ports: one switch; a dragonfly's routers with
     * their local and global links; a tree's tiers of one plane from {@code layout}, times its planes, and with
     * several planes a NIC node and 2 links per plane for each port; one plane's spray groups, 2 per leaf and 2 per
     * pod of three tiers, whose members are its links between tiers; several planes' twin groups, one per link of a
     * plane and 2 per port, of P members each, and one plane's spray groups over every plane, P times its members.
     */
    private static Network switched(ScaleOutSpec network, long ports, Supplier<TierLayout> layout) {
        TopologySpec topology = network.topology();
        if (topology instanceof TopologySpec.Dragonfly fly) {
            double routers = (double) fly.groups() * fly.routersPerGroup();
            return new Network(routers, routers * (fly.routersPerGroup() - 1 + fly.globalLinksPerRouter()), 0, 0,
                    "dragonfly links", "state fewer groups, routers per group or global links per router");
        }
        boolean tree = topology instanceof TopologySpec.FatTree || topology instanceof TopologySpec.RailOptimized;
        if (!tree || ClusterTopologies.builtTiers(topology) < 2) {
            return new Network(1, 0, 0, 0, "", "");
        }
        TierLayout tiers = layout.get();
        double switches = 0;
        double links = 0;
        for (TierLayout.Tier tier : tiers.tiers()) {
            switches += tier.switches();
            links += 2.0 * tier.switches() * tier.uplinks();
        }
        double groups = 2.0 * tiers.tiers().get(0).switches() + (tiers.tiers().size() == 3 ? 2.0 * tiers.pods() : 0);
        int planes = ClusterTopologies.structure(topology).planes();
        String fix = "state the fabric's real link rate (a rate far below the NICs' gives each leaf that many"
                + " uplinks) or the tiers' uplinks";
        return planes > 1
                ? new Network(planes * switches + ports, planes * (links + 2.0 * ports), links + 2.0 * ports + groups,
                        planes * (2.0 * links + 2.0 * ports), "links of " + planes + " planes' switch tiers and NIC ports",
                        fix + ", or fewer planes")
                : new Network(switches, links, groups, links, "links between switch tiers", fix);
    }

    /** Whether {@link #bytes} fit in {@code availableBytes}. */
    public boolean fits(long availableBytes) {
        return bytes <= availableBytes;
    }

    /** Why {@code what} is refused with a heap of {@code availableBytes}: the estimate, its largest part, the fix. */
    public String refusal(long availableBytes, String what) {
        return String.format(Locale.ROOT, "%s would build a graph of %,d links and %,d nodes, about %.1f GB of memory"
                + " at least, more than the heap's %.1f GB; its largest part is %s. Fix: %s, or %s", what, links,
                nodes, bytes / 1e9, availableBytes / 1e9, largest, largestFix, HeapAdvice.moreMemory(bytes));
    }
}
