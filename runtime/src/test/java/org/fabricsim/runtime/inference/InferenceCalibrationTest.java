package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.ReferencePrediction;
import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * Reproduces validation/reference/inference.csv (the project's copy of the published rows, on the
 * test classpath as {@code /reference/inference.csv}): TensorRT-LLM trtllm-bench offline maximum
 * throughput on H100 SXM and H200 SXM, all requests queued at once, one serving pool, with the batch
 * limits trtllm-bench chose itself (the perf-overview passes none; see {@link #trtllmBenchLimits}) and
 * TensorRT-LLM's default no-evict admission ({@link #admission}).
 *
 * <p>The rows are the table's 30 H100 cells (Llama 3.1 8B TP1, 3.3 70B TP2, 3.1 405B TP8; ten
 * input/output pairs each) and its 30 H200 cells (8B TP1, 70B TP1, 405B TP8), each run on its own
 * accelerator as the catalog states it ({@link #accelerator}). The compute-bound 128/128 rows were +20%
 * with the burst GEMM rate; with the Hopper sustained fraction of the calibration profile (fitted on the
 * training rows, never on these) and no-evict admission 57 rows are within ±15% (the long-output cells
 * missed by up to −79% while the pool preempted), and with the engine's reservation before the KV
 * fraction ({@link EngineReservation}) 58; with short output tiles for decode batches just past a
 * 128-row tile ({@link org.fabricsim.runtime.compute.SplitKGemm}) 59 (58 after session 54's refit, 59 again with
 * attention at the measured power-capped rate). One is a known miss ({@link #KNOWN_MISSES}).
 */
public class InferenceCalibrationTest {
    private static final double TOLERANCE = 0.15;
    /**
     * Rows that miss by more than {@link #TOLERANCE}, each with the bound it is held to, a little above
     * its documented error so that a change that widens it fails; no constant is fitted to any of them.
     * <ul>
     * <li>trt-llama31-405b-h100-128-4096 is +18.9% (+32.0% before the engine's reservation,
     * {@link EngineReservation}; +23.1% while the TP all-reduce was costed on a line through 64 KiB and
     * 64 MiB, {@link CollectiveFit}): published, 405B TP8 loses 28% from 128/2048 to 128/4096 where the
     * model loses 20% (8B: 37% and 35%). What it lacks is TensorRT-LLM's CUDA-graph padding of decode
     * batches (198 sequences run as 256 rows): costed, this row is +11.4%, but 405B H200 128/2048 goes to
     * −16.1%, its 1,219 sequences padded to 1,536 rows of GEMMs that the compute model runs too slowly
     * at the training fit's sustained fraction (docs/calibration.md, "CUDA-graph padding of decode
     * batches", and "Short output tiles", session 53). Session 54 confirmed from the sources that the table
     * ran both this padding (to the executor's limit, PR 4843) and the model's no-evict admission
     * (docs/calibration.md, "Which padding rule and which admission the published table ran"); session 55, with
     * serving's attention at the power-capped rate: +11.2% padded, 405B H200 128/2048 −16.4%. Session 65: TensorRT-LLM
     * v1.0 runs this row's decode all-reduces (6.2 MiB, under its 8 MB workspace at TP 8) on its own fused two-shot
     * kernel, not NCCL as modelled; at 1.25–1.5 times NCCL's time that would take the row to +10.4…+3.3% with every row
     * within ±15%, but no measurement on 8 Hopper GPUs sizes it, so it is not costed (docs/accuracy.md,
     * "TensorRT-LLM's decode-heavy misses, session 65"). Session 68: published, its decode step is about 79 µs a layer
     * longer than the model's (63.5 against 53.6 ms, batch ÷ tok/s), 1.3 times one of its all-reduces; no part of the
     * step carries it alone, and no new mechanism with a source was found (docs/accuracy.md, "Decode-heavy 405B rows,
     * session 68"). Session 70: TensorRT-LLM's no-evict admission reserves the final length as the model does; the
     * published rate would need 136 of the cache's 198 sequences, and a cache that small leaves the H100's 128/2048 at
     * −15.5%, so no cache size closes it; against the published iterations the model is 5.5–9.9 ms short an iteration on
     * the four 128-token-prompt 405B cells of both parts (docs/accuracy.md, "405B 128/4096 on H100, session 70").</li>
     * </ul>
     * trt-llama33-70b-h200-1000-2000 missed at −17.8% until session 53: its 139 sequences ran as two
     * 128-row GEMM tiles; on the 64-row tiles that pad less ({@link org.fabricsim.runtime.compute.SplitKGemm})
     * it is −8.4%. trt-llama31-8b-h200-20000-2000 missed at −15.0% in session 54 (the refit to 0.726 that came with
     * training's attention at the power-capped rate); since session 55 serving's attention runs at that rate too
     * ({@link org.fabricsim.runtime.compute.Device#attentionFlopsPerSecond}) and it is −12.5%.
     */
    private static final Map<String, Double> KNOWN_MISSES = Map.of("trt-llama31-405b-h100-128-4096", 0.20);
    /** trtllm-bench throughput's default --kv_cache_free_gpu_mem_fraction (tensorrt_llm/bench/benchmark/throughput.py). */
    private static final double BENCH_KV_FRACTION = 0.90;

    @Test
    void shouldReproducePublishedOfflineThroughputWithinFifteenPercent() throws IOException {
        List<String> misses = new ArrayList<>();
        List<ReferencePrediction> predictions = predictions();
        for (ReferencePrediction prediction : predictions) {
            boolean known = KNOWN_MISSES.containsKey(prediction.name());
            String row = String.format(Locale.ROOT, "%-32s published %6.0f predicted %6.0f tok/s  error %+6.1f%%%s",
                    prediction.name(), prediction.published(), prediction.predicted(), 100 * prediction.error(),
                    known ? "  (known miss)" : "");
            System.out.println(row);
            if (Math.abs(prediction.error()) > KNOWN_MISSES.getOrDefault(prediction.name(), TOLERANCE)) {
                misses.add(row);
            }
        }
        long published = reference().stream().filter(line -> line.startsWith("\"")).count();
        assertEquals(published, predictions.size(), "every row of inference.csv is checked");
        assertEquals(List.of(), misses, "rows outside ±15% (documented misses: their own bounds)");
    }

    /** Every row of inference.csv against its prediction (relative error). */
    public static List<ReferencePrediction> predictions() throws IOException {
        List<ReferencePrediction> predictions = new ArrayList<>();
        for (String line : reference()) {
            if (!line.startsWith("\"")) {
                continue;
            }
            String source = line.substring(1, line.indexOf("\","));
            String[] cells = line.substring(line.indexOf("\",") + 2).split(",");
            String name = cells[0];
            TransformerSpec model = model(cells[1]);
            Precision precision = Precision.valueOf(cells[2].toUpperCase(Locale.ROOT));
            AcceleratorSpec gpu = accelerator(cells[3]);
            int gpus = Integer.parseInt(cells[4]);
            int tp = Integer.parseInt(cells[5]);
            int input = Integer.parseInt(cells[6]);
            int output = Integer.parseInt(cells[7]);
            double reported = Double.parseDouble(cells[8]);
            int requests = requests(input, output);
            int[] limits = trtllmBenchLimits(model, precision, gpu, tp, input, output);
            double predicted = trtllmBenchOutputTokensPerSecond("calibration." + name, model,
                    ServingFixtures.dgx(gpu, 1, 0), precision, precision, gpus / tp, tp, limits, source, input, output,
                    requests);
            predictions.add(new ReferencePrediction(name, "serving", reported, predicted, "tok/s",
                    predicted / reported - 1, false));
        }
        return predictions;
    }

    /**
     * Output tokens per second of one trtllm-bench cell as the model runs it: {@code requests} prompts of {@code input}
     * tokens, all at once, each generating {@code output}, through {@code replicas} replicas at TP {@code tp} under
     * the cell's {@code limits} (tokens, sequences) and its table's {@link #admission}.
     */
    static double trtllmBenchOutputTokensPerSecond(String name, TransformerSpec model, ClusterSpec cluster,
            Precision weights, Precision kv, int replicas, int tp, int[] limits, String source, int input, int output,
            int requests) {
        InferenceSpec spec = new InferenceSpec(name, model, cluster, weights, kv, List.of(new InferenceSpec.Pool(
                InferenceSpec.Role.SERVING, replicas, ServingFixtures.tensor(tp), limits[1], limits[0], 0,
                new PoolFeatures(false, 0, null, admission(source))
                        .withCustomAllReduce(customAllReduceMaxBytes(source)))),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), input, output, requests), List.of(), false);
        return (Double) InferenceRunner.run(spec).metrics().get("outputTokensPerSecond");
    }

    @Test
    void shouldDeriveTrtllmBenchLimitsFromKvMemoryAndSequenceLengths() {
        // 8B FP8 on one H100, 128/128: (79.65 − 7.48) GiB × 0.9 ÷ (64 KiB × 256) = 4157 requests → caps 4096
        assertArrayEquals(new int[] {4096, 8192},
                trtllmBenchLimits(ServingFixtures.LLAMA3_8B, Precision.FP8, ServingFixtures.H100, 1, 128, 128));
        // 8B, 1000/1000: 532 requests → 640 sequences (multiple of 128); 1064 tokens → at least 2048
        assertArrayEquals(new int[] {640, 2048},
                trtllmBenchLimits(ServingFixtures.LLAMA3_8B, Precision.FP8, ServingFixtures.H100, 1, 1000, 1000));
        // the same on one H200 (143,771 MiB): (140.40 − 7.48) GiB × 0.9 ÷ (64 KiB × 2000) = 980 requests → 1024
        // sequences (multiple of 128); 1960 tokens → 2048
        assertArrayEquals(new int[] {1024, 2048},
                trtllmBenchLimits(ServingFixtures.LLAMA3_8B, Precision.FP8, ServingFixtures.H200, 1, 1000, 1000));
    }

    /**
     * trtllm-bench's batch limits {max sequences, max tokens} when the command gives none
     * (TensorRT-LLM tensorrt_llm/bench/build/tuning.py calc_engine_setting and finetune_setting,
     * bench/benchmark/utils/general.py get_settings): KV memory M = (TP × NVML memory of the row's
     * accelerator − parameters × weight bytes) × 0.90; requests r = M ÷ (KV bytes per token × (ISL +
     * OSL)); b = min(r, 4096) rounded up to a multiple of 32 (at least 64) below 256, of 128 below 1024, else of 256; tokens
     * t = min(min(r, 4096) × (1 + ISL/OSL), 32768) rounded up to a multiple of 256 (at least 2048)
     * below 4096, of 512 below 8192, else of 1024; without chunked prefill at least ISL + b.
     */
    static int[] trtllmBenchLimits(TransformerSpec model, Precision precision, AcceleratorSpec gpu, int tp, int input,
            int output) {
        return trtllmBenchLimits(model, precision, precision, gpu, tp, input, output);
    }

    /** As above, with the KV cache at {@code kvPrecision} (an FP4 checkpoint's FP8 cache) rather than the weights'. */
    static int[] trtllmBenchLimits(TransformerSpec model, Precision precision, Precision kvPrecision,
            AcceleratorSpec gpu, int tp, int input, int output) {
        double memory = (tp * (double) gpu.memoryBytes() - ModelFlops.totalParameters(model) * precision.bytes())
                * BENCH_KV_FRACTION;
        double requests = memory / (KvCache.bytesPerToken(model, kvPrecision.bytes()) * (input + output));
        double rawBatch = Math.min(requests, 4096);
        double rawTokens = Math.min(rawBatch * (1 + (double) input / output), 32768);
        int batch = rawBatch < 256 ? Math.max(64, roundUp(rawBatch, 32))
                : rawBatch < 1024 ? roundUp(rawBatch, 128) : roundUp(rawBatch, 256);
        int tokens = rawTokens < 4096 ? Math.max(2048, roundUp(rawTokens, 256))
                : rawTokens < 8192 ? roundUp(rawTokens, 512) : roundUp(rawTokens, 1024);
        return new int[] {batch, Math.max(tokens, input + batch)};
    }

    private static int roundUp(double value, int multiple) {
        return (int) (multiple * Math.ceil(value / multiple));
    }

    @Test
    void shouldMatchPublishedKvCacheSizesPerToken() {
        // inference.csv: BF16 KV per token 128 KiB (8B), 320 KiB (70B), 504 KiB (405B)
        assertEquals(128 * 1024, KvCache.bytesPerToken(ServingFixtures.LLAMA3_8B, 2), 0);
        assertEquals(320 * 1024, KvCache.bytesPerToken(ServingFixtures.LLAMA3_70B, 2), 0);
        assertEquals(504 * 1024, KvCache.bytesPerToken(ServingFixtures.LLAMA3_405B, 2), 0);
    }

    @Test
    void shouldSizeMlaCacheFromTheCompressedLatent() {
        // DeepSeek-V3: (512 + 64) · 61 layers · 1 byte (FP8) = 35,136 bytes per token
        assertEquals(35_136, KvCache.bytesPerToken(ServingFixtures.DEEPSEEK_V3, 1), 0);
    }

    /**
     * The accelerator a row names, as the catalog states it (dsl/src/main/resources/fabric/catalog/nvidia.fabric):
     * H100_SXM with NVML's 81,559 MiB at 3.35 TB/s, or H200_SXM with 143,771 MiB at 4.8 TB/s and H100's compute.
     */
    static AcceleratorSpec accelerator(String name) {
        return switch (name) {
            case "H100_SXM" -> ServingFixtures.H100;
            case "H200_SXM" -> ServingFixtures.H200;
            default -> throw new IllegalArgumentException("no fixture for accelerator " + name);
        };
    }

    /** The model a row names: Llama-3.1-8B, Llama-3.3-70B or Llama-3.1-405B (one architecture per size). */
    static TransformerSpec model(String name) {
        if (name.contains("405B")) {
            return ServingFixtures.LLAMA3_405B;
        }
        return name.contains("70B") ? ServingFixtures.LLAMA3_70B : ServingFixtures.LLAMA3_8B;
    }

    /**
     * The framework's admission policy: trtllm-bench sets TensorRT-LLM's capacity scheduler to
     * GUARANTEED_NO_EVICT itself (tensorrt_llm/bench/benchmark/throughput.py: {@code IFBSchedulingPolicy.NO_EVICT},
     * later {@code --scheduler_policy} defaulting to {@code guaranteed_no_evict}, over the bench's own
     * {@code ExecutorSettingsConfig} default MAX_UTILIZATION), and perf-overview.md passes no policy.
     */
    static PoolFeatures.Admission admission(String source) {
        return source.startsWith("TensorRT-LLM") ? PoolFeatures.Admission.NO_EVICT : PoolFeatures.Admission.PREEMPT;
    }

    /**
     * The framework's own TP all-reduce ({@link CustomAllReduce}): AMD's vLLM image (AITER on, "Default AITER on")
     * runs AITER's custom all-reduce under 64 MiB (ROCm/vllm PR 629); TensorRT-LLM's fused Lamport kernels below its
     * 8,000,000-B workspace are not the barrier kernels {@link CustomAllReduce} times and stay on NCCL (docs/accuracy.md,
     * "Serving frameworks' all-reduce, session 70").
     */
    static long customAllReduceMaxBytes(String source) {
        return source.contains("vLLM, MI300X") ? PoolFeatures.AITER_CUSTOM_ALL_REDUCE_MAX_BYTES
                : PoolFeatures.NO_CUSTOM_ALL_REDUCE;
    }

    /**
     * perf-overview.md's {@code $num_requests} per input/output length ("Preparing a Dataset"):
     * 30,000 for 128/128; 1,000 for 20,000/2,000; 1,500 for 128/4,096, 1,000/2,000, 2,048/2,048 and
     * 5,000/500; 3,000 for the others (128/2,048, 500/2,000, 1,000/1,000, 2,048/128).
     */
    static int requests(int input, int output) {
        if (input == 128 && output == 128) {
            return 30000;
        }
        if (input >= 20000) {
            return 1000;
        }
        boolean fifteenHundred = input == 128 && output == 4096 || input == 1000 && output == 2000
                || input == 2048 && output == 2048 || input == 5000 && output == 500;
        return fifteenHundred ? 1500 : 3000;
    }

    static List<String> reference() throws IOException {
        try (InputStream in = InferenceCalibrationTest.class.getResourceAsStream("/reference/inference.csv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
