package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * The backpressure shares of saturated next links among their input links, for {@link HeadOfLineBlocking}: the
 * max-min (water-filling) share P of c_D that next link D gives the input link L being read, each input demanding
 * what it brings D, L demanding its arrival A (the class comment of {@link HeadOfLineBlocking}).
 *
 * <p><b>Once per next link per solve.</b> What every input but L demands does not depend on L: input j brings D
 * c_j·o_jD / o_j (o_jD the offer of its classes bound for D, o_j the offer of all its classes, {@link #offeredOn}),
 * the classes that start on D min(o_DD, c_D). So the first reading of a solve that asks D's share walks D's classes
 * once and keeps these demands, sorted ({@link #inputs}); each later one, from another input of D, takes them instead
 * of walking D's classes again (on Llama 3 405B's CP16 step on RoCE a saturated next link is asked about six times a
 * solve, by about 60 classes each). The share is the water-filling over the kept demands with L's own replaced by A:
 * the same values in ascending order (equal values in either order give the same sums), so the same operations as
 * a sort of the demands with A in L's place, bit for bit. The demands read only the link lists and the classes'
 * multiplicities and first links, which change only between solves ({@link #beginSolve}).
 *
 * <p>Cost: O(classes on D + inputs × log inputs) at D's first share of a solve, O(inputs) at each other; the demands
 * of a solve take O(Σ inputs) doubles, reused by the next solve. No allocation once the pools have grown.
 */
final class PortShares {
    private final Graph graph;
    private final LinkFlowLists lists;
    /** Per link, its offered rate ({@link #offeredOn}) and the solve it was read in. */
    private final double[] offeredTotal;
    private final long[] offeredSolve;
    private long solve = 1;
    /** Per next link, the solve its demands were kept in, where they start in the pools, and how many there are. */
    private final long[] keptSolve;
    private final int[] keptFrom;
    private final int[] keptInputs;
    /** The kept demands: per next link, ascending from its start, and beside them per input in walk order. */
    private double[] sortedDemand = new double[1024];
    private double[] inputDemand = new double[1024];
    private int[] inputLink = new int[1024];
    private int poolEnd;
    /** Per link, the stamp of the walk that last saw it as an input, and its place in that walk's inputs. */
    private final int[] seen;
    private final int[] place;
    private int stamp;

    PortShares(Graph graph, LinkFlowLists lists) {
        this.graph = graph;
        this.lists = lists;
        int links = graph.flowLinkCount();
        offeredTotal = new double[links];
        offeredSolve = new long[links];
        keptSolve = new long[links];
        keptFrom = new int[links];
        keptInputs = new int[links];
        seen = new int[links];
        place = new int[links];
    }

    /** A new solve: the offered rates and demands kept for the last one are stale. */
    void beginSolve() {
        solve++;
        poolEnd = 0;
    }

    /** {@code link}'s offered rate this solve is {@code offered}, summed as {@link #offeredOn} sums it. */
    void noteOffered(int link, double offered) {
        offeredSolve[link] = solve;
        offeredTotal[link] = offered;
    }

    /**
     * The share of saturated {@code d} that backpressure gives its input link {@code link}, which brings it
     * {@code arrival}: max-min (water-filling) of c_D over D's input links, each demanding the offered rate of
     * its classes bound for D up to its capacity (the classes that start on D, a sender's link, are one
     * input), {@code link} demanding {@code arrival}. O(inputs) once D's demands are kept this solve.
     */
    double share(FlowTable table, int d, int link, double arrival) {
        if (keptSolve[d] != solve) {
            keep(table, d);
        }
        int from = keptFrom[d];
        int inputs = keptInputs[d];
        int end = from + inputs;
        boolean removed = true;
        double own = 0;
        for (int i = from; i < end; i++) {
            if (inputLink[i] == link) {
                own = inputDemand[i];
                removed = false;
            }
        }
        boolean placed = removed; // an input that brings d nothing demands nothing of it
        double left = graph.linkBytesPerSecond(d);
        int k = from;
        for (int i = 0; i < inputs; i++) {
            if (!removed && sortedDemand[k] == own) {
                k++;
                removed = true;
            }
            double demand;
            if (!placed && (k == end || arrival <= sortedDemand[k])) {
                demand = arrival;
                placed = true;
            } else {
                demand = sortedDemand[k++];
            }
            double level = left / (inputs - i);
            if (demand > level) {
                return Math.min(arrival, level);
            }
            left -= demand;
        }
        return arrival;
    }

    /** Walks {@code d}'s classes once: its inputs' demands, kept for this solve in walk order and sorted. */
    private void keep(FlowTable table, int d) {
        int[] list = lists.entries[d];
        int count = lists.count[d];
        int entryShift = lists.entryShift;
        int indexMask = (1 << entryShift) - 1;
        long[] linkWeight = lists.weight;
        int[] records = table.records;
        int stride = table.stride;
        int current = nextStamp();
        int from = poolEnd;
        int inputs = 0;
        for (int k = 0; k < count; k++) {
            int index = list[k] & indexMask;
            int base = (list[k] >>> entryShift) * stride;
            int input = index == 0 ? d : records[base + FlowTable.LINKS + index - 1];
            if (seen[input] != current) {
                seen[input] = current;
                place[input] = from + inputs++;
                grow(from + inputs);
                inputLink[place[input]] = input;
                inputDemand[place[input]] = 0;
            }
            inputDemand[place[input]] += ContentionReading.offered(graph, linkWeight,
                    records[base + FlowTable.MULTIPLICITY], records[base + FlowTable.LINKS]);
        }
        for (int i = from; i < from + inputs; i++) {
            int input = inputLink[i];
            inputDemand[i] = input == d ? Math.min(inputDemand[i], graph.linkBytesPerSecond(d))
                    : graph.linkBytesPerSecond(input) * inputDemand[i] / offeredOn(table, input);
        }
        System.arraycopy(inputDemand, from, sortedDemand, from, inputs);
        Arrays.sort(sortedDemand, from, from + inputs);
        keptSolve[d] = solve;
        keptFrom[d] = from;
        keptInputs[d] = inputs;
        poolEnd = from + inputs;
    }

    /**
     * Σ over the classes on {@code link} of multiplicity × their sender's share of its first link (what
     * the link is offered, as the overload reads it), once per link per solve. O(classes on the link).
     */
    private double offeredOn(FlowTable table, int link) {
        if (offeredSolve[link] == solve) {
            return offeredTotal[link];
        }
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        long[] linkWeight = lists.weight;
        int[] records = table.records;
        int stride = table.stride;
        double sum = 0;
        for (int k = 0; k < count; k++) {
            int base = (list[k] >>> entryShift) * stride;
            sum += ContentionReading.offered(graph, linkWeight, records[base + FlowTable.MULTIPLICITY],
                    records[base + FlowTable.LINKS]);
        }
        noteOffered(link, sum);
        return sum;
    }

    /** Room for {@code size} kept demands. */
    private void grow(int size) {
        if (size > inputLink.length) {
            int length = Math.max(size, 2 * inputLink.length);
            sortedDemand = Arrays.copyOf(sortedDemand, length);
            inputDemand = Arrays.copyOf(inputDemand, length);
            inputLink = Arrays.copyOf(inputLink, length);
        }
    }

    private int nextStamp() {
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            stamp = 0;
        }
        return ++stamp;
    }
}
