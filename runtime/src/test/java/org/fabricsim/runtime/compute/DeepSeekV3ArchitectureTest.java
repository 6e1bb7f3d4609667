package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * DeepSeek-V3's MLA query compression (rank 1,536) and multi-token prediction module (depth 1), arXiv 2412.19437
 * §2.1.1, §2.2 and §4.2: h = 7,168, 128 heads of 128 with RoPE 64, KV rank 512, 61 layers (3 dense of 18,432), 256
 * routed experts of 2,048 and 1 shared, top-8, vocabulary 129,280.
 */
class DeepSeekV3ArchitectureTest {
    private static final TransformerSpec V3 = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128, 129280, true,
            256, 8, 1, 2048, 3, 512, 64, 1536, 1, false);
    private static final TransformerSpec FULL_RANK_QUERY = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128,
            129280, true, 256, 8, 1, 2048, 3, 512, 64, 0, 1, false);
    private static final TransformerSpec WITHOUT_MTP = new TransformerSpec("V3", 61, 7168, 18432, 128, 128, 128,
            129280, true, 256, 8, 1, 2048, 3, 512, 64, 1536, 0, false);

    /**
     * Per layer: Q 1,536 · (7,168 + 128 · 192) = 48,758,784, KV down 7,168 · 576 = 4,128,768, KV up 512 · 2 · 16,384
     * = 16,777,216, output 16,384 · 7,168 = 117,440,512 (attention 187,105,280), norms 2 · 7,168; 3 dense MLPs of
     * 3 · 7,168 · 18,432, 58 MoE layers of 257 experts of 3 · 7,168 · 2,048 and a router 7,168 · 256; two tables of
     * 129,280 · 7,168 and the final norm: 671,026,279,424, the report's "671B total parameters" (§1). The full-rank
     * query (7,168 · 24,576 a layer) would count 678.8B.
     */
    @Test
    void shouldCountDeepSeekV3sPublished671BParametersWithTheCompressedQuery() {
        assertEquals(671_026_279_424L, Memory.parameters(V3));
        assertEquals(678_797_800_448L, Memory.parameters(FULL_RANK_QUERY));
    }

    /**
     * One module: the projection 2 · 7,168² = 102,760,448, one MoE layer at top-8 (attention 187,105,280, router
     * 1,835,008, 9 experts of 44,040,192: 585,302,016) and the output head 926,679,040: 1,614,741,504 weights (the
     * report's "1.6B" beside the 37B active, 6N of them), plus its attention 6 · 128 · (2 · 128 + 64) · 4,096 at
     * sequence 4,096 (scores over the 192-wide query and key, values over 128): 6 · 1,614,741,504 + 1,006,632,960 =
     * 10,695,081,984 FLOPs a token more.
     */
    @Test
    void shouldAddOneModulesProjectionLayerAndHeadToTheModelFlops() {
        assertEquals(10_695_081_984.0, ModelFlops.perToken(V3, 4096) - ModelFlops.perToken(WITHOUT_MTP, 4096), 1e-3);
    }

    /**
     * MLA's scores QKᵀ run over the 128 + 64 RoPE dimensions of a query and key, its values PV over 128 (Megatron-Core's
     * MLA FLOPs: qk_head_dim + qk_pos_emb_head_dim, v_head_dim), and the compute model times that width. Without MTP at
     * sequence 4,096: N = 3 dense layers of 583,467,008 (attention 187,105,280 + MLP 3 · 7,168 · 18,432) + 58 MoE layers
     * of 585,302,016 + the head 926,679,040 = 36,624,596,992, 6N = 219,747,581,952; attention 6 · 61 · 128 · 320 · 4,096
     * = 61,404,610,560; 281,152,192,512 in all, 12,280,922,112 (6 · 61 · 128 · 64 · 4,096) above 12·L·a·d·s, which
     * left the RoPE width out (4.6% of the MFU of DeepSeek-V3's step).
     */
    @Test
    void shouldCountMlasRopeWidthInTheAttentionTermOfTheModelFlops() {
        assertEquals(281_152_192_512.0, ModelFlops.perToken(WITHOUT_MTP, 4096), 1e-3);
    }

    /**
     * Beside its layer the module runs the projection, 2 · T · 7,168 · 14,336 forward FLOPs at T = 4,096 tokens
     * (841,813,590,016), and the output head's.
     */
    @Test
    void shouldTimeThePredictionModulesProjectionAndHead() {
        TransformerCompute compute = compute(V3);
        assertEquals(841_813_590_016.0, compute.predictionModule().forwardFlops() - compute.logits().forwardFlops(), 1);
    }

    /**
     * The compressed query runs Q down (T, 1,536, 7,168) and Q up (T, 24,576, 1,536) where the full rank runs
     * (T, 24,576, 7,168): 2 · 4,096 · (48,758,784 − 176,160,768) = 8,192 · −127,401,984 = −1,043,677,052,928 forward FLOPs a layer.
     */
    @Test
    void shouldCutTheAttentionProjectionFlopsByTheQueryCompression() {
        assertEquals(-1_043_677_052_928.0,
                compute(V3).layer(false).forwardFlops() - compute(FULL_RANK_QUERY).layer(false).forwardFlops(), 1);
    }

    private static TransformerCompute compute(TransformerSpec model) {
        return new TransformerCompute(TransformerComputeTest.H100_LIKE, model, 4096, 4096, 1, 64, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0);
    }
}
