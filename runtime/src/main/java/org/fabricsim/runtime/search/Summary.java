package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.Variations;

/**
 * What a search reports besides its refined runs (docs/results-schema.md, {@code studies[].search}):
 * the objective, the counts, the rejections per rule, the Pareto front, the best and the time each
 * stage took, with the screen's rate in configurations per minute per core.
 */
final class Summary {
    private static final double NANOS = 1e9;
    private final Map<String, Object> json = new LinkedHashMap<>();

    private Summary() {
    }

    /**
     * @param times the clock at the start, after enumerating, after screening and at the end, in
     *              nanoseconds
     */
    static Summary of(SearchKind kind, SearchSpec search, AxisSpace space, int feasible, List<Candidate> ranked,
            List<RunResult> refined, String reason, long[] times, int threads) {
        long start = times[0];
        long enumerated = times[1];
        long screened = times[2];
        long done = times[3];
        Summary s = new Summary();
        s.json.put("objective", (search.objective().maximize() ? "maximize " : "minimize ")
                + Variations.label(search.objective()));
        s.json.put("considered", space.considered());
        s.json.put("feasible", feasible);
        s.json.put("screened", feasible);
        s.json.put("passed", ranked.size());
        s.json.put("refined", refined.size());
        s.json.put("rejected", new LinkedHashMap<>(space.rejected()));
        if (reason != null) {
            s.json.put("reason", reason);
        }
        s.json.put("pareto", pareto(kind, search, ranked));
        Map<String, Object> seconds = new LinkedHashMap<>();
        seconds.put("enumerate", (enumerated - start) / NANOS);
        seconds.put("screen", (screened - enumerated) / NANOS);
        seconds.put("refine", (done - screened) / NANOS);
        s.json.put("seconds", seconds);
        double screenMinutes = (screened - enumerated) / NANOS / 60;
        int cores = Math.max(1, threads);
        s.json.put("screenPerMinutePerCore", screenMinutes > 0 ? feasible / screenMinutes / cores : 0.0);
        return s;
    }

    /**
     * The best refined run by the objective (on the engine), its screen value and rank, and it as a
     * definition; the workload as written as {@code written} when it was refined. Unchanged when no
     * refined run completed and met the constraints.
     */
    Summary withBest(SearchKind kind, List<Candidate> ranked, List<Candidate> candidates, List<RunResult> refined,
            StudySpec study) {
        SearchSpec.Objective objective = study.search().objective();
        int best = -1;
        double[] values = new double[refined.size()];
        for (int i = 0; i < refined.size(); i++) {
            values[i] = kind.refined(objective, candidates.get(i).spec, refined.get(i));
            if (!Double.isNaN(values[i]) && (best < 0 || objective.better(values[i], values[best]))) {
                best = i;
            }
        }
        if (best < 0) {
            return this;
        }
        Map<String, Object> row = row(kind, ranked, candidates.get(best), refined.get(best), values[best]);
        String name = study.workloads().get(0).name();
        row.put("definition", kind.definition(candidates.get(best).spec, Objectives.simple(name) + "Searched"));
        json.put("best", row);
        for (int i = 0; i < candidates.size(); i++) {
            if (candidates.get(i).spec.equals(study.workloads().get(0))) {
                json.put("written", row(kind, ranked, candidates.get(i), refined.get(i), values[i]));
            }
        }
        return this;
    }

    private static Map<String, Object> row(SearchKind kind, List<Candidate> ranked, Candidate c, RunResult run,
            double value) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("run", run.name());
        row.put("variation", c.variation(kind));
        row.put("objective", Double.isNaN(value) ? null : value);
        row.put("screenObjective", c.screened);
        row.put("screenRank", ranked.indexOf(c) + 1);
        return row;
    }

    Map<String, Object> toJson() {
        return json;
    }

    /**
     * The screened plans no other beats on both the objective and the cost per hour (cheapest first);
     * without a cost, the best plan alone. O(n log n).
     */
    private static List<Object> pareto(SearchKind kind, SearchSpec search, List<Candidate> ranked) {
        List<Candidate> byCost = new ArrayList<>(ranked);
        byCost.sort(Comparator.comparingDouble(c -> Objectives.costPerHour(c.spec)));
        List<Object> front = new ArrayList<>();
        double bestSoFar = Double.NaN;
        for (Candidate c : byCost) {
            if (Double.isNaN(bestSoFar) || search.objective().better(c.screened, bestSoFar)) {
                bestSoFar = c.screened;
                Map<String, Object> point = new LinkedHashMap<>();
                point.put("variation", c.variation(kind));
                point.put("objective", c.screened);
                double cost = Objectives.costPerHour(c.spec);
                point.put("costPerHour", Double.isNaN(cost) ? null : cost);
                front.add(point);
            }
        }
        return front;
    }
}
