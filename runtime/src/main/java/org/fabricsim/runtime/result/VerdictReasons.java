package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Why a training run is behind a study's winner, and what an MFU point is priced at: the two things a verdict in MFU
 * points and dollars must say for a reader to defend it (session 71's network architect found both only in the
 * side-by-side table and the per-run blocks, below the headline).
 * <ul>
 * <li>{@link Split}: a gap of p points between the winner w and the run r splits like {@link Comparison}'s rows, but
 * against the winner: behaviour = (b_r − b_w) × 100, routing = (q_r − q_w) × 100, where b and q are the runs'
 * {@value Comparison#LOST_TO_BEHAVIOUR} and {@value Comparison#LOST_TO_ROUTING} (MFU lost against the same switches and
 * links with ideal sharing, then with ideal spreading), and the rest p − behaviour − routing: the ideal fabrics'
 * difference, the switches and links.</li>
 * <li>{@link #pricing}: one MFU point a year = the cluster's dollars per hour × 8,760 h ÷ 100, the dollars per hour
 * being accelerators × dollars per accelerator-hour ({@code costPerHour} ÷ {@code parameters.accelerators}).</li>
 * </ul>
 */
public final class VerdictReasons {
    private VerdictReasons() {
    }

    /**
     * A gap in MFU points split into its causes; the three sum to the gap.
     *
     * @param behaviourPoints the fabric's flow control, congestion control and recovery
     * @param routingPoints   its routing against ideal spreading
     * @param restPoints      the rest: the switches and links (the ideal fabrics' difference)
     */
    public record Split(double behaviourPoints, double routingPoints, double restPoints) {
        /**
         * {@code behaviour 1.1, routing 1.9, switches and links 0.3 points}; a part that prints as zero is written
         * {@code 0.0}, never {@code -0.0} (the rest is a subtraction: 3.0 − 0 − 3.0 may leave −4·10⁻¹⁶).
         */
        String text() {
            return String.format(Locale.ROOT, "behaviour %.1f, routing %.1f, switches and links %.1f points",
                    tenth(behaviourPoints), tenth(routingPoints), tenth(restPoints));
        }

        private static double tenth(double points) {
            return Math.abs(points) < 0.05 ? 0 : points;
        }

        Map<String, Object> toJsonMap() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("behaviourPoints", behaviourPoints);
            json.put("routingPoints", routingPoints);
            json.put("restPoints", restPoints);
            json.put("text", text());
            return json;
        }
    }

    /** The split of {@code run}'s gap of {@code points} behind {@code best}, or null when either lacks the MFU split. */
    static Split split(RunResult best, RunResult run, double points) {
        Double bestBehaviour = number(best.metrics(), Comparison.LOST_TO_BEHAVIOUR);
        Double bestRouting = number(best.metrics(), Comparison.LOST_TO_ROUTING);
        Double behaviour = number(run.metrics(), Comparison.LOST_TO_BEHAVIOUR);
        Double routing = number(run.metrics(), Comparison.LOST_TO_ROUTING);
        if (bestBehaviour == null || bestRouting == null || behaviour == null || routing == null) {
            return null;
        }
        double behaviourPoints = 100 * (behaviour - bestBehaviour);
        double routingPoints = 100 * (routing - bestRouting);
        return new Split(behaviourPoints, routingPoints, points - behaviourPoints - routingPoints);
    }

    /**
     * What an MFU point is worth a year on the runs' clusters, in words, or null when a run states no cost: {@code an
     * MFU point a year: $89,702 on each cluster (256 accelerators at $4/h, × 8,760 h ÷ 100)}; where the clusters
     * differ, each price with the runs it holds for: {@code $89,702 on [c=A] (...); $44,851 on [c=B] (...)}.
     */
    static String pricing(List<RunResult> runs, Map<String, String> labels) {
        Map<Price, List<String>> byPrice = new LinkedHashMap<>();
        for (RunResult run : runs) {
            Double perPoint = number(run.metrics(), "costPerMfuPointPerYear");
            Double perHour = number(run.metrics(), "costPerHour");
            Double accelerators = number(run.parameters(), "accelerators");
            if (perPoint == null || perHour == null || accelerators == null || accelerators <= 0) {
                return null;
            }
            Price price = new Price(MetricText.dollars(perPoint), String.format(Locale.ROOT,
                    "%s accelerators at %s/h, × 8,760 h ÷ 100", Metrics.count(accelerators),
                    MetricText.dollars(perHour / accelerators)));
            byPrice.computeIfAbsent(price, key -> new ArrayList<>()).add(labels.get(run.name()));
        }
        List<String> parts = new ArrayList<>();
        byPrice.forEach((price, names) -> parts.add(price.dollars() + " on " + (byPrice.size() == 1 ? "each cluster"
                : String.join(", ", names)) + " (" + price.derivation() + ")"));
        return "an MFU point a year: " + String.join("; ", parts);
    }

    /** One MFU point's dollars a year and how they follow from the cluster's accelerators and hourly price. */
    private record Price(String dollars, String derivation) {
    }

    private static Double number(Map<String, Object> map, String key) {
        return map.get(key) instanceof Number n && Double.isFinite(n.doubleValue()) ? n.doubleValue() : null;
    }
}
