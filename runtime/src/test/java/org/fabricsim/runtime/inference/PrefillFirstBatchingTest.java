package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Prefill-first batching (vLLM V0 without chunked prefill) against mixed batching, read off the serving timeline. */
class PrefillFirstBatchingTest {
    /** A host time per iteration that makes an admission iteration's length visible. */
    private static final double HOST_SECONDS = 10e-3;
    /** A host time per sequence scheduled that makes an admission iteration's count of prompts visible. */
    private static final double HOST_SECONDS_PER_SEQUENCE = 1e-3;

    @Test
    void shouldNeverDecodeInAnIterationThatPrefillsWhenPrefillFirst() {
        // a budget of 4,096 tokens: room for a prompt beside the decodes
        int[] mixedAndPure = iterationKinds(run(Batching.PREFILL_FIRST, new InferenceSpec.Poisson(8), 60, 4096));
        assertEquals(0, mixedAndPure[0], "no iteration both prefills and decodes");
        assertTrue(mixedAndPure[1] > 0, "prefill-only iterations ran");
        // the same load with mixed batching puts prompts beside the decodes
        assertTrue(iterationKinds(run(Batching.MIXED, new InferenceSpec.Poisson(8), 60, 4096))[0] > 0);
    }

    @Test
    void shouldStallTheFirstRequestsDecodeForTheSecondPrompt() {
        // two requests at once, a token budget that holds one 1,000-token prompt: iteration 1
        // prefills request 0 (its first token), iteration 2 prefills request 1 alone while request 0
        // waits, then both decode together 49 times. So request 0's decode spans the second prefill
        // plus 49 decode iterations: its 49 ITLs sum to exactly that, the iteration spans' durations.
        RunResult result = run(Batching.PREFILL_FIRST, new InferenceSpec.AllAtOnce(), 2, 1000);
        List<Map<String, Object>> iterations = timeline(result).stream()
                .filter(span -> "iteration".equals(span.get("name"))).toList();
        assertEquals(51, iterations.size());
        double after = 0;
        for (Map<String, Object> span : iterations.subList(1, iterations.size())) {
            after += (Double) span.get("durationSeconds");
        }
        double request0Decode = timeline(result).stream()
                .filter(span -> "request 0".equals(span.get("track")) && "decode".equals(span.get("name")))
                .mapToDouble(span -> (Double) span.get("durationSeconds")).sum();
        assertEquals(after, request0Decode, 1e-12);
        assertEquals(1000, ((Number) ((Map<?, ?>) iterations.get(1).get("args")).get("prefillTokens")).intValue());
        assertEquals(0, ((Number) ((Map<?, ?>) iterations.get(1).get("args")).get("decodeSequences")).intValue());
    }

    @Test
    void shouldAdmitEachHandedOffRequestInAnIterationOfItsOwnWhenPrefillFirst() {
        // a decode pool alone, two 3,000-token prompts whose caches are in place at once, 50 output tokens
        // (the first produced elsewhere), V0's host time h = 10 ms + h_seq = 1 ms per sequence scheduled:
        // under a 3,500-token budget iteration 1 admits request 0 and iteration 2 request 1, neither
        // decoding and each lasting h + h_seq (nothing is computed; one prompt scheduled), then 49
        // iterations decode both: 51 iterations. A 7,000-token budget admits both in iteration 1, which
        // lasts h + 2 · h_seq: 50. Mixed batching decodes in the admitting iteration: 49.
        List<Map<String, Object>> iterations = iterations(decodeAlone(Batching.PREFILL_FIRST, 3500));
        assertEquals(51, iterations.size());
        for (Map<String, Object> admission : iterations.subList(0, 2)) {
            assertEquals(0, ((Number) ((Map<?, ?>) admission.get("args")).get("decodeSequences")).intValue());
            assertEquals(HOST_SECONDS + HOST_SECONDS_PER_SEQUENCE, (Double) admission.get("durationSeconds"), 1e-12);
        }
        List<Map<String, Object>> together = iterations(decodeAlone(Batching.PREFILL_FIRST, 7000));
        assertEquals(50, together.size());
        assertEquals(HOST_SECONDS + 2 * HOST_SECONDS_PER_SEQUENCE, (Double) together.get(0).get("durationSeconds"),
                1e-12);
        assertEquals(49, iterations(decodeAlone(Batching.MIXED, 3500)).size());
    }

    private static List<Map<String, Object>> iterations(RunResult result) {
        return timeline(result).stream().filter(span -> "iteration".equals(span.get("name"))).toList();
    }

    private static RunResult decodeAlone(Batching batching, int budget) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.DECODE, 1, ServingFixtures.tensor(4), budget, 64, 0,
                new PoolFeatures(false, 0, null, Admission.PREEMPT, batching,
                        new IterationHost(HOST_SECONDS, HOST_SECONDS_PER_SEQUENCE, false)));
        return InferenceRunner.run(new InferenceSpec("admission", ServingFixtures.LLAMA3_70B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8, List.of(pool),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 3000, 50, 2), List.of(), false));
    }

    /** {iterations that both prefill and decode, iterations that only prefill}. */
    private static int[] iterationKinds(RunResult result) {
        int[] kinds = new int[2];
        for (Map<String, Object> span : timeline(result)) {
            if ("iteration".equals(span.get("name"))) {
                Map<?, ?> args = (Map<?, ?>) span.get("args");
                boolean prefills = ((Number) args.get("prefillTokens")).intValue() > 0;
                boolean decodes = ((Number) args.get("decodeSequences")).intValue() > 0;
                kinds[0] += prefills && decodes ? 1 : 0;
                kinds[1] += prefills && !decodes ? 1 : 0;
            }
        }
        return kinds;
    }

    private static RunResult run(Batching batching, InferenceSpec.Arrival arrival, int requests, int budget) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(4), budget, 64, 0,
                new PoolFeatures(false, 0, null, Admission.PREEMPT, batching));
        return InferenceRunner.run(new InferenceSpec("batching", ServingFixtures.LLAMA3_70B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8, List.of(pool),
                ServingFixtures.fixed(arrival, 1000, 50, requests), List.of(), false));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> timeline(RunResult result) {
        return (List<Map<String, Object>>) result.metrics().get("timeline");
    }
}
