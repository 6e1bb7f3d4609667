package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class PacketEventQueueTest {

    /**
     * The reference order is derived independently of the queue: every event is numbered as it is
     * pushed (its sequence) and the expected pops are the events sorted by (due time, number), the
     * definition of the queue's order. Pushes mix fixed delays (more distinct delays than there are
     * lanes, so some go to the heap), absolute times, and equal due times from different stores, and
     * interleave with pops while the clock advances to each popped time.
     */
    @Test
    void shouldPopInTimeThenInsertionOrderAcrossLanesAndHeap() {
        SplittableRandom random = new SplittableRandom(7);
        EventQueue queue = new EventQueue();
        int total = 20_000;
        long[] dueTimes = new long[total];
        int pushed = 0;
        int popped = 0;
        int[] order = new int[total];
        long nowPs = 0;
        while (popped < total) {
            if (pushed < total && (queue.isEmpty() || random.nextInt(3) > 0)) {
                if (random.nextBoolean()) {
                    long delayPs = 100L * random.nextInt(EventQueue.LANES + 4);
                    dueTimes[pushed] = nowPs + delayPs;
                    queue.pushAfter(nowPs, delayPs, pushed);
                } else {
                    dueTimes[pushed] = nowPs + 100L * random.nextInt(12);
                    queue.push(dueTimes[pushed], pushed);
                }
                pushed++;
            } else {
                nowPs = queue.peekTimePs();
                order[popped++] = queue.pop();
            }
        }
        Integer[] expected = new Integer[total];
        Arrays.setAll(expected, i -> i);
        Arrays.sort(expected, (a, b) -> dueTimes[a] != dueTimes[b] ? Long.compare(dueTimes[a], dueTimes[b])
                : Integer.compare(a, b));
        assertTrue(queue.isEmpty());
        assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), order);
    }

    @Test
    void shouldHandOutEachLaneEventOnceInBatchesForReadAhead() {
        // Words 10..19 pushed 100 ps after t = 0..9 share one lane; word 20 is at an absolute time (the heap).
        // With a distance of 4: the heap's event has no lane (0 words); popping 10 leaves 11..19 in the lane, none
        // handed out yet, so the first 4 (11, 12, 13, 14) are; popping 11 leaves 3 of them unread-ahead in front,
        // more than 4 / 2, so nothing; popping 12 leaves 2 (13, 14), not more than 2, so the rest of the first 4
        // (15, 16) are handed out.
        EventQueue queue = new EventQueue();
        for (int i = 0; i < 10; i++) {
            queue.pushAfter(i, 100, 10 + i);
        }
        queue.push(50, 20);
        int[] words = new int[4];
        assertEquals(20, queue.pop());
        assertEquals(0, queue.unreadInLane(4, words), "an event from the heap has no lane");
        assertEquals(10, queue.pop());
        assertEquals(4, queue.unreadInLane(4, words));
        assertArrayEquals(new int[] {11, 12, 13, 14}, words);
        assertEquals(11, queue.pop());
        assertEquals(0, queue.unreadInLane(4, words));
        assertEquals(12, queue.pop());
        assertEquals(2, queue.unreadInLane(4, words));
        assertArrayEquals(new int[] {15, 16}, Arrays.copyOf(words, 2));
    }
}
