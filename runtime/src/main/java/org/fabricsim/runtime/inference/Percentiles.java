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
    private static final double PICOSECONDS_PER_SECOND = 1e12;

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
     * Sorts {@code picoseconds[0, count)} and writes each ÷ 10¹² into {@code seconds[0, count)}: the
     * array {@link #sort} would make of those quotients, bit for bit, since x ↦ x ÷ 10¹² is monotone
     * (equal picoseconds give equal seconds, a later one never an earlier one). {@link RadixSort}
     * sorts the picoseconds less their minimum (unsigned differences, so any sign), whose highest set
     * bit bounds its passes: ⌈log₂(spread + 1) ÷ 11⌉, 4 for a spread under 2⁴⁴ ps (17.6 s) against
     * the 6 of a double's mapped bits. O(count); {@code picoseconds} ends sorted, {@code spare} is
     * scratch of at least count longs.
     */
    static void sortPicoseconds(long[] picoseconds, int count, double[] seconds, long[] spare) {
        if (count < RADIX_MIN) {
            Arrays.sort(picoseconds, 0, count);
        } else {
            long min = Long.MAX_VALUE;
            for (int i = 0; i < count; i++) {
                min = Math.min(min, picoseconds[i]);
            }
            for (int i = 0; i < count; i++) {
                picoseconds[i] -= min;
            }
            RadixSort.sort(picoseconds, count, 0, spare);
            for (int i = 0; i < count; i++) {
                picoseconds[i] += min;
            }
        }
        for (int i = 0; i < count; i++) {
            seconds[i] = picoseconds[i] / PICOSECONDS_PER_SECOND;
        }
    }

    /**
     * {p50, p90, p99, mean} of the first {@code count} values (sorted in place, with the scratch
     * of {@link #sort}).
     */
    static Map<String, Object> summary(double[] values, int count, long[] keys, long[] spare) {
        sort(values, count, keys, spare);
        return summaryOfSorted(values, count);
    }

    /**
     * {p50, p90, p99, mean} in seconds of the first {@code count} {@code picoseconds}, which
     * {@link #sortPicoseconds} sorts into {@code seconds}.
     */
    static Map<String, Object> summaryOfPicoseconds(long[] picoseconds, int count, double[] seconds, long[] spare) {
        sortPicoseconds(picoseconds, count, seconds, spare);
        return summaryOfSorted(seconds, count);
    }

    /** {p50, p90, p99, mean} of the first {@code count} values, already sorted (the mean summed in that order). O(count). */
    private static Map<String, Object> summaryOfSorted(double[] values, int count) {
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

    /** The confidence that {@link #upperBoundOfSorted} bounds a percentile from above: one-sided, 95 %. */
    static final double BOUND_CONFIDENCE = 0.95;

    /**
     * A distribution-free upper confidence bound on the {@code percentile}-th percentile of the population that the
     * first {@code count} sorted values sample: the (k+1)-th smallest, k the least with P(B ≤ k) ≥ {@value
     * #BOUND_CONFIDENCE} for B ~ Binomial(count, percentile ÷ 100), the number of values below the population's
     * percentile (the order-statistic interval of a quantile: W. J. Conover, Practical Nonparametric Statistics, 3rd
     * ed., 1999, §3.2). 1,000 values bound the p99 by the 996th (P(B ≤ 995) = 0.971, P(B ≤ 994) = 0.934); the largest
     * when there are too few to bound it. O(count · (1 − percentile ÷ 100)) terms, summed down from B = count in logs.
     */
    static double upperBoundOfSorted(double[] values, int count, double percentile) {
        if (count == 0) {
            return 0;
        }
        double q = percentile / 100;
        double logRatio = Math.log((1 - q) / q);
        double logPmf = count * Math.log(q);
        double above = 0;
        for (int j = count; j > 0; j--) {
            double withJ = above + Math.exp(logPmf);
            if (withJ > 1 - BOUND_CONFIDENCE) {
                return values[Math.min(j, count - 1)];
            }
            above = withJ;
            logPmf += Math.log((double) j / (count - j + 1)) + logRatio;
        }
        return values[0];
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
