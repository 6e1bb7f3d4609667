package org.fabricsim.runtime.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.sim.RadixSort;

/**
 * Nearest-rank percentiles: the p-th percentile of n sorted values is the ⌈p·n/100⌉-th. Sorting is
 * O(n) from {@value #RADIX_MIN} values on ({@link #sort}), O(n log n) below.
 */
final class Percentiles {
    /** Values from which {@link #sort} takes the radix sort (below, Arrays.sort is as fast). */
    static final int RADIX_MIN = 4096;

    private Percentiles() {
    }

    /**
     * Sorts {@code values[0, count)} ascending in the order of {@link Arrays#sort(double[])} (−0.0
     * before 0.0, NaN last): {@link RadixSort} on the IEEE-754 bits mapped to an unsigned order (a
     * negative value's bits inverted, a positive value's sign bit set), at most 6 passes of 11 bits, a
     * pass skipped where every key has the same digit. O(count) time; {@code keys} and
     * {@code spare} are scratch of at least count longs each (reused across calls, so a run's five
     * summaries allocate nothing per call).
     */
    static void sort(double[] values, int count, long[] keys, long[] spare) {
        if (count < RADIX_MIN) {
            Arrays.sort(values, 0, count);
            return;
        }
        for (int i = 0; i < count; i++) {
            long bits = Double.doubleToRawLongBits(values[i]);
            keys[i] = bits ^ (bits >> 63 | Long.MIN_VALUE);
        }
        RadixSort.sort(keys, count, 0, spare);
        for (int i = 0; i < count; i++) {
            long key = keys[i];
            values[i] = Double.longBitsToDouble(key ^ (~(key >> 63) | Long.MIN_VALUE));
        }
    }

    /**
     * {p50, p90, p99, mean} of the first {@code count} values (sorted in place, with the scratch
     * of {@link #sort}).
     */
    static Map<String, Object> summary(double[] values, int count, long[] keys, long[] spare) {
        sort(values, count, keys, spare);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += values[i];
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("p50", ofSorted(values, count, 50));
        summary.put("p90", ofSorted(values, count, 90));
        summary.put("p99", ofSorted(values, count, 99));
        summary.put("mean", count == 0 ? 0.0 : sum / count);
        return summary;
    }

    /**
     * The empirical CDF of the first {@code count} values (already sorted) at {@code points} evenly
     * spaced fractions: [[value at fraction i/points, i/points], …] for i = 1..points.
     */
    static List<Object> cdf(double[] sortedValues, int count, int points) {
        List<Object> curve = new ArrayList<>();
        if (count == 0) {
            return curve;
        }
        for (int i = 1; i <= points; i++) {
            double fraction = (double) i / points;
            curve.add(List.of(ofSorted(sortedValues, count, 100 * fraction), fraction));
        }
        return curve;
    }

    /** The {@code percentile}-th percentile of the first {@code count} values, already sorted; 0 when none. O(1). */
    static double ofSorted(double[] values, int count, double percentile) {
        if (count == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(percentile / 100 * count);
        return values[Math.max(0, Math.min(count, rank) - 1)];
    }
}
