package org.fabricsim.runtime.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Nearest-rank percentiles: the p-th percentile of n sorted values is the ⌈p·n/100⌉-th. O(n log n). */
final class Percentiles {
    private Percentiles() {
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
        Arrays.sort(values, 0, count);
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
