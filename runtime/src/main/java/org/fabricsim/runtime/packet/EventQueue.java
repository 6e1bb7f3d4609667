package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events keyed by time in picoseconds, in parallel primitive arrays (a long
 * time, an int event word). Ties break by insertion order: the key is (time, sequence), the
 * sequence kept in a third array, so runs are deterministic and FIFO at equal times. Four children
 * per node halve the depth of a binary heap (pop compares up to four siblings, which share a cache
 * line). Push and pop are O(log E) for E pending events and allocate nothing once the arrays have
 * grown.
 */
final class EventQueue {
    private long[] timePs = new long[1024];
    private long[] sequence = new long[1024];
    private int[] event = new int[1024];
    private int size;
    private long nextSequence;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** Time of the earliest event; undefined when empty. */
    long peekTimePs() {
        return timePs[0];
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
    }

    /** Removes the earliest event and returns its word. */
    int pop() {
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
