package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ChromeTraceTest {

    @Test
    void shouldWriteTheTraceEventFormatWithOneTrackPerRankAndLinkClass() {
        List<Map<String, Object>> events = MiniJson.events(ChromeTrace.render(ReportFixtures.mixed()));
        double lastTs = -1;
        boolean spans = false;
        Set<String> threads = new HashSet<>();
        for (Map<String, Object> e : events) {
            String ph = (String) e.get("ph");
            assertTrue(ph.equals("X") || ph.equals("M"), "only complete and metadata events: " + e);
            assertTrue(e.get("pid") instanceof Number && e.get("tid") instanceof Number, "pid and tid: " + e);
            double ts = ((Number) e.get("ts")).doubleValue();
            assertTrue(ts >= lastTs, "timestamps sorted: " + e);
            lastTs = ts;
            if (ph.equals("X")) {
                spans = true;
                assertTrue(((Number) e.get("dur")).doubleValue() >= 0, "X events carry a duration: " + e);
                assertTrue(e.get("name") instanceof String);
            } else {
                assertTrue(e.get("args") instanceof Map, "metadata carries args: " + e);
                if ("thread_name".equals(e.get("name"))) {
                    threads.add(((Number) e.get("pid")).intValue() + ":" + ((Map<?, ?>) e.get("args")).get("name"));
                }
            }
        }
        assertTrue(spans);
        // Benchmark run 1 (pid 1): 4 ranks and the network; training run (pid 3): rank 0 and links tp, dp.
        assertTrue(threads.containsAll(Set.of("1:rank 0", "1:rank 3", "1:link: network", "3:rank 0", "3:link: tp",
                "3:link: dp")), threads.toString());
        // 1 MiB then 1 GiB back to back: the second all-reduce starts at 1e-4 s = 100 us.
        assertTrue(events.stream().anyMatch(e -> "all-reduce 1 GiB".equals(e.get("name"))
                && ((Number) e.get("ts")).doubleValue() == 100.0 && ((Number) e.get("dur")).doubleValue() == 50_000.0));
    }

    @Test
    void shouldNameTheFailedRunsProcessAndDrawNoSpansForIt() {
        List<Map<String, Object>> events = MiniJson.events(ChromeTrace.render(ReportFixtures.mixed()));
        assertTrue(events.stream().anyMatch(e -> "process_name".equals(e.get("name"))
                && "t.Scale[data=256] (failed)".equals(((Map<?, ?>) e.get("args")).get("name"))));
        assertEquals(0, events.stream().filter(e -> "X".equals(e.get("ph")) && ((Number) e.get("pid")).intValue() == 4)
                .count());
    }

    @Test
    void shouldDrawAPacketRunsPortsAsCounterTracksOverTheirSize() {
        // One size of 0.05 s whose row lists one port: its counter rises at 0 to the port's values and
        // falls back to 0 at 0.05 s = 50,000 us.
        Map<String, Object> port = new java.util.LinkedHashMap<>();
        port.put("link", 7);
        port.put("fromNode", 12);
        port.put("toNode", 3);
        port.put("peakQueueBytes", 1_251_558L);
        port.put("meanQueueBytes", 623_668.8);
        port.put("drops", 5L);
        Map<String, Object> row = Map.of("bytes", 1L << 30, "timeSeconds", 0.05, "ports", List.of(port));
        org.fabricsim.runtime.result.RunResult run = new org.fabricsim.runtime.result.RunResult("q.P",
                "collective-benchmark", "q.S", Map.of(), 3, Map.of("accelerators", 2), Map.of("rows", List.of(row)),
                0.01, 0, 0, null);
        List<Map<String, Object>> counters = MiniJson.events(ChromeTrace.render(
                new org.fabricsim.runtime.result.StudyResult("t", "m", List.of(run)))).stream()
                .filter(e -> "C".equals(e.get("ph"))).toList();
        assertEquals(2, counters.size());
        assertEquals("port 7 (12 → 3)", counters.get(0).get("name"));
        assertEquals(0.0, ((Number) counters.get(0).get("ts")).doubleValue());
        assertEquals(1_251_558.0, ((Number) ((Map<?, ?>) counters.get(0).get("args")).get("peakQueueBytes")).doubleValue());
        assertEquals(5.0, ((Number) ((Map<?, ?>) counters.get(0).get("args")).get("drops")).doubleValue());
        assertEquals(50_000.0, ((Number) counters.get(1).get("ts")).doubleValue());
        assertEquals(0.0, ((Number) ((Map<?, ?>) counters.get(1).get("args")).get("peakQueueBytes")).doubleValue());
    }

    @Test
    void shouldCarryATimelineSpansArgsIntoItsEvent() {
        // a serving iteration of 12 sequences from 1 ms to 1.5 ms on its replica's track
        Map<String, Object> span = Map.of("track", "serving replica 0", "name", "iteration", "startSeconds", 0.001,
                "durationSeconds", 0.0005, "args", Map.of("batch", 12));
        org.fabricsim.runtime.result.RunResult run = new org.fabricsim.runtime.result.RunResult("s.Serve", "inference",
                Map.of(), Map.of("timeline", List.of(span)), 0.01);
        Map<String, Object> event = MiniJson.events(ChromeTrace.render(
                new org.fabricsim.runtime.result.StudyResult("t", "m", List.of(run)))).stream()
                .filter(e -> "X".equals(e.get("ph"))).findFirst().orElseThrow();
        assertEquals("iteration", event.get("name"));
        assertEquals(1000.0, ((Number) event.get("ts")).doubleValue(), 1e-9);
        assertEquals(500.0, ((Number) event.get("dur")).doubleValue(), 1e-9);
        assertEquals(12.0, ((Number) ((Map<?, ?>) event.get("args")).get("batch")).doubleValue());
    }
}
