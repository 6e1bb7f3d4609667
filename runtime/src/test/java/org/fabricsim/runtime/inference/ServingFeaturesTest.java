package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** Two-batch overlap, redundant experts, speculative decoding, closed loops and per-pool figures. */
class ServingFeaturesTest {
    /** 2 MoE layers, hidden 256, 8 experts of width 256, top-2 (as ExpertLoadServingTest). */
    private static final TransformerSpec TOY_MOE = new TransformerSpec("t.ToyMoe", 2, 256, 1024, 4, 4, 64, 1000,
            false, 8, 2, 0, 256, 0, 0, 0);
    /** The toy's stated routing skew, above what random routing gives its 50- and 100-token batches. */
    private static final double TOY_SKEW = 1.2;

    @Test
    void shouldTakeTheBusierStreamWithTheSmShareOffTheCompute() {
        // H100: 132 SMs, DeepEP's normal kernels take 20: s = 20/132.
        assertEquals(20.0 / 132, TwoBatchOverlap.smShare(Device.of(ServingFixtures.H100, Precision.BF16,
                CalibrationProfile.defaults())), 1e-12);
        TwoBatchOverlap prefill = new TwoBatchOverlap(20.0 / 132, 1);
        // compute-bound: 2 · 3 ms ÷ (1 − 20/132) = 7.0714 ms beats 2 · 1 ms of exchange
        assertEquals(6e-3 / (1 - 20.0 / 132), prefill.layerSeconds(3e-3, 1e-3), 1e-12);
        // exchange-bound: 2 · 4 ms
        assertEquals(8e-3, prefill.layerSeconds(1e-3, 4e-3), 1e-12);
    }

    @Test
    void shouldTakeTheNormalKernelsSmShareByTheDevicesRuleCappedAtAHalf() {
        // one rule for training's and serving's SM shares: 20 SMs of 132 tile slots is 20/132 = 0.1515 either way;
        // on a part of 30 SMs, Device's rule gives 20/30 = 0.667 and two-batch overlap keeps at most 1/2 of them
        Device h100 = new Device(1979e12, 989e12, 3.35e12, 0.77, 132, 2);
        Device small = new Device(1979e12, 989e12, 3.35e12, 0.77, 30, 2);
        assertEquals(20.0 / 132, TwoBatchOverlap.smShare(h100), 0);
        assertEquals(h100.smShare(TwoBatchOverlap.NORMAL_KERNEL_SMS), TwoBatchOverlap.smShare(h100), 0);
        assertEquals(20.0 / 30, small.smShare(TwoBatchOverlap.NORMAL_KERNEL_SMS), 1e-15);
        assertEquals(0.5, TwoBatchOverlap.smShare(small), 0);
    }

    @Test
    void shouldHideTheComputeBehindAnExchangeBoundDecodeIteration() {
        // At 1 ps/B, dispatch plus combine cost 409,600·L ps per 100-token iteration (ExpertLoadServingTest),
        // L = 1.2 the stated skew, above random routing's 1.05 for 100 tokens and 1.07 for 50 (so the halves
        // carry the same L); at 10^4 ps/B, 4.9 s, which dwarfs the toy's compute. Low-latency kernels take no
        // SMs, so with two batches each layer costs 2 · a(x/2) = a(x): the iteration keeps its exchange, loses
        // (most of) its compute.
        double exchangePs = 409_600 * 1e4 * TOY_SKEW;
        long plain = iterationPs(toy(1e4, false));
        long overlapped = iterationPs(toy(1e4, true));
        long computeOnly = iterationPs(toy(0, false));
        assertEquals(exchangePs + computeOnly, plain, 1e-6 * plain);
        assertTrue(overlapped >= exchangePs && overlapped < plain, overlapped + " ps");
        assertTrue(plain - overlapped > 0.3 * computeOnly, "hides at least part of the compute");
    }

    @Test
    void shouldTakeTheMemoryOfRedundantExpertsFromTheKvCache() {
        // DeepSeek-V3 at EP32 / DP32, FP8, BF16 KV: 32 redundant experts add one expert per rank, in each of
        // 58 MoE layers: 58 · 3 · 7168 · 2048 · 1 B = 2,554,331,136 B per GPU. The cache loses
        // 0.90 · that · S_kv ÷ κ tokens, S_kv = 32 (DP) and κ = 61 · 576 · 2 = 70,272 B.
        ParallelismSpec plan = new ParallelismSpec(1, 1, 32, 1, 32, false);
        assertEquals(58L * 3 * 7168 * 2048, 58 * ModelFlops.mlpParameters(ServingFixtures.DEEPSEEK_V3, 2048), 1);
        long without = capacity(plan, 0);
        long with = capacity(plan, 32);
        double lost = 0.90 * 2_554_331_136.0 * 32 / 70_272;
        assertEquals(lost, without - with, 2);
    }

    @Test
    void shouldDecodeInFewerIterationsWithAcceptedDrafts() {
        // 100 tokens after the first at 1 + 0.85 = 1.85 per iteration: ⌈100 ÷ 1.85⌉ = 55 decode iterations
        // (⌊1.85 · 54⌋ = 99), against 100 without drafts; plus the one prefill iteration.
        assertEquals(101.0, number(runAggregated(null, new InferenceSpec.AllAtOnce(), 1), "iterations"));
        assertEquals(56.0, number(runAggregated(new PoolFeatures.Speculative(1, 0.85, 1),
                new InferenceSpec.AllAtOnce(), 1), "iterations"));
    }

    @Test
    void shouldCostTheDraftAsItsLayersAndTheLmHeadReadFromHbmAtOneSequence() {
        // Llama 3 8B in BF16 on one H100, one decoding sequence, k = 2 drafted tokens from a 1-layer draft.
        // At one token every GEMM (m = 1) is memory-bound: it reads its weights, 2·k·n bytes, and its
        // input and output rows, 2·(k + n). One layer: QKV (n = (32 + 2·8)·128 = 6144, k = 4096)
        // 50,331,648 + 20,480; output (4096, 4096) 33,554,432 + 16,384; gated up (28,672, 4096)
        // 234,881,024 + 65,536; down (4096, 14,336) 117,440,512 + 36,864; element-wise passes
        // (10·4096 + 3·14,336)·2 = 167,936: 436,514,816 B. The BF16 LM head (128,256, 4096):
        // 2·(4096·128,256 + 4096 + 128,256) = 1,050,937,856 B. One draft pass reads 1,487,452,672 B at
        // 3.35 TB/s × 0.8 (the element-wise HBM efficiency) = 555.0 µs; two drafted tokens 1,110.1 µs.
        // (The draft's attention to its context is not costed: its layers are the model's average layer.)
        ServingModel model = new ServingModel(ServingFixtures.LLAMA3_8B, ServingFixtures.H100, Precision.BF16,
                Precision.BF16, ServingFixtures.tensor(1), null, null, null, CalibrationProfile.defaults(),
                new PoolFeatures(false, 0, new PoolFeatures.Speculative(2, 0.7, 1)), false);
        double expectedSeconds = 2 * 1_487_452_672.0 / (3.35e12 * 0.8);
        assertEquals(1_110.0e-6, expectedSeconds, 0.1e-6);
        assertEquals(expectedSeconds, model.draftPs(1) / 1e12, 1e-4 * expectedSeconds);
    }

    @Test
    void shouldReadADecodingSequencesCacheOnceForItsVerifiedDrafts() {
        // Llama 3 8B in BF16 on one H100, one sequence decoding 8 tokens after a 65,536-token prompt, with and
        // without k = 1 drafted token at acceptance 0 (so both decode one token an iteration). Drafting adds the
        // draft pass, 555.0 µs (one pass above: its layer and the LM head read from HBM), and a second query row
        // through every memory-bound GEMM (2·(k + n) bytes each, about 2.5 µs over 32 layers and the head). The
        // two query tokens attend to the context in one pass over its cache (FlashMLA folds s_q into the heads),
        // so the cache's 65,536 · 32 · 2 · 8 · 128 · 2 B = 8.59 GB (2.6 ms at 3.35 TB/s) is read once, not twice.
        double plain = decodeOnlyItlSeconds(null);
        double drafted = decodeOnlyItlSeconds(new PoolFeatures.Speculative(1, 0, 1));
        assertEquals(555.0e-6 + 2.5e-6, drafted - plain, 25e-6);
    }

    @Test
    void shouldReportAPoolsBusyFractionAsItsReplicasBusyTimeOverItsSpan() {
        // One request on an aggregated pool of two replicas: one replica runs every iteration back to back
        // from the pool's first start to its last end, the other never runs, so the pool's busy time is one
        // span: busyFraction = span ÷ (2 replicas × span) = 0.5. With one replica it is 1.
        assertEquals(0.5, busyFraction(runAggregated(2)), 1e-9);
        assertEquals(1.0, busyFraction(runAggregated(1)), 1e-9);
    }

    @Test
    void shouldSendTheNextRequestWhenTheLastCompletes() {
        // one client, three identical requests: served one after another, never queued
        RunResult closed = runAggregated(null, new InferenceSpec.ClosedLoop(1), 3);
        Map<String, Double> e2e = ServingLatencyTest.summary(closed, "e2eSeconds");
        assertEquals(e2e.get("p50"), e2e.get("p99"), 1e-12);
        assertEquals(3 * e2e.get("p50"), number(closed, "makespanSeconds"), 1e-9);
        RunResult single = runAggregated(null, new InferenceSpec.AllAtOnce(), 1);
        assertEquals(ServingLatencyTest.summary(single, "ttftSeconds").get("p50"),
                ServingLatencyTest.summary(closed, "ttftSeconds").get("p99"), 1e-12);
    }

    @Test
    void shouldReportEachPoolsRateAndKeepTheDecodeWaitOutOfTheInterTokenLatency() {
        // one request, prompt 4096, 8 tokens: the prefill pool's rate is 4096 tokens ÷ its TTFT, and
        // E2E = TTFT + KV transfer + decode queue + 7 · ITL exactly.
        InferenceSpec spec = new InferenceSpec("t.Pools", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 256, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 8, 1), List.of(), false);
        RunResult result = InferenceRunner.run(spec);
        double ttft = ServingLatencyTest.summary(result, "ttftSeconds").get("p50");
        double kv = ServingLatencyTest.summary(result, "kvTransferSeconds").get("p50");
        double queue = ServingLatencyTest.summary(result, "decodeQueueSeconds").get("p50");
        double itl = ServingLatencyTest.summary(result, "itlSeconds").get("p50");
        double e2e = ServingLatencyTest.summary(result, "e2eSeconds").get("p50");
        assertEquals(e2e, ttft + kv + queue + 7 * itl, 1e-9);
        @SuppressWarnings("unchecked")
        Map<String, Object> prefill = ((List<Map<String, Object>>) result.metrics().get("poolFigures")).get(0);
        assertEquals("prefill", prefill.get("role"));
        assertEquals(4096 / ttft, ((Number) prefill.get("inputTokensPerSecond")).doubleValue(), 1e-6 * 4096 / ttft);
        // one node of 8 GPUs, of which the pool uses 1: an eighth of a node
        assertEquals(8 * 4096 / ttft, number(result, "prefillTokensPerSecondPerNode"), 1e-6 * 8 * 4096 / ttft);
    }

    private static ServingModel toy(double psPerByte, boolean overlap) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 1, 1, 2, false)
                .withExpertRouting(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, TOY_SKEW));
        return new ServingModel(TOY_MOE, ServingFixtures.H100, Precision.BF16, Precision.BF16, plan, null,
                bytes -> psPerByte * bytes, null, CalibrationProfile.defaults(),
                new PoolFeatures(overlap, 0, null), true);
    }

    private static long iterationPs(ServingModel model) {
        return model.iterationPs(100, 100, 0, 0, 0, 100 * 50, 0);
    }

    private static long capacity(ParallelismSpec plan, int redundant) {
        return ReplicaMemory.kvCapacityTokens(ServingFixtures.DEEPSEEK_V3, ServingFixtures.H100, Precision.FP8,
                Precision.BF16, plan, redundant);
    }

    private static RunResult runAggregated(PoolFeatures.Speculative speculative, InferenceSpec.Arrival arrival,
            int requests) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(1), 8192, 256, 0,
                new PoolFeatures(false, 0, speculative));
        return InferenceRunner.run(new InferenceSpec("t.Aggregated", ServingFixtures.LLAMA3_8B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8, List.of(pool),
                ServingFixtures.fixed(arrival, 512, 101, requests), List.of(), false));
    }

    private static double decodeOnlyItlSeconds(PoolFeatures.Speculative speculative) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.DECODE, 1, ServingFixtures.tensor(1), 0, 1, 0,
                new PoolFeatures(false, 0, speculative));
        RunResult result = InferenceRunner.run(new InferenceSpec("t.Drafts", ServingFixtures.LLAMA3_8B,
                ServingFixtures.dgxH100(1, 0), Precision.BF16, List.of(pool),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 65_536, 9, 1), List.of(), false));
        return ServingLatencyTest.summary(result, "itlSeconds").get("p50");
    }

    private static RunResult runAggregated(int replicas) {
        InferenceSpec.Pool pool = ServingFixtures.pool(Role.SERVING, replicas, ServingFixtures.tensor(1), 8192, 256, 0);
        return InferenceRunner.run(new InferenceSpec("t.Busy", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(pool), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 512, 8, 1), List.of(),
                false));
    }

    @SuppressWarnings("unchecked")
    private static double busyFraction(RunResult result) {
        Map<String, Object> row = ((List<Map<String, Object>>) result.metrics().get("poolFigures")).get(0);
        return ((Number) row.get("busyFraction")).doubleValue();
    }

    private static double number(RunResult result, String key) {
        return ((Number) result.metrics().get(key)).doubleValue();
    }
}
