package org.fabricsim.runtime.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.Json;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;

/**
 * The simulated timeline in the Chrome trace-event JSON format (the "JSON Object Format" that
 * chrome://tracing and ui.perfetto.dev open): one process per run, one thread (track) per simulated
 * rank and per link class. Complete events ({@code "ph": "X"}) carry {@code ts} and {@code dur} in
 * microseconds; metadata events ({@code "ph": "M"}) name the processes and threads. Events are
 * sorted by {@code ts}, metadata first.
 *
 * <p>Where the spans come from, per run: the engine's own {@code metrics.timeline} when it reports
 * one ({@code track, name, startSeconds, durationSeconds} and optional {@code args}, copied to the
 * event); otherwise a timeline derived from the
 * reported metrics: a collective benchmark runs its sizes back to back on every rank (at most
 * {@value #MAX_RANK_TRACKS} rank tracks) and on the network's track; a run with a step breakdown
 * ({@link Metrics#stepBreakdown}) lays out one step (compute, then each exposed communication, then
 * the bubble) on rank 0, with the communication also on its link class's track. A packet run's
 * busiest ports ({@code rows[].ports}) become counter tracks ({@code "ph": "C"}) over each size's span.
 */
public final class ChromeTrace {
    /** Rank tracks drawn per run at most; a 16K-rank collective repeats the same span on every rank. */
    static final int MAX_RANK_TRACKS = 64;
    private static final double MICROS_PER_SECOND = 1e6;
    /** The values of a port's counter track, keys of {@code metrics.rows[].ports[]}. */
    private static final List<String> PORT_COUNTERS = List.of("peakQueueBytes", "meanQueueBytes", "drops",
            "ecnMarks", "trimmed");

    private ChromeTrace() {
    }

    /** The trace of every successful run of {@code result}. */
    public static String render(StudyResult result) {
        List<Map<String, Object>> metadata = new ArrayList<>();
        List<Map<String, Object>> spans = new ArrayList<>();
        int pid = 0;
        for (RunResult run : result.runs()) {
            pid++;
            metadata.add(meta("process_name", pid, 0, run.succeeded() ? run.name() : run.name() + " (failed)"));
            metadata.add(meta("process_sort_index", pid, 0, pid));
            if (run.succeeded()) {
                new Tracks(pid, metadata, spans).add(run);
            }
        }
        spans.sort(Comparator.comparingDouble(e -> (Double) e.get("ts")));
        List<Object> events = new ArrayList<>(metadata);
        events.addAll(spans);
        Map<String, Object> trace = new LinkedHashMap<>();
        trace.put("traceEvents", events);
        trace.put("displayTimeUnit", "ns");
        Map<String, Object> other = new LinkedHashMap<>();
        other.put("tool", result.tool());
        other.put("model", result.model());
        trace.put("otherData", other);
        return Json.write(trace);
    }

    private static Map<String, Object> meta(String name, int pid, int tid, Object value) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("name", name);
        event.put("ph", "M");
        event.put("ts", 0.0);
        event.put("pid", pid);
        event.put("tid", tid);
        event.put("args", Map.of(name.endsWith("sort_index") ? "sort_index" : "name", value));
        return event;
    }

    /** The tracks of one run: thread ids handed out in order of first use. */
    private static final class Tracks {
        private final int pid;
        private final List<Map<String, Object>> metadata;
        private final List<Map<String, Object>> spans;
        private final Map<String, Integer> tids = new LinkedHashMap<>();

        Tracks(int pid, List<Map<String, Object>> metadata, List<Map<String, Object>> spans) {
            this.pid = pid;
            this.metadata = metadata;
            this.spans = spans;
        }

        void add(RunResult run) {
            Map<String, Object> m = run.metrics();
            if (m.get("timeline") instanceof List<?> timeline) {
                for (Object o : timeline) {
                    if (o instanceof Map<?, ?> span && span.get("startSeconds") instanceof Number start
                            && span.get("durationSeconds") instanceof Number duration) {
                        Map<String, Object> event = span(String.valueOf(span.get("track")),
                                String.valueOf(span.get("name")), "engine", start.doubleValue(), duration.doubleValue());
                        if (span.get("args") instanceof Map<?, ?> args) {
                            event.put("args", args);
                        }
                    }
                }
            } else if (m.get("rows") instanceof List<?> rows) {
                benchmark(run, rows);
            } else if (Metrics.stepBreakdown(m) != null) {
                step(Metrics.stepBreakdown(m));
            }
        }

        private void benchmark(RunResult run, List<?> rows) {
            int ranks = run.parameters().get("accelerators") instanceof Number n ? n.intValue() : 1;
            String operation = String.valueOf(run.parameters().getOrDefault("operation", "collective"));
            double clock = 0;
            for (Object o : rows) {
                if (!(o instanceof Map<?, ?> row) || !(row.get("timeSeconds") instanceof Number time)
                        || !(row.get("bytes") instanceof Number size)) {
                    continue;
                }
                String name = operation + " " + Metrics.bytes(size.longValue());
                for (int rank = 0; rank < Math.min(ranks, MAX_RANK_TRACKS); rank++) {
                    span("rank " + rank, name, "collective", clock, time.doubleValue());
                }
                span("link: network", name, "network", clock, time.doubleValue());
                if (row.get("ports") instanceof List<?> ports) {
                    ports(ports, clock, time.doubleValue());
                }
                clock += time.doubleValue();
            }
        }

        /**
         * A packet run's busiest ports as counter tracks ({@code "ph": "C"}), one per port: its peak and
         * mean queue bytes, drops, ECN marks and trimmed packets from the size's start, back to 0 at its end.
         */
        private void ports(List<?> ports, double startSeconds, double durationSeconds) {
            for (Object o : ports) {
                if (o instanceof Map<?, ?> port) {
                    String name = "port " + port.get("link") + " (" + port.get("fromNode") + " → " + port.get("toNode")
                            + ")";
                    Map<String, Object> values = new LinkedHashMap<>();
                    for (String key : PORT_COUNTERS) {
                        values.put(key, port.get(key) instanceof Number n ? n.doubleValue() : 0.0);
                    }
                    counter(name, startSeconds, values);
                    Map<String, Object> zeros = new LinkedHashMap<>();
                    values.keySet().forEach(key -> zeros.put(key, 0.0));
                    counter(name, startSeconds + durationSeconds, zeros);
                }
            }
        }

        private void counter(String name, double atSeconds, Map<String, Object> values) {
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("name", name);
            event.put("cat", "port");
            event.put("ph", "C");
            event.put("ts", atSeconds * MICROS_PER_SECOND);
            event.put("pid", pid);
            event.put("tid", 0);
            event.put("args", values);
            spans.add(event);
        }

        private void step(Map<String, Double> breakdown) {
            double clock = 0;
            for (Map.Entry<String, Double> part : breakdown.entrySet()) {
                double seconds = part.getValue();
                if (seconds <= 0) {
                    continue;
                }
                String name = part.getKey();
                span("rank 0", name, name.startsWith("exposed") ? "communication" : name, clock, seconds);
                if (name.startsWith("exposed")) {
                    span("link: " + name.replaceFirst("^exposed[-_ ]?", ""), name, "communication", clock, seconds);
                }
                clock += seconds;
            }
        }

        /** Adds a complete event and returns it (a caller may add its {@code args}). */
        private Map<String, Object> span(String track, String name, String category, double startSeconds,
                double durationSeconds) {
            Integer tid = tids.get(track);
            if (tid == null) {
                tid = tids.size() + 1;
                tids.put(track, tid);
                metadata.add(meta("thread_name", pid, tid, track));
                metadata.add(meta("thread_sort_index", pid, tid, tid));
            }
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("name", name);
            event.put("cat", category);
            event.put("ph", "X");
            event.put("ts", startSeconds * MICROS_PER_SECOND);
            event.put("dur", durationSeconds * MICROS_PER_SECOND);
            event.put("pid", pid);
            event.put("tid", tid);
            spans.add(event);
            return event;
        }
    }
}
