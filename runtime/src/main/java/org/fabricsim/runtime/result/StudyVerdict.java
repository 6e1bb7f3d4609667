package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a study of several runs decides, for the person choosing what to buy: the run that wins on the study's
 * figure of merit, the runs tied with it, and how far each other run is behind, in the figure's unit and, for a
 * training study, in dollars a year. The console ends with it and the HTML report heads its first section with it
 * (the side-by-side table compares against the first run, not the best, and a study of more than four runs had no
 * headline at all before session 68).
 * <ul>
 * <li>Training: the highest {@code mfu}. A run behind by {@code p} = (MFU_best − MFU_run) × 100 points costs p ×
 * its {@code costPerMfuPointPerYear} dollars a year (the cluster's dollars per hour × 8,760 h ÷ 100): what the
 * utilisation it loses against the winner is worth on its own cluster, {@link Comparison#MFU_GAP}'s formula against
 * the best instead of the baseline. Tied: within {@value #TIED_POINTS} points, below what the tables print.</li>
 * <li>Inference on clusters with a cost: among the runs that meet every SLO they state ({@code slos[].met}; a run
 * without SLOs meets them), the lowest dollars per million output tokens of every pool, {@code costDollars} ÷
 * ({@code outputTokensPerSecond} × {@code makespanSeconds}) × 10⁶: the cost per hour of all the pools' accelerators
 * ÷ (output tokens per second × 3,600) × 10⁶, a serving search's {@code cost-per-mtok} ({@code Objectives}), not the
 * run's {@code costPerMillionOutputTokens}, which is the decode pool's share and would favour a deployment that buys
 * a larger prefill pool. Each other run is behind by the difference and its ratio to the winner's figure. A run
 * that misses an SLO is named apart, however cheap.</li>
 * </ul>
 * Benchmarks, inference without a cost (the most tokens per second would only name the highest load of a rate
 * sweep; the console says so, {@link #undecided}) and other kinds have no verdict. The JSON result holds the verdicts as {@code verdicts[]} ({@link
 * #toJsonMap}, since session 69), with the figures as numbers, so that a script comparing designs reads the same
 * headline as the console.
 *
 * @param study      the study's name
 * @param objective  the figure of merit in words: {@code MFU}, {@code cost per million output tokens}
 * @param metric     the figure's key: {@code mfu} (a fraction) or {@value #DOLLARS_PER_MILLION_OUTPUT} (dollars)
 * @param best       the winner's run name, or null when no run qualifies
 * @param bestValue  the winner's figure in {@code metric}'s unit, or null when no run qualifies
 * @param bestText   the winner's figure in its unit ({@link MetricText#of})
 * @param tied       the runs tied with the winner
 * @param behind     the other qualifying runs, nearest first
 * @param missing    the runs that miss an SLO
 * @param pricing    what an MFU point is worth a year and why ({@link VerdictReasons#pricing}), or null
 */
public record StudyVerdict(String study, String objective, String metric, String best, Double bestValue,
        String bestText, List<String> tied, List<Behind> behind, List<String> missing, String pricing) {
    /** An inference verdict's figure: every pool's dollars per million output tokens. */
    static final String DOLLARS_PER_MILLION_OUTPUT = "dollarsPerMillionOutputTokens";
    /** Points of MFU within which two runs are tied: half of the tables' last printed digit (0.1 points). */
    static final double TIED_POINTS = 0.05;

    /**
     * A run behind the winner.
     *
     * @param run            its name
     * @param value          its figure in the verdict's {@code metric} unit
     * @param gap            how far behind, in words and the figure's unit: {@code 3.2 points}, {@code +$0.12/M output tokens (+15.0%)}
     * @param mfuPoints      how far behind in MFU points, (MFU_best − MFU_run) × 100 (training), else null
     * @param dollarsPerYear what the gap costs a year on its cluster (training with a cost), else null
     * @param why            the gap's points split into behaviour, routing and the rest (training runs that carry the
     *                       MFU split, {@link VerdictReasons#split}), else null
     */
    public record Behind(String run, double value, String gap, Double mfuPoints, Double dollarsPerYear,
            VerdictReasons.Split why) {
    }

    /** The verdict of each study of {@code result} with at least two runs that succeeded, where its kind has one. */
    public static List<StudyVerdict> of(StudyResult result) {
        List<StudyVerdict> verdicts = new ArrayList<>();
        decidable(result).forEach((study, runs) -> {
            if (runs.stream().allMatch(run -> number(run, "mfu") != null)) {
                verdicts.add(training(study, runs));
            } else if (runs.stream().allMatch(run -> "inference".equals(run.kind())
                    && dollarsPerMillionOutput(run) != null)) {
                verdicts.add(inference(study, runs));
            }
        });
        return verdicts;
    }

    /**
     * The console's line for each serving study of two or more runs that succeeded where a run's cluster states no
     * cost, which has no verdict ({@link #of}), unless it is a search, whose own lines name its best plan, so that the output still ends with what the study decides: why none,
     * and what to add (session 70: such a study ended with its table, though the README says the output ends with
     * the verdict).
     */
    public static String undecided(StudyResult result) {
        StringBuilder out = new StringBuilder();
        Set<String> searches = new LinkedHashSet<>();
        result.studies().stream().filter(info -> !info.search().isEmpty()).forEach(info -> searches.add(info.name()));
        decidable(result).forEach((study, runs) -> {
            if (!searches.contains(study) && runs.stream().allMatch(run -> "inference".equals(run.kind()))
                    && runs.stream().anyMatch(run -> number(run, "costDollars") == null)) {
                out.append("# ").append(study).append(": no verdict: no cost stated, so no run wins on cost per"
                        + " million output tokens (the most tokens per second would only name the highest load);"
                        + " add `cost ...` to the cluster for dollars\n");
            }
        });
        return out.toString();
    }

    /** Each study's runs that succeeded, in the result's order, for the studies with at least two. */
    private static Map<String, List<RunResult>> decidable(StudyResult result) {
        Set<String> studies = new LinkedHashSet<>();
        result.runs().forEach(run -> studies.add(run.study()));
        Map<String, List<RunResult>> decidable = new LinkedHashMap<>();
        for (String study : studies) {
            List<RunResult> runs = result.runsOf(study).stream().filter(RunResult::succeeded).toList();
            if (runs.size() >= 2) {
                decidable.put(study, runs);
            }
        }
        return decidable;
    }

    private static StudyVerdict training(String study, List<RunResult> runs) {
        RunResult best = runs.stream().max(Comparator.comparingDouble(run -> number(run, "mfu"))).orElseThrow();
        double bestMfu = number(best, "mfu");
        List<String> tied = new ArrayList<>();
        List<Behind> behind = new ArrayList<>();
        runs.stream().filter(run -> run != best).sorted(Comparator.comparingDouble(run -> -number(run, "mfu")))
                .forEach(run -> {
                    double mfu = number(run, "mfu");
                    double points = 100 * (bestMfu - mfu);
                    Double perPoint = number(run, "costPerMfuPointPerYear");
                    if (points < TIED_POINTS) {
                        tied.add(run.name());
                    } else {
                        behind.add(new Behind(run.name(), mfu, String.format(Locale.ROOT, "%.1f points", points),
                                points, perPoint == null ? null : points * perPoint,
                                VerdictReasons.split(best, run, points)));
                    }
                });
        // the price names the runs as the verdict labels them (labels()), so it is added to the verdict built without it
        StudyVerdict unpriced = new StudyVerdict(study, "MFU", "mfu", best.name(), bestMfu,
                MetricText.of("mfu", bestMfu), tied, behind, List.of(), null);
        return new StudyVerdict(study, "MFU", "mfu", best.name(), bestMfu, unpriced.bestText(), tied, behind, List.of(),
                VerdictReasons.pricing(runs, unpriced.labels()));
    }

    private static StudyVerdict inference(String study, List<RunResult> runs) {
        String key = "costPerMillionOutputTokens"; // the unit it is written in: $0.50/M output tokens
        List<RunResult> meeting = runs.stream().filter(StudyVerdict::meetsSlos)
                .sorted(Comparator.comparingDouble(StudyVerdict::dollarsPerMillionOutput)).toList();
        List<String> missing = runs.stream().filter(run -> !meetsSlos(run)).map(RunResult::name).toList();
        String objective = "cost per million output tokens (every pool)";
        if (meeting.isEmpty()) {
            return new StudyVerdict(study, objective, DOLLARS_PER_MILLION_OUTPUT, null, null, null, List.of(), List.of(),
                    missing, null);
        }
        double bestValue = dollarsPerMillionOutput(meeting.get(0));
        List<String> tied = new ArrayList<>();
        List<Behind> behind = new ArrayList<>();
        for (RunResult run : meeting.subList(1, meeting.size())) {
            double value = dollarsPerMillionOutput(run);
            if (MetricText.of(key, value).equals(MetricText.of(key, bestValue))) {
                tied.add(run.name());
            } else {
                String difference = MetricText.of(key, Math.abs(value - bestValue));
                behind.add(new Behind(run.name(), value, String.format(Locale.ROOT, "%s%s (%+.1f%%)",
                        value > bestValue ? "+" : "-", difference, 100 * (value - bestValue) / bestValue), null, null,
                        null));
            }
        }
        return new StudyVerdict(study, objective, DOLLARS_PER_MILLION_OUTPUT, meeting.get(0).name(), bestValue,
                MetricText.of(key, bestValue), tied, behind, missing, null);
    }

    /** Whether every SLO the run states is met ({@code slos[].met}); a run without SLOs meets them. */
    private static boolean meetsSlos(RunResult run) {
        return !(run.metrics().get("slos") instanceof List<?> slos)
                || slos.stream().allMatch(slo -> !(slo instanceof Map<?, ?> m) || !Boolean.FALSE.equals(m.get("met")));
    }

    /** costDollars ÷ (outputTokensPerSecond × makespanSeconds) × 10⁶, or null without a cost or output. */
    private static Double dollarsPerMillionOutput(RunResult run) {
        Double dollars = number(run, "costDollars");
        Double perSecond = number(run, "outputTokensPerSecond");
        Double seconds = number(run, "makespanSeconds");
        return dollars == null || perSecond == null || seconds == null || perSecond * seconds <= 0 ? null
                : dollars / (perSecond * seconds) * 1e6;
    }

    private static Double number(RunResult run, String key) {
        return run.metrics().get(key) instanceof Number n && Double.isFinite(n.doubleValue()) ? n.doubleValue() : null;
    }

    /**
     * The console's lines: {@code # STUDY: [cluster=A] wins on MFU, 33.9% (tied: [cluster=B]); behind it:}, then one
     * line per run behind, nearest first, with its gap and what the gap costs a year; the runs named as the
     * side-by-side table heads them ({@link #labels}).
     */
    public String text() {
        Map<String, String> labels = labels();
        Function<String, String> label = labels::get;
        StringBuilder out = new StringBuilder("# ").append(study).append(": ");
        if (best == null) {
            return out.append("no run meets every SLO, so none wins on ").append(objective).append('\n').toString();
        }
        out.append(label.apply(best)).append(" wins on ").append(objective).append(", ").append(bestText);
        if (!tied.isEmpty()) {
            out.append(" (tied: ").append(String.join(", ", tied.stream().map(label).toList())).append(')');
        }
        out.append(behind.isEmpty() ? "" : "; behind it:").append('\n');
        int width = behind.stream().mapToInt(b -> label.apply(b.run()).length()).max().orElse(0);
        for (Behind b : behind) {
            out.append(String.format(Locale.ROOT, "    %-" + width + "s  %s%s%s%n", label.apply(b.run()), b.gap(),
                    b.dollarsPerYear() == null ? "" : ", " + MetricText.of(Comparison.MFU_GAP, b.dollarsPerYear())
                            + " on its cluster", b.why() == null ? "" : "; " + b.why().text()));
        }
        if (!missing.isEmpty()) {
            out.append("    misses an SLO: ").append(String.join(", ", missing.stream().map(label).toList()))
                    .append('\n');
        }
        if (pricing != null && !behind.isEmpty()) {
            out.append("    ").append(pricing).append('\n');
        }
        return out.toString();
    }

    /**
     * Each run's name as the side-by-side table heads its column: the part after the study's name, without the
     * settings every run here shares ({@link ConsoleTable#distinct}: a search's plans that all say {@code
     * schedule=interleaved-1f1b} are told apart by the rest).
     */
    public Map<String, String> labels() {
        List<String> names = new ArrayList<>();
        if (best != null) {
            names.add(best);
        }
        names.addAll(tied);
        behind.forEach(b -> names.add(b.run()));
        names.addAll(missing);
        List<String> labels = ConsoleTable.distinct(names.stream().map(run -> ConsoleTable.runLabel(study, run)).toList());
        Map<String, String> byRun = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            byRun.put(names.get(i), labels.get(i));
        }
        return byRun;
    }

    /**
     * This verdict as a JSON-ready map (the JSON result's {@code verdicts[]}, embedded in the HTML report): the fields,
     * and each run behind's figures, as numbers and as the console writes them.
     */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("study", study);
        json.put("objective", objective);
        json.put("metric", metric);
        json.put("best", best);
        json.put("bestValue", bestValue);
        json.put("bestText", bestText);
        json.put("tied", tied);
        json.put("behind", behind.stream().map(b -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("run", b.run());
            entry.put("value", b.value());
            entry.put("gap", b.gap());
            entry.put("mfuPoints", b.mfuPoints());
            entry.put("dollarsPerYear", b.dollarsPerYear());
            entry.put("dollarsPerYearText", b.dollarsPerYear() == null ? null
                    : MetricText.of(Comparison.MFU_GAP, b.dollarsPerYear()));
            entry.put("why", b.why() == null ? null : b.why().toJsonMap());
            return entry;
        }).toList());
        json.put("missing", missing);
        json.put("pricing", pricing);
        json.put("labels", labels());
        return json;
    }
}
