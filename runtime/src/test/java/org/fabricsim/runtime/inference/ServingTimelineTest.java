package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * The serving timeline ({@link ServingTimeline}) against the run's own reported results: every
 * request of these runs is drawn (fewer than 100), so the means of its phases are the reported
 * means, and the iteration spans carry every token the run reports.
 */
class ServingTimelineTest {
    private static final int REQUESTS = 40;
    private static final int PROMPT = 1000;
    private static final int OUTPUT = 50;

    @Test
    void shouldDrawEachRequestsQueueAndPrefillSummingToItsTtftAndItsPhasesToItsE2e() {
        RunResult result = run(List.of(ServingFixtures.pool(Role.SERVING, 2, ServingFixtures.tensor(4), 4096, 64, 0)));
        Map<String, Map<String, Double>> phases = phasesByRequest(result);
        assertEquals(REQUESTS, phases.size(), "one track per request");
        double ttft = 0;
        double e2e = 0;
        for (Map<String, Double> p : phases.values()) {
            ttft += p.getOrDefault("queued", 0.0) + p.get("prefill");
            e2e += p.values().stream().mapToDouble(Double::doubleValue).sum();
        }
        assertEquals(summary(result, "ttftSeconds").get("mean"), ttft / REQUESTS, 1e-9);
        assertEquals(summary(result, "e2eSeconds").get("mean"), e2e / REQUESTS, 1e-9);
    }

    @Test
    void shouldDrawTheKvTransferAndDecodeQueueOfADisaggregatedRequest() {
        RunResult result = run(List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(4), 8192, 0, 0),
                ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(4), 0, 16, 0)));
        double kv = 0;
        double queue = 0;
        for (Map<String, Double> p : phasesByRequest(result).values()) {
            kv += p.getOrDefault("KV transfer", 0.0);
            queue += p.getOrDefault("decode queue", 0.0);
        }
        assertEquals(summary(result, "kvTransferSeconds").get("mean"), kv / REQUESTS, 1e-9);
        assertEquals(summary(result, "decodeQueueSeconds").get("mean"), queue / REQUESTS, 1e-9);
        assertTrue(queue > 0, "16 decode places for 40 requests: some wait");
    }

    @Test
    void shouldDrawEveryIterationWithTheTokensItComputed() {
        RunResult result = run(List.of(ServingFixtures.pool(Role.SERVING, 2, ServingFixtures.tensor(4), 4096, 64, 0)));
        long iterations = 0;
        long prefillTokens = 0;
        long decodes = 0;
        for (Map<String, Object> span : timeline(result)) {
            if ("iteration".equals(span.get("name"))) {
                Map<?, ?> args = (Map<?, ?>) span.get("args");
                iterations++;
                prefillTokens += ((Number) args.get("prefillTokens")).longValue();
                decodes += ((Number) args.get("decodeSequences")).longValue();
                assertTrue(String.valueOf(span.get("track")).matches("serving replica [01]"), span.toString());
            }
        }
        assertEquals(((Number) result.metrics().get("iterations")).longValue(), iterations);
        // every prompt is prefilled once (no preemption at 64 x 1,050 tokens), and every output token
        // but the first (the prefill's) comes from one decode of its sequence
        assertEquals(0L, ((Number) result.metrics().get("preemptions")).longValue());
        assertEquals((long) REQUESTS * PROMPT, prefillTokens);
        assertEquals((long) REQUESTS * (OUTPUT - 1), decodes);
    }

    private static RunResult run(List<InferenceSpec.Pool> pools) {
        InferenceSpec spec = new InferenceSpec("timeline", ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, pools, ServingFixtures.fixed(new InferenceSpec.Poisson(20), PROMPT, OUTPUT, REQUESTS),
                List.of(), false);
        return InferenceRunner.run(spec);
    }

    /** Per request track, its phases' durations by name. */
    private static Map<String, Map<String, Double>> phasesByRequest(RunResult result) {
        Map<String, Map<String, Double>> phases = new HashMap<>();
        for (Map<String, Object> span : timeline(result)) {
            String track = String.valueOf(span.get("track"));
            if (track.startsWith("request ")) {
                phases.computeIfAbsent(track, t -> new HashMap<>()).merge(String.valueOf(span.get("name")),
                        (Double) span.get("durationSeconds"), Double::sum);
            }
        }
        return phases;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> timeline(RunResult result) {
        return (List<Map<String, Object>>) result.metrics().get("timeline");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Double> summary(RunResult result, String metric) {
        return (Map<String, Double>) result.metrics().get(metric);
    }
}
