package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * Which saturated links' readings may have changed since they were last read, for {@link ContentionReading} (its
 * "Unchanged readings"): a reading's list and its classes' first links' weights change only when a class enters or
 * leaves a link ({@link #loadChanged}); before the next reading each such link F marks itself and every link of every
 * class whose first link is F stale, O(classes on F × P) where F is a sender's link, O(1) elsewhere. Not {@code
 * cached}, nothing is marked and every link reads as stale.
 *
 * <p><b>Terms that stand.</b> Where a reading with the same arguments is the same reading ({@code exact}: the model
 * inherits nothing, or asks again only with fewer flows than at its last answer), a link whose own classes stay is
 * marked only if the term one of F's classes adds to its overload moved: w·c_F/W_F, or where the model offers input
 * shares min(w·c_F/W_F, w·c_in/W_in) with in the link before it on the class's path, computed as the reading does
 * with the weights of the last marking ({@link #markedWeight}) and with the weights now. A term that is the same
 * double leaves the link's sum the same to the bit (its list, and so the order of the sum, is unchanged), as are its
 * flows, senders, path lengths and input links: its reading would give what it gave. So an input share that binds
 * before and after a sender's weight moves, or a sender's share that binds while its input's moves, marks nothing.
 * O(P) more per class on a changed link.
 */
final class StaleLinks {
    private final LinkFlowLists lists;
    private final Graph graph;
    /** Whether a link whose overload terms stand is left unmarked (the class comment's "Terms that stand"). */
    private final boolean exact;
    /** Per link, its weight at the last {@link #markStale} (at construction before one). */
    private final long[] markedWeight;
    /** Whether a class offers at most its share of the link before ({@link ContentionModel#offersInputShare}). */
    private final boolean inputShare;
    /** Whether readings are cached between solves; without it every link reads as stale. */
    private final boolean cached;
    /** Per link, whether its inputs may have changed since its last reading (true before one). */
    private final boolean[] stale;
    /** The links whose classes changed since the last reading ({@link #loadChanged}), {@link #changedCount} of them. */
    private final int[] changed;
    private final boolean[] isChanged;
    private int changedCount;

    StaleLinks(Graph graph, LinkFlowLists lists, int links, boolean inputShare, boolean cached, boolean exact) {
        this.graph = graph;
        this.lists = lists;
        this.exact = exact;
        markedWeight = Arrays.copyOf(lists.weight, links);
        this.inputShare = inputShare;
        this.cached = cached;
        stale = new boolean[links];
        Arrays.fill(stale, true);
        changed = new int[links];
        isChanged = new boolean[links];
    }

    /** A class entered or left {@code link}: its list and its weight changed. O(1). */
    void loadChanged(int link) {
        if (cached && !isChanged[link]) {
            isChanged[link] = true;
            changed[changedCount++] = link;
        }
    }

    /**
     * {@code link} is read now: whether its inputs may have changed since its last reading (always, not {@code
     * cached}). Marks the changes first ({@link #markStale}).
     */
    boolean read(FlowTable table, int link) {
        if (!cached) {
            return true;
        }
        if (changedCount > 0) {
            markStale(table);
        }
        boolean was = stale[link];
        stale[link] = false;
        return was;
    }

    /**
     * Marks stale each changed link and every link of the classes whose first link it is (entries of
     * path index 0 in its list), then forgets the changes. A changed link that is no class's first
     * link (a switch link, a receiver's) has no such entries, which its count of them
     * ({@link LinkFlowLists#firstCount}) tells without reading its list. Where a class offers at most its share
     * of the link before it ({@link ContentionModel#offersInputShare}) a changed link's weight also changes the
     * reading of the next link of every class on it, marked stale too. {@code exact}, only the links whose term moved
     * ({@link #markMoved}). O(Σ classes on the changed senders' links × P + changed links), plus O(classes on the
     * changed links) with input shares.
     */
    private void markStale(FlowTable table) {
        int entryShift = lists.entryShift;
        int firstMask = (1 << entryShift) - 1;
        int[] records = table.records;
        int stride = table.stride;
        long[] weight = lists.weight;
        for (int c = 0; c < changedCount; c++) {
            int first = changed[c];
            stale[first] = true;
            if (lists.firstCount[first] == 0 && !inputShare || exact && weight[first] == markedWeight[first]) {
                continue;
            }
            int[] list = lists.entries[first];
            int count = lists.count[first];
            for (int k = 0; k < count; k++) {
                int index = list[k] & firstMask;
                int base = (list[k] >>> entryShift) * stride;
                int length = records[base + FlowTable.LENGTH];
                if (exact) {
                    markMoved(records, base, index, length);
                } else if (index != 0) {
                    if (inputShare && index + 1 < length) {
                        stale[records[base + FlowTable.LINKS + index + 1]] = true;
                    }
                } else {
                    for (int at = base + FlowTable.LINKS + 1; at < base + FlowTable.LINKS + length; at++) {
                        stale[records[at]] = true;
                    }
                }
            }
        }
        for (int c = 0; c < changedCount; c++) {
            int link = changed[c];
            isChanged[link] = false;
            markedWeight[link] = weight[link];
        }
        changedCount = 0;
    }

    /**
     * For the class at {@code base}, on a changed link at its path index {@code index} whose weight moved: marks stale
     * each link whose overload term may have moved between the weights of the last marking and now, the term computed
     * as {@link ContentionReading} computes it: at index 0 its links past the first (the term a = w·c_F/W_F, or
     * min(a, b) with input shares, b = w·c_in/W_in of the link before), else, with input shares, the next link after
     * this one. Where one of a and b moved and the other did not (its link unchanged), min(a, b) stands if the one
     * that did not move is at most the other before and now; a link already stale, or whose other term's link
     * changed too, is marked without reading it.
     */
    private void markMoved(int[] records, int base, int index, int length) {
        int multiplicity = records[base + FlowTable.MULTIPLICITY];
        int first = records[base + FlowTable.LINKS];
        long[] weight = lists.weight;
        if (index != 0) {
            int link = index + 1 < length ? records[base + FlowTable.LINKS + index + 1] : -1;
            if (!inputShare || link < 0 || stale[link]) {
                return;
            }
            int input = records[base + FlowTable.LINKS + index];
            double smaller = Math.min(ContentionReading.offered(graph, markedWeight, multiplicity, input),
                    ContentionReading.offered(graph, weight, multiplicity, input));
            if (isChanged[first] || !(ContentionReading.offered(graph, weight, multiplicity, first) <= smaller)) {
                stale[link] = true;
            }
            return;
        }
        double before = ContentionReading.offered(graph, markedWeight, multiplicity, first);
        double now = ContentionReading.offered(graph, weight, multiplicity, first);
        if (before == now) {
            return;
        }
        double smaller = Math.min(before, now);
        for (int at = base + FlowTable.LINKS + 1; at < base + FlowTable.LINKS + length; at++) {
            int link = records[at];
            int input = records[at - 1];
            if (!stale[link] && (!inputShare || input == first || isChanged[input]
                    || !(ContentionReading.offered(graph, weight, multiplicity, input) <= smaller))) {
                stale[link] = true;
            }
        }
    }
}
