package org.fabricsim.runtime.result;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console block of a {@code shared-fabric} run: per job, in the order written, its nodes and
 * what sharing the fabric cost it, alone → shared: a collective's time and bus bandwidth, a training
 * step's time and MFU, a serving deployment's TTFT, ITL and KV-transfer p50 and p99.
 */
final class SharedConsole {
    private SharedConsole() {
    }

    static String render(RunResult run) {
        Map<String, Object> p = run.parameters();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# %s: jobs sharing %s (%s)%n", run.name(), p.get("cluster"),
                p.get("topology")));
        Map<?, ?> nodes = p.get("nodes") instanceof Map<?, ?> map ? map : Map.of();
        for (Object o : (List<?>) run.metrics().get("jobs")) {
            Map<?, ?> job = (Map<?, ?>) o;
            out.append(String.format(Locale.ROOT, "  %s (%s) on nodes %s: slowdown %.3fx%n", job.get("job"),
                    job.get("kind"), ranges(nodes.get(job.get("job"))), number(job.get("slowdown"))));
            if (job.containsKey("stepTimeAloneSeconds")) {
                out.append(String.format(Locale.ROOT, "    step %.4f s -> %.4f s, MFU %.1f%% -> %.1f%%%n",
                        number(job.get("stepTimeAloneSeconds")), number(job.get("stepTimeSharedSeconds")),
                        100 * number(job.get("mfuAlone")), 100 * number(job.get("mfuShared"))));
            } else if (job.containsKey("timeAloneSeconds")) {
                out.append(String.format(Locale.ROOT, "    time %.2f us -> %.2f us, busbw %.2f -> %.2f GB/s%n",
                        1e6 * number(job.get("timeAloneSeconds")), 1e6 * number(job.get("timeSharedSeconds")),
                        number(job.get("busbwAloneGBps")), number(job.get("busbwSharedGBps"))));
            }
            latency(out, "TTFT", job, "ttft");
            latency(out, "ITL", job, "itl");
            latency(out, "end to end", job, "e2e");
            latency(out, "KV transfer", job, "kvTransfer");
        }
        return out.toString();
    }

    private static void latency(StringBuilder out, String label, Map<?, ?> job, String metric) {
        if (job.get(metric + "AloneSeconds") instanceof Map<?, ?> alone
                && job.get(metric + "SharedSeconds") instanceof Map<?, ?> shared) {
            out.append(String.format(Locale.ROOT, "    %s p50 %.2f ms -> %.2f ms, p99 %.2f ms -> %.2f ms%n", label,
                    1e3 * number(alone.get("p50")), 1e3 * number(shared.get("p50")), 1e3 * number(alone.get("p99")),
                    1e3 * number(shared.get("p99"))));
        }
    }

    /** Nodes as written in the language: runs of consecutive nodes as "a to b", joined by commas. O(nodes). */
    static String ranges(Object nodes) {
        if (!(nodes instanceof List<?> list) || list.isEmpty()) {
            return "-";
        }
        StringBuilder out = new StringBuilder();
        int first = ((Number) list.get(0)).intValue();
        int last = first;
        for (int i = 1; i <= list.size(); i++) {
            int node = i < list.size() ? ((Number) list.get(i)).intValue() : Integer.MIN_VALUE;
            if (node != last + 1) {
                out.append(out.length() == 0 ? "" : ", ").append(first).append(first == last ? "" : " to " + last);
                first = node;
            }
            last = node;
        }
        return out.toString();
    }

    private static double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
