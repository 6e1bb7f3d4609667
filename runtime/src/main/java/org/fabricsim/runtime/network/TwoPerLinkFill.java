package org.fabricsim.runtime.network;

import org.fabricsim.runtime.topology.Graph;

/**
 * Progressive filling in closed form where every loaded link of a component has one capacity c and carries at most
 * two classes, each of multiplicity 1 ({@link ProgressiveFill#fill} without the run sort or the heap): a class on a
 * link that carries two gets max(0, c) ÷ 2, every other class max(0, c) ÷ 1. On a serving run these are most fills:
 * two KV transfers from one node share its NIC links pairwise, and ECMP may join two pairs at a spine
 * (docs/performance.md, "1M requests, session 70"), and most partial fills after their finishes (session 71).
 *
 * <p><b>The fill's bits.</b> The fill loads a link of weight u at max(0, c) ÷ u: the weight-2 links at c/2, below the
 * weight-1 links at c, so they pop first. At one whose two classes are unfixed the share is c ÷ 2; at one with a
 * class fixed at c/2 it is (c − 1·c/2) ÷ 1, which is c/2 exactly (halving a double is exact), the key it has, so it
 * is not re-keyed and fixes the other class at c/2; at one with both fixed the unfixed weight is 0 and it is dropped.
 * A class whose links all carry it alone is fixed at c by the first of them, as {@link OwnLinksFill} argues. The fix
 * order's one reader, a partial fill's replay ({@link FixOrder}), subtracts the rates of a link's classes in sequence
 * order: on a weight-2 link both are c/2, equal values that give the same bits in either order, and a weight-1 link
 * has one class; so the sequence of this fill may number its classes in component order, after every earlier fill's.
 *
 * <p><b>After finishes too.</b> A partial fill ({@link ProgressiveFill#fillAbove}) gives the full fill's rates bit for
 * bit, so where the component left after finishes has this shape (a subset of one that had it has it too) the closed
 * form gives the partial fill's rates. It numbers the slower classes anew instead of keeping their sequences, which
 * the argument above allows: a later partial fill replays each link's classes in sequence order, and on every link
 * of this component any order gives the same bits (session 71; {@code TwoPerLinkFillTest} replays after both).
 *
 * <p>O(L + F·P) for L links and F classes of P links, no allocation.
 */
final class TwoPerLinkFill {
    private final Graph graph;
    private final LinkFlowLists lists;
    private final ComponentSearch component;
    private final FixOrder order;

    TwoPerLinkFill(Graph graph, LinkFlowLists lists, ComponentSearch component, FixOrder order) {
        this.graph = graph;
        this.lists = lists;
        this.component = component;
        this.order = order;
    }

    /**
     * Rates the collected component, whose first {@code links} links are in {@link ComponentSearch#componentLinks},
     * into {@code table}'s rates and numbers its classes in the fix order, when its loaded links have one capacity
     * and weight at most 2 and its classes multiplicity 1; returns whether it did (else nothing is written).
     */
    boolean rate(FlowTable table, int links) {
        int[] componentLinks = component.componentLinks;
        long[] weight = lists.weight;
        double capacity = Double.NaN;
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            if (weight[link] == 0) {
                continue;
            }
            double linkCapacity = graph.linkBytesPerSecond(link);
            if (weight[link] > 2 || linkCapacity != capacity && !Double.isNaN(capacity)) {
                return false;
            }
            capacity = linkCapacity;
        }
        int[] flows = component.componentFlows;
        int[] records = table.records;
        int stride = table.stride;
        for (int i = 0; i < component.flowsInComponent; i++) {
            if (records[flows[i] * stride + FlowTable.MULTIPLICITY] != 1) {
                return false;
            }
        }
        double shared = Math.max(0, capacity) / 2.0;
        double own = Math.max(0, capacity) / 1.0;
        for (int i = 0; i < component.flowsInComponent; i++) {
            int flow = flows[i];
            int base = flow * stride;
            int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
            boolean sharing = false;
            for (int at = base + FlowTable.LINKS; at < end; at++) {
                sharing |= weight[records[at]] == 2;
            }
            table.rateBytesPerSecond[flow] = sharing ? shared : own;
            order.next(flow);
        }
        return true;
    }
}
