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
 * Tarjan, 1990) over the 96-bit numbers key · 2³² + link, read in 24 hexadecimal digits: bucket
 * 1 + 16p + v holds the entries whose highest digit differing from the last smallest one is digit p
 * and is v there (digits 0–7 are the link's: the ties of a symmetric fabric), bucket 0 the last
 * smallest entry itself. Buckets in index order hold ever larger entries (an entry agrees with the
 * last smallest above its digit p, so a lower p or, at the same p, a lower v is smaller), and a bitmap
 * of the non-empty ones finds the least in a few word reads. A load or a re-key appends to one bucket,
 * O(1); when bucket 0 is empty, the first non-empty bucket is scanned for its least entry, which
 * becomes the last smallest, and its entries move to buckets of a lower digit (they share digit p
 * with it): an entry moves at most 24 times in all (one cold DCQCN step of Llama 3 405B on 16,384
 * GPUs: 39 M bucket appends for 4.8 M loads, against 58 M with one bucket per binary digit,
 * docs/performance.md). Every access is sequential within a bucket; no allocation once the buckets
 * have grown to the fabric's size. Memory: each bucket keeps the most entries it held, 16 bytes each.
 */
final class ShareHeap {
    /** Hexadecimal digits of a (key, link) number: 16 of the key, 8 of the link. */
    private static final int DIGITS = 24;
    private static final int LINK_DIGITS = 8;
    private static final int BUCKETS = 1 + 16 * DIGITS;
    /** Per bucket, entry i's key at 2i and its link at 2i + 1. */
    private final long[][] bucket = new long[BUCKETS][];
    private final int[] count = new int[BUCKETS];
    /** Bit b of word b / 64 is set when bucket b holds an entry. */
    private final long[] nonEmpty = new long[(BUCKETS + 63) / 64];
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

    /**
     * Removes every link: zeroes the counts of the non-empty buckets, read off the bitmap (a bucket
     * with entries always has its bit), O(bitmap words + non-empty buckets) instead of O(buckets),
     * for a fill of a few links (a serving run's KV transfers) is shorter than a sweep of all 385.
     */
    void clear() {
        for (int word = 0; word < nonEmpty.length; word++) {
            for (long bits = nonEmpty[word]; bits != 0; bits &= bits - 1) {
                count[64 * word + Long.numberOfTrailingZeros(bits)] = 0;
            }
            nonEmpty[word] = 0;
        }
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
        nonEmpty[0] &= ~1L;
        size--;
    }

    /** Gives the top link the key {@code key}, which must be larger than its present one. */
    void rekeyTop(long key) {
        poll();
        insert(lastLink, key);
    }

    /** Appends ({@code key}, {@code link}) to the bucket of its highest digit that differs from the last smallest. */
    private void insert(int link, long key) {
        int b;
        if (key != lastKey) {
            int digit = (63 - Long.numberOfLeadingZeros(key ^ lastKey)) >>> 2;
            b = 1 + 16 * (LINK_DIGITS + digit) + (int) (key >>> 4 * digit & 15);
        } else if (link != lastLink) {
            int digit = (31 - Integer.numberOfLeadingZeros(link ^ lastLink)) >>> 2;
            b = 1 + 16 * digit + (link >>> 4 * digit & 15);
        } else {
            b = 0;
        }
        long[] entries = bucket[b];
        int at = 2 * count[b];
        if (at == entries.length) {
            entries = bucket[b] = Arrays.copyOf(entries, 2 * at);
        }
        entries[at] = key;
        entries[at + 1] = link;
        count[b]++;
        nonEmpty[b >>> 6] |= 1L << b;
        size++;
    }

    /** Moves the smallest entry into bucket 0 when it is empty. */
    private void top() {
        if (count[0] > 0) {
            return;
        }
        int word = 0;
        while (nonEmpty[word] == 0) {
            word++;
        }
        int b = 64 * word + Long.numberOfTrailingZeros(nonEmpty[word]);
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
        nonEmpty[word] &= ~(1L << b);
        size -= n / 2;
        for (int at = 0; at < n; at += 2) {
            insert((int) entries[at + 1], entries[at]);
        }
    }
}
