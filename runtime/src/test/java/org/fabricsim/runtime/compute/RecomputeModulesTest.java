package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * Selective recomputation by module (Megatron-Core's {@code --recompute-modules}): each stated module's forward runs
 * once more in the backward. DeepSeek-V3's dimensions (arXiv 2412.19437 §4.2, config.json): h = 7,168, 128 heads of
 * 128 with RoPE 64, KV rank 512, query rank 1,536, dense FFN 18,432, 256 routed experts of 2,048, 1 shared, top-8;
 * T = 4,096 tokens on one rank, TP 1, EP 64 (4 experts a rank), balanced routing.
 */
class RecomputeModulesTest {
    private static final TransformerSpec V3 = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128, 129280, true,
            256, 8, 1, 2048, 3, 512, 64, 1536, 1, false);
    private static final TransformerSpec FULL_RANK_QUERY = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128,
            129280, true, 256, 8, 1, 2048, 3, 512, 64, 0, 1, false);
    private static final double TOKENS = 4096;
    /** H100-like: 3.35 TB/s at the memory efficiency 0.8, 2-byte activations. */
    private static final double BYTES_PER_SECOND = 2.68e12;

    /**
     * Q up (T, 128 · 192, 1,536) and KV up (T, 2 · 128 · 128, 512): per token 2 · (1,536 · 24,576 + 512 · 32,768)
     * = 2 · 54,525,952 = 109,051,904 FLOPs (the 0.11 GFLOP a token and layer DeepSeek-V3 pays instead of the attention
     * core's), 4,096 tokens 446,676,598,784.
     */
    @Test
    void shouldRecomputeTheQueryAndKeyValueUpProjectionsOfMla() {
        assertEquals(446_676_598_784.0, added(V3, false, RecomputeModule.MLA_UP_PROJECTION).hardwareFlops(), 1);
    }

    /**
     * Without query compression Megatron-Core's {@code qkv_up_proj_and_rope_apply} runs the full-rank Q (T, 24,576,
     * 7,168) again: per token 2 · (7,168 · 24,576 + 16,777,216) = 2 · 192,937,984, 4,096 tokens 1,580,547,964,928.
     */
    @Test
    void shouldRecomputeTheFullRankQueryProjectionWithoutQueryCompression() {
        assertEquals(1_580_547_964_928.0,
                added(FULL_RANK_QUERY, false, RecomputeModule.MLA_UP_PROJECTION).hardwareFlops(), 1);
    }

    /** A model without MLA has no up-projections to recompute (GPT-like: 8 heads of 128, hidden 1,024). */
    @Test
    void shouldRecomputeNothingForMlaUpProjectionsOfAModelWithoutMla() {
        PassTime added = added(TransformerComputeTest.GPT, false, RecomputeModule.MLA_UP_PROJECTION);
        assertEquals(0, added.hardwareFlops());
        assertEquals(0, added.backwardSeconds());
    }

    /**
     * The two norms read and write T · h: 4 · 4,096 · 7,168 elements of 2 bytes, 234,881,024 B at 2.68 TB/s, no
     * FLOPs (launches free here).
     */
    @Test
    void shouldRecomputeTheTwoNormsAsFourHiddenPassesPerToken() {
        PassTime added = added(V3, true, RecomputeModule.LAYERNORM);
        assertEquals(234_881_024 / BYTES_PER_SECOND, added.backwardInputSeconds(), 1e-15);
        assertEquals(0, added.hardwareFlops());
    }

    /**
     * SwiGLU reads gate and up and writes their product over the rank's routed rows, T · k = 32,768 copies of 2,048:
     * 3 · 32,768 · 2,048 · 2 B = 402,653,184 B at 2.68 TB/s; a dense layer has no routed experts.
     */
    @Test
    void shouldRecomputeTheRoutedExpertsActivationOverTheRanksRows() {
        assertEquals(402_653_184 / BYTES_PER_SECOND,
                added(V3, true, RecomputeModule.MOE_ACTIVATION).backwardInputSeconds(), 1e-15);
        assertEquals(0, added(V3, false, RecomputeModule.MOE_ACTIVATION).backwardInputSeconds());
    }

    /**
     * The dense MLP's up (T, 2 · 18,432, 7,168) and down (T, 7,168, 18,432): 2 · 4,096 · 3 · 7,168 · 18,432 =
     * 3,246,995,275,776 FLOPs, in a dense layer only.
     */
    @Test
    void shouldRecomputeTheDenseMlpInDenseLayersOnly() {
        assertEquals(3_246_995_275_776.0, added(V3, false, RecomputeModule.MLP).hardwareFlops(), 1);
        assertEquals(0, added(V3, true, RecomputeModule.MLP).hardwareFlops());
    }

    /** One shared expert of 2,048: 2 · 4,096 · 3 · 7,168 · 2,048 = 360,777,252,864 FLOPs, in an MoE layer only. */
    @Test
    void shouldRecomputeTheSharedExpertsInMoeLayersOnly() {
        assertEquals(360_777_252_864.0, added(V3, true, RecomputeModule.SHARED_EXPERTS).hardwareFlops(), 1);
        assertEquals(0, added(V3, false, RecomputeModule.SHARED_EXPERTS).hardwareFlops());
    }

    /**
     * Plain selective recomputes the attention core: MLA's causal forward 2 · T · (s/2) · (2 · 128 + 64) · 128 =
     * 2 · 4,096 · 2,048 · 320 · 128 = 687,194,767,360 FLOPs, the core-attn module's.
     */
    @Test
    void shouldRecomputeTheAttentionCoreForPlainSelective() {
        double selective = compute(V3, Recompute.SELECTIVE, RecomputeModule.defaults(Recompute.SELECTIVE)).layer(true)
                .hardwareFlops() - compute(V3, Recompute.NONE, List.of()).layer(true).hardwareFlops();
        assertEquals(687_194_767_360.0, selective, 1);
        assertEquals(selective, added(V3, true, RecomputeModule.CORE_ATTENTION).hardwareFlops(), 1);
    }

    /** DeepSeek-V3's policy recomputes its two parts' sum and nothing of the forward or weight gradients. */
    @Test
    void shouldAddTheModulesRecomputeToTheInputGradientOnly() {
        PassTime none = compute(V3, Recompute.NONE, List.of()).layer(true);
        PassTime both = compute(V3, Recompute.SELECTIVE,
                List.of(RecomputeModule.LAYERNORM, RecomputeModule.MLA_UP_PROJECTION)).layer(true);
        assertEquals(none.forwardSeconds(), both.forwardSeconds());
        assertEquals(none.backwardWeightSeconds(), both.backwardWeightSeconds());
        assertEquals(added(V3, true, RecomputeModule.LAYERNORM).backwardInputSeconds()
                + added(V3, true, RecomputeModule.MLA_UP_PROJECTION).backwardInputSeconds(),
                both.backwardInputSeconds() - none.backwardInputSeconds(), 1e-12);
    }

    /** What recomputing {@code module} alone adds to one layer over no recomputation. */
    private static PassTime added(TransformerSpec model, boolean moeLayer, RecomputeModule module) {
        PassTime none = compute(model, Recompute.NONE, List.of()).layer(moeLayer);
        PassTime with = compute(model, Recompute.SELECTIVE, List.of(module)).layer(moeLayer);
        return new PassTime(with.forwardSeconds() - none.forwardSeconds(),
                with.backwardInputSeconds() - none.backwardInputSeconds(),
                with.backwardWeightSeconds() - none.backwardWeightSeconds(), with.forwardFlops() - none.forwardFlops(),
                with.hardwareFlops() - none.hardwareFlops());
    }

    private static TransformerCompute compute(TransformerSpec model, Recompute recompute, List<RecomputeModule> modules) {
        return new TransformerCompute(TransformerComputeTest.H100_LIKE, model, TOKENS, 4096, 1, 64, 1, false, recompute,
                modules, SoftwareSpec.MEGATRON_CORE, 0, CausalPairs.perRank(ContextMode.ALL_GATHER, 1, 4096),
                ComputeCalibration.GRADIENT_REDUCE_BYTES);
    }
}
