package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.calibration.MeasuredCsv;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.PoolFeatures.Admission;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * Disaggregated against aggregated serving on the published case of validation/reference/
 * disaggregation.csv: NVIDIA Dynamo's single-node Llama 70B benchmark (ai-dynamo/dynamo
 * examples/llm/benchmarks; the gain stated in issue #402: "around 1.6x" output tokens/s per GPU at
 * about 38 tokens/s per user, 3,000-token prompts and 150-token outputs, FP8 weights on 8 × H100).
 *
 * <p>The deployments as published: aggregated, two vLLM TP4 replicas behind nginx with {@code
 * least_conn} (examples/llm/benchmarks/nginx.conf: the engine's least-loaded replica) with {@code
 * max-num-batched-tokens 3500}; disaggregated, four TP1 prefill workers and one TP4 decode worker.
 * Assumptions, stated:
 * <ul>
 * <li>vLLM V0's scheduler without chunked prefill, {@link Batching#PREFILL_FIRST}, on every pool: the
 * Dynamo tuning guide (docs/guides/disagg_perf_tuning.md) "chunked prefill is currently not supported
 * in Dynamo (vllm backend)", and V0 turns chunked prefill on by default only above a 32K context
 * (max-model-len is 3,500). vLLM's default {@code max_num_seqs} 256 and preempting admission. On the
 * decode worker prefill-first is V0 as Dynamo patches it (vllm_v0.7.2-dynamo-kv-disagg-patch): a
 * request prefilled elsewhere decodes as soon as its cache is in place (remote prefills never hold the
 * decodes back), and its first decode step computes the prompt's last token and samples the first
 * output token, the prefill worker's own being discarded (IterationEnds, BatchBuilder).</li>
 * <li>vLLM V0's host time per iteration, serialised with the GPU ({@link IterationHost}), on every pool:
 * the 4 ms GPU bubble per decode step of vLLM RFC #6854's trace (V0 v0.5.x, Llama 3 8B on one H100;
 * the RFC states 5-13 ms), taken as the Dynamo-era V0's (0.7) too: its TP4 input broadcast is not
 * separated from it by any source.</li>
 * <li>vLLM V0's host time per sequence scheduled, {@value #V0_HOST_SECONDS_PER_SEQUENCE} s on every pool
 * ({@code iteration-host 4 ms + 0.0439 ms per sequence}): the growth of V0's TPOT with the batch in vLLM
 * RFC #6913 (v0.5.x, Llama 3 70B FP8 on 4 × H100) beyond its output processing and the model's own
 * kernels ({@link #shouldDeriveV0sHostTimePerSequenceFromRfc6913}). The output processing is left out
 * because 0.7.2 hides it: the asynchronous output processor (vLLM PR #7049, the RFC's implementation,
 * in V0 since v0.6.0) is on by default ({@code disable_async_output_proc} false) and vllm/config.py's
 * {@code ModelConfig.verify_async_output_proc} turns it off only for pipeline parallelism, enforce-eager,
 * a non-CUDA device, Ray SPMD workers or speculative decoding, none of which disagg.yaml sets. Assumed,
 * not stated by a source: that Dynamo's patched V0 keeps it, and that v0.5.x's per-sequence cost is
 * 0.7.2's.</li>
 * <li>vLLM V0's unfused activation quantization on every pool ({@code separate-activation-quantization}):
 * the FP8-dynamic checkpoint (compressed-tensors, per-token dynamic activation scales) makes V0 run
 * {@code scaled_fp8_quant} before each FP8 linear, a kernel of its own ({@link SeparateQuantizationTest}:
 * 14.3 ms per 3,000-token TP1 prefill). RFC #6913's V0 ran its FP8 linears the same way, so the
 * per-sequence constant is derived with it (its kernels grow 0.80 ms instead of 0.73 from batch 1 to 32).</li>
 * <li>The KV cache at BF16: the FP8-dynamic checkpoint quantizes weights and activations, and vLLM's
 * {@code kv_cache_dtype auto} keeps the model's dtype. The 0.95 memory utilization of the published
 * command is not stated to the model: its KV capacity (ReplicaMemory's fraction) holds every
 * concurrency swept here.</li>
 * <li>The load as perf.sh runs it: a closed loop of c clients, c in 1, 2, 4, …, 256, 10·c requests
 * (the warm-up requests are not modelled, and the whole run is measured).</li>
 * <li>Tokens per user is 1 ÷ the mean inter-token latency (genai-perf's per-user throughput is the
 * per-request 1 ÷ ITL); per GPU is the output rate ÷ 8. A deployment's throughput at the target is
 * read off its curve as the publication reads its plot: the best throughput among the points at or
 * above the target speed, linearly interpolated to the target between the points around it.</li>
 * </ul>
 *
 * <p>The prediction has the published direction and size: 1.085 without host time, 1.336 with the
 * 4 ms per iteration, 1.429 (−10.7%) with the host time per sequence as well and with the separate
 * quantization, held within the serving tolerance. The disaggregated side is held against its own
 * published run within the serving tolerance on every figure: its TTFT mean, −20.3% before the separate
 * quantization, is −11.6% with it (the closed loop is prefill-bound, and each millisecond a prefill
 * worker spends per request adds about 8 ms to the TTFT mean; docs/calibration.md). No constant is
 * adjusted to it.
 */
class DisaggregationGainTest {
    /** The serving rows' tolerance on |predicted ÷ published − 1| (issue 23). */
    private static final double SERVING_TOLERANCE = 0.15;
    /** vLLM V0's GPU bubble per iteration, the "about 4ms" of vLLM RFC #6854's trace. */
    private static final double V0_HOST_SECONDS = 4e-3;
    /**
     * vLLM V0's host time per sequence scheduled, vLLM RFC #6913 (V0 v0.5.x, Llama 3 70B FP8 on 4 × H100,
     * 128 input tokens): TPOT 19 ms at batch 1 and 25 ms at batch 32, of which the output processing
     * takes 0.2 and 3.4 ms (hidden in 0.7.2 by the asynchronous output processor) and the model's
     * decode kernels, their separate activation quantization and their TP4 all-reduces at the engine's cost
     * for their size ({@link CollectiveFit}) included, grow 1.44 ms: (6 − 3.2 − 1.44) ms ÷ 31 sequences =
     * 0.0439 ms (0.0645 ms while the all-reduce was a line through 64 KiB and 64 MiB)
     * ({@link #shouldDeriveV0sHostTimePerSequenceFromRfc6913}).
     */
    private static final double V0_HOST_SECONDS_PER_SEQUENCE = 0.0439e-3;
    private static final int[] CONCURRENCY = {1, 2, 4, 8, 16, 32, 64, 128, 256};
    private static final int GPUS = 8;
    /** vLLM's default max_num_seqs. */
    private static final int MAX_SEQUENCES = 256;
    /** The published --max-num-batched-tokens (the decode worker's default, max(max-model-len, 2048), is the same). */
    private static final int MAX_BATCH_TOKENS = 3500;

    @Test
    void shouldGainFromDisaggregationOnDynamosSingleNodeLlama70bCase() throws IOException {
        List<String> row = MeasuredCsv.fields(reference("/reference/disaggregation.csv"));
        int input = Integer.parseInt(row.get(6));
        int output = Integer.parseInt(row.get(7));
        double perUser = Double.parseDouble(row.get(10));
        double published = Double.parseDouble(row.get(11));
        double[][] aggregated = curve(List.of(pool(Role.SERVING, 2, 4)), input, output);
        double[][] disaggregated = curve(List.of(pool(Role.PREFILL, 4, 1), pool(Role.DECODE, 1, 4)), input, output);
        double gain = atSpeed(disaggregated, perUser) / atSpeed(aggregated, perUser);
        System.out.printf(Locale.ROOT, "%s: disaggregated %.1f against aggregated %.1f tok/s/GPU at %.0f tok/s/user:"
                + " gain %.3f (published %.2f, %+.1f%%)%n", row.get(1), atSpeed(disaggregated, perUser),
                atSpeed(aggregated, perUser), perUser, gain, published, 100 * (gain / published - 1));
        assertEquals(published, gain, SERVING_TOLERANCE * published, "gain of disaggregation");
    }

    /**
     * The disaggregated deployment alone against the genai-perf run posted in issue #402
     * (disaggregation-runs.csv), at its load: 32 clients starting together, 128 requests. Hand reading:
     * the four TP1 workers prefill the opening burst in 32 ÷ 4 = 8 rounds, so the last TTFT is about 8
     * prefills: the published p99 4,028 ms puts a TP1 prefill of 3,000 tokens near 4,028 ÷ 8 = 503 ms, against
     * the model's about 467 ms of kernels, separate quantization included, + 4 ms host (−6%; its p99 ÷ 8);
     * and the run is prefill-bound, 4 ÷ 0.503 s = 7.95 requests/s at best, 6.82 over the whole run with its
     * ramp (the model's whole run: about 7.3). So each figure is expected within the serving tolerance, the
     * model on the fast side.
     */
    @Test
    void shouldReproduceDynamosPublishedDisaggregatedRun() throws IOException {
        List<String> row = MeasuredCsv.fields(reference("/reference/disaggregation-runs.csv"));
        int clients = Integer.parseInt(row.get(8));
        Map<String, Object> metrics = run(List.of(pool(Role.PREFILL, 4, 1), pool(Role.DECODE, 1, 4)),
                clients, Integer.parseInt(row.get(9)), Integer.parseInt(row.get(6)), Integer.parseInt(row.get(7)));
        double[][] publishedPredicted = {
            {Double.parseDouble(row.get(10)), (Double) metrics.get("outputTokensPerSecond")},
            {Double.parseDouble(row.get(12)), 1e3 * stat(metrics.get("ttftSeconds"), "mean")},
            {Double.parseDouble(row.get(13)), 1e3 * stat(metrics.get("ttftSeconds"), "p90")},
            {Double.parseDouble(row.get(14)), 1e3 * stat(metrics.get("ttftSeconds"), "p99")},
            {Double.parseDouble(row.get(15)), 1e3 * stat(metrics.get("itlSeconds"), "mean")},
            {Double.parseDouble(row.get(16)), 1e3 * stat(metrics.get("e2eSeconds"), "mean")}};
        String[] names = {"output tok/s", "TTFT mean ms", "TTFT p90 ms", "TTFT p99 ms", "ITL mean ms", "latency mean ms"};
        for (int i = 0; i < names.length; i++) {
            System.out.printf(Locale.ROOT, "%s %s: published %.2f, predicted %.2f (%+.1f%%)%n", row.get(1), names[i],
                    publishedPredicted[i][0], publishedPredicted[i][1],
                    100 * (publishedPredicted[i][1] / publishedPredicted[i][0] - 1));
        }
        for (int i = 0; i < names.length; i++) {
            double published = publishedPredicted[i][0];
            assertEquals(published, publishedPredicted[i][1], SERVING_TOLERANCE * published, names[i]);
        }
    }

    /**
     * The per-sequence constant against its source: RFC #6913's TPOT growth from batch 1 to 32 (25 − 19
     * ms) less the output processing's (3.4 − 0.2 ms) and the model's own decode kernels' growth, over the
     * 31 added sequences. The model's kernels, TP4 FP8 on H100 at 128 input tokens, no host time, their
     * activations quantized separately as V0 does, grow by g(32) − g(1), read off the mean ITL of 32 and
     * of 1 request decoding together. The RFC does not state its output length: benchmark_latency's
     * default, 128 tokens, is assumed (before the separate quantization, 16 tokens gave 0.068 ms and 512
     * gave 0.064 ms). The derived figure is the constant within its rounding.
     */
    @Test
    void shouldDeriveV0sHostTimePerSequenceFromRfc6913() {
        double kernelGrowth = decodeStepSeconds(32) - decodeStepSeconds(1);
        double derived = ((25e-3 - 19e-3) - (3.4e-3 - 0.2e-3) - kernelGrowth) / 31;
        System.out.printf(Locale.ROOT, "RFC #6913: kernels grow %.2f ms from batch 1 to 32; host per sequence %.4f ms%n",
                1e3 * kernelGrowth, 1e3 * derived);
        assertEquals(V0_HOST_SECONDS_PER_SEQUENCE, derived, 0.0005e-3);
    }

    @Test
    void shouldReadACurveAtTheTargetSpeedBetweenItsPoints() {
        // points {tokens/s/user, tokens/s/GPU}: 50 → 100 and 30 → 200; 40 lies halfway, so 150
        assertEquals(150, atSpeed(new double[][] {{80, 40}, {50, 100}, {30, 200}}, 40), 1e-9);
        // every point faster than the target: the best of them
        assertEquals(120, atSpeed(new double[][] {{90, 60}, {80, 120}, {79, 110}}, 38), 1e-9);
    }

    /** {tokens/s/user, tokens/s/GPU} of the deployment at each concurrency of perf.sh. */
    private static double[][] curve(List<InferenceSpec.Pool> pools, int input, int output) {
        double[][] points = new double[CONCURRENCY.length][];
        for (int i = 0; i < CONCURRENCY.length; i++) {
            int clients = CONCURRENCY[i];
            Map<String, Object> metrics = run(pools, clients, 10 * clients, input, output);
            points[i] = new double[] {1 / stat(metrics.get("itlSeconds"), "mean"),
                    (Double) metrics.get("outputTokensPerSecond") / GPUS};
        }
        return points;
    }

    /** The metrics of {@code pools} on one DGX H100 under a closed loop of {@code clients} sending {@code requests}. */
    private static Map<String, Object> run(List<InferenceSpec.Pool> pools, int clients, int requests, int input,
            int output) {
        InferenceSpec spec = new InferenceSpec("dynamo.c" + clients, ServingFixtures.LLAMA3_70B,
                ServingFixtures.dgxH100(1, 0), Precision.FP8, Precision.BF16, pools,
                ServingFixtures.fixed(new InferenceSpec.ClosedLoop(clients), input, output, requests), List.of(), false);
        return InferenceRunner.run(spec).metrics();
    }

    /** The mean decode step, kernels only, of {@code batch} requests of 128 + 128 tokens decoding together at TP4. */
    private static double decodeStepSeconds(int batch) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, 1, ServingFixtures.tensor(4), 8192, MAX_SEQUENCES, 0,
                new PoolFeatures(false, 0, null, Admission.PREEMPT, Batching.MIXED, IterationHost.NONE, true));
        InferenceSpec spec = new InferenceSpec("rfc6913.b" + batch, ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(pool), ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 128, 128, batch),
                List.of(), false);
        return stat(InferenceRunner.run(spec).metrics().get("itlSeconds"), "mean");
    }

    /**
     * The best tokens/s/GPU a curve reaches at {@code perUser} tokens/s per user or faster: its points
     * that fast, and the interpolation between the last of them and the next point, slower.
     */
    static double atSpeed(double[][] curve, double perUser) {
        double best = 0;
        for (int i = 0; i < curve.length; i++) {
            if (curve[i][0] >= perUser) {
                best = Math.max(best, curve[i][1]);
            } else if (i > 0 && curve[i - 1][0] >= perUser) {
                double t = (curve[i - 1][0] - perUser) / (curve[i - 1][0] - curve[i][0]);
                best = Math.max(best, curve[i - 1][1] + t * (curve[i][1] - curve[i - 1][1]));
            }
        }
        return best;
    }

    private static InferenceSpec.Pool pool(Role role, int replicas, int tensor) {
        return new InferenceSpec.Pool(role, replicas, ServingFixtures.tensor(tensor), MAX_BATCH_TOKENS, MAX_SEQUENCES,
                0, new PoolFeatures(false, 0, null, Admission.PREEMPT, Batching.PREFILL_FIRST,
                        new IterationHost(V0_HOST_SECONDS, V0_HOST_SECONDS_PER_SEQUENCE, false), true));
    }

    @SuppressWarnings("unchecked")
    private static double stat(Object summary, String key) {
        return ((Number) ((Map<String, Object>) summary).get(key)).doubleValue();
    }

    /** The one row of a reference file (the project's copy, on the test classpath). */
    private static String reference(String resource) throws IOException {
        try (InputStream in = DisaggregationGainTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> line.startsWith("\"")).findFirst().orElseThrow();
        }
    }
}
