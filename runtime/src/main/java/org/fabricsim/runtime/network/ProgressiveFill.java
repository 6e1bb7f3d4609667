package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.IndexedMinHeap;
import org.fabricsim.runtime.sim.RadixSort;
import org.fabricsim.runtime.topology.Graph;

/**
 * Progressive filling of {@link MaxMinNetwork}: the max-min fair rates of a component's classes.
 *
 * <p>Every link gets its fair share s_ℓ = (c_ℓ − fixed load) / (weight of unfixed classes); the
 * link with the smallest share is a bottleneck, its unfixed classes are fixed at that share, the
 * shares of their other links are updated, and so on. Shares sit in a heap with lazy keys
 * ({@link ShareHeap}, ordered by share, then link): fixing a class at the current minimum share s
 * can only raise the share of its other links ((c − w·s)/(u − w) ≥ c/u when s ≤ c/u), so a key in
 * the heap is a lower bound of its link's true share. A popped link whose true share is larger goes
 * back with its true share; otherwise it is the bottleneck, so a link is re-keyed only when popped,
 * not on every flow–link incidence. Any heap that returns the least (key, link) of the same entries
 * pops the same bottlenecks, so the heap's kind does not change a rate.
 * A fill of F classes with paths of length ≤ P over L links costs O(F·P) charges and at most L + F·P
 * heap entries (a re-key follows a charge of its link): the L loads radix-sorted once, each re-key
 * O(1) amortized in the radix heap plus at most 24 bucket moves (one per hexadecimal digit).
 *
 * <p>The partial fill ({@link #fillAbove}) starts from the moment the fill reached a given rate:
 * the classes slower than it keep their rates and are taken off their links in the order a fill
 * fixed them (each class's fix sequence less the prefix's first, radix-sorted), which gives each
 * link's remaining capacity and unfixed weight bit for bit (the proof is in {@link MaxMinNetwork}'s
 * class comment).
 */
final class ProgressiveFill {
    /** Bits of a component index in {@link #prefixOrder}: components of up to 2^24 classes take the partial fill. */
    static final int INDEX_BITS = 24;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    private final Graph graph;
    private final LinkFlowLists lists;
    private final ComponentSearch component;
    /**
     * Per link ℓ, at 2ℓ its capacity less the load of the classes fixed so far and at 2ℓ + 1 the
     * multiplicity of its unfixed classes (an integer, exact in a double): side by side, so a charge
     * touches one cache line per link.
     */
    private final double[] linkState;
    private final ShareHeap shares;
    /** Bit f is set once class f is fixed in the current fill: 1 bit per class keeps the check in cache. */
    private long[] fixed = new long[16];
    /** The order in which the fills fixed each class (increasing across fills). */
    private long[] fixSequence;
    private long fixCount;
    /** Prefix classes of a partial fill: fix sequence in the high bits, index in the component in the low. */
    private long[] prefixOrder = new long[1024];
    /** Scratch of the radix sort of {@link #prefixOrder}. */
    private long[] prefixScratch = new long[0];

    ProgressiveFill(Graph graph, LinkFlowLists lists, ComponentSearch component, int linkCount, int classCapacity) {
        this.graph = graph;
        this.lists = lists;
        this.component = component;
        linkState = new double[2 * linkCount];
        shares = new ShareHeap();
        fixSequence = new long[classCapacity];
    }

    /** Room for class handles below {@code capacity} (no copy when there is room already). */
    void grow(int capacity) {
        if (fixSequence.length < capacity) {
            fixSequence = Arrays.copyOf(fixSequence, capacity);
        }
    }

    /**
     * Fills the collected component, whose first {@code links} links are in
     * {@link ComponentSearch#componentLinks}, with the links' capacities, or {@code capacity} per
     * link when not null; writes the rates into {@code rates} (per class handle). The fill ends once
     * every class of the component is fixed: the links still in the heap then carry only fixed classes.
     */
    void fill(FlowTable table, int links, double[] capacity, double[] rates) {
        int[] componentLinks = component.componentLinks;
        long[] linkWeight = lists.weight;
        double[] state = linkState;
        shares.clear();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            long weight = linkWeight[link];
            double remaining = capacity == null ? graph.linkBytesPerSecond(link) : capacity[link];
            state[2 * link] = remaining;
            state[2 * link + 1] = weight;
            if (weight > 0) {
                shares.append(link, IndexedMinHeap.orderedBits(remaining / weight));
            }
        }
        clearFixed(table.handleBound());
        progress(table, component.flowsInComponent, rates);
    }

    /**
     * The fill after finishes only, every finished class at {@code level} or faster: the
     * component's classes slower than {@code level} keep their rates and are taken off their links
     * in fix order (a radix sort on the fix sequence, then O(P·hops) for P of them, no heap
     * operations), the heap starts from the true shares of the links that still carry unfixed
     * classes, and progressive filling fixes the rest. Gives the rates of {@link #fill} bit for bit.
     * The component must have fewer than 2^{@value #INDEX_BITS} classes. {@code capacity} and
     * {@code rates} as for {@link #fill}, the same as the last fill of these classes had, except
     * larger capacities on links of the finished classes (which the fill never reached below their
     * rates, so the proof stands).
     */
    void fillAbove(FlowTable table, int links, double level, double[] capacity, double[] rates) {
        int[] componentLinks = component.componentLinks;
        int[] componentFlows = component.componentFlows;
        int flowsInComponent = component.flowsInComponent;
        double[] rateBytesPerSecond = rates;
        int[] records = table.records;
        int stride = table.stride;
        int prefix = 0;
        long firstSequence = Long.MAX_VALUE;
        for (int i = 0; i < flowsInComponent; i++) {
            int flow = componentFlows[i];
            if (rateBytesPerSecond[flow] < level) {
                if (prefix == prefixOrder.length) {
                    prefixOrder = Arrays.copyOf(prefixOrder, 2 * prefix);
                }
                prefixOrder[prefix++] = fixSequence[flow] << INDEX_BITS | i;
                firstSequence = Math.min(firstSequence, fixSequence[flow]);
            }
        }
        long base = firstSequence << INDEX_BITS;
        for (int p = 0; p < prefix; p++) {
            prefixOrder[p] -= base; // fix sequences counted from the prefix's first: fewer bits to sort
        }
        if (prefixScratch.length < prefix) {
            prefixScratch = new long[prefixOrder.length];
        }
        RadixSort.sort(prefixOrder, prefix, INDEX_BITS, prefixScratch);
        long[] linkWeight = lists.weight;
        double[] state = linkState;
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            state[2 * link] = capacity == null ? graph.linkBytesPerSecond(link) : capacity[link];
            state[2 * link + 1] = linkWeight[link];
        }
        clearFixed(table.handleBound());
        for (int p = 0; p < prefix; p++) {
            int flow = componentFlows[(int) (prefixOrder[p] & INDEX_MASK)];
            fixed[flow >>> 6] |= 1L << flow;
            charge(records, flow * stride, rateBytesPerSecond[flow]);
        }
        shares.clear();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            double unfixedWeight = state[2 * link + 1];
            if (unfixedWeight > 0) {
                shares.append(link, IndexedMinHeap.orderedBits(Math.max(0, state[2 * link]) / unfixedWeight));
            }
        }
        progress(table, flowsInComponent - prefix, rates);
    }

    /** Whether every link of every class of the component carries that class alone. O(F·P). */
    boolean aloneOnTheirLinks(FlowTable table) {
        int[] componentFlows = component.componentFlows;
        int[] linkFlowCount = lists.count;
        int[] records = table.records;
        int stride = table.stride;
        for (int i = 0; i < component.flowsInComponent; i++) {
            int base = componentFlows[i] * stride;
            int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
            for (int at = base + FlowTable.LINKS; at < end; at++) {
                if (linkFlowCount[records[at]] != 1) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The fill of a component whose classes each have their links to themselves, without a heap: a
     * class of weight w gets min over its links of c_ℓ ÷ w, which is what {@link #fill} gives bit
     * for bit (the first of its links to be popped is the one with the smallest share, c_ℓ ÷ w as
     * the fill computes it, and fixing it touches no other class's links). The fix sequence goes on
     * in component order: classes that share no link never need each other's order
     * ({@link #fillAbove} orders the classes of each link). O(F·P).
     */
    void rateAlone(FlowTable table) {
        int[] componentFlows = component.componentFlows;
        double[] rateBytesPerSecond = table.rateBytesPerSecond;
        int[] records = table.records;
        int stride = table.stride;
        for (int i = 0; i < component.flowsInComponent; i++) {
            int flow = componentFlows[i];
            rateBytesPerSecond[flow] = rateOnOwnLinks(records, flow * stride);
            fixSequence[flow] = ++fixCount;
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

    /**
     * Takes the rates {@code from} and the fix order of {@code other}'s last fill for the component's
     * classes, as if this fill had run with the same capacities. O(F).
     */
    void adopt(ProgressiveFill other, double[] from, double[] rates) {
        int[] componentFlows = component.componentFlows;
        for (int i = 0; i < component.flowsInComponent; i++) {
            int flow = componentFlows[i];
            rates[flow] = from[flow];
            fixSequence[flow] = other.fixSequence[flow];
        }
    }

    private void clearFixed(int handleBound) {
        int words = (handleBound + 63) >>> 6;
        if (fixed.length < words) {
            fixed = new long[Math.max(words, fixed.length * 2)];
        } else {
            Arrays.fill(fixed, 0, words, 0L);
        }
    }

    /** Pops bottlenecks from the share heap until {@code unfixedClasses} more classes are fixed, writing {@code rates}. */
    private void progress(FlowTable table, int unfixedClasses, double[] rates) {
        int[][] linkFlows = lists.entries;
        int[] linkFlowCount = lists.count;
        int entryShift = lists.entryShift;
        double[] rateBytesPerSecond = rates;
        int[] records = table.records;
        int stride = table.stride;
        long[] fixedBits = fixed;
        double[] state = linkState;
        while (unfixedClasses > 0 && !shares.isEmpty()) {
            int bottleneck = shares.peek();
            double unfixedWeight = state[2 * bottleneck + 1];
            if (unfixedWeight == 0) {
                shares.poll();
                continue;
            }
            double share = Math.max(0, state[2 * bottleneck]) / unfixedWeight;
            long shareBits = IndexedMinHeap.orderedBits(share);
            if (shareBits > shares.peekKey()) {
                shares.rekeyTop(shareBits);
                continue;
            }
            shares.poll();
            int[] list = linkFlows[bottleneck];
            int count = linkFlowCount[bottleneck];
            for (int k = 0; k < count; k++) {
                int flow = list[k] >>> entryShift;
                long bit = 1L << flow;
                int word = flow >>> 6;
                if ((fixedBits[word] & bit) != 0) {
                    continue;
                }
                fixedBits[word] |= bit;
                fixSequence[flow] = ++fixCount;
                unfixedClasses--;
                rateBytesPerSecond[flow] = share;
                charge(records, flow * stride, share);
            }
        }
    }

    /** Takes the class whose record starts at {@code base}, fixed at {@code share}, off its links. O(P). */
    private void charge(int[] records, int base, double share) {
        int weight = records[base + FlowTable.MULTIPLICITY];
        double[] state = linkState;
        int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
        for (int at = base + FlowTable.LINKS; at < end; at++) {
            int link = 2 * records[at];
            state[link] -= weight * share;
            state[link + 1] -= weight;
        }
    }

    /** The capacity {@code link} has left after the last fill that covered it. */
    double remaining(int link) {
        return linkState[2 * link];
    }
}
