package org.fabricsim.runtime.sim;

/**
 * The pending events of a {@link Simulation}, in the order (time, scheduling sequence): the order
 * is total because every event gets a new sequence number, so the order of {@link #poll}s depends
 * only on what was scheduled, not on how the queue stores it.
 *
 * <p><b>Small queues: a sorted ring.</b> Up to {@link #RING_CAPACITY} events sit in a circular
 * array sorted by time, the earliest at {@code head}. A poll takes the head, O(1) with no
 * comparison. An event being added has a larger sequence number than every queued one (the
 * simulation's counter only grows), so a queued event orders before it exactly when its time is
 * not later; insertion therefore compares times only. It goes from the side nearer the new event's
 * place, decided by the middle entry: from the latest entry back, moving the later ones one place on,
 * or from the head forward, moving the ones not later one place back (the head with them): O(min(k,
 * n − k)) for the k of n queued events later than the new one. A serving run keeps 15 events pending
 * on average and 19 at most; with its quiet decode iterations folded into runs, whose ends lie far
 * ahead, most events are scheduled near the head, so an event costs a few predictable steps instead
 * of a heap's sifts through data-dependent branches.
 *
 * <p><b>Large queues: a heap.</b> When the ring is full, every event moves into an
 * {@link IndexedMinHeap} keyed by (time, sequence), O(log₄ n) per operation; the queue returns to
 * the ring once the heap has shrunk to {@link #RING_RETURN} events (polled out in order, O(m log m)
 * for m = 16), so moves between the two are rare and a long run with many pending events pays the
 * heap's cost, not the ring's O(n).
 *
 * <p>{@link #remove} (cancellation) is O(n) in the ring (a scan from the latest entry, where a run's
 * end lies, then the shorter side moved one place) and O(log n) in the heap.
 */
final class EventQueue {
    /** Events the ring holds (a power of two, for the index mask). */
    static final int RING_CAPACITY = 64;
    /** Heap size at which the events return to the ring. */
    static final int RING_RETURN = 16;
    private static final int MASK = RING_CAPACITY - 1;
    private final long[] ringTime = new long[RING_CAPACITY];
    private final int[] ringEvent = new int[RING_CAPACITY];
    private int head;
    private int count;
    private final IndexedMinHeap heap = new IndexedMinHeap(2 * RING_CAPACITY);
    private boolean inHeap;

    boolean isEmpty() {
        return inHeap ? heap.isEmpty() : count == 0;
    }

    /** The earliest event's time. The queue must not be empty. */
    long peekTime() {
        return inHeap ? heap.peekKey() : ringTime[head];
    }

    /** Removes and returns the earliest event. The queue must not be empty. */
    int poll() {
        if (inHeap) {
            int event = heap.poll();
            if (heap.size() <= RING_RETURN) {
                returnToRing();
            }
            return event;
        }
        int event = ringEvent[head];
        head = (head + 1) & MASK;
        count--;
        return event;
    }

    /** Adds {@code event} at {@code timePs}; {@code sequence} must exceed that of every queued event. */
    void add(int event, long timePs, long sequence) {
        if (!inHeap && count == RING_CAPACITY) {
            moveToHeap();
        }
        if (inHeap) {
            heap.put(event, timePs, sequence);
            return;
        }
        if (count > 0 && ringTime[(head + (count >>> 1)) & MASK] > timePs) {
            insertFromHead(event, timePs);
        } else {
            insertFromTail(event, timePs);
        }
        count++;
    }

    /** Inserts after the last queued event not later than {@code timePs}, moving the later ones one place on. */
    private void insertFromTail(int event, long timePs) {
        int at = (head + count) & MASK;
        while (at != head) {
            int before = (at - 1) & MASK;
            if (ringTime[before] <= timePs) {
                break;
            }
            ringEvent[at] = ringEvent[before];
            ringTime[at] = ringTime[before];
            at = before;
        }
        ringEvent[at] = event;
        ringTime[at] = timePs;
    }

    /** The same place, reached from the head: the queued events not later than {@code timePs} move one place back. */
    private void insertFromHead(int event, long timePs) {
        int at = (head - 1) & MASK;
        head = at;
        int next = (at + 1) & MASK;
        while (ringTime[next] <= timePs) {
            ringEvent[at] = ringEvent[next];
            ringTime[at] = ringTime[next];
            at = next;
            next = (at + 1) & MASK;
        }
        ringEvent[at] = event;
        ringTime[at] = timePs;
    }

    /** Removes {@code event} if it is queued; returns whether it was. */
    boolean remove(int event) {
        if (inHeap) {
            boolean queued = heap.contains(event);
            heap.remove(event);
            return queued;
        }
        for (int i = count - 1; i >= 0; i--) {
            if (ringEvent[(head + i) & MASK] == event) {
                if (2 * i < count) {
                    for (int j = i; j > 0; j--) {
                        int to = (head + j) & MASK;
                        ringEvent[to] = ringEvent[(to - 1) & MASK];
                        ringTime[to] = ringTime[(to - 1) & MASK];
                    }
                    head = (head + 1) & MASK;
                } else {
                    for (int j = i + 1; j < count; j++) {
                        int from = (head + j) & MASK;
                        ringEvent[(from - 1) & MASK] = ringEvent[from];
                        ringTime[(from - 1) & MASK] = ringTime[from];
                    }
                }
                count--;
                return true;
            }
        }
        return false;
    }

    /**
     * The ring (full) goes into the heap: appended in order and heapified, O(n). Each event's
     * tie-breaker is its place in the ring, which orders it among the others as its sequence did,
     * and before every event added later (whose sequence, the tie-breaker then, is at least the
     * {@link #RING_CAPACITY} events scheduled so far).
     */
    private void moveToHeap() {
        for (int i = 0; i < count; i++) {
            int at = (head + i) & MASK;
            heap.append(ringEvent[at], ringTime[at], i);
        }
        heap.heapify();
        head = 0;
        count = 0;
        inHeap = true;
    }

    /** The heap's events come back to the (empty) ring in order. */
    private void returnToRing() {
        while (!heap.isEmpty()) {
            ringTime[count] = heap.peekKey();
            ringEvent[count++] = heap.poll();
        }
        inHeap = false;
    }
}
