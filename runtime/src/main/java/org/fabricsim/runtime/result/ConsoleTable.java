package org.fabricsim.runtime.result;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders results as the console summary; collective benchmarks use the nccl-tests layout. */
public final class ConsoleTable {
    private ConsoleTable() {
    }

    /** The whole study as text, one block per run. */
    public static String render(StudyResult study) {
        StringBuilder out = new StringBuilder();
        for (RunResult run : study.runs()) {
            out.append(render(run)).append('\n');
        }
        return out.toString();
    }

    /** One run as text. */
    public static String render(RunResult run) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> p = run.parameters();
        out.append(String.format(Locale.ROOT, "# %s: %s %s over %s accelerators (%s nodes x %s), link %.2f GB/s%n",
                run.name(), p.get("operation"), p.get("algorithm"), p.get("accelerators"), p.get("nodes"),
                p.get("acceleratorsPerNode"), (Double) p.get("linkGBps")));
        out.append(String.format(Locale.ROOT, "#%14s %14s %13s %13s%n", "size(B)", "time(us)", "algbw(GB/s)",
                "busbw(GB/s)"));
        for (Object o : (List<?>) run.metrics().get("rows")) {
            Map<?, ?> row = (Map<?, ?>) o;
            out.append(String.format(Locale.ROOT, " %14d %14.2f %13.2f %13.2f%n", (Long) row.get("bytes"),
                    (Double) row.get("timeSeconds") * 1e6, (Double) row.get("algbwGBps"),
                    (Double) row.get("busbwGBps")));
        }
        return out.toString();
    }
}
