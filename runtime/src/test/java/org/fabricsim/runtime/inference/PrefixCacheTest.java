package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Prefix-cache hits: TTFT, KV traffic and token counts against hand calculations. */
class PrefixCacheTest {
    /** Llama 3 8B FP8 KV cache: 2 · 32 layers · 8 heads · 128 · 1 B = 65,536 B per token. */
    private static final double KV_BYTES_PER_TOKEN = 65_536;
    /** NVLink4 450 GB/s × the engine's 81.6% NVLink efficiency, and 2 × 100 ns up and down the NVSwitch. */
    private static final double NVLINK_BYTES_PER_SECOND = 450e9 * 0.816;
    private static final double NVLINK_PATH_SECONDS = 200e-9;
    private static final int CHUNK = 2048;

    @Test
    void shouldTransferOnlyTheComputedPartOfThePrompt() {
        // 4096-token prompt, hit 0.5: ⌊0.5 · 4096⌋ = 2048 cached, 2048 computed and transferred:
        // 2048 · 65,536 B = 134,217,728 B, over NVLink in 134,217,728 ÷ 367.2e9 + 200 ns ≈ 365.7 µs (full: 731.1 µs).
        RunResult cold = run(4096, 0);
        RunResult warm = run(4096, 0.5);
        assertEquals(4096 * KV_BYTES_PER_TOKEN, number(cold, "kvTransferBytes"));
        assertEquals(2048 * KV_BYTES_PER_TOKEN, number(warm, "kvTransferBytes"));
        double expected = 2048 * KV_BYTES_PER_TOKEN / NVLINK_BYTES_PER_SECOND + NVLINK_PATH_SECONDS;
        assertEquals(expected, summary(warm, "kvTransferSeconds").get("p50"), 1e-9);
        assertEquals(2048.0, number(warm, "cachedInputTokens"));
        assertEquals(2048.0, number(warm, "computedInputTokens"));
        assertEquals(4096.0, number(cold, "computedInputTokens"));
    }

    @Test
    void shouldShortenTheFirstTokenByTheChunksTheCacheSkips() {
        // With 2048-token chunks a cold 4096-token prompt takes chunk 1 (tokens 0-2047, no prefix, no
        // logits) then chunk 2 (2048 tokens after a 2048 prefix, one logit). Half cached, only chunk 2
        // runs: TTFT falls by chunk 1's time t₁. A cold 6144-token prompt with a third cached skips the
        // same chunk 1 and runs the same later chunks as its cold self: TTFT falls by t₁ again.
        double saved4096 = ttft(run(4096, 0)) - ttft(run(4096, 0.5));
        double saved6144 = ttft(run(6144, 0)) - ttft(run(6144, 1.0 / 3));
        assertEquals(saved4096, saved6144, 1e-12);
        // t₁ is the cold 2048-token prompt's TTFT less its one-token LM head: positive and below it
        double cold2048 = ttft(run(2048, 0));
        assertEquals(true, saved4096 > 0.5 * cold2048 && saved4096 < cold2048,
                "the skipped chunk " + saved4096 + " s against a 2048-token prefill of " + cold2048 + " s");
        // The amount: t₁ is the prefill cost of the skipped chunk alone, 2048 new tokens with no prefix and no
        // logits, its causal triangle 2048·2049/2 = 2,098,176 query–key pairs. Its FLOPs by hand: the GEMMs,
        // 2 per weight per token, 2 · 2048 · 32 · (4096·6144 + 4096² + 3·4096·14336) = 2.8587e13, and the
        // attention, 4·a·d FLOPs per pair and layer, 2,098,176 · 4 · 32 · 128 · 32 = 1.1001e12.
        ServingModel prefill = new ServingModel(ServingFixtures.LLAMA3_8B, ServingFixtures.H100, Precision.FP8,
                Precision.FP8, ServingFixtures.tensor(1), null, null, null, CalibrationProfile.defaults());
        double chunkSeconds = prefill.iterationPs(CHUNK, 0, CHUNK * (CHUNK + 1) / 2.0, 0, 0, 0, 0) / 1e12;
        double weights = 32 * (4096.0 * 6144 + 4096.0 * 4096 + 3 * 4096.0 * 14336);
        double flops = 2 * CHUNK * weights + CHUNK * (CHUNK + 1) / 2.0 * 4 * 32 * 128 * 32;
        assertEquals(flops, prefill.lastFlops(), 1e-3 * flops);
        assertEquals(chunkSeconds, saved4096, 1e-9);
    }

    private static RunResult run(int prompt, double hit) {
        InferenceSpec spec = new InferenceSpec("t.PrefixCache", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 256, CHUNK),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(), new InferenceSpec.Fixed(prompt),
                        new InferenceSpec.Fixed(8), 1, hit), List.of(), false);
        return InferenceRunner.run(spec);
    }

    private static double ttft(RunResult result) {
        return summary(result, "ttftSeconds").get("p50");
    }

    private static double number(RunResult result, String key) {
        return ((Number) result.metrics().get(key)).doubleValue();
    }

    static Map<String, Double> summary(RunResult result, String key) {
        return ServingLatencyTest.summary(result, key);
    }
}
