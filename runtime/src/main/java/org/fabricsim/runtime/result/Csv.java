package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Results as CSV (RFC 4180), one row per run: {@code study, run, kind, status, seed}, one column per
 * varied parameter, one per scalar metric ({@link Metrics#scalars}), then {@code error}. Columns are
 * the union over the runs, in first-seen order; a run without a value leaves its cell empty. Text
 * that a spreadsheet would run as a formula (leading {@code = + - @}) is prefixed with {@code '}.
 */
public final class Csv {
    private Csv() {
    }

    /** The CSV document, header first, lines ending in CRLF as RFC 4180 says. */
    public static String render(StudyResult result) {
        Set<String> varied = new LinkedHashSet<>();
        Set<String> metrics = new LinkedHashSet<>();
        List<Map<String, Double>> scalars = new ArrayList<>();
        for (RunResult run : result.runs()) {
            varied.addAll(run.variation().keySet());
            Map<String, Double> s = Metrics.scalars(run.metrics());
            scalars.add(s);
            metrics.addAll(s.keySet());
        }
        StringBuilder out = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("study", "run", "kind", "status", "seed"));
        header.addAll(varied);
        header.addAll(metrics);
        header.add("error");
        line(header, out);
        for (int i = 0; i < result.runs().size(); i++) {
            RunResult run = result.runs().get(i);
            List<String> cells = new ArrayList<>(List.of(text(run.study()), text(run.name()), run.kind(),
                    run.succeeded() ? "ok" : "failed", Long.toString(run.seed())));
            for (String parameter : varied) {
                Object value = run.variation().get(parameter);
                cells.add(value == null ? "" : value instanceof Number n ? Metrics.format(n.doubleValue()) : text(
                        value.toString()));
            }
            for (String metric : metrics) {
                Double value = scalars.get(i).get(metric);
                cells.add(value == null || !Double.isFinite(value) ? "" : Double.toString(value));
            }
            cells.add(run.error() == null ? "" : text(run.error()));
            line(cells, out);
        }
        return out.toString();
    }

    private static String text(String value) {
        return !value.isEmpty() && "=+-@".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    }

    private static void line(List<String> cells, StringBuilder out) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            String cell = cells.get(i);
            if (cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0) {
                out.append('"').append(cell.replace("\"", "\"\"")).append('"');
            } else {
                out.append(cell);
            }
        }
        out.append("\r\n");
    }
}
