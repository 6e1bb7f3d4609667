package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** The interleaving a step runs, that the console shows it, and the layers of each pipeline stage. */
class StepPlanTest {
    /** 8 layers on TP 8 × PP 2 over two DGX H100, interleaved-1f1b without stated virtual stages. */
    private static TrainingSpec interleaved(long batch) {
        ClusterSpec twoNodes = new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.SingleSwitch(TrainingFixtures.QM9700),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
        return TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000, false),
                twoNodes, 2048, batch, new ParallelismSpec(8, 2, 1, 1, 1, true),
                TrainingSpec.PipelineSchedule.INTERLEAVED, TrainingSpec.Sharding.ZERO_1);
    }

    @Test
    void shouldInterleaveAsDeeplyAsTheLayersPlusEmbeddingAndOutputBalance() {
        // PP 2: v = 5 gives 10 chunks, one per layer with the embedding and the output layer (8 + 2);
        // 32 micro-batches are a multiple of PP 2.
        TrainingSpec spec = interleaved(32);
        assertEquals(5, StepPlan.wantedVirtualStages(spec));
        assertEquals(32, StepPlan.microBatches(spec));
        assertEquals(5, StepPlan.of(spec).chunks());
        RunResult run = TrainingSimulator.run(spec);
        assertEquals(5, run.parameters().get("virtualStages"));
        assertTrue(ConsoleTable.render(run).contains("(32 micro-batches, virtual stages 5)"), ConsoleTable.render(run));
    }

    @Test
    void shouldRunWithoutInterleavingWhenTheMicroBatchesAreNoMultipleOfThePipelineDegree() {
        // 31 micro-batches on PP 2: the wanted v = 5 drops to 1, and the console says so.
        TrainingSpec spec = interleaved(31);
        assertEquals(5, StepPlan.wantedVirtualStages(spec));
        assertEquals(1, StepPlan.of(spec).chunks());
        assertTrue(ConsoleTable.render(TrainingSimulator.run(spec)).contains("(31 micro-batches, virtual stages 1)"));
    }

    @Test
    void shouldCountTheDenseAndMoeLayersOfEachStageInClosedFormWhenTheModelHasBillionsOfLayers() {
        // 2^31 - 1 layers, the first 3 dense, on PP 4 (1F1B): each stage ceil((2^31 - 1) / 4) = 536,870,912 layers,
        // one too many in all, taken from stage 0: 536,870,911 there, of which the 3 dense ones.
        TransformerSpec moe = new TransformerSpec("t.Moe", Integer.MAX_VALUE, 1024, 4096, 16, 16, 64, 32000, false, 8,
                2, 0, 512, 3, 0, 0);
        ClusterSpec fourNodes = new ClusterSpec("t.Four", TrainingFixtures.DGX_H100, 4, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.SingleSwitch(TrainingFixtures.QM9700),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
        TrainingSpec spec = TrainingFixtures.training("t.Deep", moe, fourNodes, 2048, 32,
                new ParallelismSpec(8, 4, 1, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
        StepPlan plan = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> StepPlan.of(spec));
        assertArrayEquals(new int[] { 3, 0, 0, 0 }, plan.denseLayers());
        assertArrayEquals(new int[] { 536_870_908, 536_870_912, 536_870_912, 536_870_912 }, plan.moeLayers());
    }
    /**
     * DeepSeek-V3's 61 layers (3 dense) and its one prediction module's layer over PP 16: 62 layers, ⌈62/16⌉ = 4 a
     * chunk, two too many, taken from the first and last chunks; the last holds 2 model layers, the module's layer, the
     * output head and the module's projection 2 · 7,168² = 102,760,448 weights more than without the module, which
     * splits 61 layers as 3, 3, 4, ..., 4, 3.
     */
    @Test
    void shouldGiveThePredictionModulesLayerASlotOfTheLastChunk() {
        TransformerSpec withModule = new TransformerSpec("t.V3", 61, 7168, 18432, 128, 128, 128, 129280, true, 256, 8, 1,
                2048, 3, 512, 64, 1536, 1, false);
        TransformerSpec without = new TransformerSpec("t.V3", 61, 7168, 18432, 128, 128, 128, 129280, true, 256, 8, 1,
                2048, 3, 512, 64, 1536, 0, false);
        StepPlan plan = StepPlan.of(pipelined(withModule));
        assertArrayEquals(new int[] { 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, plan.denseLayers());
        assertArrayEquals(new int[] { 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3 }, plan.moeLayers());
        assertArrayEquals(new int[] { 0, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3 },
                StepPlan.of(pipelined(without)).moeLayers());
        assertEquals(102_760_448.0, plan.chunkParameters(withModule, 15, 1, 1)
                - plan.chunkParameters(without, 15, 1, 1), 1e-3);
    }

    private static TrainingSpec pipelined(TransformerSpec model) {
        ClusterSpec twoNodes = new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.SingleSwitch(TrainingFixtures.QM9700),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
        return TrainingFixtures.training("t.Pp16", model, twoNodes, 4096, 32, new ParallelismSpec(1, 16, 1, 1, 1, false),
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
    }
}
