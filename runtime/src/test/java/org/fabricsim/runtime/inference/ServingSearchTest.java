package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.search.SearchSize;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A study's search over an inference deployment's pools: what it enumerates and rejects (counts derived
 * by hand from the rules), that the screen drops configurations that miss the SLO, the cheapest that
 * meets it, and what it says when nothing is feasible or nothing meets the SLO. The deployment: Llama 3
 * 8B on one DGX H100 (8 GPUs, 32 heads, 8 KV heads) at $2 per GPU-hour, a TP1 prefill replica and a
 * TP1 decode replica, 300 requests of 512 + 64 tokens at 2 per second (fewer than the screen's 1,000,
 * so the screen runs the whole traffic).
 */
class ServingSearchTest {
    private static final InferenceSpec.Traffic TRAFFIC = ServingFixtures.fixed(new InferenceSpec.Poisson(2), 512, 64,
            300);

    private static InferenceSpec deployment(List<InferenceSpec.Slo> slos) {
        return deployment(ServingFixtures.dgxH100(1, 2), slos);
    }

    /** Llama 3 8B on {@code cluster}: a prefill and a decode pool of one TP1 replica each. */
    private static InferenceSpec deployment(ClusterSpec cluster, List<InferenceSpec.Slo> slos) {
        return new InferenceSpec("t.Serve", ServingFixtures.LLAMA3_8B, cluster,
                org.fabricsim.runtime.spec.Precision.BF16,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 0, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 0, 64, 0)),
                TRAFFIC, slos, false);
    }

    private static StudyResult search(InferenceSpec deployment, SearchSpec search, VariationSpec... axes) {
        return new StudyRunner(new Simulator()::run, 2, StudyRunner.Progress.NONE).run(study(deployment, search, axes));
    }

    private static StudySpec study(InferenceSpec deployment, SearchSpec search, VariationSpec... axes) {
        return new StudySpec("t", "t.fabric", "t.Search", List.of(deployment), List.of(axes), List.of(), List.of(), 1,
                CalibrationProfile.defaults(), search);
    }

    private static final List<InferenceSpec.Slo> LOOSE = List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT,
            99, 2), new InferenceSpec.Slo(InferenceSpec.SloMetric.ITL, 99, 0.1));

    @Test
    void shouldCountTheRejectionsOfEachRuleAndFindTheCheapestPoolsThatMeetTheSlo() {
        // prefill tensor 3 does not split 32 heads: 3 configurations (one per decode choice) fail 'heads';
        // prefill TP1 + 8 decode replicas need 9 GPUs of 8: 'cluster-size'; 2 feasible (1 or 2 decode replicas).
        StudyResult result = search(deployment(LOOSE), new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, false, 0, 0,
                2), new VariationSpec(Parameter.TENSOR, Role.PREFILL, List.of(1L, 3L)),
                new VariationSpec(Parameter.REPLICAS, Role.DECODE, List.of(1L, 2L, 8L)));
        Map<String, Object> summary = result.studies().get(0).search();
        assertEquals(6L, summary.get("considered"));
        assertEquals(2, summary.get("feasible"));
        assertEquals(2, summary.get("screened"));
        assertEquals(2, summary.get("passed"), "2 s TTFT and 100 ms ITL hold for 2 requests/s of an 8B model");
        assertEquals(Map.of("heads", 3, "cluster-size", 1), summary.get("rejected"));
        assertEquals(2, result.runs().size());
        Map<?, ?> best = (Map<?, ?>) summary.get("best");
        assertEquals(1, ((Map<?, ?>) best.get("variation")).get("decode replicas"), "2 GPUs cost less than 3");
        // $/Mtok = 2 GPUs × $2/h ÷ (output tokens/s × 3,600 s) × 10⁶, from the run's own throughput
        RunResult run = result.runs().stream().filter(r -> r.name().equals(best.get("run"))).findFirst().orElseThrow();
        double outputPerSecond = ((Number) run.metrics().get("outputTokensPerSecond")).doubleValue();
        assertEquals(4 / (outputPerSecond * 3600) * 1e6, (Double) best.get("objective"), 1e-9);
        assertTrue(best.get("definition").toString().contains("decode pool {\n    replicas 1\n    parallel tensor 1\n"
                + "    max-sequences 64\n}"), best.get("definition").toString());
    }

    @Test
    void shouldSayWhichSloRejectedTheMostAndTheConfigurationThatMissedLeast() {
        // No replica prefills 512 tokens of an 8B model in 1 ms: every configuration misses the TTFT SLO.
        List<InferenceSpec.Slo> impossible = List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 0.001));
        StudyResult result = search(deployment(impossible), new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, false,
                0, 0, 1), new VariationSpec(Parameter.TENSOR, Role.PREFILL, List.of(1L, 2L)));
        RunResult failed = result.runs().get(0);
        assertFalse(failed.succeeded());
        assertTrue(failed.error().startsWith("no feasible configuration passes the screen: rule 'slo ttft p99' rejected"
                + " the most (2 of 2); the nearest is [prefill replicas=1, prefill tensor=2,"), failed.error());
    }

    @Test
    void shouldNameTheMostRejectingRuleAndTheNearestFeasibleConfiguration() {
        StudyResult result = search(deployment(LOOSE), new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, false, 0,
                0, 1), new VariationSpec(Parameter.TENSOR, Role.PREFILL, List.of(3L, 5L)));
        RunResult failed = result.runs().get(0);
        assertFalse(failed.succeeded());
        assertEquals("no configuration of the search space is feasible: rule 'heads' rejected the most (2 of 2); the"
                + " nearest feasible configuration is [prefill replicas=1, prefill tensor=1, prefill max-batch-tokens=8192,"
                + " prefill max-sequences=0, decode replicas=1, decode tensor=1, decode max-batch-tokens=0,"
                + " decode max-sequences=64] (1 parameter outside the space)", failed.error());
    }

    @Test
    void shouldTryNoMoreReplicasThanTheClusterHoldsUnderAWithinAboveIt() {
        // in all within 2^31 - 1 GPUs of one 8-GPU node, both pools at TP8: 1 … ⌊8 ÷ 8⌋ = 1 replica each (not the
        // 268,435,455 replica counts of (2^31 - 1) ÷ 8, which exhausted the heap); that configuration needs 2 × 8 = 16
        // GPUs: 'cluster-size'
        StudyResult result = search(deployment(LOOSE), new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, true,
                Integer.MAX_VALUE, 0, 1), new VariationSpec(Parameter.TENSOR, List.of(8L)));
        Map<String, Object> summary = result.studies().get(0).search();
        assertEquals(1L, summary.get("considered"));
        assertEquals(Map.of("cluster-size", 1), summary.get("rejected"));
    }

    @Test
    void shouldTryEveryReplicaCountAndTensorDegreeThatFitsInAll() {
        // in all within 4 GPUs: per pool TP ∈ {1, 2, 4, 8} (divisors of the NVLink domain) with 1 … ⌊4 ÷ TP⌋
        // replicas: 4 + 2 + 1 + 1 = 8 choices (TP8 keeps one replica, and needs 8 GPUs), 8 × 8 = 64 in all;
        // feasible: the pairs with r_p·t_p + r_d·t_d ≤ 4 GPUs, of GPU counts {1,2,3,4 | 2,4 | 4 | 8}:
        // counts 1:1, 2:2, 3:1, 4:3 choices; pairs summing ≤ 4: 1+1, 1+2 (×2), 1+3, 2+1 (×2), 2+2 (×4), 3+1 = 1+2+1+2+4+1 = 11.
        StudyResult result = search(deployment(LOOSE), new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, true, 4, 0,
                1));
        Map<String, Object> summary = result.studies().get(0).search();
        assertEquals(64L, summary.get("considered"));
        assertEquals(11, summary.get("feasible"));
        assertEquals(53, ((Map<?, ?>) summary.get("rejected")).get("accelerators"));
    }

    @Test
    void shouldCountTheTensorDegreesAndReplicasInAllTakesPerPoolTowardTheSearchBound() {
        // in all within 4 GPUs (above): per pool 4 TP degrees × replicas 1 … ⌊4 ÷ 1⌋ (at TP1) = 16, 16 × 16 = 256
        // counted, within the bound (64 considered). On 16,384 DGX H100 (131,072 GPUs): 4 × 131,072 = 524,288 per
        // pool, 2.7 × 10^11 for the two, which the enumeration would have built one by one: refused, the replicas of
        // each pool the largest axis (131,072 values; decode's named, first in order)
        assertNull(SearchSize.refusal(study(deployment(LOOSE), new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, true,
                4, 0, 1))));
        String refused = SearchSize.refusal(study(deployment(ServingFixtures.dgxH100(16_384, 2), LOOSE),
                new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, true, 0, 0, 1)));
        assertTrue(refused.startsWith("study t.Search searches 274,877,906,944 configurations"), refused);
        assertTrue(refused.contains("'decode replicas' (in all) with 131,072 values"), refused);
    }
}
