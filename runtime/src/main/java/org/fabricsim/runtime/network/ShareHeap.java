package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.RadixSort;

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
 *
 * <p><b>Loads sorted once.</b> A fill loads every link of its component and re-keys only some (the
 * step above: 4.76 M loads, 1.48 M re-keys), so the loads skip the buckets: they form a run, sorted
 * at the first read by (key, link) ({@link #sortRun}: O(passes · (L + 2,048)) for L loads, four or
 * five passes), read from its head; the buckets hold only re-keyed entries. The top is the smaller
 * of the run's head and the buckets' least, which a scan of the first non-empty bucket finds and
 * which is remembered, not moved, while the run's head is smaller: the buckets' reference moves only
 * to an entry polled as the top of all, so every re-key, above that top, is above the reference, as
 * the radix heap requires. The entries come out in the same order: the least (key, link) each time.
 */
final class ShareHeap {
    /** Hexadecimal digits of a (key, link) number: 16 of the key, 8 of the link. */
    private static final int DIGITS = 24;
    private static final int LINK_DIGITS = 8;
    private static final int BUCKETS = 1 + 16 * DIGITS;
    /** A key's high and low 32 bits. */
    private static final long HIGH = -1L << Integer.SIZE;
    private static final long LOW = (1L << Integer.SIZE) - 1;
    /** Per bucket, entry i's key at 2i and its link at 2i + 1. */
    private final long[][] bucket = new long[BUCKETS][];
    private final int[] count = new int[BUCKETS];
    /** Bit b of word b / 64 is set when bucket b holds an entry. */
    private final long[] nonEmpty = new long[(BUCKETS + 63) / 64];
    /** The smallest entry: no entry held is below it. */
    private long lastKey;
    private int lastLink;
    /** Entries in the buckets. */
    private int size;
    /** The loads since {@link #clear}: keys and links, sorted at the first read, read from {@link #runHead}. */
    private long[] runKey = new long[32];
    private int[] runLink = new int[32];
    private long[] runKeyScratch = new long[0];
    private int[] runLinkScratch = new int[0];
    /** The radix sort's digit counts, lent to every sort of a run (tens of thousands a serving run). */
    private final int[] radixCounts = RadixSort.newCounts();
    private int runHead;
    private int runEnd;
    private boolean runSorted = true;
    /** Whether {@link #leastKey}, {@link #leastLink} hold the buckets' least entry (found, not moved into bucket 0). */
    private boolean leastKnown;
    private long leastKey;
    private int leastLink;
    /** Whether the top chosen by {@link #choose} stands (nothing polled or inserted since), and where it is. */
    private boolean chosen;
    private boolean topInRun;

    ShareHeap() {
        for (int b = 0; b < BUCKETS; b++) {
            bucket[b] = new long[32];
        }
    }

    boolean isEmpty() {
        return size == 0 && runHead == runEnd;
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
        runHead = 0;
        runEnd = 0;
        runSorted = true;
        leastKnown = false;
        chosen = false;
    }

    /** Adds {@code link} with {@code key} ≥ 0 after {@link #clear}, before the first {@link #peek}: to the run. */
    void append(int link, long key) {
        if (runEnd == runKey.length) {
            runKey = Arrays.copyOf(runKey, 2 * runEnd);
            runLink = Arrays.copyOf(runLink, 2 * runEnd);
        }
        runKey[runEnd] = key;
        runLink[runEnd++] = link;
        runSorted = false;
    }

    /** The link with the smallest (key, link). The heap must not be empty. */
    int peek() {
        choose();
        return topInRun ? runLink[runHead] : leastLink;
    }

    /** The smallest key. The heap must not be empty. */
    long peekKey() {
        choose();
        return topInRun ? runKey[runHead] : leastKey;
    }

    /** Removes the top link. */
    void poll() {
        choose();
        chosen = false;
        if (topInRun) {
            runHead++;
            return;
        }
        top();
        leastKnown = false;
        count[0] = 0;
        nonEmpty[0] &= ~1L;
        size--;
    }

    /** Gives the top link the key {@code key}, which must be larger than its present one. */
    void rekeyTop(long key) {
        int link = peek();
        poll();
        insert(link, key);
    }

    /**
     * Finds the top: the run's head or the buckets' least, whichever (key, link) is smaller; the
     * buckets' least is read by a scan of their first non-empty bucket, remembered until an entry
     * is inserted below it or it is polled.
     */
    private void choose() {
        if (chosen) {
            return;
        }
        if (!runSorted) {
            sortRun();
        }
        if (size > 0 && !leastKnown) {
            findLeast();
        }
        topInRun = runHead < runEnd && (size == 0 || runKey[runHead] < leastKey
                || runKey[runHead] == leastKey && runLink[runHead] < leastLink);
        chosen = true;
    }

    /**
     * Sorts the run by (key, link). One radix sort orders the numbers (high 32 bits of the key) · 2³² +
     * link, carrying the key's low 32 bits: the sign, exponent and 20 bits of a share's significand,
     * then the link, in four or five passes of 11 bits where the whole key would take six and its ties
     * a sort each. A group equal in the high bits then holds equal shares (a symmetric fabric's ties,
     * already by link) or shares within 10⁻⁶ of each other, sorted again by (key, link) (rare).
     */
    private void sortRun() {
        if (runKeyScratch.length < runEnd) {
            runKeyScratch = new long[runKey.length];
            runLinkScratch = new int[runKey.length];
        }
        for (int i = 0; i < runEnd; i++) {
            long key = runKey[i];
            runKey[i] = key & HIGH | runLink[i] & LOW;
            runLink[i] = (int) key;
        }
        RadixSort.sort(runKey, runLink, runEnd, 0, runKeyScratch, runLinkScratch, radixCounts);
        for (int i = 0; i < runEnd; i++) {
            long composite = runKey[i];
            runKey[i] = composite & HIGH | runLink[i] & LOW;
            runLink[i] = (int) composite;
        }
        for (int from = 0; from < runEnd; ) {
            long high = runKey[from] & HIGH;
            boolean tied = true;
            int to = from + 1;
            for (; to < runEnd && (runKey[to] & HIGH) == high; to++) {
                tied &= runKey[to] == runKey[from];
            }
            if (!tied) {
                sortGroup(from, to);
            }
            from = to;
        }
        runSorted = true;
    }

    /** Sorts run entries [from, to) by (key, link): by the whole key in the scratch arrays, then ties by link. */
    private void sortGroup(int from, int to) {
        int n = to - from;
        long[] keys = Arrays.copyOfRange(runKey, from, to);
        int[] links = Arrays.copyOfRange(runLink, from, to);
        RadixSort.sort(keys, links, n, 0, runKeyScratch, runLinkScratch, radixCounts);
        for (int start = 0; start < n; ) {
            int end = start + 1;
            while (end < n && keys[end] == keys[start]) {
                end++;
            }
            Arrays.sort(links, start, end);
            start = end;
        }
        System.arraycopy(keys, 0, runKey, from, n);
        System.arraycopy(links, 0, runLink, from, n);
    }

    /** Appends ({@code key}, {@code link}) to the bucket of its highest digit that differs from the last smallest. */
    private void insert(int link, long key) {
        chosen = false;
        if (leastKnown && (key < leastKey || key == leastKey && link < leastLink)) {
            leastKey = key;
            leastLink = link;
        }
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

    /**
     * Sets {@link #leastKey}, {@link #leastLink} to the buckets' least entry, the least of their first
     * non-empty bucket (bucket 0 is empty outside {@link #poll}).
     */
    private void findLeast() {
        int b = firstNonEmpty();
        long[] entries = bucket[b];
        int n = 2 * count[b];
        leastKey = entries[0];
        leastLink = (int) entries[1];
        for (int at = 2; at < n; at += 2) {
            long key = entries[at];
            if (key < leastKey || key == leastKey && entries[at + 1] < leastLink) {
                leastKey = key;
                leastLink = (int) entries[at + 1];
            }
        }
        leastKnown = true;
    }

    /** The first bucket that holds an entry: one word of the bitmap read per 64 empty buckets. */
    private int firstNonEmpty() {
        int word = 0;
        while (nonEmpty[word] == 0) {
            word++;
        }
        return 64 * word + Long.numberOfTrailingZeros(nonEmpty[word]);
    }

    /**
     * Moves the buckets' least entry ({@link #leastKey}, known) into bucket 0, where {@link #poll}
     * takes it: it becomes the reference, and the other entries of its bucket move to buckets of lower digits.
     */
    private void top() {
        int b = firstNonEmpty();
        long[] entries = bucket[b];
        int n = 2 * count[b];
        lastKey = leastKey;
        lastLink = leastLink;
        count[b] = 0;
        nonEmpty[b >>> 6] &= ~(1L << b);
        size -= n / 2;
        for (int at = 0; at < n; at += 2) {
            insert((int) entries[at + 1], entries[at]);
        }
    }
}
