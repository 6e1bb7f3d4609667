package org.fabricsim.runtime.network;

import org.fabricsim.runtime.sim.IndexedMinHeap;

/**
 * The re-solve after a {@link QuietStarts} group some of whose members share links with one another (a serving run's
 * KV transfer two of whose flows hash onto one spine uplink), on a network that carries nothing else: the progressive
 * fill of the listed members over the links they are listed on, without dirty marks, a component collection or the
 * share heap.
 *
 * <p><b>Same results as the general re-solve.</b> Marked, every link of the group would be dirty and loaded, so the
 * re-solve would take the whole network (half the loaded links or more dirty): the listed classes (the members not
 * lone) in handle order and the links they are listed on, nothing to deduct (every class started at this instant, so
 * no lone class either), and a full fill, since no listed member is alone on its links (it was listed because a link
 * of its path carried another class or repeats, and members do not finish before the re-solve). That fill
 * ({@link ProgressiveFill#fill}) loads each link with c_ℓ and its listed multiplicity, keyed by c_ℓ ÷ multiplicity;
 * pops the least (key, link); takes its true share max(0, capacity left) ÷ unfixed multiplicity; re-keys the link
 * when that is larger, else fixes the link's unfixed classes at it in list order, each continuing the fill's fix order
 * ({@link FixOrder}) and taken off its links ({@link ProgressiveFill#takeOff}); until every class is fixed. This does
 * the same operations in the same order, the least (key, link) found by a scan of the keys for the first bottleneck
 * (usually the only one: the link two of a transfer's flows share, which fixes them both), and after it by a binary
 * heap when many links are left, instead of the share heap (any structure that returns the least pops the same
 * links); a class fixed when none is left unfixed is not taken off its links (no share is read after it). It then
 * projects the classes whose rate changed or that have no completion, as the re-solve does (in another order, which
 * the completion heap's total order makes no difference to).
 *
 * <p>O(L + F·P) when the first bottleneck fixes every class, else O((L + re-keys)·log L + F·P), for F classes of P
 * links over L ≤ {@link #MAX_LINKS} links (the scans' O(L) a pop while at most {@link #SCAN_MAX} links are keyed); no
 * allocation once its arrays have grown. Larger groups (a collective's phase started on an idle fabric) keep the
 * general re-solve, whose radix heap pops in O(1).
 */
final class QuietFill {
    /** The most links a group's fill covers: a KV transfer whose flows collide lists 6 to 14, several up to 96. */
    static final int MAX_LINKS = 256;
    /** The most links still keyed that a scan finds the least of, rather than a heap: a scan is cheaper below it. */
    private static final int SCAN_MAX = 16;
    /** Per link ℓ, at 2ℓ its capacity less the load of the classes fixed so far and at 2ℓ + 1 its unfixed weight. */
    private final double[] state;
    /**
     * The links still keyed, {@code size} of them, by (key, link), a key a lower bound of its share's bits: in no
     * order (scanned) until the first bottleneck is fixed, a binary min-heap after it ({@code heaped}) when more than
     * {@link #SCAN_MAX} are left.
     */
    private final int[] heapLinks = new int[MAX_LINKS];
    private final long[] keys = new long[MAX_LINKS];
    private int size;
    private boolean heaped;
    /** The listed members, and their rates before the fill. */
    private int[] classes = new int[8];
    private double[] before = new double[8];
    /** Bit f is set once class f is fixed in the current fill. */
    private long[] fixed = new long[16];

    QuietFill(int linkCount) {
        state = new double[2 * linkCount];
    }

    /**
     * Rates and projects the listed ones among the first {@code count} of {@code members} (a group's classes, the only
     * ones {@code table} carries), continuing {@code order}; returns how many there are, or -1 (nothing done) when
     * they are listed on more than {@link #MAX_LINKS} links.
     */
    int solve(FlowTable table, LinkFlowLists lists, LoneClasses lone, FixOrder order, int[] members, int count) {
        int links = lists.linksInUse;
        if (links > MAX_LINKS) {
            return -1;
        }
        int classCount = listed(table, lone, members, count);
        double[] s = state;
        long[] linkWeight = lists.weight;
        size = 0;
        heaped = false;
        for (int i = 0; i < links; i++) {
            int link = lists.loaded[i];
            long weight = linkWeight[link];
            double remaining = table.graph.linkBytesPerSecond(link);
            s[2 * link] = remaining;
            s[2 * link + 1] = weight;
            if (weight > 0) {
                heapLinks[size] = link;
                keys[size++] = IndexedMinHeap.orderedBits(remaining / weight);
            }
        }
        int[] records = table.records;
        double[] rates = table.rateBytesPerSecond;
        for (int unfixed = classCount; unfixed > 0 && size > 0;) {
            int top = heaped ? 0 : least();
            int bottleneck = heapLinks[top];
            double unfixedWeight = s[2 * bottleneck + 1];
            if (unfixedWeight == 0) {
                remove(top);
                continue;
            }
            double share = Math.max(0, s[2 * bottleneck]) / unfixedWeight;
            long shareBits = IndexedMinHeap.orderedBits(share);
            if (shareBits > keys[top]) {
                keys[top] = shareBits;
                if (heaped) {
                    siftDown(0);
                }
                continue;
            }
            remove(top);
            int[] list = lists.entries[bottleneck];
            for (int k = 0; k < lists.count[bottleneck]; k++) {
                int flow = list[k] >>> lists.entryShift;
                if ((fixed[flow >>> 6] & 1L << flow) != 0) {
                    continue;
                }
                fixed[flow >>> 6] |= 1L << flow;
                rates[flow] = share;
                order.next(flow);
                if (--unfixed > 0) {
                    int base = flow * table.stride;
                    int from = base + FlowTable.LINKS;
                    ProgressiveFill.takeOff(s, records, from, from + records[base + FlowTable.LENGTH],
                            records[base + FlowTable.MULTIPLICITY], share);
                }
            }
            if (!heaped && unfixed > 0 && size > SCAN_MAX) {
                for (int i = size / 2 - 1; i >= 0; i--) {
                    siftDown(i);
                }
                heaped = true;
            }
        }
        long nowPs = table.simulation.nowPs();
        for (int i = 0; i < classCount; i++) {
            int flow = classes[i];
            fixed[flow >>> 6] &= ~(1L << flow);
            if (rates[flow] != before[i] || !table.completions.contains(flow)) {
                table.project(flow, nowPs);
            }
        }
        return classCount;
    }

    /** Puts the members not lone into {@link #classes}, with their rates; returns how many. O(count). */
    private int listed(FlowTable table, LoneClasses lone, int[] members, int count) {
        int words = (table.handleBound() + 63) >>> 6;
        if (fixed.length < words) {
            fixed = new long[Math.max(words, 2 * fixed.length)];
        }
        if (classes.length < count) {
            classes = new int[Math.max(count, 2 * classes.length)];
            before = new double[classes.length];
        }
        int classCount = 0;
        for (int i = 0; i < count; i++) {
            int flow = members[i];
            if (!lone.isLone(flow)) {
                classes[classCount] = flow;
                before[classCount++] = table.rateBytesPerSecond[flow];
            }
        }
        return classCount;
    }

    /** The entry of the least (key, link), by a scan. O(size). */
    private int least() {
        int top = 0;
        for (int i = 1; i < size; i++) {
            if (less(keys[i], heapLinks[i], keys[top], heapLinks[top])) {
                top = i;
            }
        }
        return top;
    }

    /** Removes entry {@code top}: the heap's top once {@link #heaped}, else any, the last taking its place. */
    private void remove(int top) {
        size--;
        heapLinks[top] = heapLinks[size];
        keys[top] = keys[size];
        if (heaped) {
            siftDown(0);
        }
    }

    /** Moves entry {@code at} of the heap down to its place. O(log size). */
    private void siftDown(int at) {
        int link = heapLinks[at];
        long key = keys[at];
        for (int child = 2 * at + 1; child < size; child = 2 * at + 1) {
            if (child + 1 < size && less(keys[child + 1], heapLinks[child + 1], keys[child], heapLinks[child])) {
                child++;
            }
            if (!less(keys[child], heapLinks[child], key, link)) {
                break;
            }
            heapLinks[at] = heapLinks[child];
            keys[at] = keys[child];
            at = child;
        }
        heapLinks[at] = link;
        keys[at] = key;
    }

    /** Whether (key, link) orders before (otherKey, otherLink): keys are non-negative, so signed order is theirs. */
    private static boolean less(long key, int link, long otherKey, int otherLink) {
        return key < otherKey || key == otherKey && link < otherLink;
    }
}
