package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * Which saturated links' readings may have changed since they were last read, for {@link ContentionReading} (its
 * "Unchanged readings"): a reading's list and its classes' first links' weights change only when a class enters or
 * leaves a link ({@link #loadChanged}); before the next reading each such link F marks itself and every link of every
 * class whose first link is F stale, O(classes on F × P) where F is a sender's link, O(1) elsewhere. Not {@code
 * cached}, nothing is marked and every link reads as stale.
 */
final class StaleLinks {
    private final LinkFlowLists lists;
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

    StaleLinks(LinkFlowLists lists, int links, boolean inputShare, boolean cached) {
        this.lists = lists;
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
     * reading of the next link of every class on it, marked stale too. O(Σ classes on the changed senders' links ×
     * P + changed links), plus O(classes on the changed links) with input shares.
     */
    private void markStale(FlowTable table) {
        int entryShift = lists.entryShift;
        int firstMask = (1 << entryShift) - 1;
        int[] records = table.records;
        int stride = table.stride;
        for (int c = 0; c < changedCount; c++) {
            int first = changed[c];
            isChanged[first] = false;
            stale[first] = true;
            if (lists.firstCount[first] == 0 && !inputShare) {
                continue;
            }
            int[] list = lists.entries[first];
            int count = lists.count[first];
            for (int k = 0; k < count; k++) {
                int index = list[k] & firstMask;
                int base = (list[k] >>> entryShift) * stride;
                if (index != 0) {
                    if (inputShare && index + 1 < records[base + FlowTable.LENGTH]) {
                        stale[records[base + FlowTable.LINKS + index + 1]] = true;
                    }
                    continue;
                }
                int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
                for (int at = base + FlowTable.LINKS; at < end; at++) {
                    stale[records[at]] = true;
                }
            }
        }
        changedCount = 0;
    }
}
