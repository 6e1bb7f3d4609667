package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * Classes of {@link MaxMinNetwork} that started alone on their links and have stayed alone: they are
 * rated in closed form at their start (min over their links of c_ℓ ÷ w, what the fill gives a class
 * with its links to itself) and their completion is projected then, without entering the link lists
 * ({@link LinkFlowLists}) or any fill. A transfer that nothing shares, such as a serving run's
 * KV-cache flow on an idle fabric, so costs no list updates, component search or fill.
 *
 * <p><b>Same results as listing them.</b> A listed class alone on its links keeps its rate in every
 * re-solve (its component is itself) and its projected completion (a class is re-projected only when
 * its rate changes), so only three things of the listed run depend on it, and each is reproduced: the
 * decisions of the component search (its links count as loaded, and as dirty until the first
 * solve, in {@link ComponentSearch}), the bytes a whole-network collection deducts at its old rate
 * ({@link #advanceAll}, at the same instants, so the remaining bytes are the same to the bit), and
 * its place first in each of its links' lists once another class starts on one of them: then it is
 * listed ({@link #owner} gives it to {@link MaxMinNetwork}) before the newcomer, as it would have
 * been since its start, and from then on it is an ordinary class. Its handle, record and completion
 * entry are the flow table's as for any class, so completion order and ties are unchanged. The links of the
 * {@link LonePair} (two classes that share links only with each other) are held here too.
 *
 * <p>Cost: O(P) to take, release or list a class of P links; O(F/64 + lone classes) per
 * whole-network collection.
 */
final class LoneClasses {
    private static final int NONE = -1;
    /** Per link the lone class on it, or {@link #NONE}. */
    private final int[] ownerOfLink;
    /** Bit f is set while class f is lone. */
    private long[] lone;
    /** Links held by lone classes (each by one) and by the {@link #pair} (each once). */
    int links;
    /** Two classes that share links only with each other, held as lone classes are. */
    final LonePair pair = new LonePair();

    LoneClasses(int linkCount, int classCapacity) {
        ownerOfLink = new int[linkCount];
        Arrays.fill(ownerOfLink, NONE);
        lone = new long[(classCapacity + 63) >>> 6];
    }

    /** Room for class handles below {@code capacity}. */
    void grow(int capacity) {
        int words = (capacity + 63) >>> 6;
        if (lone.length < words) {
            lone = Arrays.copyOf(lone, words);
        }
    }

    /** The lone class on {@code link}, or a negative number when none. */
    int owner(int link) {
        return ownerOfLink[link];
    }

    /**
     * Takes the class whose record starts at {@code base} as lone when none of its links carries a
     * listed or lone class and no link repeats on its path; returns whether it did. O(P).
     */
    boolean take(int flow, int[] records, int base, int[] listCount) {
        int start = base + FlowTable.LINKS;
        int end = start + records[base + FlowTable.LENGTH];
        for (int at = start; at < end; at++) {
            int link = records[at];
            if (listCount[link] != 0 || ownerOfLink[link] != NONE) {
                for (int undo = start; undo < at; undo++) {
                    ownerOfLink[records[undo]] = NONE;
                }
                return false;
            }
            ownerOfLink[link] = flow;
        }
        links += end - start;
        lone[flow >>> 6] |= 1L << flow;
        return true;
    }

    /** Gives {@code link} to {@code flow} of a {@link LonePair}, or frees it ({@code flow} negative). */
    void hold(int link, int flow) {
        ownerOfLink[link] = flow;
    }

    /** Whether class {@code flow} is lone. */
    boolean isLone(int flow) {
        return (lone[flow >>> 6] & 1L << flow) != 0;
    }

    /** Class {@code flow} (lone) finishes or is listed: its links are free of it. O(P). */
    void release(int flow, int[] records, int base) {
        int start = base + FlowTable.LINKS;
        int end = start + records[base + FlowTable.LENGTH];
        for (int at = start; at < end; at++) {
            ownerOfLink[records[at]] = NONE;
        }
        links -= end - start;
        lone[flow >>> 6] &= ~(1L << flow);
    }

    /**
     * Class {@code flow} (lone, or of the {@link #pair}) finishes: its links are freed and deferred ({@link
     * DirtyLinks#defer}) in path order. O(P).
     */
    void finish(FlowTable table, int flow, DirtyLinks dirty) {
        if (pair.holds(flow)) {
            pair.finish(table, this, dirty, flow);
            return;
        }
        int[] records = table.records;
        int base = flow * table.stride;
        release(flow, records, base);
        for (int at = base + FlowTable.LINKS; at < base + FlowTable.LINKS + records[base + FlowTable.LENGTH]; at++) {
            dirty.defer(records[at]);
        }
    }

    /**
     * Deducts what every lone class and the {@link #pair} sent since their last update, as a whole-network collection
     * does.
     */
    void advanceAll(FlowTable table, long nowPs) {
        pair.advance(table, nowPs);
        int words = (table.handleBound() + 63) >>> 6;
        for (int word = 0; word < words; word++) {
            long bits = lone[word];
            while (bits != 0) {
                table.advance(word << 6 | Long.numberOfTrailingZeros(bits), nowPs);
                bits &= bits - 1;
            }
        }
    }

    /** Every lone class, in handle order (for listing them all). O(F/64 + lone classes). */
    int[] all(int handleBound) {
        int words = (handleBound + 63) >>> 6;
        int count = 0;
        for (int word = 0; word < words; word++) {
            count += Long.bitCount(lone[word]);
        }
        int[] flows = new int[count];
        int n = 0;
        for (int word = 0; word < words; word++) {
            long bits = lone[word];
            while (bits != 0) {
                flows[n++] = word << 6 | Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return flows;
    }
}
