package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * Seconds and FLOPs of one part of an iteration memoized per token count: decode batches repeat
 * the same few hundred counts millions of times. A count's seconds and FLOPs sit side by side
 * (entries 2n and 2n + 1), so a look-up and the FLOPs read after it touch one cache line. The array
 * doubles when a larger count arrives, so a look-up is O(1) amortized and memory O(largest count);
 * an entry not yet stored is NaN.
 */
final class CountMemo {
    private double[] entries = new double[0];

    /** Whether {@code count} has been stored; makes room for it. Small, so the JIT inlines it into its callers. */
    boolean has(int count) {
        int at = 2 * count;
        if (at >= entries.length) {
            grow(at);
        }
        return !Double.isNaN(entries[at]);
    }

    /** Doubles the array (at least past entry {@code at}), the new entries NaN. */
    private void grow(int at) {
        int length = Math.max(at + 2, entries.length * 2);
        int stored = entries.length;
        entries = Arrays.copyOf(entries, length);
        Arrays.fill(entries, stored, length, Double.NaN);
    }

    /** Stores the part's seconds and FLOPs for {@code count}, after {@link #has} made room; returns the seconds. */
    double put(int count, double partSeconds, double partFlops) {
        entries[2 * count] = partSeconds;
        entries[2 * count + 1] = partFlops;
        return partSeconds;
    }

    /** Seconds stored for {@code count}. */
    double seconds(int count) {
        return entries[2 * count];
    }

    /** FLOPs stored for {@code count}. */
    double flops(int count) {
        return entries[2 * count + 1];
    }
}
