package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A decode pool alone, fed prefilled requests all at once, runs saturated and is measured while its
 * queue lasts, as SGLang measures a decode server.
 */
class DecodeOnlyTest {
    private static final int BATCH = 64;
    private static final int PROMPT = 1000;
    private static final int OUTPUT = 101;

    @Test
    void shouldMeasureASaturatedDecodePoolAtItsFullBatchRate() {
        // One wave of BATCH requests (fixed lengths) starts together at zero and decodes OUTPUT − 1 tokens in
        // lockstep (the first token is the prefill's, outside the run): its makespan W is one wave's time.
        RunResult wave = run(BATCH, new InferenceSpec.Fixed(OUTPUT));
        double waveSeconds = number(wave, "makespanSeconds");
        // Four waves queued at once: the pool stays full until the fourth wave is admitted, so its saturated
        // rate is a full wave's, BATCH · (OUTPUT − 1) ÷ W, to within one iteration of the window's edge (1%).
        RunResult saturated = run(4 * BATCH, new InferenceSpec.Fixed(OUTPUT));
        double expected = BATCH * (OUTPUT - 1) / waveSeconds;
        Map<?, ?> pool = (Map<?, ?>) ((List<?>) saturated.metrics().get("poolFigures")).get(0);
        assertEquals(expected, ((Number) pool.get("outputTokensPerSecond")).doubleValue(), 0.01 * expected);
        // DGX H100: one TP1 replica is 1/8 of a node
        assertEquals(8 * expected, number(saturated, "decodeTokensPerSecondPerNode"), 0.01 * 8 * expected);
        assertEquals("decode-only", saturated.parameters().get("mode"));
        assertEquals(0.0, ((Map<?, ?>) saturated.metrics().get("ttftSeconds")).get("p99"));
        assertFalse(saturated.metrics().containsKey("kvTransferSeconds"), "nothing crosses the fabric");
        assertEquals(0, ((Number) saturated.metrics().get("rejectedRequests")).intValue());
    }

    @Test
    void shouldNotLetTheDrainOfTheLastBatchesDiluteTheSaturatedRate() {
        // Lognormal outputs: the last batches drain one long request at a time, so the rate over the whole
        // run falls below the rate while requests still wait.
        RunResult result = run(8 * BATCH, new InferenceSpec.Lognormal(OUTPUT, 1.0));
        Map<?, ?> pool = (Map<?, ?>) ((List<?>) result.metrics().get("poolFigures")).get(0);
        double whole = number(result, "outputTokensPerSecond");
        double saturated = ((Number) pool.get("outputTokensPerSecond")).doubleValue();
        assertTrue(saturated > 1.2 * whole, saturated + " against " + whole + " tok/s over the whole run");
        assertTrue(((Number) pool.get("saturatedSeconds")).doubleValue()
                < ((Number) pool.get("activeSeconds")).doubleValue());
    }

    @Test
    void shouldLeaveALoneDecodePoolsPrefilledRequestsToShortenNoPrefillWithSharedPrefixes() {
        // A lone decode pool's requests arrive prefilled, their whole prompt's cache in place: shared prefixes have
        // no prefill to shorten, so the run is the same as without them (the same ITL and makespan to the bit).
        // Before session 72 a request's replica looked up its prefix on arrival and reset the request to its
        // cached part, so the decode pool prefilled the rest of every prompt itself (ITL p50 12.31 ms, not 4.88).
        InferenceSpec.Traffic plain = new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(),
                new InferenceSpec.Fixed(PROMPT), new InferenceSpec.Fixed(OUTPUT), 2 * BATCH);
        InferenceSpec.Traffic shared = new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(),
                new InferenceSpec.Fixed(PROMPT), new InferenceSpec.Fixed(OUTPUT), 2 * BATCH, 0,
                new InferenceSpec.SharedPrefixes(4, PROMPT / 2, 0, PROMPT));
        RunResult without = run(plain);
        RunResult with = run(shared);
        assertEquals(ServingLatencyTest.summary(without, "itlSeconds").get("p50"),
                ServingLatencyTest.summary(with, "itlSeconds").get("p50"), 0);
        assertEquals(number(without, "makespanSeconds"), number(with, "makespanSeconds"), 0);
    }

    private static RunResult run(int requests, InferenceSpec.Distribution output) {
        return run(new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(), new InferenceSpec.Fixed(PROMPT), output,
                requests));
    }

    private static RunResult run(InferenceSpec.Traffic traffic) {
        InferenceSpec spec = new InferenceSpec("t.DecodeOnly", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 0, BATCH, 0)),
                traffic, List.of(), false);
        return InferenceRunner.run(spec);
    }

    private static double number(RunResult result, String key) {
        return ((Number) result.metrics().get(key)).doubleValue();
    }
}
