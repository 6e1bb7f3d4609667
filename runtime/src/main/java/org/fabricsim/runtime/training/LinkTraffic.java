package org.fabricsim.runtime.training;

import java.util.ArrayList;
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
 * listing its links in link order; a tier without links is left out. O(links) memory and time per
 * {@link #utilization}.
 */
final class LinkTraffic {
    private static final List<String> TIERS = List.of("scale-up", "nic", "fabric");
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

    /** Per tier, each link's average utilization over {@code seconds}, in link order. */
    Map<String, List<Double>> utilization(double seconds) {
        Graph graph = topology.graph();
        Map<String, List<Double>> tiers = new LinkedHashMap<>();
        for (String tier : TIERS) {
            tiers.put(tier, new ArrayList<>());
        }
        for (int l = 0; l < bytes.length; l++) {
            double fraction = seconds > 0 ? bytes[l] / (graph.linkBytesPerSecond(l) * seconds) : 0;
            tiers.get(tier(graph, l)).add(fraction);
        }
        tiers.values().removeIf(List::isEmpty);
        return tiers;
    }

    private String tier(Graph graph, int link) {
        int from = graph.linkFrom(link);
        int to = graph.linkTo(link);
        boolean fromAccelerator = graph.nodeKind(from) == Graph.ACCELERATOR;
        if (!fromAccelerator && graph.nodeKind(to) != Graph.ACCELERATOR) {
            return "fabric";
        }
        int accelerator = fromAccelerator ? from : to;
        boolean nic = topology.hasScaleOut()
                && (link == topology.nicUplink(accelerator) || link == topology.nicDownlink(accelerator));
        return nic ? "nic" : "scale-up";
    }
}
