package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A serving search's screen runs the first 1,000 requests of a longer traffic, whose percentile is a sample of the
 * whole traffic's: it passes a configuration only when the SLO holds at the percentile's 95 % upper confidence bound,
 * so that a configuration the screen passes does not miss on the whole traffic by the sample's luck (session 62:
 * prefill 3 x TP2 of examples/llama3-70b-serving met TTFT p99 2 s at 1.99 s on the first 1,000 requests and missed
 * it at 2.36 s on all 20,000).
 */
class ServingScreenBoundTest {
    /** Llama 3 8B, a TP1 prefill and a TP1 decode replica on one DGX H100, 2,000 requests of 512 + 64 tokens. */
    private static InferenceSpec deployment(double ttftLimitSeconds, int requests) {
        return new InferenceSpec("t.Serve", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 2),
                org.fabricsim.runtime.spec.Precision.BF16,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 0, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 0, 64, 0)),
                ServingFixtures.fixed(new InferenceSpec.Poisson(20), 512, 64, requests),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, ttftLimitSeconds)), false);
    }

    private static StudyResult run(InferenceSpec deployment, SearchSpec search, List<VariationSpec> axes) {
        StudySpec study = search == null
                ? new StudySpec("t", "t.fabric", "t.Run", List.of(deployment), axes, List.of(), List.of(), 1,
                        CalibrationProfile.defaults())
                : new StudySpec("t", "t.fabric", "t.Search", List.of(deployment), axes, List.of(), List.of(), 1,
                        CalibrationProfile.defaults(), search);
        return new StudyRunner(new Simulator()::run, 1, StudyRunner.Progress.NONE).run(study);
    }

    @Test
    void shouldBoundAPercentileOfASampleByTheOrderStatisticOfTheBinomialQuantile() {
        // B ~ Binomial(1000, 0.99) values fall below the population's p99: P(B <= 995) = 0.971 >= 0.95 and
        // P(B <= 994) = 0.934 < 0.95 (summed exactly), so the 996th smallest of 1,000 bounds it with 95 %
        // confidence. Values 1 ... 1000 ms: the bound is 996 ms where the nearest-rank p99 is 990 ms.
        double[] values = new double[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i + 1) / 1000.0;
        }
        assertEquals(0.990, Percentiles.ofSorted(values, 1000, 99), 1e-12);
        assertEquals(0.996, Percentiles.upperBoundOfSorted(values, 1000, 99), 1e-12);
        // 300 values: P(B <= 299) = 1 - 0.99^300 = 0.951, the 300th, the largest; 100 values cannot bound a p99
        // (P(B <= 99) = 1 - 0.99^100 = 0.634): the largest too.
        assertEquals(0.300, Percentiles.upperBoundOfSorted(values, 300, 99), 1e-12);
        assertEquals(0.100, Percentiles.upperBoundOfSorted(values, 100, 99), 1e-12);
    }

    @Test
    void shouldRejectOnTheScreenAConfigurationWhoseSloHoldsOnlyBelowItsUpperBound() {
        // The screen's run: the first 1,000 requests, seeded as the search seeds its screen (study seed 1, run 0).
        Map<?, ?> screened = (Map<?, ?>) ((List<?>) run(deployment(1, 1000), null, List.of()).runs().get(0).metrics()
                .get("slos")).get(0);
        double achieved = ((Number) screened.get("achievedSeconds")).doubleValue();
        double bound = ((Number) screened.get("upperBoundSeconds")).doubleValue();
        assertTrue(bound > achieved, achieved + " " + bound);
        SearchSpec search = new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, false, 0, 0, 1);
        List<VariationSpec> one = List.of(new VariationSpec(Parameter.TENSOR, Role.PREFILL, List.of(1L)));
        // A limit between the sample's p99 and its bound: met on the first 1,000, not with 95 % confidence.
        Map<String, Object> between = run(deployment((achieved + bound) / 2, 2000), search, one).studies().get(0).search();
        assertEquals(0, between.get("passed"));
        assertEquals(Map.of("slo ttft p99", 1), between.get("rejected"));
        // A limit at the bound passes the screen.
        Map<String, Object> at = run(deployment(bound, 2000), search, one).studies().get(0).search();
        assertEquals(1, at.get("passed"));
    }
}
