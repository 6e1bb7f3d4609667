package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * The share heap of {@link ProgressiveFill}: its links by a {@code long} key ≥ 0 (a share's {@link
 * org.fabricsim.runtime.sim.IndexedMinHeap#orderedBits}), then by link handle, so the order is total
 * and the links come out in the same sequence however they were loaded.
 *
 * <p>A fill's entries are monotone: it loads links, then only polls the smallest entry or moves it to
 * a larger key (the lazy re-key of a stale share), so no entry is ever below the last smallest one,
 * ({@link #lastKey}, {@link #lastLink}). That makes it a radix heap (Ahuja, Mehlhorn, Orlin and
 * Tarjan, 1990) over the 96-bit numbers key · 2³² + link: bucket b ≥ 1 holds the entries whose highest
 * bit differing from the last smallest one is bit b − 1 (buckets 1–32 differ in the link only: the ties
 * of a symmetric fabric), bucket 0 the last smallest entry itself. A load or a re-key appends to one
 * bucket, O(1); when bucket 0 is empty, the smallest non-empty bucket is scanned for its least entry,
 * which becomes the last smallest, and its entries move to lower buckets (an entry moves at most 96
 * times in all, in practice a few). Every access is sequential within a bucket; no allocation once
 * the buckets have grown to the fabric's size. Memory: each bucket keeps the most entries it held, at
 * most 97 × 16 bytes per link held at once, a few times 16 bytes in practice (docs/performance.md).
 */
final class ShareHeap {
    private static final int LINK_BITS = 32;
    private static final int BUCKETS = LINK_BITS + 64 + 1;
    /** Per bucket, entry i's key at 2i and its link at 2i + 1. */
    private final long[][] bucket = new long[BUCKETS][];
    private final int[] count = new int[BUCKETS];
    /** The smallest entry: no entry held is below it. */
    private long lastKey;
    private int lastLink;
    private int size;

    ShareHeap() {
        for (int b = 0; b < BUCKETS; b++) {
            bucket[b] = new long[32];
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Removes every link. O(buckets). */
    void clear() {
        Arrays.fill(count, 0);
        lastKey = 0;
        lastLink = 0;
        size = 0;
    }

    /** Adds {@code link} with {@code key} ≥ 0 after {@link #clear}, before the first {@link #peek}. */
    void append(int link, long key) {
        insert(link, key);
    }

    /** The link with the smallest (key, link). The heap must not be empty. */
    int peek() {
        top();
        return lastLink;
    }

    /** The smallest key. The heap must not be empty. */
    long peekKey() {
        top();
        return lastKey;
    }

    /** Removes the top link. */
    void poll() {
        top();
        count[0] = 0;
        size--;
    }

    /** Gives the top link the key {@code key}, which must be larger than its present one. */
    void rekeyTop(long key) {
        poll();
        insert(lastLink, key);
    }

    private void insert(int link, long key) {
        int b = key != lastKey ? LINK_BITS + 64 - Long.numberOfLeadingZeros(key ^ lastKey)
                : LINK_BITS - Integer.numberOfLeadingZeros(link ^ lastLink);
        long[] entries = bucket[b];
        int at = 2 * count[b];
        if (at == entries.length) {
            entries = bucket[b] = Arrays.copyOf(entries, 2 * at);
        }
        entries[at] = key;
        entries[at + 1] = link;
        count[b]++;
        size++;
    }

    /** Moves the smallest entry into bucket 0 when it is empty. */
    private void top() {
        if (count[0] > 0) {
            return;
        }
        int b = 1;
        while (count[b] == 0) {
            b++;
        }
        long[] entries = bucket[b];
        int n = 2 * count[b];
        long leastKey = entries[0];
        long leastLink = entries[1];
        for (int at = 2; at < n; at += 2) {
            long key = entries[at];
            if (key < leastKey || key == leastKey && entries[at + 1] < leastLink) {
                leastKey = key;
                leastLink = entries[at + 1];
            }
        }
        lastKey = leastKey;
        lastLink = (int) leastLink;
        count[b] = 0;
        size -= n / 2;
        for (int at = 0; at < n; at += 2) {
            insert((int) entries[at + 1], entries[at]);
        }
    }
}
