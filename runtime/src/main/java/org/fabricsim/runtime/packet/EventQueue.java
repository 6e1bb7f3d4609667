package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * The pending events, ordered by the key (time in picoseconds, sequence of insertion): ties break
 * FIFO, so runs are deterministic. Two stores share one sequence counter:
 *
 * <ul>
 * <li><b>Delay lanes.</b> Most events come a fixed delay after the moment they are scheduled (a
 * link's serialization of a full packet, its serialization plus latency, its latency for pause,
 * resume and credit frames, the retransmission timeout). Events pushed with the same delay d at
 * non-decreasing simulation times t are due at non-decreasing t + d, with increasing sequence,
 * so each distinct delay is a FIFO ring buffer already in key order: O(1) push and pop, no
 * sifting, sequential memory. Up to {@link #LANES} distinct delays get a lane, first come.</li>
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
    private final long[][] laneTimePs = new long[LANES][];
    private final long[][] laneSequence = new long[LANES][];
    private final int[][] laneEvent = new int[LANES][];
    private final int[] laneFirst = new int[LANES];
    private final int[] laneSize = new int[LANES];
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
        return source < 0 ? timePs[0] : laneTimePs[source][laneFirst[source]];
    }

    /** Schedules {@code word} {@code delayPs} after {@code nowPs}, which never decreases between calls. */
    void pushAfter(long nowPs, long delayPs, int word) {
        int lane = lane(delayPs);
        if (lane < 0) {
            push(nowPs + delayPs, word);
            return;
        }
        long[] times = laneTimePs[lane];
        if (laneSize[lane] == times.length) {
            growLane(lane);
            times = laneTimePs[lane];
        }
        int at = (laneFirst[lane] + laneSize[lane]++) & (times.length - 1);
        times[at] = nowPs + delayPs;
        laneSequence[lane][at] = nextSequence++;
        laneEvent[lane][at] = word;
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
            int first = laneFirst[source];
            laneFirst[source] = (first + 1) & (laneTimePs[source].length - 1);
            laneSize[source]--;
            return laneEvent[source][first];
        }
        return popHeap();
    }

    /**
     * The word {@code distance} places behind the event just popped in its lane (the events that lane
     * delivers next, in order), or −1 when it came from the heap or the lane holds fewer. O(1).
     */
    int laterInLane(int distance) {
        int lane = lastLane;
        if (lane < 0 || laneSize[lane] < distance) {
            return -1;
        }
        int[] events = laneEvent[lane];
        return events[(laneFirst[lane] + distance - 1) & (events.length - 1)];
    }

    private int nextSource() {
        if (stale) {
            int best = -1;
            long bestTime = size > 0 ? timePs[0] : Long.MAX_VALUE;
            long bestSeq = size > 0 ? sequence[0] : Long.MAX_VALUE;
            for (int lane = 0; lane < lanes; lane++) {
                if (laneSize[lane] > 0) {
                    int first = laneFirst[lane];
                    long time = laneTimePs[lane][first];
                    if (time < bestTime || time == bestTime && laneSequence[lane][first] < bestSeq) {
                        best = lane;
                        bestTime = time;
                        bestSeq = laneSequence[lane][first];
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
        laneTimePs[lanes] = new long[256];
        laneSequence[lanes] = new long[256];
        laneEvent[lanes] = new int[256];
        return lanes++;
    }

    private void growLane(int lane) {
        int count = laneSize[lane];
        int first = laneFirst[lane];
        laneTimePs[lane] = unwrap(laneTimePs[lane], first, count);
        laneSequence[lane] = unwrap(laneSequence[lane], first, count);
        int[] events = laneEvent[lane];
        int[] grown = new int[count * 2];
        for (int i = 0; i < count; i++) {
            grown[i] = events[(first + i) & (count - 1)];
        }
        laneEvent[lane] = grown;
        laneFirst[lane] = 0;
    }

    /** A full ring of {@code count} (a power of two) starting at {@code first}, copied in order into one twice as long. */
    private static long[] unwrap(long[] ring, int first, int count) {
        long[] grown = new long[count * 2];
        for (int i = 0; i < count; i++) {
            grown[i] = ring[(first + i) & (count - 1)];
        }
        return grown;
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
