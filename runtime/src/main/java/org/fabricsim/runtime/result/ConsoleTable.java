package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders results as the console summary: one block per run (collective benchmarks in the
 * nccl-tests layout, with the algorithm, protocol and channels each size ran with; expert-kernel
 * benchmarks as DeepEP prints them, latency and GB/s of dispatch and combine; other kinds as
 * their scalar metrics; failed runs with their reason; then the prediction against each figure the
 * study expects, a miss starting {@code MISSES:}), then,
 * for every study with several runs, the runs side by side with deltas against the baseline ({@link
 * ComparisonConsole}), and
 * each search's summary ({@link SearchConsole}), the clusters' lock-in, and last, where a terminal shows it after the
 * run, what each study decides ({@link StudyVerdict}).
 */
public final class ConsoleTable {
    private ConsoleTable() {
    }

    /** The whole result as text, each study's comparison the part that differs ({@link ComparisonConsole}). */
    public static String render(StudyResult study) {
        return render(study, false);
    }

    /** The whole result as text, with {@code everyRow} each study's whole comparison ({@link ComparisonConsole}). */
    public static String render(StudyResult study, boolean everyRow) {
        StringBuilder out = new StringBuilder();
        for (RunResult run : study.runs()) {
            out.append(render(run)).append('\n');
        }
        for (Comparison comparison : Comparison.of(study)) {
            out.append(ComparisonConsole.render(comparison, everyRow)).append('\n');
        }
        study.studies().stream().filter(info -> !info.search().isEmpty())
                .forEach(info -> out.append(SearchConsole.render(info)).append('\n'));
        study.runs().stream().map(run -> run.parameters().get("lockIn"))
                .filter(Map.class::isInstance).map(lockIn -> ((Map<?, ?>) lockIn).get("summary"))
                .filter(String.class::isInstance).distinct().forEach(summary -> out.append(summary).append('\n'));
        StudyVerdict.of(study).forEach(verdict -> out.append(verdict.text()).append('\n'));
        return out.append(StudyVerdict.undecided(study)).toString();
    }

    /** One run as text, followed by its expectations: the prediction against each published figure. */
    public static String render(RunResult run) {
        return block(run) + ExpectationText.render(run);
    }

    private static String block(RunResult run) {
        StringBuilder out = new StringBuilder();
        if (!run.succeeded()) {
            out.append("# ").append(run.name()).append(": FAILED: ").append(run.error()).append('\n');
            return out.toString();
        }
        Object rows = run.metrics().get("rows");
        if ("collective-benchmark".equals(run.kind()) && rows instanceof List<?> list) {
            return out.append(benchmark(run, list)).toString();
        }
        if ("expert-kernel-benchmark".equals(run.kind()) && rows instanceof List<?> list) {
            return out.append(expertKernels(run, list)).toString();
        }
        if ("inference".equals(run.kind())) {
            return out.append(InferenceConsole.render(run)).toString();
        }
        if ("training".equals(run.kind())) {
            return out.append(TrainingConsole.render(run)).toString();
        }
        if ("shared-fabric".equals(run.kind()) && run.metrics().get("jobs") instanceof List) {
            return out.append(SharedConsole.render(run)).toString();
        }
        out.append("# ").append(run.name()).append(" (").append(run.kind()).append(")\n");
        Map<String, Double> scalars = Metrics.scalars(run.metrics());
        if (scalars.isEmpty()) {
            out.append("  (no metrics)\n");
        }
        int width = scalars.keySet().stream().mapToInt(key -> MetricText.label(key).length()).max().orElse(0);
        scalars.forEach((key, value) -> out.append(String.format(Locale.ROOT, "  %-" + width + "s  %s%n",
                MetricText.label(key), MetricText.of(key, value))));
        return out.toString();
    }

    private static String benchmark(RunResult run, List<?> rows) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> p = run.parameters();
        Object topology = p.get("topology");
        out.append(String.format(Locale.ROOT, "# %s: %s %s over %s%s%s%n", run.name(), p.get("operation"),
                p.get("algorithm"), ranks(p), p.get("cluster") == null ? "" : " of " + p.get("cluster"),
                topology == null ? "" : "; topology: " + topology));
        out.append(String.format(Locale.ROOT, "#%14s %14s %13s %13s  %-18s %-8s %8s%n", "size(B)", "time(us)",
                "algbw(GB/s)", "busbw(GB/s)", "algorithm", "protocol", "channels"));
        for (Object o : rows) {
            Map<?, ?> row = (Map<?, ?>) o;
            out.append(String.format(Locale.ROOT, " %14d %14.2f %13.2f %13.2f  %-18s %-8s %8s%n",
                    number(row, "bytes").longValue(), number(row, "timeSeconds").doubleValue() * 1e6,
                    number(row, "algbwGBps").doubleValue(), number(row, "busbwGBps").doubleValue(),
                    text(row, "algorithm"), text(row, "protocol"), text(row, "channels")));
        }
        return out.append(bounds(rows)).toString();
    }

    /**
     * A line under the table for each bound that set some sizes' time rather than their bytes (a row's {@code
     * bound}), naming those sizes, so that equal times read as the bound they are.
     */
    private static String bounds(List<?> rows) {
        Map<String, List<String>> sizes = new LinkedHashMap<>();
        for (Object o : rows) {
            Map<?, ?> row = (Map<?, ?>) o;
            if (row.get("bound") instanceof String bound) {
                long bytes = number(row, "bytes").longValue();
                sizes.computeIfAbsent(bound, b -> new ArrayList<>()).add(String.valueOf(bytes));
            }
        }
        StringBuilder out = new StringBuilder();
        sizes.forEach((bound, bytes) -> out.append("# ").append(String.join(", ", bytes))
                .append(" B: ").append(bound).append('\n'));
        return out.toString();
    }

    private static String expertKernels(RunResult run, List<?> rows) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> p = run.parameters();
        out.append(String.format(Locale.ROOT, "# %s: %s expert-parallel kernels over %s accelerators (%s x %s),"
                + " %s tokens, hidden %s, top-%s of %s experts, dispatch %s%n", run.name(), p.get("kernels"),
                p.get("accelerators"), nodes(p.get("nodes")), p.get("acceleratorsPerNode"), p.get("tokensPerRank"),
                p.get("hidden"), p.get("topK"), p.get("experts"), p.get("dispatchPrecision")));
        out.append(String.format(Locale.ROOT, "#%9s %14s %13s %15s%n", "kernel", "time(us)", "GB/s", "copy(B)"));
        for (Object o : rows) {
            Map<?, ?> row = (Map<?, ?>) o;
            out.append(String.format(Locale.ROOT, " %9s %14.2f %13.2f %15.0f%n", text(row, "direction"),
                    number(row, "timeSeconds").doubleValue() * 1e6, number(row, "gigabytesPerSecond").doubleValue(),
                    number(row, "bytesPerCopy").doubleValue()));
        }
        return out.toString();
    }

    /**
     * The ranks a benchmark runs on against its nodes: {@code 16 accelerators (2 nodes x 8)} when they fill them,
     * {@code 2 accelerators of 1 node x 8} when they do not.
     */
    private static String ranks(Map<String, Object> p) {
        Object ranks = p.get("accelerators");
        Object nodes = p.get("nodes");
        Object perNode = p.get("acceleratorsPerNode");
        boolean fill = ranks instanceof Number r && nodes instanceof Number n && perNode instanceof Number k
                && r.longValue() == n.longValue() * k.longValue();
        String shape = nodes(nodes) + " x " + perNode;
        return Metrics.countOf(ranks) + " accelerators " + (fill ? "(" + shape + ")" : "of " + shape);
    }

    /** {@code 1 node}, {@code 4 nodes}. */
    private static String nodes(Object count) {
        return Metrics.countOf(count) + (Integer.valueOf(1).equals(count) || Long.valueOf(1).equals(count) ? " node" : " nodes");
    }

    private static String text(Map<?, ?> row, String key) {
        Object value = row.get(key);
        return value == null ? "-" : String.valueOf(value);
    }

    private static Number number(Map<?, ?> row, String key) {
        Object value = row.get(key);
        return value instanceof Number n ? n : Double.NaN;
    }

    /**
     * Run labels ({@code [a=1, b=2, c=3]}) without the settings every run shares, so that a column names what sets
     * it apart ({@code [b=2]}) rather than a prefix cut off alike for every run; labels kept whole when they are not
     * all such lists or nothing would be left.
     */
    static List<String> distinct(List<String> labels) {
        List<List<String>> parts = new ArrayList<>();
        for (String label : labels) {
            if (!label.startsWith("[") || !label.endsWith("]")) {
                return labels;
            }
            parts.add(List.of(label.substring(1, label.length() - 1).split(", ")));
        }
        List<String> shared = new ArrayList<>(parts.get(0));
        parts.forEach(shared::retainAll);
        List<String> out = new ArrayList<>();
        for (List<String> own : parts) {
            List<String> kept = own.stream().filter(part -> !shared.contains(part)).toList();
            if (kept.isEmpty()) {
                return labels;
            }
            out.add("[" + String.join(", ", kept) + "]");
        }
        return out;
    }

    /** The part of a run's name after its study's, e.g. {@code [data=64]}. */
    static String runLabel(String study, String run) {
        return run.startsWith(study) && run.length() > study.length() ? run.substring(study.length()) : run;
    }
}
