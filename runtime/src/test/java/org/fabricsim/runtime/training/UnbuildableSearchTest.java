package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A search over configurations some of which cannot be built: a plan the search's own space makes (a data
 * degree the job's pods do not divide, more accelerators than the cluster has) counts against a rule and
 * the other plans are searched; a base job the study's other axes cannot build is a failed run with the
 * reason, as the same axis in a sweep is, and the other bases are searched. The job: a 16-layer model on 8
 * DGX H100 (64 GPUs), TP8 PP2 DP4.
 */
class UnbuildableSearchTest {
    private static final ClusterSpec SMALL = cluster("t.Small", 8);
    private static final SearchSpec MFU = new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, 1);

    private static ClusterSpec cluster(String name, int nodes) {
        return new ClusterSpec(name, TrainingFixtures.DGX_H100, nodes, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.FatTree(TrainingFixtures.QM9700, 2, List.of(1.0)), ScaleOutSpec.Routing.ECMP), 0,
                new CostSpec("t.Rent", 2, 0, 0, 0, 0, 1), null);
    }

    private static TrainingSpec job(int pods) {
        return TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.M", 16, 4096, 16384, 32, 8, 32000, true),
                SMALL, 4096, 64, new ParallelismSpec(8, 2, 4, 1, 1, true, ParallelismSpec.ContextMode.ALL_GATHER,
                        ExpertRoutingSpec.DEFAULT, List.of(), pods), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
    }

    private static StudyResult search(TrainingSpec job, SearchSpec search, VariationSpec... axes) {
        StudySpec study = new StudySpec("t", "t.fabric", "t.Search", List.of(job), List.of(axes), List.of(), List.of(),
                1, CalibrationProfile.defaults(), search);
        return new StudyRunner(new Simulator()::run, 2, StudyRunner.Progress.NONE).run(study);
    }

    private static Map<?, ?> rejected(StudyResult result) {
        return (Map<?, ?>) result.studies().get(0).search().get("rejected");
    }

    @Test
    void shouldRejectADataDegreeThePodsDoNotDivideAndSearchTheOtherPlan() {
        // data 4 across 2 pods: data 3 is no multiple of the 2 pods (1 rejection); data 2 is TP8 PP2 DP2,
        // 32 accelerators, 2 ÷ 2 = 1 way in each pod: feasible
        StudyResult result = search(job(2), MFU, new VariationSpec(Parameter.DATA, List.of(3L, 2L)));
        assertEquals(Map.of("pods", 1), rejected(result));
        assertEquals(1, result.studies().get(0).search().get("feasible"));
    }

    @Test
    void shouldRejectEveryPlanOfAllWhoseDerivedDataDegreeThePodsDoNotDivide() {
        // in all: TP in {1, 2, 4, 8} (the NVLink domain's divisors), CP in {1, 2, 4} (4,096 ÷ CP ≥ 1,024), PP a
        // divisor of 64 ÷ (TP × CP) up to the 16 layers, DP = 64 ÷ (TP × CP × PP). Only DP 1 is odd, so not
        // divided by 2 pods: PP = 64 ÷ (TP × CP) ≤ 16 needs TP × CP ≥ 4, which 9 of the 12 (TP, CP) pairs are
        StudyResult result = search(job(2), new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 1));
        assertEquals(9, rejected(result).get("pods"));
    }

    @Test
    void shouldCountADataDegreeBeyondTheClusterAgainstItsSizeAndSearchTheOtherPlan() {
        // data 8 with TP8 PP2 asks 8 × 2 × 8 = 128 accelerators of a 64-accelerator cluster (1 rejection);
        // data 4 asks 64 and is feasible
        StudyResult result = search(job(1), MFU, new VariationSpec(Parameter.DATA, List.of(8L, 4L)));
        assertEquals(Map.of("cluster-size", 1), rejected(result));
        assertEquals(1, result.studies().get(0).search().get("feasible"));
        assertTrue(result.runs().get(0).succeeded(), () -> result.runs().get(0).error());
    }

    @Test
    void shouldSearchTheLargestBatchTheEditorAcceptsWithoutAnInternalError() {
        // batch 2^31 - 1 is odd, so DP 4 breaks rule 'batch' (1 of 1); the nearest feasible plan is then sought among
        // every plan, those of DP 1 with every micro-batch dividing 2^31 - 1, which ended in an ArithmeticException
        StudyResult result = search(job(1), MFU, new VariationSpec(Parameter.BATCH, List.of(2_147_483_647L)));
        String reason = result.runs().get(0).error();
        assertTrue(reason.startsWith("no configuration of the search space is feasible: rule 'batch' rejected the"
                + " most (1 of 1); the nearest feasible configuration is [tensor="), reason);
    }

    @Test
    void shouldReportABaseTheOtherAxesCannotBuildAsAFailedRunAndSearchTheOthers() {
        // the job's 64 accelerators do not fit on 4 DGX H100 (32 GPUs): that base fails as its sweep run
        // would; the search of the job on the 8-node cluster goes on
        ClusterSpec tiny = cluster("t.Tiny", 4);
        StudyResult result = search(job(1), MFU, new VariationSpec(Parameter.CLUSTER, List.of(SMALL, tiny)));
        RunResult failed = result.runs().stream().filter(r -> !r.succeeded()).findFirst().orElseThrow();
        assertEquals("t.Search[cluster=Tiny]", failed.name());
        assertEquals(Map.of("cluster", "Tiny"), failed.variation());
        assertEquals("infeasible: needs 64 accelerators but t.Tiny has 32", failed.error());
        assertEquals(1, result.runs().stream().filter(RunResult::succeeded).count(), "the best plan on t.Small");
        assertFalse(result.studies().get(0).search().containsKey("reason"));
    }
}
