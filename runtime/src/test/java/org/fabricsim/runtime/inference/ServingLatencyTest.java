package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Latencies of single requests against hand-derived rooflines. */
class ServingLatencyTest {
    /** H100 HBM at the compute model's element-wise efficiency 0.8: 3.35e12 × 0.8 bytes/s. */
    private static final double HBM_BYTES_PER_SECOND = 3.35e12 * 0.8;

    @Test
    void shouldDecodeOneSequenceAtTheTimeToReadTheWeights() {
        // Llama 3 8B per layer: QKV 4096×6144 + O 4096×4096 + up 4096×28672 + down 14336×4096 = 218,103,808
        // weights, FP8 (1 B) × 32 layers, plus the BF16 LM head 128256×4096 × 2 B.
        double weightBytes = 218_103_808.0 * 32 + 128256.0 * 4096 * 2;
        double readSeconds = weightBytes / HBM_BYTES_PER_SECOND; // ≈ 2.996 ms
        RunResult result = run(aggregated(1, 101, 1));
        double itl = summary(result, "itlSeconds").get("p50");
        assertTrue(itl >= readSeconds, itl + " s is faster than reading the weights, " + readSeconds + " s");
        assertEquals(readSeconds, itl, 0.02 * readSeconds, "decode of one sequence is bound by the weight reads");
    }

    @Test
    void shouldPrefillALongPromptAtComputeSpeed() {
        // 8192 tokens: linear 2 · 6,979,321,856 · 8192 FLOPs at FP8 1979 TFLOP/s × MAMF 0.803, attention
        // 2 · (8192·8193/2) pairs · 32 heads · (128 + 128) · 32 layers at BF16 989 TFLOP/s × 0.535 (cuDNN
        // flash attention, causal, FlashAttention-3 paper Fig. 5(d): 518–539 TFLOP/s at 4K–16K),
        // both at the profile's sustained fraction of Hopper tensor throughput.
        double sustained = CalibrationProfile.defaults().value("compute.sustained-fraction.hopper");
        double linear = 2 * 6_979_321_856.0 * 8192 / (1979e12 * 0.803 * sustained);
        double attention = 2 * (8192.0 * 8193 / 2) * 32 * 256 * 32 / (989e12 * 0.535 * sustained);
        // element-wise traffic of the compute model: per layer 10 hidden vectors and 3 SwiGLU passes over
        // the 14336-wide MLP per token, BF16, at the HBM rate
        double elementwise = 32 * (10.0 * 8192 * 4096 + 3.0 * 8192 * 14336) * 2 / HBM_BYTES_PER_SECOND;
        double lowerBound = linear + attention + elementwise; // ≈ 162 ms
        double ttft = summary(run(aggregated(8192, 1, 1)), "ttftSeconds").get("p50");
        assertTrue(ttft >= lowerBound, ttft + " s beats the roofline " + lowerBound + " s");
        assertEquals(lowerBound, ttft, 0.06 * lowerBound, "only tile and wave quantization on top");
    }

    @Test
    void shouldPreemptUnderKvPressureAndStillCompleteEveryRequest() {
        RunResult result = run(aggregated(1000, 1000, 3000));
        assertEquals(3000, ((Number) result.metrics().get("completedRequests")).intValue());
        assertTrue(((Number) result.metrics().get("preemptions")).longValue() > 0, "the cache overflows and preempts");
    }

    @Test
    void shouldNotPreemptWhenTheSequenceLimitKeepsTheCacheBelowCapacity() {
        // 64 sequences × 2000 tokens × 64 KiB = 8.4 GB, far below the ~64 GB cache of one H100 with 8B FP8
        InferenceSpec spec = new InferenceSpec("t.Capped", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 8192, 64, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 1000, 1000, 500), List.of(), false);
        RunResult result = run(spec);
        assertEquals(0L, ((Number) result.metrics().get("preemptions")).longValue());
        assertEquals(500, ((Number) result.metrics().get("completedRequests")).intValue());
    }

    @Test
    void shouldCountRequestsMeetingEverySloAsGoodput() {
        InferenceSpec loose = withSlos(List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 1000),
                new InferenceSpec.Slo(InferenceSpec.SloMetric.ITL, 99, 1000)));
        InferenceSpec strict = withSlos(List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 1e-9)));
        assertEquals(1.0, (Double) run(loose).metrics().get("goodput"));
        assertEquals(0.0, (Double) run(strict).metrics().get("goodput"));
    }

    @Test
    void shouldLeaveGoodputOutWhenNoSloIsStated() {
        assertFalse(run(withSlos(List.of())).metrics().containsKey("goodput"), "no SLO, nothing to meet");
    }

    @Test
    void shouldChargeRentPerAcceleratorHourPerMillionTokens() {
        // one H100 at $2/h, decode and prefill shares of its time: cost in = share_p · 2 · T/3600 / (in/1e6)
        InferenceSpec spec = new InferenceSpec("t.Cost", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 2.0),
                Precision.FP8, List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 512, 256, 1000), List.of(), false);
        Map<String, Object> m = run(spec).metrics();
        double seconds = (Double) m.get("makespanSeconds");
        double totalDollars = 2.0 * seconds / 3600;
        double out = (Double) m.get("costPerMillionOutputTokens") * 1000 * 256 / 1e6;
        double in = (Double) m.get("costPerMillionInputTokens") * 1000 * 512 / 1e6;
        assertEquals(totalDollars, out + in, 1e-9 * totalDollars, "input and output shares add up to the rent");
        assertEquals(totalDollars, (Double) m.get("costDollars"), 1e-9 * totalDollars);
    }

    @Test
    void shouldGiveTheSameResultForTheSameSeed() {
        InferenceSpec spec = new InferenceSpec("t.Poisson", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(ServingFixtures.pool(Role.SERVING, 2, ServingFixtures.tensor(1), 4096, 128, 512)),
                new InferenceSpec.Traffic(new InferenceSpec.Poisson(20), new InferenceSpec.Lognormal(800, 0.8),
                        new InferenceSpec.Uniform(50, 400), 400), List.of(), false);
        RunResult a = InferenceRunner.run(spec, 7, null);
        RunResult b = InferenceRunner.run(spec, 7, null);
        RunResult c = InferenceRunner.run(spec, 8, null);
        assertEquals(a.metrics(), b.metrics());
        assertTrue(!a.metrics().equals(c.metrics()), "another seed draws other requests");
    }

    private static InferenceSpec withSlos(List<InferenceSpec.Slo> slos) {
        return new InferenceSpec("t.Slo", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 128, 16, 50), slos, false);
    }

    static InferenceSpec aggregated(int prompt, int output, int requests) {
        return new InferenceSpec("t.Aggregated", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 8192, 2048, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), prompt, output, requests), List.of(), false);
    }

    static RunResult run(InferenceSpec spec) {
        return InferenceRunner.run(spec);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Double> summary(RunResult result, String key) {
        return (Map<String, Double>) result.metrics().get(key);
    }
}
