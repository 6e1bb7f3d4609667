package org.fabricsim.runtime.interop;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * Pairs every link of a graph with an opposite link (b → a for a → b, at the same rate and
 * latency), the two directions of one InfraGraph edge.
 *
 * <p>Builders add most pairs back to back (link l + 1 is l reversed), which is checked first. The
 * rest wait in an open-addressing table keyed by their ends ({@code from · 2³² + to}, Fibonacci hashing,
 * linear probing, at most half full) whose entries head chains of waiting links ({@code nextWaiting}); a link looks
 * up the chain of its reversed ends for a waiting link at its rate and latency. Cost O(links) time
 * (expected, for chains of a few links) and memory, no boxing.
 */
final class OppositeLinks {
    private static final long EMPTY = -1;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final Graph graph;
    private int shift;
    private long[] keys;
    private int[] heads;
    private int[] nextWaiting;

    private OppositeLinks(Graph graph) {
        this.graph = graph;
    }

    /**
     * Marks the first link of each opposite pair in handle order.
     *
     * @throws IllegalArgumentException naming the first link without a link back
     */
    static boolean[] firstOfPairs(Graph graph) {
        return new OppositeLinks(graph).pair();
    }

    private boolean[] pair() {
        int links = graph.linkCount();
        boolean[] first = new boolean[links];
        boolean[] paired = new boolean[links];
        boolean[] backToBack = new boolean[links];
        int rest = 0;
        for (int link = 0; link < links; link++) {
            if (link + 1 < links && reverses(link, link + 1)) {
                backToBack[link] = true;
                link++;
            } else {
                rest++;
            }
        }
        int capacity = Integer.highestOneBit(Math.max(1, rest) * 2) * 2;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        heads = new int[capacity];
        nextWaiting = new int[links];
        for (int link = 0; link < links; link++) {
            if (backToBack[link]) {
                first[link] = true;
                paired[link] = true;
                paired[++link] = true;
            } else {
                int waiting = takeWaiting(link);
                if (waiting >= 0) {
                    first[waiting] = true;
                    paired[waiting] = true;
                    paired[link] = true;
                } else {
                    wait(link);
                }
            }
        }
        for (int link = 0; link < links; link++) {
            if (!paired[link]) {
                throw new IllegalArgumentException("link " + link + " (node " + graph.linkFrom(link) + " to node "
                        + graph.linkTo(link) + ") has no link back at its rate and latency; InfraGraph edges are"
                        + " undirected, so only symmetric graphs can be exported");
            }
        }
        return first;
    }

    private boolean reverses(int link, int back) {
        return graph.linkFrom(link) == graph.linkTo(back) && graph.linkTo(link) == graph.linkFrom(back)
                && graph.linkBytesPerSecond(link) == graph.linkBytesPerSecond(back)
                && graph.linkLatencyPs(link) == graph.linkLatencyPs(back);
    }

    /** Removes and returns a waiting link that {@code link} reverses, or −1. */
    private int takeWaiting(int link) {
        int slot = slot((long) graph.linkTo(link) << 32 | graph.linkFrom(link));
        if (keys[slot] == EMPTY) {
            return -1;
        }
        int previous = -1;
        for (int waiting = heads[slot]; waiting >= 0; previous = waiting, waiting = nextWaiting[waiting]) {
            if (reverses(link, waiting)) {
                if (previous < 0) {
                    heads[slot] = nextWaiting[waiting];
                } else {
                    nextWaiting[previous] = nextWaiting[waiting];
                }
                return waiting;
            }
        }
        return -1;
    }

    private void wait(int link) {
        long key = (long) graph.linkFrom(link) << 32 | graph.linkTo(link);
        int slot = slot(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            heads[slot] = -1;
        }
        nextWaiting[link] = heads[slot];
        heads[slot] = link;
    }

    /** The slot of {@code key}: where it is, or the empty slot where it would go. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int slot = (int) (key * GOLDEN >>> shift);
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }
}
