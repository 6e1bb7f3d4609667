package org.fabricsim.runtime.network;

import org.fabricsim.runtime.topology.Graph;

/**
 * Progressive filling in closed form where no class shares a link ({@link ProgressiveFill} without a heap): a class of
 * multiplicity w whose links carry it alone is its own bottleneck, at min over its links of c_ℓ ÷ w, which is the rate
 * the heap's fill gives it, to the bit. For a component whose every class is so ({@link
 * CollectedComponent#aloneOnTheirLinks}) and for a class that starts on links of its own ({@link LoneClasses}). O(P)
 * per class of P links, no allocation.
 */
final class OwnLinksFill {
    private final Graph graph;
    private final ComponentSearch component;
    /** The fix order of the fill this serves ({@link ProgressiveFill} without a log); null for a logged fill. */
    private final FixOrder order;

    OwnLinksFill(Graph graph, ComponentSearch component, FixOrder order) {
        this.graph = graph;
        this.component = component;
        this.order = order;
    }

    /**
     * The fill of a component whose classes each have their links to themselves, without a heap: a
     * class of weight w gets min over its links of c_ℓ ÷ w, which is what {@link ProgressiveFill#fill} gives bit
     * for bit (the first of its links to be popped is the one with the smallest share, c_ℓ ÷ w as
     * the fill computes it, and fixing it touches no other class's links). The fix sequence goes on
     * in component order: classes that share no link never need each other's order
     * ({@link ProgressiveFill#fillAbove} orders the classes of each link). O(F·P).
     */
    void rateAlone(FlowTable table) {
        int[] componentFlows = component.componentFlows;
        double[] rateBytesPerSecond = table.rateBytesPerSecond;
        int[] records = table.records;
        int stride = table.stride;
        for (int i = 0; i < component.flowsInComponent; i++) {
            int flow = componentFlows[i];
            rateBytesPerSecond[flow] = rateOnOwnLinks(records, flow * stride);
            order.next(flow);
        }
    }

    /**
     * The rate of the class whose record starts at {@code base}, alone on its links: min over them of
     * c_ℓ ÷ w, computed as (min c_ℓ) ÷ w, one division: rounding is monotone, so the rounded quotient
     * of the smallest capacity is the smallest rounded quotient, to the bit. O(P).
     */
    double rateOnOwnLinks(int[] records, int base) {
        long weight = records[base + FlowTable.MULTIPLICITY];
        double capacity = Double.POSITIVE_INFINITY;
        int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
        for (int at = base + FlowTable.LINKS; at < end; at++) {
            capacity = Math.min(capacity, graph.linkBytesPerSecond(records[at]));
        }
        return Math.max(0, capacity) / weight;
    }
}
