package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * The pending events, ordered by the key (time in picoseconds, sequence of insertion): ties break
 * FIFO, so runs are deterministic. Two stores share one sequence counter:
 *
 * <ul>
 * <li><b>Delay lanes.</b> Most events come a fixed delay after the moment they are scheduled (a
 * link's serialization of a full packet, its serialization plus latency, its latency for pause,
 * resume and credit frames, the retransmission timeout, DCQCN's timers). Events pushed with the same
 * delay d at non-decreasing simulation times t are due at non-decreasing t + d, with increasing
 * sequence, so each distinct delay is a FIFO ring buffer already in key order: O(1) push and pop, no
 * sifting, sequential memory (a lane's keys interleaved, time then sequence; its first key copied to
 * arrays of all lanes' first keys, which is all that finding the earliest reads). Up to {@link #LANES}
 * distinct delays get a lane, first come. Because a lane's order is known, {@link #unreadInLane}
 * hands its next events out in batches, for the caller's read-ahead.</li>
 * <li><b>A 4-ary min-heap</b> in parallel primitive arrays for every other event (absolute times,
 * delays beyond the lanes): O(log E) push and pop.</li>
 * </ul>
 *
 * <p>The earliest event is the least key among the heap's top and the lanes' heads, so the order
 * is exactly that of one heap over all events (the same run, event for event). Pop is O(LANES +
 * log E_heap); nothing is allocated once the arrays have grown.
 */
final class EventQueue {
    static final int LANES = 8;
    private long[] timePs = new long[1024];
    private long[] sequence = new long[1024];
    private int[] event = new int[1024];
    private int size;
    private long nextSequence;
    private final long[] laneDelayPs = new long[LANES];
    /** Each lane's keys, interleaved: due time at 2i, sequence at 2i + 1 (one load serves both). */
    private final long[][] laneKeys = new long[LANES][];
    private final int[][] laneEvent = new int[LANES][];
    private final int[] laneFirst = new int[LANES];
    private final int[] laneSize = new int[LANES];
    /** The key of each non-empty lane's first event, side by side, so that finding the earliest reads two short arrays. */
    private final long[] headTimePs = new long[LANES];
    private final long[] headSequence = new long[LANES];
    /** Events at the front of each lane already handed out by {@link #unreadInLane}. */
    private final int[] laneRead = new int[LANES];
    private int lanes;
    private int pending;
    /** The source of the earliest event: a lane index, or −1 for the heap; valid while {@code !stale}. */
    private int nextSource;
    private boolean stale = true;
    /** The lane of the event popped last, or −1 for the heap. */
    private int lastLane = -1;

    boolean isEmpty() {
        return pending == 0;
    }

    int size() {
        return pending;
    }

    /** Time of the earliest event; undefined when empty. */
    long peekTimePs() {
        int source = nextSource();
        return source < 0 ? timePs[0] : headTimePs[source];
    }

    /** Schedules {@code word} {@code delayPs} after {@code nowPs}, which never decreases between calls. */
    void pushAfter(long nowPs, long delayPs, int word) {
        int lane = lane(delayPs);
        if (lane < 0) {
            push(nowPs + delayPs, word);
            return;
        }
        int[] events = laneEvent[lane];
        if (laneSize[lane] == events.length) {
            growLane(lane);
            events = laneEvent[lane];
        }
        int at = (laneFirst[lane] + laneSize[lane]) & (events.length - 1);
        long due = nowPs + delayPs;
        long seq = nextSequence++;
        long[] keys = laneKeys[lane];
        keys[2 * at] = due;
        keys[2 * at + 1] = seq;
        events[at] = word;
        if (laneSize[lane]++ == 0) {
            headTimePs[lane] = due;
            headSequence[lane] = seq;
        }
        pending++;
        stale = true;
    }

    void push(long atPs, int word) {
        if (size == timePs.length) {
            int capacity = size * 2;
            timePs = Arrays.copyOf(timePs, capacity);
            sequence = Arrays.copyOf(sequence, capacity);
            event = Arrays.copyOf(event, capacity);
        }
        long seq = nextSequence++;
        int at = size++;
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (timePs[parent] < atPs || timePs[parent] == atPs && sequence[parent] < seq) {
                break;
            }
            timePs[at] = timePs[parent];
            sequence[at] = sequence[parent];
            event[at] = event[parent];
            at = parent;
        }
        timePs[at] = atPs;
        sequence[at] = seq;
        event[at] = word;
        pending++;
        stale = true;
    }

    /** Removes the earliest event and returns its word. */
    int pop() {
        int source = nextSource();
        pending--;
        stale = true;
        lastLane = source;
        if (source >= 0) {
            int[] events = laneEvent[source];
            int first = laneFirst[source];
            int next = (first + 1) & (events.length - 1);
            laneFirst[source] = next;
            if (--laneSize[source] > 0) {
                long[] keys = laneKeys[source];
                headTimePs[source] = keys[2 * next];
                headSequence[source] = keys[2 * next + 1];
            }
            if (laneRead[source] > 0) {
                laneRead[source]--;
            }
            return events[first];
        }
        return popHeap();
    }

    /**
     * Read-ahead in batches: when at most {@code distance}/2 events at the front of the lane just popped from
     * have been handed out, copies into {@code into} the words of the rest of its first {@code distance} events
     * (the events that lane delivers next, in order) and returns how many; 0 otherwise, or when the event came
     * from the heap. Each lane event is handed out once, and a caller that loads what they refer to issues those
     * loads together, so that their cache misses overlap. O(distance) per call, O(1) per event.
     */
    int unreadInLane(int distance, int[] into) {
        int lane = lastLane;
        if (lane < 0 || laneRead[lane] > distance / 2) {
            return 0;
        }
        int read = laneRead[lane];
        int until = Math.min(laneSize[lane], distance);
        int[] events = laneEvent[lane];
        int first = laneFirst[lane];
        int count = 0;
        for (int i = read; i < until; i++) {
            into[count++] = events[(first + i) & (events.length - 1)];
        }
        laneRead[lane] = Math.max(read, until);
        return count;
    }

    private int nextSource() {
        if (stale) {
            int best = -1;
            long bestTime = size > 0 ? timePs[0] : Long.MAX_VALUE;
            long bestSeq = size > 0 ? sequence[0] : Long.MAX_VALUE;
            for (int lane = 0; lane < lanes; lane++) {
                if (laneSize[lane] > 0) {
                    long time = headTimePs[lane];
                    if (time < bestTime || time == bestTime && headSequence[lane] < bestSeq) {
                        best = lane;
                        bestTime = time;
                        bestSeq = headSequence[lane];
                    }
                }
            }
            nextSource = best;
            stale = false;
        }
        return nextSource;
    }

    /** The lane of {@code delayPs}, opened if there is room; −1 when all lanes hold other delays. */
    private int lane(long delayPs) {
        for (int lane = 0; lane < lanes; lane++) {
            if (laneDelayPs[lane] == delayPs) {
                return lane;
            }
        }
        if (lanes == LANES) {
            return -1;
        }
        laneDelayPs[lanes] = delayPs;
        laneKeys[lanes] = new long[2 * 256];
        laneEvent[lanes] = new int[256];
        return lanes++;
    }

    /** Doubles a full lane, its ring copied in order to the start of the new arrays. */
    private void growLane(int lane) {
        int count = laneSize[lane];
        int first = laneFirst[lane];
        long[] keys = laneKeys[lane];
        int[] events = laneEvent[lane];
        long[] grownKeys = new long[4 * count];
        int[] grown = new int[2 * count];
        for (int i = 0; i < count; i++) {
            int at = (first + i) & (count - 1);
            grownKeys[2 * i] = keys[2 * at];
            grownKeys[2 * i + 1] = keys[2 * at + 1];
            grown[i] = events[at];
        }
        laneKeys[lane] = grownKeys;
        laneEvent[lane] = grown;
        laneFirst[lane] = 0;
    }

    private int popHeap() {
        int top = event[0];
        int last = --size;
        long lastTime = timePs[last];
        long lastSeq = sequence[last];
        int lastEvent = event[last];
        int at = 0;
        while (true) {
            int first = 4 * at + 1;
            if (first >= last) {
                break;
            }
            int child = first;
            int end = Math.min(first + 4, last);
            for (int other = first + 1; other < end; other++) {
                if (timePs[other] < timePs[child]
                        || timePs[other] == timePs[child] && sequence[other] < sequence[child]) {
                    child = other;
                }
            }
            if (lastTime < timePs[child] || lastTime == timePs[child] && lastSeq < sequence[child]) {
                break;
            }
            timePs[at] = timePs[child];
            sequence[at] = sequence[child];
            event[at] = event[child];
            at = child;
        }
        timePs[at] = lastTime;
        sequence[at] = lastSeq;
        event[at] = lastEvent;
        return top;
    }
}
