package org.fabricsim.runtime.network;

/**
 * The links whose classes changed since {@link MaxMinNetwork}'s last re-solve, each listed once: the seeds of {@link
 * ComponentSearch}. O(1) to mark one, O(dirty links) to count or clear them.
 *
 * <p><b>Links a lone class left</b> ({@link LoneClasses}) are deferred ({@link #defer}): they carry nothing once it
 * has finished, so until something else is marked they only make the next re-solve find nothing loaded and forget
 * the batch. The first {@link #mark} after them, or {@link #flush} before a re-solve, marks them in the order they
 * were deferred, so the dirty links and their order are those of marking each at once; a re-solve that finds no
 * link marked and some deferred skips the count and the clearing ({@link #dropDeferred}). O(1) to defer a link.
 */
final class DirtyLinks {
    /** The dirty links, {@link #count} of them, in the order they were marked. */
    final int[] links;
    private final boolean[] isDirty;
    int count;
    /** Links deferred since the last mark, {@link #deferredCount} of them, in order. */
    private final int[] deferred;
    int deferredCount;

    DirtyLinks(int linkCount) {
        links = new int[linkCount];
        isDirty = new boolean[linkCount];
        deferred = new int[linkCount];
    }

    void mark(int link) {
        if (deferredCount > 0) {
            flush();
        }
        if (!isDirty[link]) {
            isDirty[link] = true;
            links[count++] = link;
        }
    }

    /**
     * {@code link} was left by a lone class that finished: marked with the next {@link #mark} or {@link #flush}. A
     * link is deferred at most once between two of them (a lone class holds its links alone, and another can
     * take and leave one only across a re-solve), so {@link #deferred} holds them all.
     */
    void defer(int link) {
        deferred[deferredCount++] = link;
    }

    /** Marks the deferred links, in order. */
    void flush() {
        int n = deferredCount;
        deferredCount = 0;
        for (int i = 0; i < n; i++) {
            mark(deferred[i]);
        }
    }

    /** Whether no link is marked or deferred. */
    boolean isClean() {
        return count == 0 && deferredCount == 0;
    }

    /** Forgets the deferred links: with nothing marked, none carries a class. */
    void dropDeferred() {
        deferredCount = 0;
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
