package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * The KV-cache admission policies of a serving pool: preempting (vLLM) against no-evict
 * (TensorRT-LLM's GUARANTEED_NO_EVICT), on a cache sized for 4.5 whole requests.
 */
public class AdmissionPolicyTest {
    /** Llama 3 8B FP8 on one H100: the tokens its cache holds (the input the cases are sized from). */
    private static final long CAPACITY = ReplicaMemory.kvCapacityTokens(ServingFixtures.LLAMA3_8B, ServingFixtures.H100,
            Precision.FP8, Precision.FP8, ServingFixtures.tensor(1), 0);
    /** A request's footprint p + o − 1 is the capacity ÷ 4.5: the cache holds 4 whole requests, not 5. */
    private static final int OUTPUT = (int) (CAPACITY / 9);
    private static final int PROMPT = (int) (CAPACITY / 4.5) - OUTPUT + 1;

    @Test
    void shouldAdmitOnlyWhatTheCacheHoldsToTheLastTokenAndNeverEvict() {
        // No-evict, 8 requests queued at once, no batch limits: 4 fit whole (4.5 would), so the first
        // iteration prefills 4, which finish together after o − 1 more decode iterations; the next 4
        // are admitted when they leave. Two waves of o iterations each, nothing preempted.
        Map<String, Object> m = run(Admission.NO_EVICT, 8);
        assertEquals(0L, number(m, "preemptions"));
        assertEquals(8L, number(m, "completedRequests"));
        assertEquals(2L * OUTPUT, number(m, "iterations"));
    }

    @Test
    void shouldAdmitMoreOnThePromptAndPreemptWhenDecodingFillsTheCache() {
        // Preempting: a prompt plus one token is ≈ capacity ÷ 9, so all 8 are admitted at once (one
        // prefill iteration); at their full 8 × capacity ÷ 4.5 they would need 1.8 caches, so
        // decoding overflows it and sequences are preempted and recomputed.
        Map<String, Object> m = run(Admission.PREEMPT, 8);
        assertTrue(number(m, "preemptions") > 0, "the cache overflows while decoding");
        assertEquals(8L, number(m, "completedRequests"));
    }

    @Test
    void shouldRejectUnderNoEvictARequestWhoseOutputCannotFitAnEmptyCache() {
        // o = capacity: the prompt (≈ capacity ÷ 9) fits an empty cache, p + o − 1 never does.
        InferenceSpec spec = spec(Admission.NO_EVICT, PROMPT, (int) CAPACITY, 1);
        Map<String, Object> m = InferenceRunner.run(spec).metrics();
        assertEquals(1L, number(m, "rejectedRequests"));
        assertEquals(0L, number(m, "completedRequests"));
    }

    private static Map<String, Object> run(Admission admission, int requests) {
        return InferenceRunner.run(spec(admission, PROMPT, OUTPUT, requests)).metrics();
    }

    private static InferenceSpec spec(Admission admission, int prompt, int output, int requests) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(1), 0, 0, 0,
                new PoolFeatures(false, 0, null, admission));
        return new InferenceSpec("t.Admission", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(pool), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), prompt, output, requests), List.of(),
                false);
    }

    private static long number(Map<String, Object> metrics, String key) {
        return ((Number) metrics.get(key)).longValue();
    }
}
