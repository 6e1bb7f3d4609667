package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.search.Screen;
import org.fabricsim.runtime.search.SearchSize;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A study's search over a training job: what it enumerates and rejects (counts derived by hand from
 * the rules), what it refines, the best it reports, and what it says when nothing is feasible. The
 * job: a 16-layer model on 8 DGX H100 at $2 per GPU-hour, TP8 PP2 DP4, sequence 4,096, batch 64.
 */
class TrainingSearchTest {
    private static final ClusterSpec SMALL = TrainingFixtures.small(new CostSpec("t.Rent", 2, 0, 0, 0, 0, 1));
    private static final TrainingSpec JOB = TrainingFixtures.training("t.Job",
            TrainingFixtures.dense("t.M", 16, 4096, 16384, 32, 8, 32000, true), SMALL, 4096, 64,
            new ParallelismSpec(8, 2, 4, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
            TrainingSpec.Sharding.ZERO_1);

    private static StudyResult search(SearchSpec search, VariationSpec... axes) {
        return search(2, search, axes);
    }

    private static StudyResult search(int threads, SearchSpec search, VariationSpec... axes) {
        return new StudyRunner(new Simulator()::run, threads, StudyRunner.Progress.NONE).run(study(search, axes));
    }

    private static StudySpec study(SearchSpec search, VariationSpec... axes) {
        return study(JOB, search, axes);
    }

    private static StudySpec study(TrainingSpec job, SearchSpec search, VariationSpec... axes) {
        return new StudySpec("t", "t.fabric", "t.Search", List.of(job), List.of(axes), List.of(), List.of(), 1,
                CalibrationProfile.defaults(), search);
    }

    private static Map<String, Object> summary(StudyResult result) {
        return result.studies().get(0).search();
    }

    @Test
    void shouldCountTheRejectionsOfEachRuleAndRefineTheBest() {
        // tensor 3: 64 accelerators are no multiple of TP 3 × CP 1, so no DP fits (1 rejection);
        // tensor 8 gives DP 64 ÷ (8 × 2) = 4; micro-batch 32 leaves 64 % (4 × 32) ≠ 0 (1 rejection),
        // micro-batches 1 and 2 are feasible.
        StudyResult result = search(new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, 2),
                new VariationSpec(Parameter.TENSOR, List.of(8L, 3L)),
                new VariationSpec(Parameter.MICRO_BATCH, List.of(1L, 2L, 32L)));
        Map<String, Object> summary = summary(result);
        assertEquals(4L, summary.get("considered"));
        assertEquals(2, summary.get("feasible"));
        assertEquals(Map.of("accelerators", 1, "batch", 1), summary.get("rejected"));
        assertEquals(2, result.runs().size());
        double bestRefined = result.runs().stream().mapToDouble(r -> (Double) r.metrics().get("mfu")).max()
                .orElseThrow();
        Map<?, ?> best = (Map<?, ?>) summary.get("best");
        assertEquals(bestRefined, (Double) best.get("objective"), 1e-12, "the engine's own MFU of the best run");
        assertTrue(best.get("definition").toString().contains("parallel tensor 8 pipeline 2 data 4 sequence-parallel"));
    }

    @Test
    void shouldRejectPlansBeyondTheAcceleratorLimitAndTheBudget() {
        // data 4 uses 64 accelerators, above 'within 32'; data 2 uses 32 at 32 × $2/h = $64/h, above a
        // $60/h budget; data 1 uses 16 ($32/h) and is feasible.
        StudyResult result = search(new SearchSpec(SearchSpec.Objective.TOKENS_PER_SECOND, false, 32, 60, 1),
                new VariationSpec(Parameter.DATA, List.of(4L, 2L, 1L)));
        assertEquals(Map.of("accelerators", 1, "budget", 1), summary(result).get("rejected"));
        assertEquals(Map.of("tensor", 8, "pipeline", 2, "data", 1), subset(
                (Map<?, ?>) ((Map<?, ?>) summary(result).get("best")).get("variation")));
    }

    @Test
    void shouldNameTheMostRejectingRuleAndTheNearestFeasiblePlan() {
        StudyResult result = search(new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, 1),
                new VariationSpec(Parameter.MICRO_BATCH, List.of(3L, 5L)));
        RunResult failed = result.runs().get(0);
        assertFalse(failed.succeeded());
        assertEquals("no configuration of the search space is feasible: rule 'batch' rejected the most (2 of 2);"
                + " the nearest feasible configuration is [tensor=8, pipeline=2, data=4, context=1, micro-batch=1,"
                + " schedule=1f1b, virtual-stages=1, sharding=zero-1, recompute=none] (1 parameter outside the space)",
                failed.error());
    }

    @Test
    void shouldCountAVirtualStagesOrDataMissAsAParameterOutsideTheSpace() {
        // virtual-stages 9 and 10 on PP 2 break rule 'layers' (2 × 9 = 18 > 16 layers); the nearest feasible plan is
        // the job as written, whose 1 virtual stage is not one the space takes: 1 parameter outside, not 0
        String stages = nearest(new VariationSpec(Parameter.VIRTUAL_STAGES, List.of(9L, 10L)));
        assertTrue(stages.endsWith("virtual-stages=1, sharding=zero-1, recompute=none] (1 parameter outside the space)"),
                stages);
        // data 3 uses 8 × 2 × 3 = 48 accelerators and 3 × micro-batch does not divide the batch of 64 ('batch');
        // data 5 uses 80 > 64 ('cluster-size'): the nearest, data 4 as written, is 1 parameter outside
        String data = nearest(new VariationSpec(Parameter.DATA, List.of(3L, 5L)));
        assertTrue(data.endsWith("(1 parameter outside the space)"), data);
    }

    private static String nearest(VariationSpec axis) {
        RunResult failed = search(new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, 1), axis).runs().get(0);
        assertFalse(failed.succeeded());
        return failed.error();
    }

    @Test
    void shouldRefuseASearchWhoseAxesSpanMoreThanAMillionConfigurationsBeforeEnumerating() {
        // 1,000 micro-batches × 1,000 tensor degrees = 1,000,000 = SearchSize.MAX_CONFIGURATIONS: within the bound;
        // 1,000 × 1,001 = 1,001,000 is refused, the micro-batch axis named as the larger
        assertNull(SearchSize.refusal(study(new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, 1),
                new VariationSpec(Parameter.MICRO_BATCH, wholes(1_000)), new VariationSpec(Parameter.TENSOR,
                        wholes(1_000)))));
        StudyResult refused = search(new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, 1),
                new VariationSpec(Parameter.MICRO_BATCH, wholes(1_001)), new VariationSpec(Parameter.TENSOR,
                        wholes(1_000)));
        assertEquals(1, refused.runs().size());
        String reason = refused.runs().get(0).error();
        assertTrue(reason.startsWith("study t.Search searches 1,001,000 configurations"), reason);
        assertTrue(reason.contains("'vary micro-batch' with 1,001 values"), reason);
        assertEquals(0L, summary(refused).get("considered"), "refused before anything is enumerated");
    }

    @Test
    void shouldCountTheValuesInAllEnumeratesTowardTheSearchBound() {
        // in all on JOB (64 H100 of scale-up domain 8, 16 layers, sequence 4,096, batch 64): TP the divisors of 8
        // (4), CP 1, 2, 4 (4,096 ÷ 4 = 1,024 tokens a rank; 3), PP the divisors of 64 up to 16 (1, 2, 4, 8, 16; 5),
        // micro-batch the divisors of 64 (7), 5 schedules + interleaved's virtual stages 2..8 (12 pairs), 5 shardings,
        // 3 recomputations: 4 × 3 × 5 × 7 × 12 × 5 × 3 = 75,600, so 52 stated tensor degrees make 52 × 18,900 =
        // 982,800 (within 1,000,000) and 53 make 1,001,700 (refused; the stated values alone were 53)
        SearchSpec all = new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 1);
        assertNull(SearchSize.refusal(study(all, new VariationSpec(Parameter.TENSOR, wholes(52)))));
        String refused = SearchSize.refusal(study(all, new VariationSpec(Parameter.TENSOR, wholes(53))));
        assertTrue(refused.startsWith("study t.Search searches 1,001,700 configurations"), refused);
        assertTrue(refused.contains("'vary tensor' with 53 values"), refused);
        // batch 720,720 = 2^4 × 3^2 × 5 × 7 × 11 × 13 has 5 × 3 × 2 × 2 × 2 × 2 = 240 divisors: 75,600 ÷ 7 × 240 =
        // 2,592,000 configurations with nothing stated, the in-all micro-batch the largest axis
        TrainingSpec large = TrainingFixtures.training("t.Large", JOB.model(), SMALL, 4096, 720_720, JOB.parallel(),
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
        String implicit = SearchSize.refusal(study(large, all));
        assertTrue(implicit.startsWith("study t.Search searches 2,592,000 configurations"), implicit);
        assertTrue(implicit.contains("'micro-batch' (in all) with 240 values"), implicit);
    }

    @Test
    void shouldCountInAllOnEachBaseJobsOwnClusterAndRefuseOneStepAboveTheBound() {
        // vary cluster [SMALL, WIDE]: WIDE is 4 nodes of 16 H100 on one NVLink domain of 16 (64 accelerators, as
        // SMALL's 8 x 8). In all with k stated micro-batches (replacing the batch's 7 divisors) counts per base TP x CP 3
        // x PP 5 x k x 12 schedule pairs x 5 shardings x 3 recomputations: on SMALL TP the divisors of 8 (4), 10,800k;
        // on WIDE the divisors of 16 (5), 13,500k; 24,300k in all. k = 41 is 996,300, within 1,000,000; k = 42 is
        // 1,020,600, refused (counted on the job as written, SMALL for both bases, k = 42 was 907,200 and ran).
        NodeSpec sixteen = new NodeSpec("t.H100x16", TrainingFixtures.H100, 16, new ScaleUpSpec(TrainingFixtures.NVLINK4,
                ScaleUpSpec.Kind.SWITCHED, 16, 450e9, true), TrainingFixtures.CX7, 16, true);
        ClusterSpec wide = new ClusterSpec("t.Wide", sixteen, 4, SMALL.scaleOut(), 0, SMALL.cost(), null);
        SearchSpec all = new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 1);
        VariationSpec clusters = new VariationSpec(Parameter.CLUSTER, List.of(SMALL, wide));
        assertNull(SearchSize.refusal(study(all, clusters, new VariationSpec(Parameter.MICRO_BATCH, wholes(41)))));
        StudyResult refused = search(all, clusters, new VariationSpec(Parameter.MICRO_BATCH, wholes(42)));
        String reason = refused.runs().get(0).error();
        assertTrue(reason.startsWith("study t.Search searches 1,020,600 configurations"), reason);
        assertTrue(reason.contains("'vary micro-batch' with 42 values"), reason);
        assertEquals(0L, summary(refused).get("considered"), "refused before anything is enumerated");
        // a third base, SMALL again, is not counted once the first two pass the bound: at least 1,020,600
        String third = SearchSize.refusal(study(all, new VariationSpec(Parameter.CLUSTER, List.of(SMALL, wide, SMALL)),
                new VariationSpec(Parameter.MICRO_BATCH, wholes(42))));
        assertTrue(third.startsWith("study t.Search searches at least 1,020,600 configurations"), third);
    }

    private static List<Object> wholes(int n) {
        return LongStream.rangeClosed(1, n).<Object>mapToObj(Long::valueOf).toList();
    }

    @Test
    void shouldFindAPlanAtLeastAsGoodAsTheWrittenOneAmongAllFeasibleValues() {
        StudyResult result = search(new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 2));
        Map<String, Object> summary = summary(result);
        long rejected = ((Map<?, ?>) summary.get("rejected")).values().stream()
                .mapToLong(n -> ((Number) n).longValue()).sum();
        assertEquals((Long) summary.get("considered"), rejected + (Integer) summary.get("feasible"));
        assertTrue((Long) summary.get("considered") <= 75_600, "at most the product SearchSize counts (see"
                + " shouldCountTheValuesInAllEnumeratesTowardTheSearchBound): " + summary.get("considered"));
        double best = (Double) ((Map<?, ?>) summary.get("best")).get("objective");
        double written = (Double) ((Map<?, ?>) summary.get("written")).get("objective");
        assertTrue(best >= written, best + " >= " + written);
        int writtenRank = (Integer) ((Map<?, ?>) summary.get("written")).get("screenRank");
        assertEquals(writtenRank <= 2 ? 2 : 3, result.runs().size(), "the 2 best by the screen, and the plan as"
                + " written when it is not one of them");
    }

    @Test
    void shouldScreenEveryPlanToTheSameValueOnOneThreadAndOnThree() {
        // the screen's values, ranks, Pareto front and best do not depend on how the plans are split among
        // screens (Screen.slices): the whole summary but its wall times is the same
        SearchSpec all = new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 1);
        assertEquals(timeless(search(1, all)), timeless(search(3, all)));
    }

    @Test
    void shouldCutSlicesOnlyWhereThePlacementChanges() {
        // placements A A A B B C: 3 slices aim at cuts 2 and 4 and take the next placement change at or after
        // each (3, then 5); 6 slices aim at 1, 2, 3, 4, 5 and get the same two cuts, there being no others
        TrainingSpec a = JOB;
        TrainingSpec b = with(new ParallelismSpec(8, 4, 2, 1, 1, true));
        TrainingSpec c = with(new ParallelismSpec(4, 2, 8, 1, 1, true));
        List<TrainingSpec> plans = List.of(a, a, a, b, b, c);
        assertArrayEquals(new int[] {0, 3, 5, 6}, Screen.slices(plans, 3));
        assertArrayEquals(new int[] {0, 3, 5, 6}, Screen.slices(plans, 6));
        assertArrayEquals(new int[] {0, 6}, Screen.slices(plans, 1));
    }

    private static TrainingSpec with(ParallelismSpec parallel) {
        return new TrainingSpec(JOB.name(), JOB.model(), JOB.cluster(), JOB.accelerators(), JOB.sequence(),
                JOB.globalBatchSequences(), JOB.microBatch(), JOB.precision(), parallel, JOB.schedule(),
                JOB.virtualStages(), JOB.sharding(), JOB.recompute(), JOB.overlap(), JOB.software(),
                JOB.tensorOverlap(), JOB.trainTokens());
    }

    private static Map<String, Object> timeless(StudyResult result) {
        Map<String, Object> out = new LinkedHashMap<>(summary(result));
        out.remove("seconds");
        out.remove("screenPerMinutePerCore");
        return out;
    }

    private static Map<String, Object> subset(Map<?, ?> variation) {
        return Map.of("tensor", variation.get("tensor"), "pipeline", variation.get("pipeline"), "data",
                variation.get("data"));
    }
}
