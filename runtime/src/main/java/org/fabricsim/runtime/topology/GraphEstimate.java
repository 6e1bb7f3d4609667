package org.fabricsim.runtime.topology;

import java.util.Locale;
import java.util.function.Supplier;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * Before a cluster's graph is built ({@link ClusterTopologies#build}): the directed links it lays down at least, and
 * the heap they need, so that a graph which cannot fit is refused with its largest part instead of dying with an
 * out-of-memory error (or an int that wraps) partway through the build.
 *
 * <p><b>Links</b>, a lower bound (counted in double and held at 2⁶³ − 1, as the bytes are, so that no count wraps):
 * the accelerators' scale-up links (2 per accelerator to a domain switch, k − 1 in a full mesh of k), their NIC
 * links (2 per accelerator into a switched scale-out fabric, 2 more into a data-centre network) and a tree's links
 * between switch tiers, 2 per uplink of one plane ({@link TierLayout}, the counts the builder wires: a fabric link
 * far slower than the NICs, such as 0.0001 Gb/s, gives each leaf millions). A torus, a dragonfly, further planes and
 * a single switch add no counted links.
 *
 * <p><b>Bytes</b>, counted: {@link #BYTES_PER_LINK}, the four link arrays (two ints, a double and a long, 24 B) held
 * three times while the graph is made ({@link GraphBuilder}'s, of capacity at least the links, its copy in {@link
 * GraphBuilder#build} and the {@link Graph}'s own), 72 B, plus the graph's group index (4 B); {@link #BYTES_PER_NODE}
 * for a node's kind and in-switch flag in the builder and the graph. Measured against it (docs/performance.md, "Graphs
 * too large, predicted"): a two-tier fat-tree of 26,476,544 links builds in a heap of 2,600 MiB and dies in 2,450 MiB,
 * 97 to 103 B per link, so the estimate stays below what a graph needs and refuses only what cannot fit. O(1).
 *
 * @param links       directed links counted
 * @param nodes       graph nodes counted (accelerators and domain switches)
 * @param bytes       the heap they need at least
 * @param largest     the largest part, in words
 * @param largestFix  what to change to shrink it
 */
public record GraphEstimate(long links, long nodes, long bytes, String largest, String largestFix) {
    /** Counted heap per directed link while the graph is made (class comment). */
    public static final long BYTES_PER_LINK = 76;
    /** Counted heap per graph node while the graph is made (class comment). */
    public static final long BYTES_PER_NODE = 4;

    /** The estimate for the graph of {@code cluster} as {@link ClusterTopologies#build} lays it down. */
    public static GraphEstimate of(ClusterSpec cluster) {
        NodeSpec node = cluster.node();
        long accelerators = (long) cluster.nodes() * node.accelerators();
        int domain = ClusterDomains.size(node);
        ScaleUpSpec scaleUp = node.scaleUp();
        boolean mesh = scaleUp != null && scaleUp.kind() == ScaleUpSpec.Kind.FULL_MESH;
        double scaleUpLinks = scaleUp == null || domain < 2 ? 0
                : mesh ? (double) accelerators * (domain - 1) : 2.0 * accelerators;
        long nodes = accelerators + (scaleUpLinks > 0 && !mesh ? accelerators / domain : 0);
        ScaleOutSpec scaleOut = cluster.scaleOut();
        boolean switched = ClusterDomains.joined(cluster) && !(scaleOut.topology() instanceof TopologySpec.Torus);
        double nicLinks = switched ? 2.0 * accelerators : 0;
        double treeLinks = switched ? treeLinks(scaleOut.topology(), () -> ClusterTopologies.layout(scaleOut, node,
                (int) accelerators)) : 0;
        DataCentreSpec dataCentre = cluster.dataCentre();
        if (dataCentre != null && switched) {
            nicLinks += 2 * accelerators;
            treeLinks += treeLinks(dataCentre.network().topology(),
                    () -> ClusterTopologies.layout(dataCentre, node, (int) accelerators));
        }
        double links = scaleUpLinks + nicLinks + treeLinks;
        String largest;
        String fix;
        if (treeLinks > 0 && treeLinks >= nicLinks && treeLinks >= scaleUpLinks) {
            largest = String.format(Locale.ROOT, "%,.0f links between switch tiers", treeLinks);
            fix = "state the fabric's real link rate (a rate far below the NICs' gives each leaf that many uplinks)"
                    + " or the tiers' uplinks";
        } else {
            largest = String.format(Locale.ROOT, "%,d accelerators%s", accelerators, nicLinks == 0
                    && scaleUpLinks == 0 ? "" : nicLinks >= scaleUpLinks ? "' NIC links" : "' scale-up links");
            fix = "write fewer nodes, or run the workload on fewer ('on CLUSTER nodes N')";
        }
        return new GraphEstimate((long) links, nodes, (long) (links * BYTES_PER_LINK + nodes * BYTES_PER_NODE),
                largest, fix);
    }

    /** 2 × Σ switches × uplinks of a fat-tree's or rail-optimized tree's tiers, one plane; 0 for other shapes. */
    private static double treeLinks(TopologySpec topology, Supplier<TierLayout> layout) {
        boolean tree = topology instanceof TopologySpec.FatTree || topology instanceof TopologySpec.RailOptimized;
        if (!tree || ClusterTopologies.builtTiers(topology) < 2) {
            return 0;
        }
        double links = 0;
        for (TierLayout.Tier tier : layout.get().tiers()) {
            links += 2.0 * tier.switches() * tier.uplinks();
        }
        return links;
    }

    /** Whether {@link #bytes} fit in {@code availableBytes}. */
    public boolean fits(long availableBytes) {
        return bytes <= availableBytes;
    }

    /** Why {@code what} is refused with a heap of {@code availableBytes}: the estimate, its largest part, the fix. */
    public String refusal(long availableBytes, String what) {
        return String.format(Locale.ROOT, "%s would build a graph of at least %,d links and %,d nodes, about %.1f GB"
                + " of memory, more than the heap's %.1f GB; its largest part is %s. Fix: %s, or give the simulator"
                + " more memory (JAVA_TOOL_OPTIONS=-Xmx%dg)", what, links, nodes, bytes / 1e9, availableBytes / 1e9,
                largest, largestFix, (long) Math.ceil(bytes * 1.5 / (1L << 30)));
    }
}
