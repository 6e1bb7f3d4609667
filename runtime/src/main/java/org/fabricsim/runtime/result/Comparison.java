package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The runs of one study side by side, each metric with its delta against the baseline: the first
 * run of the study that succeeded (normally its first run). Delta = (value − baseline) / |baseline|;
 * undefined (null) when either value is missing or the baseline is 0. When the rows show what an MFU point
 * is worth ({@code costPerMfuPointPerYear}), one more row, {@value #MFU_GAP}, prices each run's MFU difference
 * from the baseline: (MFU_baseline − MFU_run) × 100 points × the run's dollars per MFU point per year, positive
 * when the run loses utilisation the baseline has (what the difference costs a year on that cluster).
 * When the runs also say what their fabric's behaviour and routing cost them ({@value #LOST_TO_BEHAVIOUR},
 * {@value #LOST_TO_ROUTING}: MFU lost against the same hardware with ideal sharing, then with ideal
 * spreading), three more rows split that gap: {@value #MFU_GAP_BEHAVIOUR} = (b_run − b_baseline) × 100 ×
 * dollars per point, {@value #MFU_GAP_ROUTING} likewise with the routing losses, and {@value #MFU_GAP_OTHER}
 * the rest (switches, links, everything but behaviour and routing: the ideal fabrics' MFU difference).
 *
 * @param study     the study's name
 * @param baseline  the baseline run's name, or {@code null} when no run succeeded
 * @param runs      the runs' names, in order
 * @param rows      one row per metric: the reported ones when the study names any, else every scalar metric
 */
public record Comparison(String study, String baseline, List<String> runs, List<Row> rows) {
    /** The derived row pricing the MFU difference against the baseline, dollars per year. */
    public static final String MFU_GAP = "mfuGapDollarsPerYear";
    /** The part of {@value #MFU_GAP} the fabrics' behaviours make. */
    public static final String MFU_GAP_BEHAVIOUR = "mfuGapBehaviourDollarsPerYear";
    /** The part of {@value #MFU_GAP} the fabrics' routings make. */
    public static final String MFU_GAP_ROUTING = "mfuGapRoutingDollarsPerYear";
    /** The rest of {@value #MFU_GAP}: the ideal fabrics' difference (switches, links). */
    public static final String MFU_GAP_OTHER = "mfuGapOtherDollarsPerYear";
    /** A run's MFU lost to its fabric's behaviour (the study runner's MFU split). */
    public static final String LOST_TO_BEHAVIOUR = "mfuLostToBehaviour";
    /** A run's MFU lost to its fabric's routing against ideal spreading. */
    public static final String LOST_TO_ROUTING = "mfuLostToRouting";
    private static final String POINT_PER_YEAR = "costPerMfuPointPerYear";
    /** The relative size below which {@value #MFU_GAP_OTHER} is the rounding of its subtraction. */
    private static final double ROUNDING = 1e-9;

    /**
     * One metric across the runs.
     *
     * @param metric  the flattened metric key, or the reported name when no run has it
     * @param values  per run, or null where the run lacks it
     * @param deltas  per run, the relative change against the baseline, or null
     */
    public record Row(String metric, List<Double> values, List<Double> deltas) {
        /** The metric in words ({@link MetricText#label}): {@code step time} for {@code stepTimeSeconds}. */
        public String label() {
            return MetricText.label(metric);
        }

        /** Run {@code i}'s value in its unit ({@link MetricText}), or {@code -} where the run lacks it. */
        public String text(int i) {
            return values.get(i) == null ? "-" : MetricText.of(metric, values.get(i));
        }

        /**
         * Run {@code i}'s change against the baseline run {@code base}, or null for the baseline and where no delta
         * is defined: in percentage points for a percentage ({@code +1.3 points}), else relative ({@code +4.2%}),
         * as a factor from ten times the baseline ({@code ×632}, not {@code +63190.4%}).
         */
        public String change(int i, int base) {
            Double delta = deltas.get(i);
            if (i == base || delta == null) {
                return null;
            }
            if (!MetricText.percent(metric) && delta >= 9.995) {
                return "×" + Metrics.count(1 + delta);
            }
            double change = MetricText.percent(metric) ? 100 * (values.get(i) - values.get(base)) : 100 * delta;
            String text = String.format(Locale.ROOT, "%+.1f", change);
            text = text.equals("-0.0") ? "+0.0" : text;
            return text + (MetricText.percent(metric) ? " points" : "%");
        }
    }

    /** A comparison per study of {@code result} that has more than one run. */
    public static List<Comparison> of(StudyResult result) {
        List<Comparison> comparisons = new ArrayList<>();
        Map<String, List<String>> reports = new LinkedHashMap<>();
        result.studies().forEach(s -> reports.put(s.name(), s.report()));
        Set<String> studies = new LinkedHashSet<>();
        result.runs().forEach(r -> studies.add(r.study()));
        for (String study : studies) {
            List<RunResult> runs = result.runsOf(study);
            if (runs.size() > 1) {
                comparisons.add(of(study, runs, reports.getOrDefault(study, List.of())));
            }
        }
        return comparisons;
    }

    /** The comparison of {@code runs}, restricted to the {@code report}ed metrics when there are any. */
    public static Comparison of(String study, List<RunResult> runs, List<String> report) {
        List<Map<String, Double>> scalars = runs.stream().map(r -> Metrics.scalars(r.metrics())).toList();
        Set<String> keys = new LinkedHashSet<>();
        scalars.forEach(s -> keys.addAll(s.keySet()));
        List<String> metrics = new ArrayList<>();
        if (report.isEmpty()) {
            metrics.addAll(keys);
        } else {
            for (String reported : report) {
                List<String> matching = keys.stream().filter(k -> Metrics.reports(reported, k)).toList();
                metrics.addAll(matching.isEmpty() ? List.of(reported) : matching);
            }
        }
        int baselineIndex = -1;
        for (int i = 0; i < runs.size() && baselineIndex < 0; i++) {
            baselineIndex = runs.get(i).succeeded() ? i : -1;
        }
        List<Row> rows = new ArrayList<>();
        for (String metric : new LinkedHashSet<>(metrics)) {
            List<Double> values = new ArrayList<>();
            List<Double> deltas = new ArrayList<>();
            Double base = baselineIndex < 0 ? null : scalars.get(baselineIndex).get(metric);
            for (Map<String, Double> s : scalars) {
                Double value = s.get(metric);
                values.add(value);
                deltas.add(value == null || base == null || base == 0 ? null : (value - base) / Math.abs(base));
            }
            rows.add(new Row(metric, values, deltas));
        }
        if (metrics.contains(POINT_PER_YEAR) && baselineIndex >= 0) {
            Map<String, Double> base = scalars.get(baselineIndex);
            Row gap = mfuGap(scalars, base.get("mfu"));
            rows.add(gap);
            if (base.containsKey(LOST_TO_BEHAVIOUR) && base.containsKey(LOST_TO_ROUTING)) {
                Row behaviour = mfuGap(scalars, LOST_TO_BEHAVIOUR, base.get(LOST_TO_BEHAVIOUR), MFU_GAP_BEHAVIOUR);
                Row routing = mfuGap(scalars, LOST_TO_ROUTING, base.get(LOST_TO_ROUTING), MFU_GAP_ROUTING);
                rows.add(behaviour);
                rows.add(routing);
                rows.add(rest(gap, behaviour, routing));
            }
        }
        return new Comparison(study, baselineIndex < 0 ? null : runs.get(baselineIndex).name(),
                runs.stream().map(RunResult::name).toList(), rows);
    }

    private static Row mfuGap(List<Map<String, Double>> scalars, Double baseMfu) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Double> s : scalars) {
            Double mfu = s.get("mfu");
            Double perPoint = s.get(POINT_PER_YEAR);
            values.add(mfu == null || perPoint == null || baseMfu == null ? null : (baseMfu - mfu) * 100 * perPoint);
        }
        return new Row(MFU_GAP, values, nulls(values.size()));
    }

    /** (lost_run − lost_baseline) × 100 × the run's dollars per point: a loss the run has and the baseline has not. */
    private static Row mfuGap(List<Map<String, Double>> scalars, String lost, double baseLost, String metric) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Double> s : scalars) {
            Double runLost = s.get(lost);
            Double perPoint = s.get(POINT_PER_YEAR);
            values.add(runLost == null || perPoint == null ? null : (runLost - baseLost) * 100 * perPoint);
        }
        return new Row(metric, values, nulls(values.size()));
    }

    /**
     * gap − behaviour − routing, per run; 0 where it is within 10⁻⁹ of the three's magnitudes, the rounding of their
     * difference: two fabrics on the same switches and links have the same ideal MFU, and the console printed what
     * the subtraction left of it, {@code -$0.000000000931/year} (session 69).
     */
    private static Row rest(Row gap, Row behaviour, Row routing) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < gap.values().size(); i++) {
            Double g = gap.values().get(i);
            Double b = behaviour.values().get(i);
            Double r = routing.values().get(i);
            double rest = g == null || b == null || r == null ? Double.NaN : g - b - r;
            values.add(Double.isNaN(rest) ? null
                    : Math.abs(rest) <= ROUNDING * (Math.abs(g) + Math.abs(b) + Math.abs(r)) ? 0.0 : rest);
        }
        return new Row(MFU_GAP_OTHER, values, nulls(values.size()));
    }

    private static List<Double> nulls(int size) {
        return new ArrayList<>(Collections.nCopies(size, (Double) null));
    }

    /**
     * This comparison as a JSON-ready map (embedded in the HTML report): per row the metric's key and its label, the values
     * and deltas, and the console's texts of them ({@link Row#text}, {@link Row#change}), so that the report reads as the console does.
     */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("study", study);
        json.put("baseline", baseline);
        json.put("runs", runs);
        List<Object> jsonRows = new ArrayList<>();
        int base = runs.indexOf(baseline);
        for (Row row : rows) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("metric", row.metric());
            r.put("label", row.label());
            r.put("values", row.values());
            r.put("deltas", row.deltas());
            List<String> texts = new ArrayList<>();
            List<String> changes = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                texts.add(row.text(i));
                changes.add(row.change(i, base));
            }
            r.put("texts", texts);
            r.put("changes", changes);
            jsonRows.add(r);
        }
        json.put("rows", jsonRows);
        return json;
    }
}
