package org.fabricsim.runtime.result;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console block of an {@code inference} run: deployment, latency percentiles, throughput,
 * goodput against the SLOs, KV-cache transfer, cost and utilization.
 */
final class InferenceConsole {
    private InferenceConsole() {
    }

    static String render(RunResult run) {
        Map<String, Object> p = run.parameters();
        Map<String, Object> m = run.metrics();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# %s: %s %s serving of %s on %s accelerators%s, %s requests%n",
                run.name(), p.get("mode"), p.get("precision"), p.get("model"), Metrics.countOf(p.get("accelerators")),
                p.get("cluster") == null ? "" : " of " + p.get("cluster"), Metrics.countOf(p.get("requests"))));
        if (p.get("kvCachePrecision") != null && !p.get("kvCachePrecision").equals(p.get("precision"))) {
            out.append(String.format(Locale.ROOT, "  KV cache in %s%n", p.get("kvCachePrecision")));
        }
        if (p.get("traceRequests") != null) {
            out.append(String.format(Locale.ROOT, "  trace truncated: the first %s of its %s requests replayed (the"
                    + " traffic states a count)%n", p.get("requests"), p.get("traceRequests")));
        }
        if (p.get("pools") instanceof List<?> pools) {
            for (Object o : pools) {
                Map<?, ?> pool = (Map<?, ?>) o;
                out.append(String.format(Locale.ROOT, "  pool %-8s %s x (TP%s PP%s EP%s, %s accelerators), KV cache %s tokens"
                        + " per replica%n", pool.get("role"), pool.get("replicas"), pool.get("tensor"),
                        pool.get("pipeline"), pool.get("expert"), pool.get("acceleratorsPerReplica"),
                        Metrics.countOf(pool.get("kvCacheTokensPerReplica"))));
            }
        }
        out.append(String.format(Locale.ROOT, "  %-22s %12s %12s %12s %12s%n", "latency", "p50", "p90", "p99", "mean"));
        latency(out, "time to first token", m.get("ttftSeconds"));
        latency(out, "inter-token latency", m.get("itlSeconds"));
        latency(out, "end to end", m.get("e2eSeconds"));
        latency(out, "KV-cache transfer", m.get("kvTransferSeconds"));
        latency(out, "decode queue", m.get("decodeQueueSeconds"));
        countLine(out, "output tokens/s", m.get("outputTokensPerSecond"), "");
        countLine(out, "input tokens/s", m.get("inputTokensPerSecond"), "");
        countLine(out, "output tokens/s/accel", m.get("outputTokensPerSecondPerAccelerator"), "");
        if (m.get("cachedInputTokens") instanceof Number cached && cached.longValue() > 0) {
            long computed = ((Number) m.get("computedInputTokens")).longValue();
            countLine(out, "prefix-cache hits", cached, " of " + Metrics.count(cached.longValue() + computed)
                    + " prompt tokens");
        }
        if (m.get("poolFigures") instanceof List<?> pools) {
            for (Object o : pools) {
                Map<?, ?> pool = (Map<?, ?>) o;
                countLine(out, "pool " + pool.get("role") + " tokens/s/node", pool.get("inputTokensPerSecondPerNode"),
                        " in, " + Metrics.countOf(pool.get("outputTokensPerSecondPerNode")) + " out, busy "
                                + tenths(percent(pool.get("busyFraction"))) + "%");
            }
        }
        if (m.containsKey("goodput")) {
            tenthsLine(out, "goodput", percent(m.get("goodput")), "% of requests meet every SLO");
        } else {
            out.append(String.format(Locale.ROOT, "  %-22s %12s (no slo stated)%n", "goodput", "n/a"));
        }
        if (m.get("slos") instanceof List<?> slos) {
            for (Object o : slos) {
                Map<?, ?> slo = (Map<?, ?>) o;
                out.append(String.format(Locale.ROOT, "    %s p%s <= %s: %s %s%n", slo.get("metric"),
                        slo.get("percentile"), duration(slo.get("limitSeconds")), duration(slo.get("achievedSeconds")),
                        Boolean.TRUE.equals(slo.get("met")) ? "met" : "MISSED"));
            }
        }
        if (m.get("failures") instanceof Map<?, ?> failures && failures.get("pools") instanceof List<?> pools) {
            for (Object o : pools) {
                Map<?, ?> pool = (Map<?, ?>) o;
                line(out, "failures/day/replica", pool.get("replicaFailuresPerDay"), " (" + pool.get("role")
                        + "), each replica serving " + format(percent(pool.get("replicaAvailability"))) + "% of the time");
            }
            line(out, "availability", percent(m.get("availability")), "% of the time every SLO holds");
            line(out, "goodput under failures", percent(m.get("goodputUnderFailures")), "% of requests, "
                    + format(percent(failures.get("retriedRequestShare"))) + "% retried");
        }
        dollarLine(out, "$/M output tokens", m.get("costPerMillionOutputTokens"), " (decode's share of the cost)");
        dollarLine(out, "$/M input tokens", m.get("costPerMillionInputTokens"), " (prefill's share)");
        tenthsLine(out, "accelerator busy", percent(m.get("acceleratorBusyFraction")), "%");
        Object peak = p.get("mfuPeakPrecision");
        tenthsLine(out, "model FLOPs utilization", percent(m.get("modelFlopsUtilization")),
                "% of " + (peak == null ? "BF16" : peak.toString().toUpperCase(Locale.ROOT)) + " peak");
        if (m.get("completedRequests") instanceof Number completed) {
            out.append(String.format(Locale.ROOT, "  %-22s %12s / %s, preemptions %s%n", "completed / rejected",
                    Metrics.countOf(completed), Metrics.countOf(m.get("rejectedRequests")),
                    Metrics.countOf(m.get("preemptions"))));
        }
        overload(out, p, m);
        return out.toString();
    }

    /** Below this share of the Poisson arrival rate, a saturated deployment's served rate is an overload. */
    static final double SERVED_SHARE = 0.9;
    /** A pool busy at least this share of the run is saturated: it served as fast as it can. */
    static final double SATURATED_BUSY = 0.95;

    /**
     * A deployment too small for its traffic: Poisson arrivals at λ requests/s, a pool busy at least {@value
     * #SATURATED_BUSY} of the time, and completed ÷ makespan below {@value #SERVED_SHARE} λ. A saturated pool serves
     * at its capacity for the whole run, so completed ÷ makespan is that capacity; below λ the queue grows for as long
     * as requests arrive, and the latencies above depend on the trace's length rather than on the deployment.
     */
    private static void overload(StringBuilder out, Map<String, Object> p, Map<String, Object> m) {
        if (!(p.get("arrivalRequestsPerSecond") instanceof Number rate) || !(m.get("completedRequests") instanceof Number done)
                || !(m.get("makespanSeconds") instanceof Number makespan) || makespan.doubleValue() <= 0) {
            return;
        }
        double served = done.doubleValue() / makespan.doubleValue();
        double busiest = m.get("poolFigures") instanceof List<?> pools ? pools.stream()
                .mapToDouble(pool -> ((Map<?, ?>) pool).get("busyFraction") instanceof Number b ? b.doubleValue() : 0).max()
                .orElse(0) : m.get("acceleratorBusyFraction") instanceof Number b ? b.doubleValue() : 0;
        if (busiest >= SATURATED_BUSY && served < SERVED_SHARE * rate.doubleValue()) {
            out.append(String.format(Locale.ROOT, "  OVERLOADED: %s requests/s arrive, %s/s are served; the queue grows as"
                    + " long as requests arrive, so the latencies above grow with the trace's length: add replicas or"
                    + " accelerators per replica%n", Metrics.threeDigits(rate.doubleValue()), Metrics.threeDigits(served)));
        }
    }

    /**
     * One latency's row, left out where every figure is 0: a latency no request has (a prefill-only pool's one token
     * has no inter-token gap, a decode-only pool's requests arrive prefilled), which 0.00 s would misstate.
     */
    private static void latency(StringBuilder out, String label, Object value) {
        if (!(value instanceof Map<?, ?> summary) || summary.values().stream()
                .allMatch(v -> v instanceof Number n && n.doubleValue() == 0)) {
            return;
        }
        out.append(String.format(Locale.ROOT, "  %-22s %12s %12s %12s %12s%n", label, duration(summary.get("p50")),
                duration(summary.get("p90")), duration(summary.get("p99")), duration(summary.get("mean"))));
    }

    private static void line(StringBuilder out, String label, Object value, String suffix) {
        if (value instanceof Number) {
            out.append(String.format(Locale.ROOT, "  %-22s %12s%s%n", label, format(value), suffix));
        }
    }

    /**
     * A percentage to a tenth of a point, as the training block and the HTML report write every percentage:
     * {@code 72.9}, {@code 31.0}, {@code 100.0}, so that runs printed one under the other line up.
     */
    private static void tenthsLine(StringBuilder out, String label, Object value, String suffix) {
        if (value instanceof Number) {
            out.append(String.format(Locale.ROOT, "  %-22s %12s%s%n", label, tenths(value), suffix));
        }
    }

    /** Dollars as {@link MetricText#dollars} writes them: {@code $0.487}, {@code $12.30}. */
    private static void dollarLine(StringBuilder out, String label, Object value, String suffix) {
        if (value instanceof Number n) {
            out.append(String.format(Locale.ROOT, "  %-22s %12s%s%n", label, MetricText.dollars(n.doubleValue()), suffix));
        }
    }

    private static void countLine(StringBuilder out, String label, Object value, String suffix) {
        if (value instanceof Number n) {
            out.append(String.format(Locale.ROOT, "  %-22s %12s%s%n", label, Metrics.count(n.doubleValue()), suffix));
        }
    }

    private static String tenths(Object value) {
        return value instanceof Number n ? String.format(Locale.ROOT, "%.1f", n.doubleValue()) : String.valueOf(value);
    }

    private static Object percent(Object fraction) {
        return fraction instanceof Number n ? (Object) (100 * n.doubleValue()) : null;
    }

    private static String duration(Object seconds) {
        return seconds instanceof Number n ? Metrics.duration(n.doubleValue()) : "";
    }

    private static String format(Object value) {
        return value instanceof Number n ? Metrics.format(n.doubleValue()) : String.valueOf(value);
    }
}
