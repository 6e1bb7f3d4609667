package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A study's varied training run passes the rules a written job must pass (the editor's errors), and one that
 * breaks a rule fails as infeasible in words naming the rule, its values and the fix, while its neighbours run. The
 * job: a 16-layer model of 16 attention heads and 8 KV heads on 8 DGX H100 (64 GPUs), TP4 PP2 DP2, sequence
 * 4,096, batch 64, micro-batch 1. The engine is a stub that echoes the degrees it was given, so what is asserted
 * is which runs reach it.
 */
class VariedRulesTest {
    private static final ClusterSpec SMALL = TrainingFixtures.small(null);
    private static final TrainingSpec JOB = TrainingFixtures.training("t.Job",
            TrainingFixtures.dense("t.M", 16, 4096, 16384, 16, 8, 32000, true), SMALL, 4096, 64,
            new ParallelismSpec(4, 2, 2, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
            TrainingSpec.Sharding.ZERO_1);

    private static StudySpec study(VariationSpec... axes) {
        return new StudySpec("t", "t.fabric", "t.Study", List.of(JOB), List.of(axes), List.of(), List.of(), 1);
    }

    private static StudyRunner runner() {
        StudyRunner.Engine echo = (workload, profile, seed) -> {
            TrainingSpec t = (TrainingSpec) workload;
            return new RunResult(t.name(), "training", Map.of(), Map.of("tensor", t.parallel().tensor(),
                    "microBatch", t.microBatch()), 0);
        };
        return new StudyRunner(echo, 1, StudyRunner.Progress.NONE);
    }

    @Test
    void shouldFailAVariedTensorDegreeThatDoesNotSplitTheHeadsAndRunItsNeighbours() {
        // 16 heads: 16 % 2 = 0 and 16 % 4 = 0 split, 16 % 3 = 1 does not (8 KV heads split over 2 and 4 too).
        // TP 3 × PP2 × DP2 = 12 of 64 accelerators, so the cluster rule passes and the heads rule is the first broken.
        List<RunResult> runs = runner().run(study(new VariationSpec(Parameter.TENSOR, List.of(2L, 3L, 4L)))).runs();
        assertEquals(2, runs.get(0).metrics().get("tensor"));
        assertEquals("infeasible: training t.Job breaks the heads rule: tensor 3 does not divide the model's 16"
                + " attention heads: vary tensor over divisors of 16.", runs.get(1).error());
        assertTrue(runs.get(1).metrics().isEmpty());
        assertEquals(4, runs.get(2).metrics().get("tensor"));
    }

    @Test
    void shouldFailAVariedMicroBatchThatDoesNotSplitTheBatchOverDataParallelism() {
        // DP2 × micro-batch 3 = 6 sequences a step; 64 / 6 = 10.67 micro-batches: not whole. DP2 × 2 = 4 divides 64.
        List<RunResult> runs = runner().run(study(new VariationSpec(Parameter.MICRO_BATCH, List.of(2L, 3L)))).runs();
        assertEquals(2, runs.get(0).metrics().get("microBatch"));
        assertEquals("infeasible: training t.Job breaks the batch rule: data 2 × micro-batch 3 = 6 does not divide"
                + " the batch of 64 sequences: vary micro-batch, data or batch so that data × micro-batch divides the"
                + " batch.", runs.get(1).error());
    }

    @Test
    void shouldRunAnInterleavedScheduleThatCannotInterleaveAsTheEditorOnlyWarns() {
        // Batch 62 at DP2 × micro-batch 1: 31 micro-batches per replica, not a multiple of PP2, so interleaved 1F1B
        // cannot interleave. The rules count it (a search rejects it under "schedule"), but the editor only warns and
        // the job runs as 1F1B, so the varied run reaches the engine.
        VariationSpec schedule = new VariationSpec(Parameter.SCHEDULE, List.of("interleaved-1f1b"));
        VariationSpec batch = new VariationSpec(Parameter.BATCH, List.of(62L));
        StudySpec spec = study(schedule, batch);
        assertEquals(TrainingRules.Rule.SCHEDULE, TrainingRules.firstViolation(
                (TrainingSpec) StudyRunner.expand(spec).get(0).varied()));
        RunResult run = runner().run(spec).runs().get(0);
        assertTrue(run.succeeded(), run.error());
    }
}
