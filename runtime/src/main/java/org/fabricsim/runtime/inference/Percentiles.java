package org.fabricsim.runtime.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Nearest-rank percentiles: the p-th percentile of n sorted values is the ⌈p·n/100⌉-th. Sorting is
 * O(n) from {@value #RADIX_MIN} values on ({@link #sort}), O(n log n) below.
 */
final class Percentiles {
    /** Values from which {@link #sort} takes the radix sort (below, Arrays.sort is as fast). */
    static final int RADIX_MIN = 4096;
    private static final int DIGIT_BITS = 8;
    private static final int DIGITS = 1 << DIGIT_BITS;

    private Percentiles() {
    }

    /**
     * Sorts {@code values[0, count)} ascending in the order of {@link Arrays#sort(double[])} (−0.0
     * before 0.0, NaN last): a least-significant-digit radix sort on the IEEE-754 bits mapped to an
     * unsigned order (a negative value's bits inverted, a positive value's sign bit set), 8 passes of 8
     * bits, a pass skipped where every key has the same digit. O(count) time, 2·count longs of scratch.
     */
    static void sort(double[] values, int count) {
        if (count < RADIX_MIN) {
            Arrays.sort(values, 0, count);
            return;
        }
        long[] keys = new long[count];
        long[] spare = new long[count];
        for (int i = 0; i < count; i++) {
            long bits = Double.doubleToRawLongBits(values[i]);
            keys[i] = bits ^ (bits >> 63 | Long.MIN_VALUE);
        }
        int[] starts = new int[DIGITS];
        for (int shift = 0; shift < Long.SIZE; shift += DIGIT_BITS) {
            Arrays.fill(starts, 0);
            for (int i = 0; i < count; i++) {
                starts[(int) (keys[i] >>> shift) & DIGITS - 1]++;
            }
            if (starts[(int) (keys[0] >>> shift) & DIGITS - 1] == count) {
                continue;
            }
            int sum = 0;
            for (int d = 0; d < DIGITS; d++) {
                int n = starts[d];
                starts[d] = sum;
                sum += n;
            }
            for (int i = 0; i < count; i++) {
                long key = keys[i];
                spare[starts[(int) (key >>> shift) & DIGITS - 1]++] = key;
            }
            long[] swap = keys;
            keys = spare;
            spare = swap;
        }
        for (int i = 0; i < count; i++) {
            long key = keys[i];
            values[i] = Double.longBitsToDouble(key ^ (~(key >> 63) | Long.MIN_VALUE));
        }
    }

    /** The {@code percentile}-th percentile of {@code values} (sorted in place), 0 when empty. */
    static double of(double[] values, double percentile) {
        if (values.length == 0) {
            return 0;
        }
        Arrays.sort(values);
        return sorted(values, values.length, percentile);
    }

    /** {p50, p90, p99, mean} of the first {@code count} values (sorted in place). */
    static Map<String, Object> summary(double[] values, int count) {
        sort(values, count);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += values[i];
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("p50", sorted(values, count, 50));
        summary.put("p90", sorted(values, count, 90));
        summary.put("p99", sorted(values, count, 99));
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
            curve.add(List.of(sorted(sortedValues, count, 100 * fraction), fraction));
        }
        return curve;
    }

    private static double sorted(double[] values, int count, double percentile) {
        if (count == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(percentile / 100 * count);
        return values[Math.max(0, Math.min(count, rank) - 1)];
    }
}
