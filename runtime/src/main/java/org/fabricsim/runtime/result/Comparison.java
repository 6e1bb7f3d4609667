package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs of one study side by side, each metric with its delta against the baseline: the first
 * run of the study that succeeded (normally its first run). Delta = (value − baseline) / |baseline|;
 * undefined (null) when either value is missing or the baseline is 0. When the rows show what an MFU point
 * is worth ({@code costPerMfuPointPerYear}), one more row, {@value #MFU_GAP}, prices each run's MFU difference
 * from the baseline: (MFU_baseline − MFU_run) × 100 points × the run's dollars per MFU point per year, positive
 * when the run loses utilisation the baseline has (what the difference costs a year on that cluster).
 *
 * @param study     the study's name
 * @param baseline  the baseline run's name, or {@code null} when no run succeeded
 * @param runs      the runs' names, in order
 * @param rows      one row per metric: the reported ones when the study names any, else every scalar metric
 */
public record Comparison(String study, String baseline, List<String> runs, List<Row> rows) {
    /** The derived row pricing the MFU difference against the baseline, dollars per year. */
    public static final String MFU_GAP = "mfuGapDollarsPerYear";
    private static final String POINT_PER_YEAR = "costPerMfuPointPerYear";

    /**
     * One metric across the runs.
     *
     * @param metric  the flattened metric key, or the reported name when no run has it
     * @param values  per run, or null where the run lacks it
     * @param deltas  per run, the relative change against the baseline, or null
     */
    public record Row(String metric, List<Double> values, List<Double> deltas) {
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
            rows.add(mfuGap(scalars, scalars.get(baselineIndex).get("mfu")));
        }
        return new Comparison(study, baselineIndex < 0 ? null : runs.get(baselineIndex).name(),
                runs.stream().map(RunResult::name).toList(), rows);
    }

    private static Row mfuGap(List<Map<String, Double>> scalars, Double baseMfu) {
        List<Double> values = new ArrayList<>();
        List<Double> deltas = new ArrayList<>();
        for (Map<String, Double> s : scalars) {
            Double mfu = s.get("mfu");
            Double perPoint = s.get(POINT_PER_YEAR);
            values.add(mfu == null || perPoint == null || baseMfu == null ? null : (baseMfu - mfu) * 100 * perPoint);
            deltas.add(null);
        }
        return new Row(MFU_GAP, values, deltas);
    }

    /** This comparison as a JSON-ready map (embedded in the HTML report). */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("study", study);
        json.put("baseline", baseline);
        json.put("runs", runs);
        List<Object> jsonRows = new ArrayList<>();
        for (Row row : rows) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("metric", row.metric());
            r.put("values", row.values());
            r.put("deltas", row.deltas());
            jsonRows.add(r);
        }
        json.put("rows", jsonRows);
        return json;
    }
}
