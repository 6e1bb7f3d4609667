package org.fabricsim.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class EventQueueTest {
    /** (time, sequence, event) of an expected entry; sequences are unique, so the order is total. */
    private record Entry(long timePs, long sequence, int event) {
    }

    private static final Comparator<Entry> ORDER = Comparator.comparingLong(Entry::timePs)
            .thenComparingLong(Entry::sequence);

    @Test
    void shouldPollInTimeThenSchedulingOrderWhileGrowingPastTheRingAndShrinkingBack() {
        // Schedules as a simulation does (times at or after the last polled one, from a small range so
        // that equal times are common), growing the queue to 300 events (past the ring's 64, into the
        // heap), draining it to 5 (back below the ring's return size), growing it to 100 and emptying
        // it, cancelling every 7th event scheduled; every poll must be the next of a sort of the
        // surviving (time, sequence) pairs, which a TreeSet keeps independently.
        SplittableRandom random = new SplittableRandom(3);
        EventQueue queue = new EventQueue();
        TreeSet<Entry> expected = new TreeSet<>(ORDER);
        long sequence = 0;
        long nowPs = 0;
        int[] targets = {300, 5, 100, 0};
        int cancelled = 0;
        for (int target : targets) {
            while (expected.size() != target) {
                if (expected.size() < target) {
                    long timePs = nowPs + random.nextInt(20);
                    Entry entry = new Entry(timePs, sequence, (int) sequence);
                    queue.add(entry.event(), timePs, sequence++);
                    expected.add(entry);
                    if (entry.sequence() % 7 == 0) {
                        assertTrue(queue.remove(entry.event()));
                        assertFalse(queue.remove(entry.event()));
                        expected.remove(entry);
                        cancelled++;
                    }
                } else {
                    Entry first = expected.pollFirst();
                    assertEquals(first.timePs(), queue.peekTime());
                    assertEquals(first.event(), queue.poll());
                    nowPs = first.timePs();
                }
            }
        }
        assertTrue(queue.isEmpty());
        assertTrue(cancelled > 50);
    }

    @Test
    void shouldPutAnEarlyEventAfterTheQueuedOnesOfItsTimeAndCancelFromEitherSide() {
        // Queued at 10, 10, 50, 60, 70: a new event at 10 has the largest sequence, so it polls after
        // both 10s and before the 50 (its place is nearer the head than the tail). Then the second 10
        // (second of six, nearer the head) and the 60 (fifth, nearer the tail) are cancelled; the rest
        // keep their order: 1, new, 3, 5.
        EventQueue queue = new EventQueue();
        queue.add(1, 10, 0);
        queue.add(2, 10, 1);
        queue.add(3, 50, 2);
        queue.add(4, 60, 3);
        queue.add(5, 70, 4);
        queue.add(6, 10, 5);
        assertTrue(queue.remove(2));
        assertTrue(queue.remove(4));
        int[] expected = {1, 6, 3, 5};
        long[] times = {10, 10, 50, 70};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(times[i], queue.peekTime());
            assertEquals(expected[i], queue.poll());
        }
        assertTrue(queue.isEmpty());
    }

    @Test
    void shouldCancelAQueuedEventOnlyOnceAndNotOneAlreadyPolled() {
        EventQueue queue = new EventQueue();
        queue.add(4, 30, 0);
        queue.add(2, 10, 1);
        queue.add(9, 20, 2);
        assertEquals(2, queue.poll());
        assertFalse(queue.remove(2));
        assertTrue(queue.remove(4));
        assertEquals(9, queue.poll());
        assertTrue(queue.isEmpty());
    }
}
