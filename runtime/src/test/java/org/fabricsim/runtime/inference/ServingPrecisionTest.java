package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** The KV cache's own precision, MFU against the peak of the weights' GEMM precision, and blockwise FP8 weights. */
class ServingPrecisionTest {
    /** Llama 3 8B KV per token in BF16: 2 · 32 layers · 8 KV heads · 128 · 2 B = 128 KiB (inference.csv). */
    private static final double BF16_KV_BYTES = 128 * 1024;

    @Test
    void shouldSizeTheCacheAtItsOwnPrecisionWithFp8Weights() {
        Map<String, Object> fp8 = serving(Precision.FP8, 1, 1).parameters();
        Map<String, Object> bf16 = serving(Precision.BF16, 1, 1).parameters();
        assertEquals(BF16_KV_BYTES, (Double) bf16.get("kvCacheBytesPerToken"));
        assertEquals(BF16_KV_BYTES / 2, (Double) fp8.get("kvCacheBytesPerToken"));
        // the same free memory (the weights stay FP8) holds half the tokens at twice the bytes
        assertEquals(tokensPerReplica(fp8) / 2.0, tokensPerReplica(bf16), 1.0);
    }

    @Test
    void shouldTransferTheCacheAtItsOwnPrecision() {
        InferenceSpec spec = new InferenceSpec("t.Handoff", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, Precision.BF16,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 0, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 0, 0, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 4, 1), List.of(), false);
        double bytes = ((Number) InferenceRunner.run(spec).metrics().get("kvTransferBytes")).doubleValue();
        assertEquals(4096 * BF16_KV_BYTES, bytes);
    }

    @Test
    void shouldMeasureFp8ServingMfuAgainstTheFp8Peak() {
        // one 8192-token prompt, one output token: the run is one prefill iteration. Model FLOPs: the
        // linear layers 2 · 6,979,321,856 · 8192, attention 2 · (8192·8193/2) pairs · 32 heads · 256 ·
        // 32 layers, the LM head 2 · 128,256 · 4096 for the one logit; over H100's dense FP8 1979 TFLOP/s.
        double flops = 2 * 6_979_321_856.0 * 8192 + 2 * (8192.0 * 8193 / 2) * 32 * 256 * 32 + 2 * 128256.0 * 4096;
        RunResult result = serving(Precision.FP8, 8192, 1);
        double seconds = (Double) result.metrics().get("makespanSeconds");
        assertEquals(flops / (1979e12 * seconds), (Double) result.metrics().get("modelFlopsUtilization"), 1e-9);
        String console = ConsoleTable.render(result);
        assertTrue(console.lines().anyMatch(l -> l.contains("model FLOPs utilization") && l.endsWith("% of FP8 peak")),
                console);
    }

    @Test
    void shouldMeasureFp4ServingMfuAgainstTheFp4Peak() {
        // The same one-prefill run of the FP8 test above, at FP4 weights on a B200 (catalog: dense FP4 9,000 TFLOP/s):
        // the same model FLOPs over the FP4 peak, not the BF16 peak the denominator took before.
        double flops = 2 * 6_979_321_856.0 * 8192 + 2 * (8192.0 * 8193 / 2) * 32 * 256 * 32 + 2 * 128256.0 * 4096;
        AcceleratorSpec b200 = new AcceleratorSpec("t.B200", "NVIDIA", 2250e12, 4500e12, 180_000_000_000L, 8.0e12,
                0.776, 0, 900e9, 0).withArchitecture("blackwell", 148).withFp4(9000e12);
        RunResult result = InferenceRunner.run(new InferenceSpec("t.Fp4", ServingFixtures.LLAMA3_8B,
                ServingFixtures.dgx(b200, 1, 0), Precision.FP4, Precision.FP8, List.of(ServingFixtures.pool(
                        Role.SERVING, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 8192, 1, 1), List.of(), false));
        double seconds = (Double) result.metrics().get("makespanSeconds");
        assertEquals(flops / (9000e12 * seconds), (Double) result.metrics().get("modelFlopsUtilization"), 1e-9);
        String console = ConsoleTable.render(result);
        assertTrue(console.lines().anyMatch(l -> l.contains("model FLOPs utilization") && l.endsWith("% of FP4 peak")),
                console);
    }

    @Test
    void shouldServeBlockwiseFp8GemmsAtTheDepthFactorTrainingCharges() {
        // 16,384 tokens through an MLP of width 4,096 on Llama 3 8B (h = 4,096): both GEMMs reduce over k = 4,096
        // and are compute-bound, so they differ only in the depth factor, per tensor k / (k + 64) and blockwise
        // 0.954 k / (k + 696) (BlockwiseFp8, DeepGEMM's figures): (4,096 + 696) / (0.954 (4,096 + 64)) = 1.2075.
        assertEquals((4096 + 696) / (0.954 * (4096 + 64)), mlpSeconds(Fp8Scaling.BLOCKWISE)
                / mlpSeconds(Fp8Scaling.TENSOR), 1e-9);
    }

    private static double mlpSeconds(Fp8Scaling scaling) {
        CalibrationProfile profile = CalibrationProfile.defaults();
        LayerKernels kernels = new LayerKernels(ServingFixtures.LLAMA3_8B,
                Device.of(ServingFixtures.H100, Precision.FP8, scaling, profile),
                Device.of(ServingFixtures.H100, Precision.BF16, profile), Precision.FP8.bytes(),
                ServingFixtures.tensor(1), 0, KvCache.bytesPerToken(ServingFixtures.LLAMA3_8B, 2), 1, false,
                DecodeAttentionRead.ELEMENT_WISE);
        return kernels.mlp(16_384, 4_096);
    }

    private static RunResult serving(Precision kvCache, int prompt, int requests) {
        return InferenceRunner.run(new InferenceSpec("t.Kv", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, kvCache, List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 8192,
                        256, 0)), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), prompt, 1, requests), List.of(),
                false));
    }

    @SuppressWarnings("unchecked")
    private static double tokensPerReplica(Map<String, Object> parameters) {
        List<Object> pools = (List<Object>) parameters.get("pools");
        return ((Number) ((Map<String, Object>) pools.get(0)).get("kvCacheTokensPerReplica")).doubleValue();
    }
}
