package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Admission;
import org.fabricsim.runtime.spec.InferenceSpec.Batching;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A serving stack's host time per iteration ({@link IterationHost}) on one request alone: one prefill
 * iteration of g_p, then {@value #OUTPUT} − 1 decode iterations of g_d,i each. With host time h and no
 * overlap every iteration lasts h longer, so, against the same run without host time:
 * TTFT' = TTFT + h, mean ITL' = mean ITL + h, and the makespan grows by h per iteration,
 * {@value #OUTPUT} · h, so output tokens/s' = o ÷ (o ÷ tokens/s + o · h). Overlapped, an iteration
 * lasts max(g, h): a host time below every decode step leaves the run unchanged, one above every
 * step sets each decode iteration to h exactly.
 */
class IterationHostTest {
    private static final int PROMPT = 1000;
    private static final int OUTPUT = 50;
    /** vLLM V0's per-decode GPU bubble in the trace of vLLM RFC #6854 ("about 4ms"). */
    private static final double HOST_SECONDS = 4e-3;

    @Test
    void shouldAddTheHostTimeToEveryIterationOfAStackWithoutOverlap() {
        Map<String, Object> bare = run(IterationHost.NONE);
        Map<String, Object> host = run(new IterationHost(HOST_SECONDS, false));
        assertEquals(mean(bare, "ttftSeconds") + HOST_SECONDS, mean(host, "ttftSeconds"), 1e-9);
        assertEquals(mean(bare, "itlSeconds") + HOST_SECONDS, mean(host, "itlSeconds"), 1e-9);
        double bareRate = (Double) bare.get("outputTokensPerSecond");
        double expected = OUTPUT / (OUTPUT / bareRate + OUTPUT * HOST_SECONDS);
        assertEquals(expected, (Double) host.get("outputTokensPerSecond"), 1e-9 * expected);
    }

    @Test
    void shouldHideAHostTimeShorterThanTheStepWhenOverlapped() {
        Map<String, Object> bare = run(IterationHost.NONE);
        // 1 ms is below the TP4 70B FP8 decode step (about 7 ms at batch 1 on H100)
        assertTrue(mean(bare, "itlSeconds") > 1e-3);
        Map<String, Object> hidden = run(new IterationHost(1e-3, true));
        assertEquals(mean(bare, "itlSeconds"), mean(hidden, "itlSeconds"), 1e-12);
        assertEquals(mean(bare, "ttftSeconds"), mean(hidden, "ttftSeconds"), 1e-12);
    }

    @Test
    void shouldPaceEveryDecodeByTheHostWhenItExceedsTheStepOverlapped() {
        // 50 ms is above every decode step of this request (and below its 1,000-token prefill)
        Map<String, Object> paced = run(new IterationHost(50e-3, true));
        assertEquals(50e-3, mean(paced, "itlSeconds"), 1e-9);
        assertEquals(mean(run(IterationHost.NONE), "ttftSeconds"), mean(paced, "ttftSeconds"), 1e-12);
    }

    @Test
    void shouldRejectANegativeHostTime() {
        assertThrows(IllegalArgumentException.class, () -> new IterationHost(-1e-3, false));
    }

    private static Map<String, Object> run(IterationHost host) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(4), 4096, 64, 0,
                new InferenceSpec.PoolFeatures(false, 0, null, Admission.PREEMPT, Batching.MIXED, host));
        return InferenceRunner.run(new InferenceSpec("host", ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(pool), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), PROMPT, OUTPUT, 1),
                List.of(), false)).metrics();
    }

    @SuppressWarnings("unchecked")
    private static double mean(Map<String, Object> metrics, String key) {
        return ((Number) ((Map<String, Object>) metrics.get(key)).get("mean")).doubleValue();
    }
}
