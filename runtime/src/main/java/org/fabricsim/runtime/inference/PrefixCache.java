package org.fabricsim.runtime.inference;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.fabricsim.runtime.spec.InferenceSpec.SharedPrefixes;

/**
 * The replicas' prefix caches over shared prompt prefixes ({@link SharedPrefixes}): each replica
 * holds up to C = min(⌊capacity ÷ L⌋, N) of the N prefixes, least recently used first out.
 *
 * <p>{@link #draw} gives each request its prefix, i ∈ [0, N) with probability (i+1)^−s ÷ Σ_j
 * (j+1)^−s, by inverting the cumulative popularity (a binary search over N sums). {@link #lookup}
 * is the per-request step: a hit moves the prefix to the front of its replica's recency list, a
 * miss inserts it there (its prefill computes it) and, with C prefixes held, evicts the list's tail.
 * The lists are doubly linked over int arrays, node r·C + k being the k-th entry of replica r, and
 * an int index of replica r·N + prefix → node (−1: not held), so a lookup is O(1) and allocates
 * nothing. Memory O(R·(N + C)) ints for R replicas.
 */
final class PrefixCache {
    private static final int NONE = -1;

    private final int prefixes;
    private final int tokens;
    private final int entries;
    private final int[] prefixOf;
    private final int[] nodeOf;
    private final int[] keyOf;
    private final int[] prev;
    private final int[] next;
    private final int[] head;
    private final int[] tail;
    private final int[] size;

    /** Empty caches of {@code shared}'s capacity on {@code replicas} replicas; request q's prefix is {@code prefixOf[q]}. */
    PrefixCache(SharedPrefixes shared, int replicas, int[] prefixOf) {
        prefixes = shared.prefixes();
        tokens = shared.tokens();
        this.prefixOf = prefixOf;
        entries = Math.min(shared.cacheEntries(), prefixes);
        nodeOf = new int[Math.multiplyExact(replicas, prefixes)];
        Arrays.fill(nodeOf, NONE);
        int nodes = Math.multiplyExact(replicas, entries);
        keyOf = new int[nodes];
        prev = new int[nodes];
        next = new int[nodes];
        head = new int[replicas];
        tail = new int[replicas];
        size = new int[replicas];
        Arrays.fill(head, NONE);
        Arrays.fill(tail, NONE);
    }

    /** The prefix of each of {@code requests} requests, drawn from {@code random} by popularity. */
    static int[] draw(SharedPrefixes shared, SplittableRandom random, int requests) {
        int n = shared.prefixes();
        double[] cumulative = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Math.pow(i + 1, -shared.zipf());
            cumulative[i] = sum;
        }
        int[] prefixOf = new int[requests];
        for (int q = 0; q < requests; q++) {
            double u = random.nextDouble() * sum;
            int found = Arrays.binarySearch(cumulative, u);
            int index = found >= 0 ? found + 1 : -found - 1;
            prefixOf[q] = Math.min(index, n - 1);
        }
        return prefixOf;
    }

    /** Request q is routed to {@code replica}: the L tokens of its prefix when held there ({@link #lookup}), else 0. */
    int cachedTokens(int replica, int q) {
        return lookup(replica, prefixOf[q]) ? tokens : 0;
    }

    /** Whether {@code replica} holds {@code prefix}; either way it is now that replica's most recent. */
    boolean lookup(int replica, int prefix) {
        if (entries == 0) {
            return false;
        }
        int node = nodeOf[replica * prefixes + prefix];
        if (node != NONE) {
            unlink(replica, node);
            pushFront(replica, node);
            return true;
        }
        if (size[replica] < entries) {
            node = replica * entries + size[replica]++;
        } else {
            node = tail[replica];
            unlink(replica, node);
            nodeOf[replica * prefixes + keyOf[node]] = NONE;
        }
        keyOf[node] = prefix;
        nodeOf[replica * prefixes + prefix] = node;
        pushFront(replica, node);
        return false;
    }

    /** C: the prefixes one replica holds at most. */
    int entries() {
        return entries;
    }

    private void unlink(int replica, int node) {
        int before = prev[node];
        int after = next[node];
        if (before == NONE) {
            head[replica] = after;
        } else {
            next[before] = after;
        }
        if (after == NONE) {
            tail[replica] = before;
        } else {
            prev[after] = before;
        }
    }

    private void pushFront(int replica, int node) {
        prev[node] = NONE;
        next[node] = head[replica];
        if (head[replica] != NONE) {
            prev[head[replica]] = node;
        }
        head[replica] = node;
        if (tail[replica] == NONE) {
            tail[replica] = node;
        }
    }
}
