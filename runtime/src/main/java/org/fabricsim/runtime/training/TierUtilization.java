package org.fabricsim.runtime.training;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The utilization of one link tier over a step, summarized so that a result's size does not grow
 * with the cluster: at most 4 + {@link #MAX_GROUPS} numbers per tier.
 *
 * <p>For n links with utilizations u₀ … uₙ₋₁ in link order: mean = Σu ÷ n; max = the largest;
 * p99 by nearest rank = the r-th smallest, r = ⌈99·n ÷ 100⌉ (so below 100 links the p99 is the
 * max); groups: g = min(n, {@link #MAX_GROUPS}) contiguous groups, group b holding links
 * ⌊b·n ÷ g⌋ to ⌊(b + 1)·n ÷ g⌋ − 1, each reported as its busiest link, so every group has ⌊n ÷ g⌋
 * or ⌈n ÷ g⌉ links and a hot link is never averaged away. O(n log n) time (the sort for the
 * percentile), O(n) memory.
 *
 * @param links  the tier's links, n ≥ 1
 * @param mean   mean utilization
 * @param max    the busiest link's utilization
 * @param p99    99th percentile, nearest rank
 * @param groups the busiest link of each group, in link order
 */
public record TierUtilization(int links, double mean, double max, double p99, List<Double> groups) {
    /**
     * Groups per tier at most: the columns of the HTML report's heat map, which draws {@link
     * #groups} as they are (48 cells of a row stay readable across the report's 1,280-pixel page).
     */
    public static final int MAX_GROUPS = 48;
    private static final long PERCENTILE = 99;

    public TierUtilization {
        groups = List.copyOf(groups);
    }

    /** The summary of {@code utilization}, one fraction per link in link order (at least one link). */
    public static TierUtilization of(double[] utilization) {
        int n = utilization.length;
        if (n == 0) {
            throw new IllegalArgumentException("a link tier without links has no utilization");
        }
        double sum = 0;
        for (double u : utilization) {
            sum += u;
        }
        double[] sorted = utilization.clone();
        Arrays.sort(sorted);
        int rank = (int) ((PERCENTILE * n + 100 - 1) / 100);
        int g = Math.min(n, MAX_GROUPS);
        List<Double> groups = new ArrayList<>(g);
        for (int b = 0; b < g; b++) {
            double busiest = Double.NEGATIVE_INFINITY;
            for (int l = (int) ((long) b * n / g); l < (int) ((long) (b + 1) * n / g); l++) {
                busiest = Math.max(busiest, utilization[l]);
            }
            groups.add(busiest);
        }
        return new TierUtilization(n, sum / n, sorted[n - 1], sorted[rank - 1], groups);
    }

    /** The results' JSON shape: {@code {"links", "mean", "max", "p99", "groups"}}. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("links", links);
        json.put("mean", mean);
        json.put("max", max);
        json.put("p99", p99);
        json.put("groups", groups);
        return json;
    }
}
