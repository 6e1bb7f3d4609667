package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * A stack that quantizes each FP8 GEMM's input in a kernel of its own (vLLM V0's dynamic per-token
 * {@code scaled_fp8_quant}) pays, per GEMM of input width k over m rows, a pass reading m·k BF16 elements
 * (2 B), writing them in FP8 (1 B) and writing m FP32 scales (4 B), at the element-wise rate B_e =
 * 3.35 TB/s × 0.8 = 2.68·10¹² B/s on an H100; a stack that fuses it (TensorRT-LLM) pays nothing apart.
 */
class SeparateQuantizationTest {
    /** The element-wise HBM rate of the H100: 3.35 TB/s at 0.8 (ComputeCalibration.MEMORY_EFFICIENCY). */
    private static final double ELEMENTWISE_BYTES_PER_SECOND = 3.35e12 * 0.8;
    private static final Device H100_FP8 = new Device(1979e12, 989e12, 3.35e12, 0.77, 132, 2);
    /** 2 layers, hidden 64, 4 heads of 16, 8 experts of width 32, top-2: the toy MoE. */
    private static final TransformerSpec TOY_MOE = new TransformerSpec("t.ToyMoe", 2, 64, 128, 4, 4, 16, 100,
            true, 8, 2, 0, 32, 0, 0, 0);

    @Test
    void shouldCostLlama70bsQuantizationPassesOverTheGemmsInputWidthsAsSharded() {
        for (int tp : new int[] {1, 4}) {
            LayerKernels fused = kernels(ServingFixtures.LLAMA3_70B, ServingFixtures.tensor(tp), false);
            LayerKernels separate = kernels(ServingFixtures.LLAMA3_70B, ServingFixtures.tensor(tp), true);
            // QKV reads hidden 8,192 per token, the output projection a·d/t = 8,192/t:
            // 3,000 · (8,192 + 8,192/t) · 3 B + 2 GEMMs · 3,000 · 4 B
            double projections = (3000.0 * (8192 + 8192 / tp) * 3 + 2 * 3000 * 4) / ELEMENTWISE_BYTES_PER_SECOND;
            assertEquals(projections, separate.attentionProjections(3000) - fused.attentionProjections(3000), 1e-12);
            // gate/up read hidden 8,192, the down its width per rank 28,672/t
            double mlp = (3000.0 * (8192 + 28672 / tp) * 3 + 2 * 3000 * 4) / ELEMENTWISE_BYTES_PER_SECOND;
            assertEquals(mlp, separate.mlp(3000, 28672.0 / tp) - fused.mlp(3000, 28672.0 / tp), 1e-12);
            assertEquals(fused.takeFlops(), separate.takeFlops(), 0, "the FLOPs do not change");
        }
    }

    @Test
    void shouldQuantizeAMoeLayersTokensOnceAndTheBusiestRanksRoutedRowsBeforeTheirDownProjections() {
        ParallelismSpec expert2 = new ParallelismSpec(1, 1, 2, 1, 2, false);
        // 50 tokens on the rank: 50 · 64 · 3 B + 50 · 4 B; 8 experts over EP 2 at load 1 from 100 tokens,
        // top-2: 4 local experts of 100·2/8 = 25 rows, 100 rows of width 32: 100 · 32 · 3 B + 100 · 4 B
        double expected = (50 * 64 * 3 + 50 * 4 + 100 * 32 * 3 + 100 * 4) / ELEMENTWISE_BYTES_PER_SECOND;
        double separate = kernels(TOY_MOE, expert2, true).moe(50, 100, 1.0);
        double fused = kernels(TOY_MOE, expert2, false).moe(50, 100, 1.0);
        assertEquals(expected, separate - fused, 1e-15);
    }

    /**
     * One 3,000-token prompt alone on a TP1 H100 at FP8: its prefill grows by 80 layers × 3,000 tokens ×
     * ((8,192 + 8,192 + 8,192 + 28,672) elements × 3 B + 4 GEMMs × 4 B) = 3.834·10¹⁰ B ÷ 2.68·10¹² B/s =
     * 14.31 ms, the LM head (BF16) unchanged; at BF16 (Llama 3 8B, which fits one H100 at BF16) the
     * feature changes nothing.
     */
    @Test
    void shouldLengthenAnFp8PrefillByItsQuantizationPassesAndLeaveBf16Unchanged() {
        double expected = 80 * 3000 * (53_248.0 * 3 + 4 * 4) / ELEMENTWISE_BYTES_PER_SECOND;
        TransformerSpec llama70b = ServingFixtures.LLAMA3_70B;
        assertEquals(expected, ttft(llama70b, Precision.FP8, true) - ttft(llama70b, Precision.FP8, false), 1e-9);
        assertEquals(0.01431, expected, 5e-6);
        TransformerSpec llama8b = ServingFixtures.LLAMA3_8B;
        assertEquals(ttft(llama8b, Precision.BF16, false), ttft(llama8b, Precision.BF16, true), 0);
    }

    private static LayerKernels kernels(TransformerSpec model, ParallelismSpec parallel, boolean separate) {
        return new LayerKernels(model, H100_FP8, H100_FP8, 1, parallel, model.experts(), 0, 1, separate,
                DecodeAttentionRead.ELEMENT_WISE);
    }

    private static double ttft(TransformerSpec model, Precision precision, boolean separate) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(1), 4096, 1, 0,
                new PoolFeatures(false, 0, null, Admission.PREEMPT, Batching.MIXED, IterationHost.NONE, separate));
        InferenceSpec spec = new InferenceSpec("quant", model, ServingFixtures.dgxH100(1, 0),
                precision, List.of(pool), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 3000, 2, 1), List.of(),
                false);
        return stat(InferenceRunner.run(spec).metrics().get("ttftSeconds"));
    }

    @SuppressWarnings("unchecked")
    private static double stat(Object summary) {
        return ((Number) ((Map<String, Object>) summary).get("mean")).doubleValue();
    }
}
