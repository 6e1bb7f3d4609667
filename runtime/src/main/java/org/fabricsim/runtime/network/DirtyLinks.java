package org.fabricsim.runtime.network;

/**
 * The links whose classes changed since {@link MaxMinNetwork}'s last re-solve, each listed once: the seeds of {@link
 * ComponentSearch}. O(1) to mark one, O(dirty links) to count or clear them.
 */
final class DirtyLinks {
    /** The dirty links, {@link #count} of them, in the order they were marked. */
    final int[] links;
    private final boolean[] isDirty;
    int count;

    DirtyLinks(int linkCount) {
        links = new int[linkCount];
        isDirty = new boolean[linkCount];
    }

    void mark(int link) {
        if (!isDirty[link]) {
            isDirty[link] = true;
            links[count++] = link;
        }
    }

    /** The dirty links that still carry classes, listed or lone. */
    int loaded(LinkFlowLists lists, LoneClasses lone) {
        int[] flowCount = lists.count;
        int loaded = 0;
        for (int i = 0; i < count; i++) {
            if (flowCount[links[i]] > 0 || lone.owner(links[i]) >= 0) {
                loaded++;
            }
        }
        return loaded;
    }

    void clear() {
        for (int i = 0; i < count; i++) {
            isDirty[links[i]] = false;
        }
        count = 0;
    }
}
