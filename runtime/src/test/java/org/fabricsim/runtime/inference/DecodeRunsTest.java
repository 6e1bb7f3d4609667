package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * Quiet decode iterations folded into runs ({@link DecodeRuns}) against the same run with one event per
 * iteration ({@link InferenceRunner#runUnfolded}), on fixed seeds: every metric is the same (percentiles,
 * CDFs, timeline, token and iteration counts, to the bit; the model FLOPs utilization to 10⁻¹², its FLOPs
 * being summed across slots in another order), and the engine fires fewer events. The deployments cover
 * each way a run ends early: KV caches sent to a decode slot (disaggregated, with speculative decoding's
 * whole-token steps and prefix caching in the second), arrivals queued at a busy serving slot, a
 * closed loop's next requests, and a lone decode pool, which folds only once its queue has drained.
 */
class DecodeRunsTest {
    /** The model FLOPs utilization's tolerance: one double sum of the run's iterations, added in another order. */
    private static final double FLOPS_SUM = 1e-12;

    @Test
    void shouldGiveTheUnfoldedMetricsWhenKvCachesArriveAtDecodeSlots() {
        assertSameAsUnfolded(disaggregated(false), 3);
    }

    @Test
    void shouldGiveTheUnfoldedMetricsWithSpeculativeDecodingAndPrefixCaching() {
        assertSameAsUnfolded(disaggregated(true), 5);
    }

    @Test
    void shouldGiveTheUnfoldedMetricsWhenArrivalsQueueAtBusyServingSlots() {
        assertSameAsUnfolded(serving(new InferenceSpec.Poisson(40)), 11);
    }

    @Test
    void shouldGiveTheUnfoldedMetricsWhenClosedLoopClientsSendTheirNextRequests() {
        assertSameAsUnfolded(serving(new InferenceSpec.ClosedLoop(48)), 2);
    }

    @Test
    void shouldGiveTheUnfoldedMetricsOfALoneDecodePoolFedAllAtOnce() {
        InferenceSpec spec = new InferenceSpec("t.LoneDecodeRuns", ServingFixtures.LLAMA3_8B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.DECODE, 2, ServingFixtures.tensor(1), 0, 64, 0)),
                new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(), new InferenceSpec.Lognormal(512, 0.5),
                        new InferenceSpec.Lognormal(256, 0.6), 1_000, 0),
                List.of(), false);
        assertSameAsUnfolded(spec, 4);
    }

    /** Llama 3 70B FP8, 2 prefill and 4 decode TP8 replicas on 6 DGX H100, Poisson at 40/s, lognormal lengths. */
    private static InferenceSpec disaggregated(boolean production) {
        return new InferenceSpec("t.DisaggregatedRuns", ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(6, 0),
                Precision.FP8,
                List.of(new InferenceSpec.Pool(Role.PREFILL, 2, ServingFixtures.tensor(8), 8192, 256, 2048),
                        new InferenceSpec.Pool(Role.DECODE, 4, ServingFixtures.tensor(8), 8192, 512, 0,
                                new PoolFeatures(false, 0,
                                        production ? new PoolFeatures.Speculative(1, 0.85, 1) : null))),
                new InferenceSpec.Traffic(new InferenceSpec.Poisson(40), new InferenceSpec.Lognormal(1024, 0.6),
                        new InferenceSpec.Lognormal(256, 0.6), 3_000, production ? 0.5 : 0),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 2.0)), false);
    }

    /** Llama 3 8B FP8 on one DGX H100, 8 TP1 serving replicas with chunked prefill. */
    private static InferenceSpec serving(InferenceSpec.Arrival arrival) {
        return new InferenceSpec("t.ServingRuns", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(ServingFixtures.pool(Role.SERVING, 8, ServingFixtures.tensor(1), 4096, 128, 1024)),
                new InferenceSpec.Traffic(arrival, new InferenceSpec.Lognormal(1024, 0.6),
                        new InferenceSpec.Lognormal(256, 0.6), 4_000, 0),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.ITL, 90, 0.05)), false);
    }

    private static void assertSameAsUnfolded(InferenceSpec spec, long seed) {
        RunResult folded = InferenceRunner.run(spec, seed, null);
        RunResult unfolded = InferenceRunner.runUnfolded(spec, seed);
        Map<String, Object> expected = unfolded.metrics();
        Map<String, Object> actual = folded.metrics();
        assertEquals(expected.keySet(), actual.keySet());
        for (String key : expected.keySet()) {
            if (key.equals("modelFlopsUtilization")) {
                double mfu = ((Number) expected.get(key)).doubleValue();
                assertEquals(mfu, ((Number) actual.get(key)).doubleValue(), FLOPS_SUM * mfu, key);
            } else {
                assertEquals(expected.get(key), actual.get(key), key);
            }
        }
        assertEquals(unfolded.flows(), folded.flows());
        long iterations = ((Number) expected.get("iterations")).longValue();
        assertTrue(folded.events() < unfolded.events() - iterations / 4,
                "events " + folded.events() + " of " + unfolded.events() + " with " + iterations + " iterations");
    }
}
