package org.fabricsim.runtime.training;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * Bytes a training step moves over each link of the cluster, summed from solved communication
 * patterns: a pattern's per-link bytes times how often (and how large) the step runs it.
 *
 * <p>Utilization of link l = bytes(l) ÷ (capacity(l) × step seconds): the link's average load over
 * the step. Tiers, in this order: {@code scale-up} (accelerator ↔ domain switch or mesh peer),
 * {@code nic} (accelerator ↔ its scale-out attachment) and {@code fabric} (switch ↔ switch), each
 * summarized over its links in link order by {@link TierUtilization}; a tier without links is left
 * out. {@link #utilization}: O(links · log links) time (the percentile's sort), O(links) memory.
 */
final class LinkTraffic {
    private static final List<String> TIERS = List.of("scale-up", "nic", "fabric");
    private static final int SCALE_UP = 0;
    private static final int NIC = 1;
    private static final int FABRIC = 2;
    private final ClusterTopology topology;
    private final double[] bytes;

    LinkTraffic(ClusterTopology topology) {
        this.topology = topology;
        this.bytes = new double[topology.graph().linkCount()];
    }

    /** Adds {@code scale} times the per-link bytes {@code linkBytes} of one solved pattern. */
    void add(double[] linkBytes, double scale) {
        for (int l = 0; l < linkBytes.length; l++) {
            bytes[l] += scale * linkBytes[l];
        }
    }

    /** A copy of the bytes per link. O(links). */
    double[] bytes() {
        return bytes.clone();
    }

    /** Per tier, the summary of each link's average utilization over {@code seconds}. */
    Map<String, TierUtilization> utilization(double seconds) {
        Graph graph = topology.graph();
        int[] tierOfLink = new int[bytes.length];
        int[] linksPerTier = new int[TIERS.size()];
        for (int l = 0; l < bytes.length; l++) {
            tierOfLink[l] = tier(graph, l);
            linksPerTier[tierOfLink[l]]++;
        }
        double[][] fractions = new double[TIERS.size()][];
        for (int t = 0; t < fractions.length; t++) {
            fractions[t] = new double[linksPerTier[t]];
        }
        int[] filled = new int[TIERS.size()];
        for (int l = 0; l < bytes.length; l++) {
            int t = tierOfLink[l];
            fractions[t][filled[t]++] = seconds > 0 ? bytes[l] / (graph.linkBytesPerSecond(l) * seconds) : 0;
        }
        Map<String, TierUtilization> tiers = new LinkedHashMap<>();
        for (int t = 0; t < fractions.length; t++) {
            if (fractions[t].length > 0) {
                tiers.put(TIERS.get(t), TierUtilization.of(fractions[t]));
            }
        }
        return tiers;
    }

    private int tier(Graph graph, int link) {
        int from = graph.linkFrom(link);
        int to = graph.linkTo(link);
        boolean fromAccelerator = graph.nodeKind(from) == Graph.ACCELERATOR;
        if (!fromAccelerator && graph.nodeKind(to) != Graph.ACCELERATOR) {
            return FABRIC;
        }
        int accelerator = fromAccelerator ? from : to;
        if (!topology.hasNics()) {
            return topology.sameDomain(from, to) ? SCALE_UP : FABRIC; // a direct torus's links are its fabric
        }
        boolean nic = link == topology.nicUplink(accelerator) || link == topology.nicDownlink(accelerator);
        return nic ? NIC : SCALE_UP;
    }
}
