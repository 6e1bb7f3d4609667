package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * The running set of each batch slot as a list in admission order, linked through per-request
 * indices (a request runs on at most one slot at a time): append, removal anywhere, first, last and
 * next are O(1), so a sequence that finishes or is handed off leaves without a walk of the set.
 * Memory O(slots + requests).
 */
final class RunningLists {
    private final int[] head;
    private final int[] tail;
    private final int[] next;
    private final int[] previous;

    RunningLists(int slots, int requests) {
        head = new int[slots];
        tail = new int[slots];
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
        next = new int[requests];
        previous = new int[requests];
    }

    /** q joins the end of the list of {@code slot}. */
    void append(int slot, int q) {
        next[q] = -1;
        previous[q] = tail[slot];
        if (tail[slot] < 0) {
            head[slot] = q;
        } else {
            next[tail[slot]] = q;
        }
        tail[slot] = q;
    }

    /** q leaves the list of {@code slot}. */
    void remove(int slot, int q) {
        int before = previous[q];
        int after = next[q];
        if (before < 0) {
            head[slot] = after;
        } else {
            next[before] = after;
        }
        if (after < 0) {
            tail[slot] = before;
        } else {
            previous[after] = before;
        }
    }

    /** The oldest request of the list of {@code slot}, or -1. */
    int first(int slot) {
        return head[slot];
    }

    /** The youngest request of the list of {@code slot}, or -1. */
    int last(int slot) {
        return tail[slot];
    }

    /** The request after q in its list, or -1. */
    int next(int q) {
        return next[q];
    }
}
