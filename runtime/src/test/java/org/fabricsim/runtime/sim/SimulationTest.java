package org.fabricsim.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class SimulationTest {
    private static final TimeSource IDLE = new TimeSource() {
        @Override
        public long nextEventPs() {
            return NONE;
        }

        @Override
        public void fire(Simulation simulation) {
            throw new AssertionError("idle source fired");
        }
    };

    @Test
    void shouldFireEventsInTimeOrderAndSimultaneousOnesInSchedulingOrder() {
        Simulation simulation = new Simulation(7);
        List<String> fired = new ArrayList<>();
        int handler = simulation.register(payload -> fired.add(simulation.nowPs() + ":" + payload));
        simulation.schedule(30, handler, 1);
        simulation.schedule(10, handler, 2);
        simulation.schedule(30, handler, 3);
        simulation.schedule(10, handler, 4);
        simulation.run(IDLE);
        assertEquals(List.of("10:2", "10:4", "30:1", "30:3"), fired);
        assertEquals(30, simulation.nowPs());
        assertEquals(4, simulation.eventsFired());
    }

    @Test
    void shouldNotFireCancelledEvents() {
        Simulation simulation = new Simulation(1);
        List<Integer> fired = new ArrayList<>();
        int handler = simulation.register(fired::add);
        int cancelled = simulation.schedule(5, handler, 1);
        simulation.schedule(6, handler, 2);
        simulation.cancel(cancelled);
        simulation.run(IDLE);
        assertEquals(List.of(2), fired);
    }

    @Test
    void shouldRefuseToScheduleInThePast() {
        Simulation simulation = new Simulation(1);
        simulation.advanceTo(100);
        int handler = simulation.register(payload -> { });
        assertThrows(IllegalArgumentException.class, () -> simulation.schedule(99, handler, 0));
    }

    @Test
    void shouldDrawTheSameRandomNumbersForTheSameSeed() {
        long[] first = new Simulation(42).random().longs(5).toArray();
        long[] second = new Simulation(42).random().longs(5).toArray();
        assertArrayEquals(first, second);
    }

    @Test
    void shouldKeepTheHeapOrderedUnderUpdatesAndRemovals() {
        IndexedMinHeap heap = new IndexedMinHeap(2);
        heap.put(5, 50, 0);
        heap.put(1, 10, 0);
        heap.put(9, 90, 0);
        heap.put(3, 30, 0);
        heap.put(9, 5, 0);
        heap.remove(1);
        assertEquals(9, heap.poll());
        assertEquals(3, heap.poll());
        assertEquals(5, heap.poll());
        assertEquals(0, heap.size());
    }

    @Test
    void shouldOrderDoubleKeysThroughTheirBits() {
        IndexedMinHeap heap = new IndexedMinHeap(4);
        heap.put(0, IndexedMinHeap.orderedBits(2.5), 0);
        heap.put(1, IndexedMinHeap.orderedBits(0.125), 0);
        heap.put(2, IndexedMinHeap.orderedBits(1e9), 0);
        assertEquals(1, heap.poll());
        assertEquals(0, heap.poll());
        assertEquals(2, heap.poll());
    }

    @Test
    void shouldPollInKeyThenTieThenHandleOrderWhateverTheInsertionsAndUpdates() {
        // 2,000 handles with keys from a small range (many equal keys, so ties and handles decide),
        // half of them re-keyed once and a tenth removed; the polls must come out as a sort of the
        // surviving (key, tie, handle) triples.
        SplittableRandom random = new SplittableRandom(7);
        IndexedMinHeap heap = new IndexedMinHeap(16);
        int n = 2000;
        long[][] entries = new long[n][];
        for (int handle = 0; handle < n; handle++) {
            entries[handle] = new long[] {random.nextInt(50), random.nextInt(3), handle};
            heap.put(handle, entries[handle][0], entries[handle][1]);
        }
        for (int handle = 0; handle < n; handle += 2) {
            entries[handle] = new long[] {random.nextInt(50), random.nextInt(3), handle};
            heap.put(handle, entries[handle][0], entries[handle][1]);
        }
        List<long[]> expected = new ArrayList<>();
        for (int handle = 0; handle < n; handle++) {
            if (handle % 10 == 3) {
                heap.remove(handle);
            } else {
                expected.add(entries[handle]);
            }
        }
        assertPollsInOrder(heap, expected);
    }

    @Test
    void shouldPollTheSameSequenceAfterABulkLoadAsAfterPuts() {
        // 20 and 1,000 handles (a sorted array and a heap) appended in a shuffled order (617 is prime
        // to both) with keys from a small range, then heapified:
        // the polls must be the sort of the (key, tie, handle) triples, as puts give, and the heap
        // must accept re-keying afterwards (handle 0 moved to the front).
        for (int n : new int[] {20, 1000}) {
            assertBulkLoadPollsInOrder(n);
        }
    }

    /** n handles bulk-loaded, handle 0 re-keyed to the front, polled against a sort. */
    private static void assertBulkLoadPollsInOrder(int n) {
        SplittableRandom random = new SplittableRandom(11);
        IndexedMinHeap heap = new IndexedMinHeap(4);
        List<long[]> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int handle = (i * 617) % n;
            long[] entry = {random.nextInt(40) + 1, random.nextInt(3), handle};
            heap.append(handle, entry[0], entry[1]);
            expected.add(entry);
        }
        heap.heapify();
        heap.put(0, 0, 0);
        expected.removeIf(e -> e[2] == 0);
        expected.add(new long[] {0, 0, 0});
        assertPollsInOrder(heap, expected);
    }

    @Test
    void shouldPollInOrderAcrossTheSortedArrayAndTheHeapWithUpdatesAndRemovals() {
        // Sizes swing around the sorted array's limit (32) and down to empty, where the heap becomes a
        // sorted array again, with re-keys and removals in both layouts; each poll must be the first
        // of the live (key, tie, handle) triples, found here by a linear scan of a plain array.
        SplittableRandom random = new SplittableRandom(5);
        IndexedMinHeap heap = new IndexedMinHeap(4);
        int n = 60;
        long[][] live = new long[n][];
        int count = 0;
        int[] targets = {20, 45, 0, 31, 33, 10, 60, 0};
        for (int target : targets) {
            while (count != target) {
                int handle = random.nextInt(n);
                if (count < target || random.nextInt(4) == 0 && live[handle] != null) {
                    if (live[handle] == null) {
                        count++;
                    }
                    live[handle] = new long[] {random.nextInt(8), random.nextInt(2), handle};
                    heap.put(handle, live[handle][0], live[handle][1]);
                } else if (random.nextInt(5) == 0) {
                    if (live[handle] != null) {
                        live[handle] = null;
                        count--;
                    }
                    heap.remove(handle);
                } else {
                    long[] first = null;
                    for (long[] entry : live) {
                        if (entry != null && (first == null || entry[0] < first[0]
                                || entry[0] == first[0] && (entry[1] < first[1]
                                        || entry[1] == first[1] && entry[2] < first[2]))) {
                            first = entry;
                        }
                    }
                    assertEquals(first[0], heap.peekKey());
                    assertEquals((int) first[2], heap.poll());
                    live[(int) first[2]] = null;
                    count--;
                }
                assertEquals(count, heap.size());
            }
        }
        assertTrue(heap.isEmpty());
    }

    /** Polls the heap empty: each poll must be the next of the (key, tie, handle) triples in sorted order. */
    private static void assertPollsInOrder(IndexedMinHeap heap, List<long[]> expected) {
        expected.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1])
                .thenComparingLong(e -> e[2]));
        for (long[] entry : expected) {
            assertEquals(entry[0], heap.peekKey());
            assertEquals((int) entry[2], heap.poll());
        }
        assertTrue(heap.isEmpty());
    }
}
