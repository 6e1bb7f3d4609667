package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.RadixSort;

/**
 * The classes a {@link ProgressiveFill} fixed, in the order it fixed them: per fixed class one entry of
 * {@value #LINKS} + P ints (handle, rate bits, then an image of its record: path length, multiplicity, its P
 * links), appended, so a class's position in the log is its fix sequence. The latest entry of each class is
 * {@link #latest}; an older one is stale. A fill appends the classes it fixes ({@link #begin} reserves
 * room for its component); a partial fill's slower classes keep their entries, as they keep their rates.
 *
 * <p>Why: a partial fill takes its slower classes off their links in fix order; read from the log they
 * come in address order (a sequential read of about 4·(5 + P) bytes per class) instead of one cache
 * miss on a class record each, and no sort orders them when the log is short enough to scan.
 *
 * <p>Paths: from {@link #RECORD} an entry lays out its class's path length, multiplicity and links at
 * {@link FlowTable}'s record offsets, so {@link #entries} at {@link #record} can stand for the class's record.
 * The derated fill and the saturated links' readings of a solve read them there after the ideal fill: they visit
 * a component's classes in about its fix order, so these reads run near the log's address order, where the
 * records would cost a cache miss each. {@link #append} copies a class that has an entry from that entry
 * ({@link #forget} drops it when the class finishes, as its handle may be reused). The values are the
 * record's, so every result is the same bit for bit.
 *
 * <p>Space: an entry takes at most 5 + P ints, P the longest path. The log holds at most one live entry per class
 * handle, and {@link #begin} reserves room for a whole component of c classes: with e live ints and a fill of c
 * classes it needs e + c·(5 + P) ints, at most 2·h·(5 + P) for h handles, the length it is made with. When a
 * log of L ints is full, {@link #begin} first drops the stale entries (compaction, O(log length), keeps the
 * order, so every fix sequence keeps its rank among the others); only when e + c·(5 + P) still exceeds L, or e
 * exceeds L/2, is it replaced, by 2·(e + c·(5 + P)) ints, sized before the fill from what it needs, not by
 * doubling: a component filled again and again (an all-to-all's one component of n classes) gets room for 2n
 * entries at its first fill, holds at most n live ones after each compaction, and is never copied again. After
 * every compaction e ≤ L/2, so the next one either follows at least L/4 appended ints or precedes a fill of more
 * than L/4 ints: O(1) amortized per appended entry or filled class.
 */
final class FixLog {
    static final int FLOW = 0;
    static final int RATE = 1;
    /** Where an entry's image of its class's record begins (path length, multiplicity, links: {@link FlowTable}'s layout). */
    static final int RECORD = 3;
    static final int LENGTH = RECORD + FlowTable.LENGTH;
    static final int MULTIPLICITY = RECORD + FlowTable.MULTIPLICITY;
    static final int LINKS = RECORD + FlowTable.LINKS;
    /** {@link #latest} of a class without an entry. */
    static final int NONE = -1;
    private final int maxEntry;
    /** The entries, {@link #end} ints of them. */
    int[] entries;
    int end;
    /** Per class handle, the offset of its latest entry, {@link #NONE} before the log's fill fixes the class. */
    int[] latest;
    /** Bit f marks class f for {@link #replayKept}. */
    private long[] kept = new long[16];
    /** The offset of the first marked class's latest entry. */
    private int first;
    /** The marked classes' offsets from the first, when sorted rather than scanned, and the sort's scratch. */
    private long[] order = new long[0];
    private long[] orderScratch = new long[0];

    FixLog(int maxPathLinks, int classCapacity) {
        maxEntry = LINKS + maxPathLinks;
        entries = new int[(int) Math.max(1024, Math.min(Integer.MAX_VALUE - 8, 2L * classCapacity * maxEntry))];
        latest = new int[0];
        grow(classCapacity);
    }

    /** Room for class handles below {@code capacity}. */
    void grow(int capacity) {
        if (latest.length < capacity) {
            int old = latest.length;
            latest = Arrays.copyOf(latest, capacity);
            Arrays.fill(latest, old, capacity, NONE);
        }
        int words = (capacity + 63) >>> 6;
        if (kept.length < words) {
            kept = Arrays.copyOf(kept, words);
        }
    }

    /**
     * Starts a fill's segment with room for {@code classes} entries, compacting or growing the log
     * first if needed (never during the fill, so offsets read before it stay valid through it).
     */
    void begin(int classes) {
        long need = (long) classes * maxEntry;
        if (end + need > entries.length) {
            compact();
            if (end + need > entries.length || 2L * end > entries.length) {
                entries = Arrays.copyOf(entries, (int) Math.min(Integer.MAX_VALUE - 8, 2 * (end + need)));
            }
        }
    }

    /** Drops the stale entries, keeping the others in order and updating {@link #latest}. O(log length). */
    private void compact() {
        int[] log = entries;
        int to = 0;
        for (int at = 0; at < end; ) {
            int size = LINKS + log[at + LENGTH];
            int flow = log[at + FLOW];
            if (latest[flow] == at) {
                System.arraycopy(log, at, log, to, size);
                latest[flow] = to;
                to += size;
            }
            at += size;
        }
        end = to;
    }

    /**
     * Appends class {@code flow}, whose record starts at {@code base}, fixed at {@code share}, and takes
     * it off its links in {@code state} ({@link ProgressiveFill#takeOff}, as {@link #replayKept} does); the
     * path comes from the class's latest entry when it has one, else from the record. O(P).
     */
    void append(int flow, int[] records, int base, double share, double[] state) {
        int[] log = entries;
        int at = end;
        int previous = latest[flow];
        int[] from = previous == NONE ? records : log;
        int record = previous == NONE ? base : previous + RECORD;
        int length = from[record + FlowTable.LENGTH];
        long bits = Double.doubleToRawLongBits(share);
        log[at + FLOW] = flow;
        log[at + RATE] = (int) (bits >>> 32);
        log[at + RATE + 1] = (int) bits;
        System.arraycopy(from, record, log, at + RECORD, FlowTable.LINKS + length);
        ProgressiveFill.takeOff(state, log, at + LINKS, at + LINKS + length, log[at + MULTIPLICITY], share);
        latest[flow] = at;
        end = at + LINKS + length;
    }

    /**
     * Where the image of class {@code flow}'s record starts in {@link #entries}: its path length, multiplicity
     * and links at the offsets of {@link FlowTable}'s records. Valid for a class the log's fill has fixed since
     * it started (every class of the component after that fill); a compaction ({@link #begin}) moves it. O(1).
     */
    int record(int flow) {
        return latest[flow] + RECORD;
    }

    /**
     * The array a reader finds class records in: {@code log}'s entries, or {@code table}'s records where it reads
     * no log (null). O(1).
     */
    static int[] recordsOf(FixLog log, FlowTable table) {
        return log == null ? table.records : log.entries;
    }

    /** Where class {@code flow}'s record starts in {@link #recordsOf}: {@link #record}, or flow × stride. O(1). */
    static int recordOf(FixLog log, int flow, int stride) {
        return log == null ? flow * stride : log.record(flow);
    }

    /** Class {@code flow} finished: it has no entry any more (its handle may be reused). O(1). */
    void forget(int flow) {
        latest[flow] = NONE;
    }

    /** The rate of the entry at {@code at}. */
    static double rate(int[] log, int at) {
        return Double.longBitsToDouble((long) log[at + RATE] << 32 | log[at + RATE + 1] & 0xFFFF_FFFFL);
    }

    /**
     * Marks the classes of {@code flows[0, n)} slower than {@code level} (by {@code rates}), or than their
     * component's {@code levels[componentOf[class]]} where {@code levels} is not null, for {@link #replayKept} and
     * notes the first of their latest entries; returns how many. O(n).
     */
    int keepSlower(int[] flows, int n, double[] rates, double level, double[] levels, int[] componentOf) {
        long[] marks = kept;
        int count = 0;
        int from = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int flow = flows[i];
            if (rates[flow] < (levels == null ? level : levels[componentOf[flow]])) {
                marks[flow >>> 6] |= 1L << flow;
                count++;
                from = Math.min(from, latest[flow]);
            }
        }
        first = from;
        return count;
    }

    /**
     * Takes the {@code count} classes marked by {@link #keepSlower} off their links in log order at
     * their logged rates: for each, the link's capacity left at 2ℓ of {@code state} falls by w·r and its
     * unfixed weight at 2ℓ + 1 by w, and its bit in {@code fixed} is set. A scan from the first of
     * their entries when the log there holds at most 4 entries of the longest size per class, else a
     * radix sort of their offsets over {@code flows[0, n)} (the component). O(count·P) plus the scan
     * or the sort; clears the marks.
     */
    void replayKept(int count, int[] flows, double[] state, long[] fixed) {
        int[] log = entries;
        long[] marks = kept;
        if ((long) (end - first) <= 4L * count * maxEntry) {
            for (int at = first, found = 0; found < count; at += LINKS + log[at + LENGTH]) {
                int flow = log[at + FLOW];
                if ((marks[flow >>> 6] & 1L << flow) != 0 && latest[flow] == at) {
                    marks[flow >>> 6] &= ~(1L << flow);
                    found++;
                    replay(at, state, fixed);
                }
            }
            return;
        }
        if (order.length < count) {
            order = new long[Math.max(count, 2 * order.length)];
            orderScratch = new long[order.length];
        }
        for (int i = 0, p = 0; p < count; i++) {
            int flow = flows[i];
            if ((marks[flow >>> 6] & 1L << flow) != 0) {
                marks[flow >>> 6] &= ~(1L << flow);
                order[p++] = latest[flow] - first; // offsets counted from the first: fewer bits to sort
            }
        }
        RadixSort.sort(order, count, 0, orderScratch);
        for (int p = 0; p < count; p++) {
            replay(first + (int) order[p], state, fixed);
        }
    }

    /** Replays the entry at {@code at}: see {@link #replayKept}. O(P). */
    private void replay(int at, double[] state, long[] fixed) {
        int[] log = entries;
        int flow = log[at + FLOW];
        fixed[flow >>> 6] |= 1L << flow;
        ProgressiveFill.takeOff(state, log, at + LINKS, at + LINKS + log[at + LENGTH], log[at + MULTIPLICITY],
                rate(log, at));
    }
}
