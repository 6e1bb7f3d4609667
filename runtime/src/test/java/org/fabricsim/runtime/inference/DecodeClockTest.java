package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures;
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

        long iterations = 0;
        for (Map<String, Object> span : timeline(result)) {
            if ("iteration".equals(span.get("name"))) {
                iterations++;
                long sequences = ((Number) ((Map<?, ?>) span.get("args")).get("decodeSequences")).longValue();
                assertTrue(sequences <= BUDGET, span.toString());
            }
        }
        Map<Integer, Double> finishSeconds = finishSeconds(result);
        assertEquals(3L * (OUTPUT - 1), iterations);
        assertEquals((long) REQUESTS * (OUTPUT - 1), decodeSteps(result));
        assertEquals(REQUESTS, finishSeconds.size());
        assertGroupsFinishTogether(finishSeconds, BUDGET);
    }

    @Test
    void shouldAcceptTheDraftsOfASlotTogetherAndHoldBackByAWholeStep() {
        // One drafted token accepted at 0.85: γ = 1.85 tokens per iteration, 2 tokens per decoding
        // sequence through the iteration, so a budget of 4 lets the 2 oldest of the 12 decode. The
        // slot's credit gives ⌊1.85·n⌋ tokens after n decoding iterations. Group g (requests 2g, 2g+1)
        // decodes in iterations 6g+1 … 6g+6 and gains ⌊11.1·(g+1)⌋ − ⌊11.1·g⌋ = 11 ≥ 10 by the sixth, but
        // only ⌊11.1·g + 9.25⌋ − ⌊11.1·g⌋ = 9 < 10 by the fifth (g ≤ 5): 6 groups × 6 = 36 iterations,
        // 72 decode steps, each group finishing together, and the token drafted beyond the 10th dropped:
        // the pool's output is the 12 × 10 tokens it decodes (the first ones come from a prefill outside
        // the run), where keeping the drafts beyond would count 12 × 11.
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.DECODE, 1, ServingFixtures.tensor(1), BUDGET, 64, 0,
                new PoolFeatures(false, 0, new PoolFeatures.Speculative(1, 0.85, 1)));
        InferenceSpec spec = new InferenceSpec("t.SpeculativeClock", ServingFixtures.LLAMA3_8B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8, List.of(pool),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 200, OUTPUT, REQUESTS), List.of(), false);
        RunResult result = InferenceRunner.run(spec);

        Map<Integer, Double> finishSeconds = finishSeconds(result);
        assertEquals(36L, ((Number) result.metrics().get("iterations")).longValue());
        assertEquals(72L, decodeSteps(result));
        double tokens = ((Number) result.metrics().get("outputTokensPerSecond")).doubleValue()
                * ((Number) result.metrics().get("makespanSeconds")).doubleValue();
        assertEquals((double) REQUESTS * (OUTPUT - 1), tokens, 1e-6);
        assertGroupsFinishTogether(finishSeconds, 2);
    }

    /** Requests finish in groups of {@code size} in admission order, together within a group. */
    private static void assertGroupsFinishTogether(Map<Integer, Double> finishSeconds, int size) {
        for (int q = 0; q < REQUESTS; q++) {
            int first = q / size * size;
            assertEquals(finishSeconds.get(first), finishSeconds.get(q), 1e-15, "request " + q + " with its group");
            if (first > 0) {
                assertTrue(finishSeconds.get(q) > finishSeconds.get(first - 1), "request " + q + " after the group before");
            }
        }
    }

    private static Map<Integer, Double> finishSeconds(RunResult result) {
        Map<Integer, Double> finishSeconds = new TreeMap<>();
        for (Map<String, Object> span : timeline(result)) {
            if ("decode".equals(span.get("name"))) {
                String track = String.valueOf(span.get("track"));
                finishSeconds.put(Integer.parseInt(track.substring("request ".length())),
                        (Double) span.get("startSeconds") + (Double) span.get("durationSeconds"));
            }
        }
        return finishSeconds;
    }

    private static long decodeSteps(RunResult result) {
        long decodes = 0;
        for (Map<String, Object> span : timeline(result)) {
            if ("iteration".equals(span.get("name"))) {
                decodes += ((Number) ((Map<?, ?>) span.get("args")).get("decodeSequences")).longValue();
            }
        }
        return decodes;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> timeline(RunResult result) {
        return (List<Map<String, Object>>) result.metrics().get("timeline");
    }
}
