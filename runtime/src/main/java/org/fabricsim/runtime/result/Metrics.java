package org.fabricsim.runtime.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scalar view of a run's metrics that tables, CSV and comparisons use: every number, with
 * nested maps flattened to dotted keys ({@code ttft.p99}) and lists of rows flattened by their
 * first entry ({@code rows[1 MiB].busbwGBps}). Chart data (lists of numbers, {@code timeline},
 * {@code linkUtilization}) is left to the HTML report.
 */
public final class Metrics {
    /** Lists of rows longer than this are chart data, not table metrics. */
    private static final int MAX_ROWS = 64;
    private static final List<String> CHART_ONLY = List.of("timeline", "linkUtilization");
    /** Keys at any depth that hold per-port tables (a packet run's {@code rows[].ports}): reported, not compared. */
    private static final String PORT_TABLE = "ports";
    /**
     * Report names whose keys do not spell them, by normalized name: {@code throughput} is the
     * training run's {@code tokensPerSecond} and the serving run's output and input tokens per second;
     * {@code mfu} is the training run's {@code mfu} and the serving run's {@code modelFlopsUtilization}
     * {@code prefill-throughput} and {@code decode-throughput} are the serving run's per-node rates of the
     * pools that prefill and decode (docs/language.md, "study").
     */
    private static final Map<String, List<String>> NAMED_KEYS = Map.of(
            "throughput", List.of("tokensPerSecond", "outputTokensPerSecond", "inputTokensPerSecond"),
            "mfu", List.of("mfu", "modelFlopsUtilization"),
            "prefillthroughput", List.of("prefillTokensPerSecondPerNode"),
            "decodethroughput", List.of("decodeTokensPerSecondPerNode"));

    private Metrics() {
    }

    /** The flattened numeric metrics of {@code metrics}, in order. */
    public static Map<String, Double> scalars(Map<String, Object> metrics) {
        Map<String, Double> out = new LinkedHashMap<>();
        flatten("", metrics, out);
        return out;
    }

    /**
     * Whether flattened {@code key} is what a study's {@code report} clause names with {@code metric}.
     * A name whose engine keys do not spell it is listed in {@link #NAMED_KEYS} and names exactly
     * those keys; any other name (e.g. {@code step-time} for {@code stepTimeSeconds}) names every key
     * that, lower-cased without separators, contains the name likewise normalized.
     */
    public static boolean reports(String metric, String key) {
        List<String> named = NAMED_KEYS.get(normalize(metric));
        return named != null ? named.contains(key) : normalize(key).contains(normalize(metric));
    }

    /**
     * A training step as consecutive parts in seconds, for the step-time chart and the trace, or
     * {@code null} when the run does not say. Taken from {@code stepBreakdownSeconds} when the engine
     * reports it; otherwise derived from {@code stepTimeSeconds}, {@code bubbleFraction} and the
     * per-kind {@code exposedCommunicationSeconds} map as: bubble = fraction × step; exposed-k as
     * reported; compute = step − bubble − Σ exposed (so it includes whatever else the step spends).
     */
    public static Map<String, Double> stepBreakdown(Map<String, Object> metrics) {
        Map<String, Double> parts = new LinkedHashMap<>();
        if (metrics.get("stepBreakdownSeconds") instanceof Map<?, ?> reported) {
            reported.forEach((k, v) -> {
                if (v instanceof Number n) {
                    parts.put(String.valueOf(k), n.doubleValue());
                }
            });
            return parts.isEmpty() ? null : parts;
        }
        if (!(metrics.get("stepTimeSeconds") instanceof Number step)
                || !(metrics.get("exposedCommunicationSeconds") instanceof Map<?, ?> exposed)) {
            return null;
        }
        double bubble = metrics.get("bubbleFraction") instanceof Number f ? f.doubleValue() * step.doubleValue() : 0;
        double communication = 0;
        Map<String, Double> exposedParts = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : exposed.entrySet()) {
            if (e.getValue() instanceof Number n) {
                exposedParts.put("exposed-" + e.getKey(), n.doubleValue());
                communication += n.doubleValue();
            }
        }
        parts.put("compute", Math.max(0, step.doubleValue() - bubble - communication));
        parts.putAll(exposedParts);
        parts.put("bubble", bubble);
        return parts;
    }

    /** A number for people: four significant digits, whole numbers exact. */
    public static String format(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 1e6 || magnitude < 1e-3) {
            return String.format(Locale.ROOT, "%.4g", value);
        }
        return String.format(Locale.ROOT, "%.4f", value).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /**
     * A duration for people, in the largest of s, ms and µs that keeps it at 1 or more, to three
     * significant digits ({@code 8.00 s}, {@code 241 ms}, {@code 12.3 µs}), with thousands separators
     * above 1,000 s ({@code 241,030 s}).
     */
    public static String duration(double seconds) {
        if (!Double.isFinite(seconds)) {
            return "n/a";
        }
        double magnitude = Math.abs(seconds);
        if (magnitude >= 1 || magnitude == 0) {
            return threeDigits(seconds) + " s";
        }
        return magnitude >= 1e-3 ? threeDigits(seconds * 1e3) + " ms" : threeDigits(seconds * 1e6) + " µs";
    }

    /**
     * A count or a rate for people: whole with thousands separators from 100 ({@code 1,048,576}), else to three
     * significant digits ({@code 10.7}, {@code 0.532}), whole numbers exact.
     */
    public static String count(double value) {
        if (!Double.isFinite(value) || value == Math.rint(value) && Math.abs(value) < 100) {
            return format(value);
        }
        return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%,.0f", value)
                : format(Double.parseDouble(String.format(Locale.ROOT, "%.3g", value)));
    }

    /** A parameter's count as {@link #count(double)} writes it ({@code 8,192}); a value that is no number as text. */
    static String countOf(Object value) {
        return value instanceof Number n ? count(n.doubleValue()) : String.valueOf(value);
    }

    /** Bytes in decimal gigabytes to three significant digits: {@code 84.1 GB}, {@code 141 GB}. */
    public static String gigabytes(double bytes) {
        return threeDigits(bytes / 1e9) + " GB";
    }

    /** Three significant digits, whole with separators from 100: {@code 8.00}, {@code 24.1}, {@code 1,241}. */
    static String threeDigits(double value) {
        double magnitude = Math.abs(value);
        String pattern = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    /** A byte count for people, in binary units when exact: {@code 1 MiB}, {@code 3000 B}. */
    public static String bytes(long value) {
        String[] units = { "B", "KiB", "MiB", "GiB", "TiB" };
        int unit = 0;
        long rest = value;
        while (unit + 1 < units.length && rest >= 1024 && rest % 1024 == 0) {
            rest /= 1024;
            unit++;
        }
        return rest + " " + units[unit];
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, Double> out) {
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            String key = String.valueOf(entry.getKey());
            if (prefix.isEmpty() && CHART_ONLY.contains(key) || PORT_TABLE.equals(key)) {
                continue;
            }
            String path = prefix.isEmpty() ? key : prefix + "." + key;
            Object value = entry.getValue();
            if (value instanceof Number n) {
                out.put(path, n.doubleValue());
            } else if (value instanceof Map<?, ?> nested) {
                flatten(path, nested, out);
            } else if (value instanceof List<?> list && list.size() <= MAX_ROWS && !list.isEmpty()
                    && list.stream().allMatch(Map.class::isInstance)) {
                for (Object row : list) {
                    flattenRow(path, (Map<?, ?>) row, out);
                }
            }
        }
    }

    private static void flattenRow(String path, Map<?, ?> row, Map<String, Double> out) {
        if (row.isEmpty()) {
            return;
        }
        Map.Entry<?, ?> first = row.entrySet().iterator().next();
        String firstKey = String.valueOf(first.getKey());
        Object firstValue = first.getValue();
        String label = firstKey.toLowerCase(Locale.ROOT).endsWith("bytes") && firstValue instanceof Number n
                ? bytes(n.longValue()) : firstValue instanceof Number n2 ? format(n2.doubleValue()) : String.valueOf(firstValue);
        Map<String, Object> rest = new LinkedHashMap<>();
        boolean skipFirst = true;
        for (Map.Entry<?, ?> entry : row.entrySet()) {
            if (skipFirst) {
                skipFirst = false;
                continue;
            }
            rest.put(String.valueOf(entry.getKey()), entry.getValue());
        }
        flatten(path + "[" + label + "]", rest, out);
    }

    private static String normalize(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
