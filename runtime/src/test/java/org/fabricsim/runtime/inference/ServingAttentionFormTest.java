package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * MLA's attention costed per phase (expanded heads in prefill, absorbed latent in decode) and the
 * EP dispatch sent in FP8 when the weights are FP8, against closed forms on toy models.
 */
class ServingAttentionFormTest {
    /** 2 layers, hidden 256, 4 heads of width d = 32, MLA latent c = 64 and RoPE ρ = 16. */
    private static final TransformerSpec TOY_MLA = new TransformerSpec("t.ToyMla", 2, 256, 1024, 4, 4, 32, 1000,
            true, 0, 0, 0, 0, 0, 64, 16);
    /** 2 MoE layers, hidden 256, 8 experts of width 256, top-2. */
    private static final TransformerSpec TOY_MOE = new TransformerSpec("t.ToyMoe", 2, 256, 1024, 4, 4, 64, 1000,
            false, 8, 2, 0, 256, 0, 0, 0);
    /** The H100 of the fixtures without its FP8 rate. */
    private static final AcceleratorSpec NO_FP8 = new AcceleratorSpec("t.NoFp8", "T", 989e12, 0, 81_559L << 20,
            3.35e12, 0.803, 0, 450e9, 0);

    private static ServingModel mla() {
        return new ServingModel(TOY_MLA, ServingFixtures.H100, Precision.BF16, Precision.BF16,
                ServingFixtures.tensor(2), bytes -> 0, null, null, CalibrationProfile.defaults());
    }

    /** Replica FLOPs of an iteration of 10 tokens with these attention totals. */
    private static double flops(ServingModel model, double prefillPairs, double prefixTokens, double decodePairs,
            double contextTokens) {
        model.iterationPs(10, 0, prefillPairs, 0, prefixTokens, decodePairs, contextTokens);
        return model.lastFlops();
    }

    @Test
    void shouldCostPrefillPairsOnExpandedHeadsAndDecodePairsOnTheAbsorbedLatent() {
        ServingModel model = mla();
        double base = flops(model, 0, 0, 0, 0);
        // Prefill, per pair and head 2·(d + ρ) + 2·d_v = 2·48 + 2·32 = 160 FLOPs;
        // 1,000 pairs × 4 heads (2 per rank × TP 2) × 2 layers × 160 = 1,280,000.
        assertEquals(1_280_000, flops(model, 1000, 0, 0, 0) - base, 1e-6);
        // Decode, per pair and head 2·(c + ρ) + 2·c = 2·80 + 2·64 = 288 FLOPs;
        // 1,000 pairs × 4 heads × 2 layers × 288 = 2,304,000, whatever context the pairs span.
        assertEquals(2_304_000, flops(model, 0, 0, 1000, 990) - base, 1e-6);
        // Both in one iteration add up.
        assertEquals(3_584_000, flops(model, 1000, 0, 1000, 990) - base, 1e-6);
    }

    @Test
    void shouldUpProjectTheCachedPrefixOfAPrefillChunk() {
        ServingModel model = mla();
        double withoutPrefix = flops(model, 1000, 0, 0, 0);
        // KV-up of 100 cached latents: 2 · 100 · (2 · 4 heads · 32) · 64 per layer, × 2 layers = 6,553,600
        // (each TP rank up-projects its 2 heads: 2 ranks × 2 · 100 · 128 · 64 per layer).
        assertEquals(6_553_600, flops(model, 1000, 100, 0, 0) - withoutPrefix, 1e-6);
    }

    @Test
    void shouldCostAGqaModelsPairsAlikeInBothPhases() {
        ServingModel model = new ServingModel(TOY_MOE, ServingFixtures.H100, Precision.BF16, Precision.BF16,
                ServingFixtures.tensor(1), null, null, null, CalibrationProfile.defaults());
        double base = flops(model, 0, 0, 0, 0);
        // 2·d + 2·d = 256 FLOPs per pair and head: 1,000 pairs × 4 heads × 2 layers × 256 = 2,048,000.
        assertEquals(2_048_000, flops(model, 1000, 50, 0, 0) - base, 1e-6);
        assertEquals(2_048_000, flops(model, 0, 0, 1000, 50) - base, 1e-6);
    }

    /** An EP 2 replica of the toy MoE whose all-to-all costs {@code psPerByte}. */
    private static ServingModel moe(AcceleratorSpec accelerator, Precision precision, double psPerByte) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 1, 1, 2, false)
                .withExpertRouting(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, 1));
        return new ServingModel(TOY_MOE, accelerator, precision, Precision.BF16, plan, null,
                bytes -> psPerByte * bytes, null, CalibrationProfile.defaults());
    }

    private static long allToAllPs(AcceleratorSpec accelerator, Precision precision) {
        return moe(accelerator, precision, 1).iterationPs(100, 100, 0, 0, 0, 5000, 0)
                - moe(accelerator, precision, 0).iterationPs(100, 100, 0, 0, 0, 5000, 0);
    }

    @Test
    void shouldDispatchInFp8AndCombineInBf16WhenTheWeightsAreFp8() {
        // Per MoE layer 100 tokens × top-2 × hidden 256 = 51,200 elements each way, 2 layers, 1 ps/B:
        // BF16 2 · (2 + 2) · 51,200 = 409,600 ps; FP8 dispatch carries DeepEP's FP32 scale per 128 elements,
        // e_d = (256 + 2 · 4) / 256 = 1.03125 B an element, so FP8 2 · (1.03125 + 2) · 51,200 = 310,400 ps; each
        // times the busiest rank's load under random routing, L = 1.0522 (ServingFixtures.TOY_MOE_ROUTED_LOAD_100).
        double load = ServingFixtures.TOY_MOE_ROUTED_LOAD_100;
        assertEquals(409_600 * load, allToAllPs(ServingFixtures.H100, Precision.BF16), 409_600 * 0.005);
        assertEquals(310_400 * load, allToAllPs(ServingFixtures.H100, Precision.FP8), 310_400 * 0.005);
        // FP8 weights on a part without an FP8 rate run BF16 GEMMs and dispatch BF16.
        assertEquals(409_600 * load, allToAllPs(NO_FP8, Precision.FP8), 409_600 * 0.005);
    }

    @Test
    void shouldCountTheFp8DispatchInTheBytesLeavingTheDomain() {
        // Half of EP 2's peers sit outside a domain of 1: 2 layers · 51,200 · (e_d + 2) ÷ 2, e_d 2 in BF16 and
        // 1.03125 in FP8 (its scales, above): 204,800 and 155,200 B.
        assertEquals(204_800, moe(ServingFixtures.H100, Precision.BF16, 0).experts().bytesLeavingDomain(100, 1), 1e-9);
        assertEquals(155_200, moe(ServingFixtures.H100, Precision.FP8, 0).experts().bytesLeavingDomain(100, 1), 1e-9);
    }
}
