package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * Decoding sequences that advance together on the {@link DecodeClock} against the per-sequence
 * rule of continuous batching: a token budget smaller than the decoding sequences lets only the
 * first ones in admission order decode, the others being held back for that iteration.
 */
class DecodeClockTest {
    private static final int REQUESTS = 12;
    private static final int BUDGET = 4;
    private static final int OUTPUT = 11;

    @Test
    void shouldDecodeOnlyTheOldestSequencesThatTheTokenBudgetAdmits() {
        // A lone decode pool receives all 12 requests at once, each with its first token produced
        // elsewhere, so each needs OUTPUT − 1 = 10 decode iterations. With a budget of 4 tokens
        // per iteration only the 4 oldest running sequences decode: requests 0–3 finish after
        // iteration 10, 4–7 after iteration 20, 8–11 after iteration 30, each group's members at
        // the same time, and the pool runs 30 iterations carrying 12 × 10 decode tokens.
        InferenceSpec spec = new InferenceSpec("t.DecodeClock", ServingFixtures.LLAMA3_8B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), BUDGET, 64, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 200, OUTPUT, REQUESTS), List.of(), false);
        RunResult result = InferenceRunner.run(spec);

        Map<Integer, Double> finishSeconds = new TreeMap<>();
        long iterations = 0;
        long decodes = 0;
        for (Map<String, Object> span : timeline(result)) {
            String track = String.valueOf(span.get("track"));
            if ("iteration".equals(span.get("name"))) {
                iterations++;
                long sequences = ((Number) ((Map<?, ?>) span.get("args")).get("decodeSequences")).longValue();
                assertTrue(sequences <= BUDGET, span.toString());
                decodes += sequences;
            } else if ("decode".equals(span.get("name"))) {
                finishSeconds.put(Integer.parseInt(track.substring("request ".length())),
                        (Double) span.get("startSeconds") + (Double) span.get("durationSeconds"));
            }
        }
        assertEquals(3L * (OUTPUT - 1), iterations);
        assertEquals((long) REQUESTS * (OUTPUT - 1), decodes);
        assertEquals(REQUESTS, finishSeconds.size());
        for (int q = 0; q < REQUESTS; q++) {
            int first = q / BUDGET * BUDGET;
            assertEquals(finishSeconds.get(first), finishSeconds.get(q), 1e-15, "request " + q + " with its group");
            if (first > 0) {
                assertTrue(finishSeconds.get(q) > finishSeconds.get(first - 1), "request " + q + " after the group before");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> timeline(RunResult result) {
        return (List<Map<String, Object>>) result.metrics().get("timeline");
    }
}
