package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.RadixSort;

/**
 * The fix order of a {@link ProgressiveFill} without a {@link FixLog}: a sequence number per class,
 * increasing across its fills, and a partial fill's slower classes sorted by it. A partial fill needs
 * the order of the last fill that covered each link, and a fill covers all of a link's classes or
 * none, so any two classes that share a link carry numbers of the same fill, whatever another fill's
 * numbers are (the numbers a fill adopts from another fill's order included).
 */
final class FixOrder {
    /** Bits of a component index in {@link #order}. */
    private static final int INDEX_BITS = ProgressiveFill.INDEX_BITS;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    private long[] sequence;
    private long count;
    /** Slower classes of a partial fill: fix sequence less the first's in the high bits, component index in the low. */
    private long[] order = new long[1024];
    /** Scratch of the radix sort of {@link #order}. */
    private long[] scratch = new long[0];

    FixOrder(int classCapacity) {
        sequence = new long[classCapacity];
    }

    /** Room for class handles below {@code capacity} (no copy when there is room already). */
    void grow(int capacity) {
        if (sequence.length < capacity) {
            sequence = Arrays.copyOf(sequence, capacity);
        }
    }

    /** Class {@code flow} is fixed now. */
    void next(int flow) {
        sequence[flow] = ++count;
    }

    /** Class {@code flow} takes the place {@code rank} of another fill's order. */
    void set(int flow, long rank) {
        sequence[flow] = rank;
    }

    /**
     * Sorts the classes of {@code flows[0, n)} slower than {@code level} (by {@code rates}) by fix
     * sequence, a radix sort on the sequences counted from the first of them; returns how many there
     * are ({@link #flowAt} reads them in order). O(n + passes · count); n below 2^{@value #INDEX_BITS}.
     */
    int sortSlower(int[] flows, int n, double[] rates, double level) {
        int slower = 0;
        long first = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int flow = flows[i];
            if (rates[flow] < level) {
                if (slower == order.length) {
                    order = Arrays.copyOf(order, 2 * slower);
                }
                order[slower++] = sequence[flow] << INDEX_BITS | i;
                first = Math.min(first, sequence[flow]);
            }
        }
        long base = first << INDEX_BITS;
        for (int p = 0; p < slower; p++) {
            order[p] -= base; // fix sequences counted from the first: fewer bits to sort
        }
        if (scratch.length < slower) {
            scratch = new long[order.length];
        }
        RadixSort.sort(order, slower, INDEX_BITS, scratch);
        return slower;
    }

    /** The {@code p}-th slower class of the last {@link #sortSlower} over {@code flows}. */
    int flowAt(int[] flows, int p) {
        return flows[(int) (order[p] & INDEX_MASK)];
    }
}
