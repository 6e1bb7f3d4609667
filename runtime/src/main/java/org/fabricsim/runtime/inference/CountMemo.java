package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * Seconds and FLOPs of one part of an iteration memoized per token count: decode batches repeat
 * the same few hundred counts millions of times. The arrays double when a larger count arrives, so
 * a look-up is O(1) amortized and memory O(largest count); an entry not yet stored is NaN.
 */
final class CountMemo {
    private double[] seconds = new double[0];
    private double[] flops = new double[0];

    /** Whether {@code count} has been stored; makes room for it. */
    boolean has(int count) {
        if (count >= seconds.length) {
            int length = Math.max(count + 1, seconds.length * 2);
            seconds = grow(seconds, length);
            flops = grow(flops, length);
        }
        return !Double.isNaN(seconds[count]);
    }

    /** Stores the part's seconds and FLOPs for {@code count}, after {@link #has} made room; returns the seconds. */
    double put(int count, double partSeconds, double partFlops) {
        seconds[count] = partSeconds;
        flops[count] = partFlops;
        return partSeconds;
    }

    /** Seconds stored for {@code count}. */
    double seconds(int count) {
        return seconds[count];
    }

    /** FLOPs stored for {@code count}. */
    double flops(int count) {
        return flops[count];
    }

    private static double[] grow(double[] values, int length) {
        double[] grown = Arrays.copyOf(values, length);
        Arrays.fill(grown, values.length, length, Double.NaN);
        return grown;
    }
}
