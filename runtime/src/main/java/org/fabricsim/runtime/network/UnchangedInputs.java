package org.fabricsim.runtime.network;

/**
 * Which saturated links' head-of-line readings ({@link HeadOfLineBlocking#factor}) read whole at the last solve that
 * derated them and have had nothing they read change since but their classes' remaining bytes, so that they read whole
 * again without the pass over their classes and their next links' shares.
 *
 * <p><b>What a reading of link L reads.</b> Its list (classes, their order, multiplicities, paths), each class's offer
 * (w·c_F / W_F of its first link F), the ideal fill's rates of its classes and the ideal capacity left and weight of
 * each next link D (whether D can bind), each binding D's port share (D's list and its classes' offers, and per input
 * link j of D, j's offered rate: j's list and its classes' offers, {@link PortShares}), and the remaining bytes of its
 * classes. A list, a weight and so an offer change only when a class enters or leaves a link ({@link #loadChanged}):
 * at the next solve, each such link F and every link of every class whose first link is F is marked (their lists or
 * offers changed), and each marked link x marks the next link of every class on it (x may be an input of that link,
 * whose shares then change). The ideal fill changes rates and capacities left only on the links of the classes it
 * fixes anew: those of the entries it appended to its {@link FixLog} (a partial fill replays the others, their rates
 * and charges the same bits in the same order); they are marked as touched.
 *
 * <p><b>Why whole stays whole.</b> A reading is whole when no next link reached the formula: each was skipped because
 * it cannot bind, L's classes bound for it are all L's offer (s ≥ 1), their held bytes fit the buffer, the hold does
 * not bind (ideal rate through D at most P(1 + 10⁻⁹)), they arrive no faster than P, or the backlog
 * fl(H·(1 − P/A)) fits the buffer. With every input above unchanged only H moves, and it only falls: each class's
 * remaining bytes are max(0, r − x) of the last, and H is the same classes' products summed in the same list order,
 * and rounding to nearest is monotone in each operand of a product and a sum. So each test passes again, bit for bit,
 * and the reading returns 1 as the pass would. A reading that reached the formula is not recorded (its value moves with
 * H). Readings outside {@code ContentionDerating#derate} are not recorded or skipped.
 *
 * <p>Cost: O(next links of L) per check; per solve O(Σ classes on the changed senders' links × P + classes on the
 * marked links) to mark and O(P) per class the ideal fill fixed anew, nothing while no whole reading is recorded (a
 * reading recorded later postdates every change before it). Stamps per link instead of clearing.
 */
final class UnchangedInputs {
    private final LinkFlowLists lists;
    /** The solve count: every mark and every recorded reading is stamped with it. */
    private long solve;
    /** Per link, the solve its list or an offer on it last changed, its share inputs, and its ideal fill. */
    private final long[] listAt;
    private final long[] sharesAt;
    private final long[] touchedAt;
    /** Per link, the solve of its last recorded reading if that read whole, else 0; and that reading's next links. */
    private final long[] wholeAt;
    private final int[][] nextOf;
    private final int[] nextCount;
    /** The links whose lists changed since the last solve, and the links marked this solve. */
    private final int[] changed;
    private final boolean[] isChanged;
    private int changedCount;
    private final int[] marked;
    private int markedCount;
    /** How many links have a whole reading recorded: without one nothing is marked (nothing could be skipped). */
    private int recorded;

    UnchangedInputs(LinkFlowLists lists, int links) {
        this.lists = lists;
        listAt = new long[links];
        sharesAt = new long[links];
        touchedAt = new long[links];
        wholeAt = new long[links];
        nextOf = new int[links][];
        nextCount = new int[links];
        changed = new int[links];
        isChanged = new boolean[links];
        marked = new int[links];
    }

    /** A class entered or left {@code link}. O(1). */
    void loadChanged(int link) {
        if (!isChanged[link]) {
            isChanged[link] = true;
            changed[changedCount++] = link;
        }
    }

    /**
     * A new solve, after its ideal fill (whose entries in {@code log} start at {@link FixLog#fillStart}): marks what
     * changed since the last ({@code records} the class records, {@code stride} apart).
     */
    void beginSolve(int[] records, int stride, FixLog log) {
        long now = ++solve;
        if (recorded == 0) {
            for (int c = 0; c < changedCount; c++) {
                isChanged[changed[c]] = false; // changes before any recorded reading
            }
            changedCount = 0;
            return;
        }
        int entryShift = lists.entryShift;
        int indexMask = (1 << entryShift) - 1;
        markedCount = 0;
        for (int c = 0; c < changedCount; c++) {
            int first = changed[c];
            isChanged[first] = false;
            mark(first, now);
            if (lists.firstCount[first] == 0) {
                continue;
            }
            int[] list = lists.entries[first];
            for (int k = 0; k < lists.count[first]; k++) {
                if ((list[k] & indexMask) == 0) {
                    int base = (list[k] >>> entryShift) * stride;
                    int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
                    for (int at = base + FlowTable.LINKS; at < end; at++) {
                        mark(records[at], now);
                    }
                }
            }
        }
        changedCount = 0;
        for (int m = 0; m < markedCount; m++) {
            int link = marked[m];
            int[] list = lists.entries[link];
            for (int k = 0; k < lists.count[link]; k++) {
                int index = list[k] & indexMask;
                int base = (list[k] >>> entryShift) * stride;
                if (index + 1 < records[base + FlowTable.LENGTH]) {
                    sharesAt[records[base + FlowTable.LINKS + index + 1]] = now;
                }
            }
        }
        int[] entries = log.entries;
        for (int at = log.fillStart; at < log.end; at += FixLog.LINKS + entries[at + FixLog.LENGTH]) {
            for (int j = at + FixLog.LINKS; j < at + FixLog.LINKS + entries[at + FixLog.LENGTH]; j++) {
                touchedAt[entries[j]] = now;
            }
        }
    }

    private void mark(int link, long now) {
        if (listAt[link] != now) {
            listAt[link] = now;
            sharesAt[link] = now;
            if (lists.entries[link] != null) {
                marked[markedCount++] = link;
            }
        }
    }

    /** Whether {@code link}'s last recorded reading read whole and nothing it read but the held bytes changed since. */
    boolean whole(int link) {
        long at = wholeAt[link];
        if (at == 0 || listAt[link] > at || touchedAt[link] > at) {
            return false;
        }
        int[] next = nextOf[link];
        for (int i = 0; i < nextCount[link]; i++) {
            if (sharesAt[next[i]] > at || touchedAt[next[i]] > at) {
                return false;
            }
        }
        return true;
    }

    /** Records a reading of {@code link} in this solve: whole or not, and its {@code count} distinct next links. */
    void read(int link, boolean whole, int[] next, int count) {
        recorded += (whole ? 1 : 0) - (wholeAt[link] != 0 ? 1 : 0);
        wholeAt[link] = whole ? solve : 0;
        if (!whole) {
            return;
        }
        if (nextOf[link] == null || nextOf[link].length < count) {
            nextOf[link] = new int[Math.max(4, count)];
        }
        System.arraycopy(next, 0, nextOf[link], 0, count);
        nextCount[link] = count;
    }
}
