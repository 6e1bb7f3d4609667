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
    void shouldDecodeHandedOffRequestsInTheIterationTheyJoinWhenPrefillFirst() {
        // a decode pool alone, two 3,000-token prompts whose caches are in place at once, 50 output tokens
        // (the first produced elsewhere): Dynamo's patched V0 schedules the decodes beside remote
        // prefills and runs a request whose remote prefill finished as a decode at once, so both decode
        // from iteration 1, 49 iterations of two sequences each, under either batching and any budget
        for (int budget : new int[] {3500, 7000}) {
            List<Map<String, Object>> iterations = iterations(decodeAlone(Batching.PREFILL_FIRST, budget));
            assertEquals(49, iterations.size());
            for (Map<String, Object> iteration : iterations) {
                assertEquals(2, ((Number) ((Map<?, ?>) iteration.get("args")).get("decodeSequences")).intValue());
            }
        }
        assertEquals(49, iterations(decodeAlone(Batching.MIXED, 3500)).size());
    }

    @Test
    void shouldSampleTheFirstTokenInTheFirstDecodeIterationOfAPrefillFirstDecodePool() {
        // one 3,000-token prompt, 50 output tokens, prefilled on a prefill pool and handed off: with a
        // prefill-first (vLLM V0, Dynamo-patched) decode pool the prefill's token is not kept, so the
        // decode pool runs 50 iterations, not 49, and the first token is the end of the first of them:
        // TTFT = its end, E2E − TTFT = the other 49, ITL their mean
        RunResult v0 = disaggregated(Batching.PREFILL_FIRST);
        List<Map<String, Object>> decodes = decodeIterations(v0);
        assertEquals(50, decodes.size());
        assertEquals(49, decodeIterations(disaggregated(Batching.MIXED)).size());
        Map<String, Object> first = decodes.get(0);
        double firstEnd = (Double) first.get("startSeconds") + (Double) first.get("durationSeconds");
        Map<String, Object> last = decodes.get(decodes.size() - 1);
        double lastEnd = (Double) last.get("startSeconds") + (Double) last.get("durationSeconds");
        assertEquals(firstEnd, mean(v0, "ttftSeconds"), 1e-9);
        assertEquals(lastEnd, mean(v0, "e2eSeconds"), 1e-9);
        assertEquals((lastEnd - firstEnd) / 49, mean(v0, "itlSeconds"), 1e-9);
    }

    private static RunResult disaggregated(Batching decodeBatching) {
        PoolFeatures host = new PoolFeatures(false, 0, null, Admission.PREEMPT, Batching.PREFILL_FIRST,
                new IterationHost(HOST_SECONDS, HOST_SECONDS_PER_SEQUENCE, false));
        PoolFeatures decode = new PoolFeatures(false, 0, null, Admission.PREEMPT, decodeBatching,
                new IterationHost(HOST_SECONDS, HOST_SECONDS_PER_SEQUENCE, false));
        List<InferenceSpec.Pool> pools = List.of(
                new InferenceSpec.Pool(Role.PREFILL, 1, ServingFixtures.tensor(4), 3500, 64, 0, host),
                new InferenceSpec.Pool(Role.DECODE, 1, ServingFixtures.tensor(4), 3500, 64, 0, decode));
        return InferenceRunner.run(new InferenceSpec("first-token", ServingFixtures.LLAMA3_70B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8, pools,
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 3000, 50, 1), List.of(), false));
    }

    private static List<Map<String, Object>> decodeIterations(RunResult result) {
        return iterations(result).stream().filter(span -> ((String) span.get("track")).startsWith("decode")).toList();
    }

    private static double mean(RunResult result, String metric) {
        return ((Number) ((Map<?, ?>) result.metrics().get(metric)).get("mean")).doubleValue();
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
