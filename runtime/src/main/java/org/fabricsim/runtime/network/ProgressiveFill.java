package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.IndexedMinHeap;
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
 * fixed them, which gives each link's remaining capacity and unfixed weight bit for bit (the proof
 * is in {@link MaxMinNetwork}'s class comment). That order is a {@link FixLog} of the fixed classes
 * with their rates and paths, read in address order, for a fill that keeps one (the ideal fill under
 * a derating, whose partial fills keep about three quarters of a component), else a fix sequence per
 * class ({@link FixOrder}), radix-sorted, with the classes' records.
 */
final class ProgressiveFill {
    /** Components of fewer than 2^24 classes take the partial fill ({@link FixOrder} numbers their classes in 24 bits). */
    static final int INDEX_BITS = 24;
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
    /** The fixed classes in fix order with their rates and paths, or null: then {@link #order} orders them. */
    private final FixLog log;
    /** The fix order when there is no log, else null. */
    private final FixOrder order;
    /** The fill of classes alone on their links, in closed form (without a log: it writes {@link #order}). */
    final OwnLinksFill alone;
    /** The fill of links of one capacity that carry two classes at most, in closed form (without a log), or null. */
    final TwoPerLinkFill twoPerLink;

    /**
     * A fill of the links of {@code graph}; {@code logged}: it keeps a {@link FixLog}, so that its
     * partial fills read their slower classes in order from it instead of from their records.
     */
    ProgressiveFill(Graph graph, LinkFlowLists lists, ComponentSearch component, int linkCount, int classCapacity,
            boolean logged) {
        this.graph = graph;
        this.lists = lists;
        this.component = component;
        linkState = new double[2 * linkCount];
        shares = new ShareHeap();
        log = logged ? new FixLog(lists.maxPathLinks, classCapacity) : null;
        order = logged ? null : new FixOrder(classCapacity);
        alone = new OwnLinksFill(graph, component, order);
        twoPerLink = logged ? null : new TwoPerLinkFill(graph, lists, component, order);
    }

    /** Room for class handles below {@code capacity} (no copy when there is room already). */
    void grow(int capacity) {
        if (log != null) {
            log.grow(capacity);
        } else {
            order.grow(capacity);
        }
    }

    /**
     * Fills the collected component, whose first {@code links} links are in
     * {@link ComponentSearch#componentLinks}, with the links' capacities, or {@code capacity} per
     * link when not null; writes the rates into {@code rates} (per class handle); reads the classes' paths
     * from {@code paths} when not null (a {@link FixLog} with an entry for every class of the component, the
     * same values as the records), else from their records. The fill ends once every class of the component
     * is fixed: the links still in the heap then carry only fixed classes.
     */
    void fill(FlowTable table, int links, double[] capacity, double[] rates, FixLog paths) {
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
        if (log != null) {
            log.begin(component.flowsInComponent);
        }
        progress(table, component.flowsInComponent, rates, paths);
    }

    /**
     * The fill after finishes only, every finished class at {@code level} or faster: the
     * component's classes slower than {@code level} keep their rates and are taken off their links
     * in fix order, O(P·hops) for P of them and no heap operations: replayed from the {@link FixLog}
     * in log order when the fill keeps one (no class record read), else by a radix sort on their fix
     * sequences ({@link FixOrder}) and their records. The heap then starts from the true shares of the
     * links that still carry unfixed classes, and progressive filling fixes the rest. Gives the rates
     * of {@link #fill} bit for bit (the same operations in the same order).
     * The component must have fewer than 2^{@value #INDEX_BITS} classes. {@code capacity} and
     * {@code rates} and {@code paths} as for {@link #fill}, the same as the last fill of these classes had, except
     * larger capacities on links of the finished classes (which the fill never reached below their
     * rates, so the proof stands). {@code levels}, when not null and the fill keeps a log: a level per component of
     * the search ({@link KeptComponents#levels}), each the rate of its own finished classes (the proof holds per
     * component).
     */
    void fillAbove(FlowTable table, int links, double level, double[] levels, double[] capacity, double[] rates,
            FixLog paths) {
        int[] componentLinks = component.componentLinks;
        int[] componentFlows = component.componentFlows;
        int flows = component.flowsInComponent;
        if (log != null) {
            log.begin(flows); // first: a compaction moves the offsets the marks read
        }
        int slower = log != null ? log.keepSlower(componentFlows, flows, rates, level, levels, component.componentOf)
                : order.sortSlower(componentFlows, flows, rates, level);
        long[] linkWeight = lists.weight;
        double[] state = linkState;
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            state[2 * link] = capacity == null ? graph.linkBytesPerSecond(link) : capacity[link];
            state[2 * link + 1] = linkWeight[link];
        }
        clearFixed(table.handleBound());
        if (log != null) {
            log.replayKept(slower, componentFlows, state, fixed);
        } else {
            int[] records = FixLog.recordsOf(paths, table);
            for (int p = 0; p < slower; p++) {
                int flow = order.flowAt(componentFlows, p);
                fixed[flow >>> 6] |= 1L << flow;
                charge(records, FixLog.recordOf(paths, flow, table.stride), rates[flow]);
            }
        }
        loadShares(links);
        progress(table, flows - slower, rates, paths);
    }

    /** Loads the share heap with the true shares of the component's links that carry unfixed classes. O(L). */
    private void loadShares(int links) {
        int[] componentLinks = component.componentLinks;
        double[] state = linkState;
        shares.clear();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            double unfixedWeight = state[2 * link + 1];
            if (unfixedWeight > 0) {
                shares.append(link, IndexedMinHeap.orderedBits(Math.max(0, state[2 * link]) / unfixedWeight));
            }
        }
    }

    /**
     * Takes the rates {@code from} and the fix order of {@code other}'s last fill for the component's
     * classes, as if this fill had run with the same capacities; {@code other} keeps a {@link FixLog}
     * and this fill does not (its fix sequences take the log's offsets). O(F).
     */
    void adopt(ProgressiveFill other, double[] from, double[] rates) {
        int[] componentFlows = component.componentFlows;
        for (int i = 0; i < component.flowsInComponent; i++) {
            int flow = componentFlows[i];
            rates[flow] = from[flow];
            order.set(flow, other.log.latest[flow]);
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
    private void progress(FlowTable table, int unfixedClasses, double[] rates, FixLog paths) {
        int[][] linkFlows = lists.entries;
        int[] linkFlowCount = lists.count;
        int entryShift = lists.entryShift;
        double[] rateBytesPerSecond = rates;
        int[] records = table.records;
        int[] pathRecords = FixLog.recordsOf(paths, table);
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
                unfixedClasses--;
                rateBytesPerSecond[flow] = share;
                if (log == null) {
                    order.next(flow);
                    charge(pathRecords, FixLog.recordOf(paths, flow, stride), share);
                } else {
                    log.append(flow, records, flow * stride, share, state);
                }
            }
        }
    }

    /** Takes the class whose record starts at {@code base}, fixed at {@code share}, off its links. O(P). */
    private void charge(int[] records, int base, double share) {
        int from = base + FlowTable.LINKS;
        takeOff(linkState, records, from, from + records[base + FlowTable.LENGTH],
                records[base + FlowTable.MULTIPLICITY], share);
    }

    /**
     * Takes a class of multiplicity w fixed at rate r off the links {@code links[from, to)}: each link ℓ's
     * capacity left, at 2ℓ of {@code state}, falls by w·r and its unfixed weight, at 2ℓ + 1, by w. The one
     * place a fill and a replay of its {@link FixLog} take classes off, so both do it in the same operations,
     * bit for bit. O(to − from).
     */
    static void takeOff(double[] state, int[] links, int from, int to, int weight, double rate) {
        for (int at = from; at < to; at++) {
            int link = 2 * links[at];
            state[link] -= weight * rate;
            state[link + 1] -= weight;
        }
    }

    /**
     * Sets {@code link}'s capacity left and unfixed weight to what a replay of every class on it from the log gives
     * (the fill keeps one, with an entry for each): its capacity less each class's w·r in log order, the subtractions
     * {@link FixLog#replayKept} makes on it. Returns {@code scratch}, or a larger one. O(k log k) for k classes.
     */
    long[] replayLink(int link, long[] scratch) {
        int count = lists.count[link];
        long[] at = scratch.length < count ? new long[Math.max(count, 2 * scratch.length)] : scratch;
        int[] list = lists.entries[link];
        for (int k = 0; k < count; k++) {
            at[k] = log.latest[list[k] >>> lists.entryShift];
        }
        Arrays.sort(at, 0, count);
        int[] entries = log.entries;
        double[] state = linkState;
        state[2 * link] = graph.linkBytesPerSecond(link);
        state[2 * link + 1] = lists.weight[link];
        for (int k = 0; k < count; k++) {
            int entry = (int) at[k];
            int weight = entries[entry + FixLog.MULTIPLICITY];
            state[2 * link] -= weight * FixLog.rate(entries, entry);
            state[2 * link + 1] -= weight;
        }
        return at;
    }

    /** The fix log, or null. */
    FixLog log() {
        return log;
    }

    /** The capacity {@code link} has left after the last fill that covered it. */
    double remaining(int link) {
        return linkState[2 * link];
    }
}
