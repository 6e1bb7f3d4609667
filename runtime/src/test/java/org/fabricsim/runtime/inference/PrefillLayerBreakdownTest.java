package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * One MoE layer of SGLang's DeepSeek-V3 prefill pool (EP32 and attention DP32 over four 8-GPU H100 nodes, 256 + 32
 * expert slots, FP8, DeepEP normal kernels, two-batch overlap; 16,384 tokens per GPU of 4,096-token prompts),
 * component by component against the kernel breakdown SGLang published (LMSYS blog 2025-05-05, "Deploying DeepSeek
 * with PD Disaggregation and Large-scale Expert Parallelism on 96 H100 GPUs", Profile Results, figure
 * profile-prefill.png, scaled mean ms per layer, read off the bars to ±0.2 ms). The model serves the released
 * checkpoint: the query compressed to rank 1,536 (config.json q_lora_rank) and blockwise FP8 weights (config.json
 * quantization_config weight_block_size [128, 128], served with DeepGEMM), so every FP8 GEMM runs at {@link
 * org.fabricsim.runtime.compute.BlockwiseFp8}'s depth factor 0.954·k ÷ (k + 696) where a per-tensor one runs at
 * k ÷ (k + 64). Model column (both micro-batches of 8,192 rows; before session 54, full-rank query at the per-tensor
 * rate, in brackets; since session 55 the attention core at the measured power-capped rate, {@link
 * org.fabricsim.runtime.compute.Device#attentionFlopsPerSecond}, where it ran at the fitted sustained fraction: 7.2 ms,
 * the layer 35.4):
 * <pre>
 *                      unit test  DeepSeek profile  SGLang default  SGLang perfect EPLB  model
 *   overall                  -        34.6             42.8            36.3             34.5 (34.7)
 *   dispatch core           7.2        9.5             16.7            10.9             } 20.4 alone,
 *   combine core           14.3       17.3             20.0            15.0             } 24.3 beside the GEMMs
 *   dispatch + combine barriers -      4.1              4.9             4.9               -
 *   MoE (grouped GEMMs)    11.1       12.4             10.5            12.3             13.8 (11.4)
 *   GEMM (other)             -         8.4              8.8             9.5              9.1 (11.0)
 *   attention core           -         5.6              5.6             6.5              6.2
 *   other kernels            -         5.1              6.2             6.7              -
 *   compute stream bubble    -         2.5             11.3             1.2              -
 *   comm. stream bubble      -         3.6              0.8             5.5              - (compute-bound)
 * </pre>
 * The model's MoE GEMMs are the routed experts at the busiest rank's 1.008 × the mean load and the router; its other
 * GEMMs the attention projections (Q down (8,192, 1,536, 7,168), Q up (8,192, 24,576, 1,536), KV down (8,192, 576,
 * 7,168), KV up (8,192, 32,768, 512), output (8,192, 7,168, 16,384)) and the shared expert. Blockwise, the experts'
 * down-projections (k = 2,048) slow by (2,048 + 696) ÷ (0.954 · (2,048 + 64)) = 1.36 and their up-projections and the
 * shared expert (k = 7,168) by 1.14; the full-rank query (8,192, 24,576, 7,168) gave way to Q down and Q up. The
 * model's layer is the perfect-EPLB run's (random routing, the routing it assumes): its GEMMs, attention core
 * and exchange each meet their bars, and the layer is compute-bound as SGLang's is (its communication stream idles
 * 5.5 ms). The default expert distribution's extra 6.5 ms a layer lies on the communication stream (dispatch core
 * +5.8 ms, combine core +5.0 ms) and the compute stream's bubble that waits for it (+10.1 ms): expert imbalance
 * left after EPLB. Stated as SGLang's published balancedness, 0.80 ({@link PoolFeatures#expertBalance}), it loads
 * the busiest rank's GEMMs and exchange 1.25 times the mean and brings the layer within the serving tolerance, but
 * the exchange grows by that share only, not by the measured 1.42 (docs/accuracy.md, "The balance EPLB leaves,
 * stated"). Since session 55 the exchange beside the other micro-batch's GEMMs runs at the clock the power cap leaves
 * it ({@link TwoBatchOverlap}, 1/0.838 of its time alone), as both profiles measured it slower than the unit test.
 */
class PrefillLayerBreakdownTest {
    private static final TransformerSpec MODEL = ServingFixtures.DEEPSEEK_V3;
    private static final int SLOTS = 288;
    private static final double RANK_TOKENS = 16_384;
    private static final long POOL_TOKENS = 32 * 16_384L;
    private static final int PROMPT = 4_096;
    private static final ClusterSpec FOUR_NODES = ServingFixtures.dgxH100(4, 0);
    private static final ParallelismSpec PLAN = new ParallelismSpec(1, 1, 32, 1, 32, false);
    private static final Device FP8 = Device.of(ServingFixtures.H100, Precision.FP8, Fp8Scaling.BLOCKWISE,
            CalibrationProfile.defaults());
    private static final NormalKernelExchange NORMAL = NormalKernelExchange.fit(
            ClusterTopologies.build(FOUR_NODES, Calibration.DEFAULT), FOUR_NODES, Calibration.DEFAULT, 32, MODEL, SLOTS,
            true);
    private static final ServingModel POOL = new ServingModel(MODEL, ServingFixtures.H100, Precision.FP8,
            Fp8Scaling.BLOCKWISE, Precision.BF16, PLAN, null, bytes -> bytes, null, CalibrationProfile.defaults(),
            new PoolFeatures(true, SLOTS - MODEL.experts(), null), false, NORMAL, 0);

    /** The same pool stating SGLang's balancedness with EPLB at 32 GPUs, 0.80 (blog figure eplb-balancedness.png). */
    private static final ServingModel DEFAULT_DISTRIBUTION = new ServingModel(MODEL, ServingFixtures.H100,
            Precision.FP8, Fp8Scaling.BLOCKWISE, Precision.BF16, PLAN, null, bytes -> bytes, null,
            CalibrationProfile.defaults(), new PoolFeatures(true, SLOTS - MODEL.experts(), null).withExpertBalance(0.80),
            false, NORMAL, 0);

    private static LayerKernels kernels() {
        return new LayerKernels(MODEL, FP8, Device.of(ServingFixtures.H100, Precision.BF16,
                CalibrationProfile.defaults()), Precision.FP8.bytes(), PLAN, SLOTS, KvCache.bytesPerToken(MODEL, 2), 32,
                false, DecodeAttentionRead.ELEMENT_WISE);
    }

    /** One micro-batch's GEMMs: projections (MLA's KV up-projection included), router, routed and shared experts. */
    private static double halfGemmSeconds() {
        LayerKernels kernels = kernels();
        return kernels.attentionProjections(RANK_TOKENS / 2)
                + kernels.moe(RANK_TOKENS / 2, POOL_TOKENS / 2, POOL.experts().load(POOL_TOKENS / 2));
    }

    private static double halfExchangeSeconds() {
        return halfExchangeSeconds(POOL);
    }

    private static double halfExchangeSeconds(ServingModel pool) {
        return NORMAL.timePs(pool.experts().load(POOL_TOKENS / 2) * RANK_TOKENS / 2) / 1e12;
    }

    private static double layerSeconds(ServingModel pool) {
        double pairs = POOL_TOKENS / (double) PROMPT * PROMPT * (PROMPT + 1) / 2.0;
        return pool.iterationPs(POOL_TOKENS, POOL_TOKENS / PROMPT, pairs, 0, 0, 0, 0) / 1e12 / MODEL.layers();
    }

    @Test
    void shouldRunTheLayersGemmsInTheTimeSglangProfiledThem() {
        // both micro-batches' GEMMs against MoE 12.3 + GEMM 9.5 = 21.8 ms (perfect EPLB; DeepSeek's 12.4 + 8.4 = 20.8):
        // the model 23.0 ms, +5.4% (22.8 before session 54's refit of the Hopper fraction, 0.730 -> 0.726); every
        // component within 10% of its bar, as docs/accuracy.md states
        assertEquals(21.8e-3, 2 * halfGemmSeconds(), 0.10 * 21.8e-3);
    }

    @Test
    void shouldSplitTheGemmsBetweenTheRoutedExpertsAndTheRestWithinTheServingTolerance() {
        // the routed experts and router against SGLang's grouped MoE GEMMs, 12.3 ms (the model 13.8, +12%); the
        // projections and the shared expert (a dense MLP of width 2,048) against its other GEMMs, 9.5 ms (9.1, -4.5%)
        LayerKernels kernels = kernels();
        double shared = kernels.mlp(RANK_TOKENS / 2, MODEL.expertFfn());
        double routed = kernels.moe(RANK_TOKENS / 2, POOL_TOKENS / 2, POOL.experts().load(POOL_TOKENS / 2)) - shared;
        double other = kernels.attentionProjections(RANK_TOKENS / 2) + shared;
        assertEquals(12.3e-3, 2 * routed, 0.15 * 12.3e-3);
        assertEquals(9.5e-3, 2 * other, 0.15 * 9.5e-3);
    }

    @Test
    void shouldRunTheAttentionCoreWithinTheServingToleranceOfItsProfile() {
        // four 4,096-token prompts per GPU, causal; SGLang's attention core 6.5 ms a layer (DeepSeek's 5.6): the model
        // 6.2 ms at the power-capped rate (7.2 at the fitted sustained fraction, before session 55)
        double pairs = RANK_TOKENS / PROMPT * PROMPT * (PROMPT + 1) / 2.0;
        assertEquals(6.5e-3, kernels().attentionCore(pairs, 0, 0, RANK_TOKENS), 0.15 * 6.5e-3);
    }

    @Test
    void shouldMoveDispatchAndCombineAtTheirUnitTestTime() {
        // both micro-batches' dispatch and combine against DeepEP's unit test, 7.2 + 14.3 = 21.5 ms a layer; under
        // two-batch overlap both DeepSeek (26.8) and SGLang (25.9) run slower, which the blog finds the unit test's
        // rate reachable without it
        assertEquals(21.5e-3, 2 * halfExchangeSeconds(), 0.10 * 21.5e-3);
    }

    @Test
    void shouldMoveDispatchAndCombineBesideTheGemmsNearTheirProfiledTime() {
        // under two-batch overlap the normal kernels run at the clock Hopper's power cap leaves them, 0.838: 20.4 ms
        // alone becomes 20.4 / 0.838 = 24.3 ms a layer, against SGLang's 10.9 + 15.0 = 25.9 (perfect EPLB, -6%) and
        // DeepSeek's 9.5 + 17.3 = 26.8; the perfect-EPLB layer still binds on its compute stream (27.1 ms, below)
        TwoBatchOverlap overlap = TwoBatchOverlap.of(false, ServingFixtures.H100, FP8);
        assertEquals(25.9e-3, overlap.layerSeconds(0, halfExchangeSeconds()), 0.10 * 25.9e-3);
    }

    @Test
    void shouldBindTheOverlappedLayerOnItsComputeStreamAsSglangsPerfectEplbRun() {
        // SGLang's communication stream idles 5.5 ms a layer under perfect EPLB: the compute stream sets the layer
        TwoBatchOverlap overlap = TwoBatchOverlap.of(false, ServingFixtures.H100, FP8);
        double computeStream = 2 * halfGemmSeconds() / (1 - TwoBatchOverlap.smShare(FP8));
        assertEquals(computeStream, overlap.layerSeconds(halfGemmSeconds(), halfExchangeSeconds()), 0);
    }

    @Test
    void shouldTakeTheWholeLayerSglangProfiledUnderPerfectEplb() {
        // an iteration of 128 prompts of 4,096 over 61 layers (58 MoE, 3 dense, the LM head) against the two published
        // profiles of this layer, SGLang's 36.3 ms (perfect EPLB) and DeepSeek's 34.6: the model 34.5 ms (35.4 before
        // session 55's attention rate, 35.2 before session 54's refit), within 5% of the span of the two; the default
        // distribution's 42.8 is the known miss
        double layer = layerSeconds(POOL);
        assertTrue(layer >= 0.95 * 34.6e-3 && layer <= 1.05 * 36.3e-3, "layer " + layer);
    }

    @Test
    void shouldGrowTheExchangeByTheBusiestRanksShareUnderTheDefaultDistribution() {
        // at balance 0.80 the busiest rank receives and returns 1/0.80 = 1.25 times the mean rank's tokens, against
        // 1.008 under random routing (the perfect-EPLB pool's load at 262,144 tokens a micro-batch): the line
        // α + β·L·x grows by at most 1.25/1.008 = 1.240, its fixed α taking a little off. SGLang's cores grew
        // 36.7/25.9 = 1.42 times: the load's share explains 1.24 of it, not the rest (docs/accuracy.md)
        double growth = halfExchangeSeconds(DEFAULT_DISTRIBUTION) / halfExchangeSeconds();
        assertEquals(1.25 / POOL.experts().load(POOL_TOKENS / 2), growth, 0.01);
    }

    @Test
    void shouldTakeTheDefaultDistributionsLayerWithinTheServingToleranceOfItsProfile() {
        // SGLang's default expert distribution, 42.8 ms a layer; the model with its published balancedness takes
        // 37.9 ms, 11% short (38.9 before the attention core ran at the power-capped rate), and stays compute-bound:
        // its busiest rank's compute stream, 30.6 ms, just outlasts its exchange beside the GEMMs, 25.3 / 0.838 =
        // 30.2 ms (per-tensor, full-rank GEMMs, 29.2 ms, would not: there the exchange binds). SGLang's communication
        // stream binds that run (36.7 ms of cores and 4.9 of barriers against 31.1 of compute)
        assertEquals(42.8e-3, layerSeconds(DEFAULT_DISTRIBUTION), 0.15 * 42.8e-3);
    }
}
