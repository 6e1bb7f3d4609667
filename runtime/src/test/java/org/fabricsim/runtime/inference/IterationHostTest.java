package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;
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
 *
 * <p>With a host time per sequence h_seq as well, an iteration that schedules n sequences lasts
 * h + n · h_seq longer. {@value #BATCH} requests of {@value #PROMPT} tokens arriving together fit one
 * iteration's token budget (4 × 1,000 ≤ 4,096), so the run is one prefill iteration of the
 * {@value #BATCH} prompts (n = {@value #BATCH} chunks) and {@value #OUTPUT} − 1 decode iterations of the
 * {@value #BATCH} sequences (n = {@value #BATCH}): every TTFT and every ITL grows by h + 4 · h_seq, and
 * the makespan by {@value #OUTPUT} · (h + 4 · h_seq), so output tokens/s' = 4o ÷ (4o ÷ tokens/s +
 * o · (h + 4 · h_seq)).
 */
class IterationHostTest {
    private static final int PROMPT = 1000;
    private static final int OUTPUT = 50;
    /** vLLM V0's per-decode GPU bubble in the trace of vLLM RFC #6854 ("about 4ms"). */
    private static final double HOST_SECONDS = 4e-3;
    /**
     * vLLM V0's host time per sequence from vLLM RFC #6913 (Llama 3 70B FP8 on 4 × H100): TPOT 19 ms at
     * batch 1 and 25 ms at 32, less the output processing (0.2 and 3.4 ms) and the kernels' own growth
     * (0.8 ms): (6 − 3.2 − 0.8) ms ÷ 31 sequences = 0.064 ms.
     */
    private static final double HOST_SECONDS_PER_SEQUENCE = 0.064e-3;
    private static final int BATCH = 4;

    @Test
    void shouldAddTheHostTimeToEveryIterationOfAStackWithoutOverlap() {
        Map<String, Object> bare = run(IterationHost.NONE);
        Map<String, Object> host = run(new IterationHost(HOST_SECONDS, 0, false));
        assertEquals(mean(bare, "ttftSeconds") + HOST_SECONDS, mean(host, "ttftSeconds"), 1e-9);
        assertEquals(mean(bare, "itlSeconds") + HOST_SECONDS, mean(host, "itlSeconds"), 1e-9);
        double bareRate = (Double) bare.get("outputTokensPerSecond");
        double expected = OUTPUT / (OUTPUT / bareRate + OUTPUT * HOST_SECONDS);
        assertEquals(expected, (Double) host.get("outputTokensPerSecond"), 1e-9 * expected);
    }

    @Test
    void shouldAddTheHostTimeOfEverySequenceTheIterationSchedules() {
        Map<String, Object> bare = run(IterationHost.NONE, BATCH);
        Map<String, Object> host = run(new IterationHost(HOST_SECONDS, HOST_SECONDS_PER_SEQUENCE, false), BATCH);
        double perIteration = HOST_SECONDS + BATCH * HOST_SECONDS_PER_SEQUENCE;
        assertEquals(mean(bare, "ttftSeconds") + perIteration, mean(host, "ttftSeconds"), 1e-9);
        assertEquals(mean(bare, "itlSeconds") + perIteration, mean(host, "itlSeconds"), 1e-9);
        double bareRate = (Double) bare.get("outputTokensPerSecond");
        double expected = BATCH * OUTPUT / (BATCH * OUTPUT / bareRate + OUTPUT * perIteration);
        assertEquals(expected, (Double) host.get("outputTokensPerSecond"), 1e-9 * expected);
    }

    @Test
    void shouldHideAHostTimeShorterThanTheStepWhenOverlapped() {
        Map<String, Object> bare = run(IterationHost.NONE);
        // 1 ms is below the TP4 70B FP8 decode step (about 7 ms at batch 1 on H100)
        assertTrue(mean(bare, "itlSeconds") > 1e-3);
        Map<String, Object> hidden = run(new IterationHost(1e-3, 0, true));
        assertEquals(mean(bare, "itlSeconds"), mean(hidden, "itlSeconds"), 1e-12);
        assertEquals(mean(bare, "ttftSeconds"), mean(hidden, "ttftSeconds"), 1e-12);
    }

    @Test
    void shouldPaceEveryDecodeByTheHostWhenItExceedsTheStepOverlapped() {
        // 50 ms is above every decode step of this request (and below its 1,000-token prefill)
        Map<String, Object> paced = run(new IterationHost(50e-3, 0, true));
        assertEquals(50e-3, mean(paced, "itlSeconds"), 1e-9);
        assertEquals(mean(run(IterationHost.NONE), "ttftSeconds"), mean(paced, "ttftSeconds"), 1e-12);
    }

    @Test
    void shouldRejectANegativeHostTimeOrHostTimePerSequence() {
        assertThrows(IllegalArgumentException.class, () -> new IterationHost(-1e-3, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new IterationHost(1e-3, -1e-6, false));
    }

    private static Map<String, Object> run(IterationHost host) {
        return run(host, 1);
    }

    private static Map<String, Object> run(IterationHost host, int requests) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(4), 4096, 64, 0,
                new PoolFeatures(false, 0, null, Admission.PREEMPT, Batching.MIXED, host));
        return InferenceRunner.run(new InferenceSpec("host", ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(pool), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), PROMPT, OUTPUT, requests),
                List.of(), false)).metrics();
    }

    @SuppressWarnings("unchecked")
    private static double mean(Map<String, Object> metrics, String key) {
        return ((Number) ((Map<String, Object>) metrics.get(key)).get("mean")).doubleValue();
    }
}
