package org.fabricsim.runtime.result;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A search's summary on the console: its objective and counts, the rejections per rule, the best
 * configuration (its objective on the engine, in the objective's unit, and its rank on the screen)
 * against the one as written, and the best as a definition to commit (docs/results-schema.md,
 * studies[].search).
 */
final class SearchConsole {
    private SearchConsole() {
    }

    static String render(StudyResult.StudyInfo study) {
        Map<String, Object> s = study.search();
        String objective = String.valueOf(s.get("objective"));
        StringBuilder out = new StringBuilder("# search ").append(study.name()).append(": ").append(objective)
                .append("; considered ").append(s.get("considered")).append(", feasible ").append(s.get("feasible"))
                .append(", screened ").append(s.get("screened")).append(", passed ").append(s.get("passed"))
                .append(", refined ").append(s.get("refined"))
                .append('\n').append("  rejected by rule: ").append(rejected(s.get("rejected"))).append('\n');
        if (s.get("best") instanceof Map<?, ?> best) {
            out.append("  best: ").append(best.get("variation")).append(": ").append(value(objective, best.get("objective")))
                    .append(" (screen rank ").append(best.get("screenRank")).append(")\n");
            if (s.get("written") instanceof Map<?, ?> written) {
                out.append("  as written: ").append(value(objective, written.get("objective"))).append(" (screen rank ")
                        .append(written.get("screenRank")).append(")\n");
            }
            out.append(best.get("definition"));
        }
        return out.toString();
    }

    /**
     * An objective's value as people read it, named and in its unit: {@code mfu 41.2%}, {@code
     * tokens-per-second 2,870,000 tokens/s}, {@code cost-per-step $1.47}, {@code cost-per-mtok $3.87 per
     * million tokens} (every accelerator's cost over the tokens: a deployment's output tokens, a training
     * job's trained ones), {@code ttft-p99 1.59 s}; {@code n/a} for a run without it.
     */
    static String value(String objective, Object value) {
        String metric = objective.substring(objective.indexOf(' ') + 1);
        if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())) {
            return metric + " n/a";
        }
        double v = number.doubleValue();
        String text = switch (metric) {
            case "mfu" -> String.format(Locale.ROOT, "%.1f%%", 100 * v);
            case "tokens-per-second" -> Metrics.count(v) + " tokens/s";
            case "cost-per-step" -> MetricText.dollars(v);
            case "cost-per-mtok" -> MetricText.dollars(v) + " per million tokens";
            case "ttft-p99" -> Metrics.duration(v);
            default -> Metrics.format(v);
        };
        return metric + " " + text;
    }

    /** The rejections per rule, {@code accelerators 89, slo ttft p99 24}; {@code none} when none. */
    private static String rejected(Object rejected) {
        if (!(rejected instanceof Map<?, ?> rules) || rules.isEmpty()) {
            return "none";
        }
        return rules.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
