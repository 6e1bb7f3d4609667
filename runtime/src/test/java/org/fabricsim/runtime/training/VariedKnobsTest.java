package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.Variations;
import org.fabricsim.runtime.study.VariedFit;
import org.junit.jupiter.api.Test;

/**
 * Every knob of a training job varies and changes the simulated step as its mechanism says: a
 * 16-layer model on 8 DGX H100 (64 GPUs) on two leaves of an NDR fat-tree, TP8 PP2 DP4, sequence
 * 4,096, batch 64 (16 micro-batches per replica).
 */
class VariedKnobsTest {
    private static final ClusterSpec SMALL = TrainingFixtures.small(null);
    private static final TrainingSpec JOB = TrainingFixtures.training("t.Job",
            TrainingFixtures.dense("t.M", 16, 4096, 16384, 32, 8, 32000, true), SMALL, 4096, 64,
            new ParallelismSpec(8, 2, 4, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
            TrainingSpec.Sharding.ZERO_1);

    private static TrainingSpec with(Parameter parameter, Object value) {
        return (TrainingSpec) Variations.apply(JOB, parameter, value);
    }

    private static double step(TrainingSpec spec) {
        return (Double) run(spec).metrics().get("stepTimeSeconds");
    }

    private static RunResult run(TrainingSpec spec) {
        return TrainingSimulator.run(spec);
    }

    @Test
    void shouldReadEveryScheduleKeywordAsTheLanguageWritesIt() {
        List<String> keywords = Knobs.keywords(Parameter.SCHEDULE);
        for (int i = 0; i < keywords.size(); i++) {
            assertEquals(TrainingSpec.PipelineSchedule.values()[i], with(Parameter.SCHEDULE, keywords.get(i)).schedule());
        }
        InfeasibleRunException wrong = assertThrows(InfeasibleRunException.class,
                () -> with(Parameter.SCHEDULE, "bf16"));
        assertEquals("schedule takes gpipe, 1f1b, interleaved-1f1b, zero-bubble, dualpipe, not bf16",
                wrong.getMessage());
    }

    @Test
    void shouldRefuseVariedDegreesBeyondTheClusterInWordsEvenPastAnInt() {
        // TP 2,147,483,647 × PP 2 × DP 4 = 17,179,869,176 accelerators: past an int, it failed "integer overflow"
        InfeasibleRunException huge = assertThrows(InfeasibleRunException.class,
                () -> with(Parameter.TENSOR, 2147483647));
        assertEquals("needs 17179869176 accelerators but t.Small has 64", huge.getMessage());
        // TP 16 × 2 × 4 = 128 of 64: the same words; TP 4 × 2 × 4 = 32 fits
        assertEquals("needs 128 accelerators but t.Small has 64", assertThrows(InfeasibleRunException.class,
                () -> with(Parameter.TENSOR, 16)).getMessage());
        assertEquals(32, with(Parameter.TENSOR, 4).accelerators());
    }

    @Test
    void shouldRefuseAVariedSequenceWhoseBusiestStageOverflowsItsHbmWithTheEstimate() {
        // Sequence 2,147,483,647 on TP8 PP2: the activations alone are the sequence's 2^31 tokens x 4,096 hidden x 2 B
        // = 17.6 TB per layer before the TP split, far past an H100's 81,559 MiB = 85.5 GB = 79.6 GiB (81,559 / 1,024),
        // its "80 GB" in binary units. The run reported success
        // at 151,184 % of HBM (session 65's fuzzing); it is now infeasible with the estimate. Sequence 4,096 fits.
        TrainingSpec huge = with(Parameter.SEQUENCE, 2147483647);
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class, () -> VariedFit.checked(huge));
        assertTrue(refused.getMessage().startsWith("training t.Job does not fit in memory: each accelerator of the"
                + " busiest pipeline stage needs weights "), refused.getMessage());
        assertTrue(refused.getMessage().contains(" = " + Memory.gigabytes(Memory.training(huge).totalBytes())
                + " but has 85.5 GB (79.6 GiB). Vary a smaller sequence"), refused.getMessage());
        assertTrue(Memory.training(huge).activationBytes() > (2147483648L * 4096 * 2) / 8, "at least 1/TP of a layer");
        assertEquals(JOB, VariedFit.checked(JOB));
        assertEquals(4096, ((TrainingSpec) VariedFit.checked(with(Parameter.SEQUENCE, 4096))).sequence());
    }

    @Test
    void shouldShrinkTheBubbleWithZeroBubbleAndInterleaving() {
        // 1F1B idles (p − 1) / (m + p − 1) of the pipeline's time; zero-bubble fills it with weight
        // gradients, interleaving over v chunks divides it by v: both must step faster than 1F1B.
        double oneFOneB = step(JOB);
        assertTrue(step(with(Parameter.SCHEDULE, "zero-bubble")) < oneFOneB);
        TrainingSpec interleaved = (TrainingSpec) Variations.apply(with(Parameter.SCHEDULE, "interleaved-1f1b"),
                Parameter.VIRTUAL_STAGES, 2L);
        RunResult run = run(interleaved);
        assertEquals(2, run.parameters().get("virtualStages"));
        assertTrue((Double) run.metrics().get("stepTimeSeconds") < oneFOneB);
    }

    @Test
    void shouldShardMoreStateWithEachZeroStage() {
        long none = Memory.training(with(Parameter.SHARDING, "none")).totalBytes();
        long one = Memory.training(with(Parameter.SHARDING, "zero-1")).totalBytes();
        long two = Memory.training(with(Parameter.SHARDING, "zero-2")).totalBytes();
        long three = Memory.training(with(Parameter.SHARDING, "zero-3")).totalBytes();
        assertTrue(none > one && one > two && two > three, none + " > " + one + " > " + two + " > " + three);
    }

    @Test
    void shouldTradeComputeForMemoryWithRecomputation() {
        TrainingSpec full = with(Parameter.RECOMPUTE, "full");
        assertTrue(Memory.training(full).totalBytes() < Memory.training(JOB).totalBytes());
        assertTrue(step(full) > step(JOB));
        // HFU counts the recomputed forward: a full recompute adds one forward (2 of the 6 FLOPs per
        // parameter and token) to the layers' work, so HFU / MFU rises above 1 and stays below 8/6.
        RunResult run = run(full);
        double ratio = (Double) run.metrics().get("hfu") / (Double) run.metrics().get("mfu");
        assertTrue(ratio > 1 && ratio <= 8.0 / 6 + 1e-9, "HFU / MFU = " + ratio);
    }

    @Test
    void shouldComputeFasterInFp8AndSplitTheBatchByTheMicroBatch() {
        assertEquals(Precision.FP8, with(Parameter.PRECISION, "fp8").precision());
        assertTrue(step(with(Parameter.PRECISION, "fp8")) < step(JOB));
        // 64 sequences ÷ (DP 4 × micro-batch 2) = 8 micro-batches per replica
        assertEquals(8, run(with(Parameter.MICRO_BATCH, 2L)).parameters().get("microBatches"));
    }

    @Test
    void shouldSlowTheDataParallelRingWhenTheLeavesAreOversubscribed() {
        TrainingSpec oversubscribed = with(Parameter.OVERSUBSCRIPTION, 8L);
        TopologySpec.FatTree tree = (TopologySpec.FatTree) oversubscribed.cluster().scaleOut().topology();
        assertEquals(List.of(8.0), tree.oversubscription(), "two tiers: the leaves' ratio is the top one with uplinks");
        // DP rings join nodes 0, 2, 4, 6: nodes 0–3 hang off one leaf and 4–7 off the other, so two
        // ring edges cross the leaves' uplinks, an eighth of them at 8:1.
        assertTrue(step(oversubscribed) > step(JOB));
    }

    @Test
    void shouldRunOnAnotherScaleOutFabric() {
        TrainingSpec slower = with(Parameter.FABRIC, TrainingFixtures.HDR);
        assertEquals(TrainingFixtures.HDR, slower.cluster().scaleOut().fabric());
        assertEquals(SMALL.scaleOut().topology(), slower.cluster().scaleOut().topology());
        assertTrue(step(slower) > step(JOB), "200 Gb/s links instead of 400 Gb/s slow the DP ring");
    }
}
