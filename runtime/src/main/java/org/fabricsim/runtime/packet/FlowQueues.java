package org.fabricsim.runtime.packet;

/**
 * FIFO queues of flow handles, one per key (a receiving node of {@link Pulls}, an egress port of
 * {@link VoqScheduler}): a ring of a power-of-two capacity per key, made at its first use and doubled when full,
 * never shrunk. O(1) amortized per operation, no allocation once the rings have grown.
 */
final class FlowQueues {
    private final int[][] rings;
    private final int[] first;
    private final int[] size;

    FlowQueues(int keys) {
        rings = new int[keys][];
        first = new int[keys];
        size = new int[keys];
    }

    boolean isEmpty(int key) {
        return size[key] == 0;
    }

    /** Appends {@code flow} to the queue of {@code key}. */
    void add(int key, int flow) {
        int[] ring = rings[key];
        if (ring == null) {
            ring = rings[key] = new int[16];
        } else if (size[key] == ring.length) {
            int[] grown = new int[ring.length * 2];
            for (int i = 0; i < size[key]; i++) {
                grown[i] = ring[(first[key] + i) & (ring.length - 1)];
            }
            ring = rings[key] = grown;
            first[key] = 0;
        }
        ring[(first[key] + size[key]++) & (ring.length - 1)] = flow;
    }

    /** Removes and returns the head of the queue of {@code key}, which must not be empty. */
    int poll(int key) {
        int[] ring = rings[key];
        int flow = ring[first[key]];
        first[key] = (first[key] + 1) & (ring.length - 1);
        size[key]--;
        return flow;
    }
}
