package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.training.StepPlan;
import org.junit.jupiter.api.Test;

class MemoryTest {
    private static final TransformerSpec LLAMA3_405B = new TransformerSpec("Llama3_405B", 126, 16384, 53248, 128, 8,
            128, 128256, true, 0, 0, 0, 53248, 0, 0, 0);
    /** GPT-3 175B as in Korthikanti et al. Table 3: h 12288, a 96, s 2048, GELU MLP of 4h. */
    private static final TransformerSpec GPT3 = new TransformerSpec("GPT3", 96, 12288, 4 * 12288, 96, 96, 128, 51200,
            false, 0, 0, 0, 4 * 12288, 0, 0, 0);

    /** 4 layers, h 1024, 8 heads of 128 (MHA), GELU MLP 4096, vocab 32,000. */
    private static final TransformerSpec SMALL = new TransformerSpec("Small", 4, 1024, 4096, 8, 8, 128, 32000, false, 0,
            0, 0, 4096, 0, 0, 0);

    private static TrainingSpec small(ParallelismSpec parallel, TrainingSpec.Sharding sharding) {
        TrainingSpec base = job(SMALL, parallel, sharding, parallel.accelerators());
        return new TrainingSpec("small", SMALL, base.cluster(), parallel.accelerators(), 2048, 16, 1, Precision.BF16,
                parallel, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, sharding, TrainingSpec.Recompute.NONE, 1);
    }

    private static TrainingSpec job(TransformerSpec model, ParallelismSpec parallel, TrainingSpec.Sharding sharding,
            int accelerators) {
        NodeSpec node = new NodeSpec("n", new AcceleratorSpec("g", "v", 1, 0, 80_000_000_000L, 1, 0, 0), 8, null, null,
                0, false);
        ClusterSpec cluster = new ClusterSpec("c", node, Math.max(1, accelerators / 8), null, 0, null, null);
        return new TrainingSpec("t", model, cluster, accelerators, 2048, 64, 1, Precision.BF16, parallel,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, sharding, TrainingSpec.Recompute.NONE, 1);
    }

    @Test
    void shouldCountLlama3405BParametersFromItsShape() {
        // per layer: attention 2·16384² + 2·16384·1024 = 570,425,344; SwiGLU 3·16384·53248 = 2,617,245,696;
        // norms 2·16384 = 32,768 → 3,187,703,808 × 126 = 401,650,679,808; embedding + head 2·128256·16384 =
        // 4,202,692,608; final norm 16,384 → 405,853,388,800 (Meta: "405B")
        assertEquals(405_853_388_800L, Memory.parameters(LLAMA3_405B));
    }

    @Test
    void shouldReduceToKorthikantisThirtyFourPlusFiveAsOverHWithoutParallelism() {
        // Korthikanti et al. eq. (1): sbh(34 + 5as/h) → per token 34h + 5as = 417,792 + 983,040
        double perToken = Memory.activationBytesPerToken(GPT3, 2048, 1, false, false,
                Memory.AttentionKernel.MATERIALIZED, List.of());
        assertEquals(34.0 * 12288 + 5.0 * 96 * 2048, perToken, 1e-6);
    }

    @Test
    void shouldSplitOnlyTheTensorParallelPartWithoutSequenceParallelism() {
        // Table 2, TP only: sbh(10 + 24/t + 5as/(ht)) with t = 8
        double perToken = Memory.activationBytesPerToken(GPT3, 2048, 8, false, false,
                Memory.AttentionKernel.MATERIALIZED, List.of());
        assertEquals(10.0 * 12288 + 24.0 * 12288 / 8 + 5.0 * 96 * 2048 / 8, perToken, 1e-6);
    }

    @Test
    void shouldSplitEverythingWithSequenceParallelismAndSelectiveRecompute() {
        // Table 2, TP + SP + selective recompute: 34·sbh/t
        double perToken = Memory.activationBytesPerToken(GPT3, 2048, 8, true, false,
                Memory.AttentionKernel.MATERIALIZED, List.of(RecomputeModule.CORE_ATTENTION));
        assertEquals(34.0 * 12288 / 8, perToken, 1e-6);
    }

    @Test
    void shouldKeepEighteenBytesPerParameterWithoutSharding() {
        ParallelismSpec dp64 = new ParallelismSpec(1, 1, 64, 1, 1, false);
        Memory.Breakdown plain = Memory.training(job(GPT3, dp64, TrainingSpec.Sharding.NONE, 64));
        long psi = Memory.parameters(GPT3);
        // Megatron-LM distributed-optimizer docs, "bf16 param, fp32 grads", non-distributed: 2Ψ + 4Ψ + 12Ψ
        assertEquals(2 * psi, plain.weightBytes(), 1);
        assertEquals(4 * psi, plain.gradientBytes(), 1);
        assertEquals(12 * psi, plain.optimizerBytes(), 1);
    }

    @Test
    void shouldMatchMegatronsDistributedOptimizerTableForZeroOneAndShardGradientsUnderZeroTwo() {
        // Megatron-LM distributed-optimizer docs, "bf16 param, fp32 grads", distributed: (6 + 12/d)Ψ;
        // ZeRO-2 also shards the fp32 gradients: (2 + 16/d)Ψ. With d = 64: 6.1875Ψ and 2.25Ψ.
        ParallelismSpec dp64 = new ParallelismSpec(1, 1, 64, 1, 1, false);
        double psi = Memory.parameters(GPT3);
        Memory.Breakdown zero1 = Memory.training(job(GPT3, dp64, TrainingSpec.Sharding.ZERO_1, 64));
        Memory.Breakdown zero2 = Memory.training(job(GPT3, dp64, TrainingSpec.Sharding.ZERO_2, 64));
        double state1 = zero1.weightBytes() + zero1.gradientBytes() + zero1.optimizerBytes();
        double state2 = zero2.weightBytes() + zero2.gradientBytes() + zero2.optimizerBytes();
        assertEquals(6 + 12.0 / 64, state1 / psi, 1e-6);
        assertEquals(2 + 16.0 / 64, state2 / psi, 1e-6);
    }

    @Test
    void shouldSizeTheLlama370BKvCacheAt320KibPerTokenInBf16() {
        // 2 (K, V) · 80 layers · 8 KV heads · 128 · 2 bytes = 327,680 bytes
        TransformerSpec llama70 = new TransformerSpec("L70", 80, 8192, 28672, 64, 8, 128, 128256, true, 0, 0, 0, 28672,
                0, 0, 0);
        assertEquals(327_680, Memory.kvCacheBytesPerToken(llama70, Precision.BF16), 1e-9);
    }

    @Test
    void shouldSizeTheDeepSeekV3LatentCacheAt70KbPerToken() {
        // MLA: 61 layers · (512 + 64) · 2 bytes = 70,272 bytes ("Insights into DeepSeek-V3", ISCA 2025, Table 1: 70.272 KB)
        TransformerSpec v3 = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128, 129280, true, 256, 8, 1, 2048, 3,
                512, 64);
        assertEquals(70_272, Memory.kvCacheBytesPerToken(v3, Precision.BF16), 1e-9);
    }

    @Test
    void shouldNeedLessActivationMemoryWithFullRecompute() {
        ParallelismSpec plan = new ParallelismSpec(8, 16, 1, 1, 1, true);
        TrainingSpec none = job(LLAMA3_405B, plan, TrainingSpec.Sharding.NONE, 128);
        TrainingSpec full = new TrainingSpec("t", LLAMA3_405B, none.cluster(), 128, 2048, 64, 1, Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE,
                TrainingSpec.Recompute.FULL, 1);
        assertTrue(Memory.training(full).activationBytes() < Memory.training(none).activationBytes() / 5);
    }

    @Test
    void shouldHoldPipelineDepthMicroBatchesOnTheFirstStageOfOneFOneB() {
        // Korthikanti §4.2.3: 1F1B keeps p micro-batches in flight on stage 0, the last stage 1;
        // 64 sequences / (DP 1 × micro-batch 1) = 64 micro-batches, so p = 16 is the bound
        ParallelismSpec plan = new ParallelismSpec(8, 16, 1, 1, 1, true);
        TrainingSpec job = job(LLAMA3_405B, plan, TrainingSpec.Sharding.NONE, 128);
        assertEquals(16.0, TrainingMemory.inFlight(job, StepPlan.of(job), 0), 1e-12);
        assertEquals(1.0, TrainingMemory.inFlight(job, StepPlan.of(job), 15), 1e-12);
    }

    @Test
    void shouldStoreActivationsInEightBitsForFp8Training() {
        // FP8 activation caching (DeepSeek-V3 §3.3.2): half the bytes of 16-bit activations
        assertEquals(0.5, TrainingMemory.activationScale(Precision.FP8), 1e-12);
        assertEquals(1.0, TrainingMemory.activationScale(Precision.BF16), 1e-12);
        assertEquals(2.0, TrainingMemory.activationScale(Precision.FP32), 1e-12);
    }

    @Test
    void shouldSumEveryComponentOfTheBusiestStageInClosedForm() {
        // Small, TP2 PP2 DP2 with SP, 1F1B, ZeRO-1, bf16, sequence 2048, batch 16, micro-batch 1 (M = 8).
        // Per layer: attention 4·1024² = 4,194,304 + MLP 2·1024·4096 = 8,388,608 → 12,582,912, and norms 2,048.
        // Stage 1 (layers 2, 3 and the head, 32000·1024 + final norm 1024): the matrices ÷ TP 2, 12,582,912 +
        // 16,384,000, the norms whole on every TP rank, 4,096 + 1,024 → 28,972,032 per rank.
        // weights 2·28,972,032 = 57,944,064; gradients (fp32) 4·28,972,032 = 115,888,128; optimizer 12·28,972,032 ÷ DP 2 = 173,832,192.
        // Activations per token and layer (SP): (8·1024 + 2·1024 + 4·1024 + 2·1024 + 2·2·4096) ÷ 2 = 16,384 B;
        // 2 layers × 2,048 tokens × 1 micro-batch in flight on the last stage = 67,108,864.
        // Logits: 6 B × 2,048 tokens × 32,000 ÷ 2 = 196,608,000. NCCL: 3 communicators (TP, PP, DP) × 32 × 2 ×
        // 4 MiB = 805,306,368. Runtime: 0.47 GiB + 32 MiB = 504,658,657 + 33,554,432.
        // Stage 0 (2 layers, embedding, 2 micro-batches in flight; 1,024 parameters fewer at 2 + 4 + 12/2 B) totals
        // 196,608,000 − 67,108,864 + 12,288 = 129,511,424 B less: stage 1 is busiest.
        Memory.Breakdown memory = Memory.training(small(new ParallelismSpec(2, 2, 2, 1, 1, true),
                TrainingSpec.Sharding.ZERO_1));
        assertEquals(57_944_064, memory.weightBytes());
        assertEquals(115_888_128, memory.gradientBytes());
        assertEquals(173_832_192, memory.optimizerBytes());
        assertEquals(67_108_864, memory.activationBytes());
        assertEquals(196_608_000, memory.logitBytes());
        assertEquals(0, memory.gatheredWeightBytes());
        assertEquals(0, memory.gradientBucketBytes());
        assertEquals(805_306_368, memory.communicationBufferBytes());
        assertEquals(538_213_089, memory.runtimeBytes());
        assertEquals(57_944_064L + 115_888_128 + 173_832_192 + 67_108_864 + 196_608_000 + 805_306_368 + 538_213_089,
                memory.totalBytes());
        assertEquals(memory.totalBytes(), memory.trainingComponents().values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void shouldHoldTwoGatheredUnitsAndTwoGradientBucketsUnderFsdp() {
        // Small, TP2 DP2 (one stage), FSDP. Largest unit: the head, 32,768,000 ÷ TP 2 + its final norm 1,024 whole =
        // 16,385,024 parameters; this and the prefetched next at 2 B: 2 × 2 × 16,385,024 = 65,540,096.
        // Bucket: Megatron's max(40M, 1M × DP 2) = 40,000,000 parameters (fewer than the rank's 57,943,040);
        // one filling, one reducing, of fp32 gradients: 2 × 4 × 40,000,000 = 320,000,000.
        Memory.Breakdown memory = Memory.training(small(new ParallelismSpec(2, 1, 2, 1, 1, true),
                TrainingSpec.Sharding.FSDP));
        assertEquals(65_540_096, memory.gatheredWeightBytes());
        assertEquals(320_000_000, memory.gradientBucketBytes());
        assertEquals(2 * 268_435_456L, memory.communicationBufferBytes());
    }

    @Test
    void shouldHoldTheNormsWholeOnEachTensorParallelRank() {
        // Small, TP4 (one stage), no sharding. Megatron-Core's norms are no tensor-parallel layer (a weight of h on
        // every TP rank): 4 layers × (12,582,912 ÷ 4 + norms 2,048) + embedding and head 2 × 32,768,000 ÷ 4 + final
        // norm 1,024 = 12,591,104 + 16,384,000 + 1,024 = 28,976,128 parameters, 57,952,256 bytes of bf16 weights;
        // the norms divided by TP too would give 115,876,864 ÷ 4 = 28,969,216 and 57,938,432 bytes
        Memory.Breakdown memory = Memory.training(small(new ParallelismSpec(4, 1, 1, 1, 1, true),
                TrainingSpec.Sharding.NONE));
        assertEquals(57_952_256, memory.weightBytes());
        assertEquals(4 * 28_976_128L, memory.gradientBytes());
    }

    @Test
    void shouldNeedNoGradientBucketsWhenGradientsStayWhole() {
        // ZeRO-1 reduces in place in the whole gradient buffer (Megatron's buckets are views into it)
        Memory.Breakdown memory = Memory.training(small(new ParallelismSpec(2, 1, 2, 1, 1, true),
                TrainingSpec.Sharding.ZERO_1));
        assertEquals(0, memory.gradientBucketBytes());
        assertEquals(0, memory.gatheredWeightBytes());
    }

    @Test
    void shouldSizeTheBusiestLlama3StageWithTheSimulatorsEightVirtualStages() {
        // Table 4 at 8K GPUs: TP8 PP16 DP64 with SP, interleaved, 2,048 sequences of 8,192 (M = 32). The
        // simulator runs v = 8 (128 chunks = 126 layers + embedding + output layer), one layer per chunk but
        // none in chunks 0 and 127: stages 1-14 hold 8 layers. Stage 1 runs 2·14 + 7·16 = 140 warm-up forwards,
        // so 141 chunk passes are in flight: 141 layer-micro-batches of 65,024 B/token (8h + 2q + 4kv + 2q +
        // 6·ffn over TP 8) × 8,192 tokens = 75,107,401,728 B. Its weights: 8 layers × ((3,187,703,808 − norms
        // 32,768) ÷ 8 + 32,768) = 3,187,933,184 parameters × 2 B = 6,375,866,368.
        ParallelismSpec plan = new ParallelismSpec(8, 16, 64, 1, 1, true);
        TrainingSpec base = job(LLAMA3_405B, plan, TrainingSpec.Sharding.ZERO_2, 8192);
        TrainingSpec job = new TrainingSpec("t", LLAMA3_405B, base.cluster(), 8192, 8192, 2048, 1, Precision.BF16,
                plan, TrainingSpec.PipelineSchedule.INTERLEAVED, 1, TrainingSpec.Sharding.ZERO_2,
                TrainingSpec.Recompute.NONE, 1);
        Memory.Breakdown memory = Memory.training(job);
        assertEquals(75_107_401_728L, memory.activationBytes(), 1);
        assertEquals(6_375_866_368L, memory.weightBytes());
        assertEquals(0, memory.logitBytes());
    }

    @Test
    void shouldHoldKorthikantisInterleavedMicroBatchesOnTheFirstStage() {
        // Korthikanti §4.2.3: p·(1 + (p − 1)/(p·v)) = 16 · (1 + 15/128) = 17.875 with p = 16, v = 8
        ParallelismSpec plan = new ParallelismSpec(8, 16, 64, 1, 1, true);
        TrainingSpec base = job(LLAMA3_405B, plan, TrainingSpec.Sharding.ZERO_2, 8192);
        TrainingSpec job = new TrainingSpec("t", LLAMA3_405B, base.cluster(), 8192, 8192, 2048, 1, Precision.BF16,
                plan, TrainingSpec.PipelineSchedule.INTERLEAVED, 8, TrainingSpec.Sharding.ZERO_2,
                TrainingSpec.Recompute.NONE, 1);
        assertEquals(17.875, TrainingMemory.inFlight(job, StepPlan.of(job), 0), 1e-12);
    }

    @Test
    void shouldHoldTheParametersAndBytesOfTwoBillionLayersAtTheLargestLongInsteadOfWrapping() {
        // PaLM's layer (h = 18,432, 48 heads of 256, one KV head, gated MLP of 73,728): attention 2·h·12,288 +
        // 2·h·256 = 462,422,016 and MLP 3·h·73,728 = 4,076,863,488, 4,539,285,504 weights a layer. 2^31 - 1 layers
        // hold 9.75e18, above Long.MAX_VALUE (9.22e18): wrapped, the count read -8.7e18 and a training of them passed
        // the memory check. Held at Long.MAX_VALUE, and so is a total of two such byte counts.
        TransformerSpec deep = new TransformerSpec("t.Deep", Integer.MAX_VALUE, 18_432, 73_728, 48, 1, 256, 256_000,
                true, 0, 0, 0, 0, 0, 0, 0);
        assertEquals(Long.MAX_VALUE, Memory.parameters(deep));
        Memory.Breakdown full = new Memory.Breakdown(Long.MAX_VALUE, Long.MAX_VALUE, 0, 0, 0, 0, 0, 0, 0, 1);
        assertEquals(Long.MAX_VALUE, full.totalBytes());
    }
}
