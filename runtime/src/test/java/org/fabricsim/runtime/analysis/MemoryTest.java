package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class MemoryTest {
    private static final TransformerSpec LLAMA3_405B = new TransformerSpec("Llama3_405B", 126, 16384, 53248, 128, 8,
            128, 128256, true, 0, 0, 0, 53248, 0, 0, 0);
    /** GPT-3 175B as in Korthikanti et al. Table 3: h 12288, a 96, s 2048, GELU MLP of 4h. */
    private static final TransformerSpec GPT3 = new TransformerSpec("GPT3", 96, 12288, 4 * 12288, 96, 96, 128, 51200,
            false, 0, 0, 0, 4 * 12288, 0, 0, 0);

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
                Memory.AttentionKernel.MATERIALIZED, false);
        assertEquals(34.0 * 12288 + 5.0 * 96 * 2048, perToken, 1e-6);
    }

    @Test
    void shouldSplitOnlyTheTensorParallelPartWithoutSequenceParallelism() {
        // Table 2, TP only: sbh(10 + 24/t + 5as/(ht)) with t = 8
        double perToken = Memory.activationBytesPerToken(GPT3, 2048, 8, false, false,
                Memory.AttentionKernel.MATERIALIZED, false);
        assertEquals(10.0 * 12288 + 24.0 * 12288 / 8 + 5.0 * 96 * 2048 / 8, perToken, 1e-6);
    }

    @Test
    void shouldSplitEverythingWithSequenceParallelismAndSelectiveRecompute() {
        // Table 2, TP + SP + selective recompute: 34·sbh/t
        double perToken = Memory.activationBytesPerToken(GPT3, 2048, 8, true, false,
                Memory.AttentionKernel.MATERIALIZED, true);
        assertEquals(34.0 * 12288 / 8, perToken, 1e-6);
    }

    @Test
    void shouldKeepSixteenBytesPerParameterWithoutSharding() {
        ParallelismSpec dp64 = new ParallelismSpec(1, 1, 64, 1, 1, false);
        Memory.Breakdown plain = Memory.training(job(GPT3, dp64, TrainingSpec.Sharding.NONE, 64));
        long psi = Memory.parameters(GPT3);
        // ZeRO §3.1: 2Ψ + 2Ψ + 12Ψ
        assertEquals(2 * psi, plain.weightBytes(), 1);
        assertEquals(2 * psi, plain.gradientBytes(), 1);
        assertEquals(12 * psi, plain.optimizerBytes(), 1);
    }

    @Test
    void shouldMatchZeroPaperFigureOneForZeroOneAndZeroTwo() {
        // ZeRO Figure 1 (Ψ = 7.5B, Nd = 64): P_os 31.4 GB = (4 + 12/64)Ψ; P_os+g 16.6 GB = (2 + 14/64)Ψ
        ParallelismSpec dp64 = new ParallelismSpec(1, 1, 64, 1, 1, false);
        double psi = Memory.parameters(GPT3);
        Memory.Breakdown zero1 = Memory.training(job(GPT3, dp64, TrainingSpec.Sharding.ZERO_1, 64));
        Memory.Breakdown zero2 = Memory.training(job(GPT3, dp64, TrainingSpec.Sharding.ZERO_2, 64));
        double state1 = zero1.weightBytes() + zero1.gradientBytes() + zero1.optimizerBytes();
        double state2 = zero2.weightBytes() + zero2.gradientBytes() + zero2.optimizerBytes();
        assertEquals(31.4 / 7.5, state1 / psi, 0.01);
        assertEquals(16.6 / 7.5, state2 / psi, 0.01);
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
        assertEquals(16.0, Memory.inFlight(job, 0), 1e-12);
        assertEquals(1.0, Memory.inFlight(job, 15), 1e-12);
    }

    @Test
    void shouldStoreActivationsInEightBitsForFp8Training() {
        // FP8 activation caching (DeepSeek-V3 §3.3.2): half the bytes of 16-bit activations
        assertEquals(0.5, Memory.activationScale(Precision.FP8), 1e-12);
        assertEquals(1.0, Memory.activationScale(Precision.BF16), 1e-12);
        assertEquals(2.0, Memory.activationScale(Precision.FP32), 1e-12);
    }
}
