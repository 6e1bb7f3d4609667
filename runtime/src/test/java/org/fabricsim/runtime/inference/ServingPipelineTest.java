package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Pipeline-parallel serving replicas against closed forms: latency as without stages, throughput kept. */
class ServingPipelineTest {
    /** NVLink4 450 GB/s × the engine's 81.6% (Calibration.DEFAULT.nvlinkEfficiency(), NCCL ring on 8 x H200). */
    private static final double NVLINK_BYTES_PER_SECOND = 450e9 * 0.816;
    /** Up to and down from the NVSwitch, 2 × 100 ns, plus NCCL's 3.4 µs NVLink step (Calibration). */
    private static final double HOP_LATENCY_SECONDS = 200e-9 + 3.4e-6;
    /** Llama 3 8B hidden vector in BF16: 4096 × 2 B. */
    private static final double HIDDEN_BYTES = 4096 * 2;

    @Test
    void shouldNotSpeedUpASingleRequestWithPipelineStages() {
        // PP2 on one node: each stage runs 16 of the 32 layers and half the LM head, so the two stages
        // sum to the PP1 iteration; the token then also crosses one stage boundary over NVLink:
        // TTFT₂ = TTFT₁ + c(8192), ITL₂ = ITL₁ + c(1), c(T) = T·4096·2 B ÷ (450 GB/s · 0.88) + 3.6 µs
        double prefillHop = 8192 * HIDDEN_BYTES / NVLINK_BYTES_PER_SECOND + HOP_LATENCY_SECONDS; // ≈ 173.1 µs
        double decodeHop = HIDDEN_BYTES / NVLINK_BYTES_PER_SECOND + HOP_LATENCY_SECONDS; // ≈ 3.6 µs
        RunResult flat = ServingLatencyTest.run(single(1));
        RunResult staged = ServingLatencyTest.run(single(2));
        double ttft1 = ServingLatencyTest.summary(flat, "ttftSeconds").get("p50");
        double ttft2 = ServingLatencyTest.summary(staged, "ttftSeconds").get("p50");
        double itl1 = ServingLatencyTest.summary(flat, "itlSeconds").get("p50");
        double itl2 = ServingLatencyTest.summary(staged, "itlSeconds").get("p50");
        assertEquals(ttft1 + prefillHop, ttft2, 0.01 * prefillHop, "TTFT: the PP1 pass plus one hop");
        assertEquals(itl1 + decodeHop, itl2, 0.01 * decodeHop, "ITL: the PP1 iteration plus one hop");
    }

    @Test
    void shouldKeepThroughputPerAcceleratorWithPipelineStagesAtSaturation() {
        // One wave of 256 sequences per slot (128 prompt, 1024 output tokens): a PP2 replica (2 GPUs)
        // against PP1 (1 GPU), each slot composing the same iterations, whose PP2 stage time s is
        // half the PP1 iteration. Each PP2 slot's iteration lasts 2s + c, the two slots staggered by
        // s, so the PP2 makespan is T₁ + Σc + s₀: T₁ ≈ 8.6 s the PP1 makespan, Σc ≈ 1,030 iterations ×
        // c(256) = 2 MiB ÷ 396 GB/s + 3.6 µs ≈ 9 ms, s₀ ≈ 36 ms the first stage of the first prefill
        // (64 prompts, 2 · 7.0e9 · 8192 FLOPs at 1979 TFLOP/s × 0.8, halved): per accelerator,
        // PP2 ÷ PP1 = T₁ ÷ (T₁ + Σc + s₀) ≈ 0.995.
        Map<String, Object> flat = ServingLatencyTest.run(saturated(1)).metrics();
        Map<String, Object> staged = ServingLatencyTest.run(saturated(2)).metrics();
        assertEquals(0L, ((Number) flat.get("preemptions")).longValue(), "the cache does not bind");
        assertEquals(0L, ((Number) staged.get("preemptions")).longValue(), "the cache does not bind");
        double perAccelerator1 = (Double) flat.get("outputTokensPerSecondPerAccelerator");
        double perAccelerator2 = (Double) staged.get("outputTokensPerSecondPerAccelerator");
        assertEquals(perAccelerator1, perAccelerator2, 0.01 * perAccelerator1);
    }

    private static InferenceSpec single(int pipeline) {
        return new InferenceSpec("t.Single", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.SERVING, 1, stages(pipeline), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 8192, 101, 1), List.of(), false);
    }

    private static InferenceSpec saturated(int pipeline) {
        return new InferenceSpec("t.Saturated", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.SERVING, 1, stages(pipeline), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 128, 1024, 256 * pipeline), List.of(), false);
    }

    private static ParallelismSpec stages(int pipeline) {
        return new ParallelismSpec(1, pipeline, 1, 1, 1, false);
    }
}
