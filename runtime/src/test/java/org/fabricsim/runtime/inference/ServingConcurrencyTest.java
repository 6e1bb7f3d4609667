package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.PoolFeatures.Batching;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * Reproduces validation/reference/serving-concurrency.csv (on the test classpath as {@code
 * /reference/serving-concurrency.csv}): a published TTFT/ITL-at-concurrency table, NVIDIA NIM 1.8.0
 * serving Llama 3.3 70B in FP8 on 2 × H100 at TP2, 5,000-token prompts and 500-token outputs, 1 to 250
 * clients in a closed loop (each sends its next request when its last one finishes). The default
 * calibration and nothing set per row: one serving replica, {@code arrival closed-loop N clients}.
 *
 * <p>The deployment as the source states it (GPUs, model, precision, TP, ISL/OSL, concurrency), and
 * what it does not state, assumed:
 * <ul>
 * <li>The backend: TensorRT-LLM, NIM's optimized engine for H100 FP8 TP2, with its defaults:
 * in-flight batching of prompts with decodes ({@link Batching#MIXED}), chunked context off (a prompt
 * is prefilled whole; with chunks of 2,048 or 8,192 tokens the TTFTs at 5 to 50 clients are 1.5–3.8
 * times the published ones, so the table does not read as chunked), the capacity scheduler's
 * GUARANTEED_NO_EVICT ({@link InferenceCalibrationTest#admission}), {@code max_num_tokens} 8,192
 * (trtllm-build's default) and at most 256 sequences (never reached: the KV cache holds fewer).</li>
 * <li>The KV cache in FP8: the published saturated rows hold about 86 requests of 5,500 tokens in flight
 * (Little's law on the c = 250 row: 920 tok/s ÷ 500 × (0.41 s + 499 × 93.2 ms)), 473,000 tokens, which
 * at BF16's 320 KiB per token would take 155 GB of the 2 × 80 GB that the 70 GB of weights leave about
 * 90 GB of; at FP8 they take 78 GB. The model's cache, by the one memory rule ({@link ReplicaMemory}),
 * holds 488,000 FP8 tokens, 88 requests.</li>
 * <li>The statistic: the table's TTFT and ITL are AIPerf's averages over requests; ITL per request is
 * (latency − TTFT) ÷ (output − 1), as {@code itlSeconds} is. The figures are the steady state: the
 * model measures the requests beyond the first 5N of a run of 10N by running both and differencing
 * their sums ({@link #steady}), so the opening burst and the closing drain, alike in both, cancel.</li>
 * <li>No host time per iteration: TensorRT-LLM's executor overlaps it (as the trtllm-bench rows of
 * inference.csv take it); the HTTP front end's time is not modelled.</li>
 * </ul>
 *
 * <p>Each figure is held within ±15%, or within its documented bound in {@link #KNOWN_MISSES}; no
 * constant is fitted to them (docs/accuracy.md, "Serving under closed-loop load").
 */
class ServingConcurrencyTest {
    /** The serving rows' tolerance on |predicted ÷ published − 1| (issue 23). */
    private static final double TOLERANCE = 0.15;
    /** TensorRT-LLM's default max_num_tokens (trtllm-build --max_num_tokens). */
    private static final int MAX_BATCH_TOKENS = 8192;
    /** An engine batch limit above what the KV cache admits (not stated by the source). */
    private static final int MAX_SEQUENCES = 256;
    /** Requests per client of the shorter and the longer run whose difference is measured. */
    private static final int SHORTER_PER_CLIENT = 5;
    private static final int LONGER_PER_CLIENT = 10;
    /**
     * Figures outside ±15%, each held a little above its documented error so that a change that widens
     * it fails (docs/accuracy.md states the reasons):
     * <ul>
     * <li>TTFT at 5 and 25 clients, +46% and +26%: the model's clients fall into step. Prompts are
     * prefilled whole and one at a time (a second 5,000-token prompt does not fit 8,192 tokens), so
     * a request arriving during another's prefill waits for it; the one prefilled first then loses
     * the second's prefill to a stalled decode step, and both finish together again, so the pair
     * collides every cycle; the clients, starting together, are prefilled one prefill apart by the
     * opening burst and stay chained. The published TTFTs rise as arrivals at random would (the M/D/1
     * wait at the published prefill load: about 0.45, 0.62 and 0.81 s at 5, 25 and 50 clients against
     * 0.55, 0.69 and 0.83 s published); how the benchmark's clients started is not published. (Started
     * at random phases over one published cycle, three seeds, the TTFTs at 5, 25 and 50 clients come
     * within −16% to +15%; not done, having no source for the phases.)</li>
     * <li>Before the engine's reservation ({@link EngineReservation}) the model's cache held about 99
     * requests of 5,500 tokens against the published deployment's 86, and TTFT at 100 clients was −87%
     * and ITL at 100 to 250 clients +23%. Holding back what TensorRT-LLM's profiling pass holds back
     * (driver, outside torch, the TP communicator and the activations of 8,192 tokens: 5.3 GB per GPU)
     * leaves 488,000 tokens, 88 requests: TTFT at 100 clients −4%, ITL +11%, within ±15%.</li>
     * </ul>
     */
    private static final Map<String, Double> KNOWN_MISSES = Map.of(
            "nim-llama33-70b-h100-tp2-5000-500-c5 TTFT", 0.48,
            "nim-llama33-70b-h100-tp2-5000-500-c25 TTFT", 0.28);

    @Test
    void shouldReproducePublishedTtftAndItlAtEachConcurrency() throws IOException {
        List<String> misses = new ArrayList<>();
        int rows = 0;
        for (Row row : rows()) {
            rows++;
            double[] predicted = steady(row);
            double[] published = {row.ttftMs, row.itlMs, row.outputTokensPerSecond};
            String[] names = {"TTFT", "ITL", "output tok/s"};
            for (int i = 0; i < names.length; i++) {
                double error = predicted[i] / published[i] - 1;
                String key = row.name + " " + names[i];
                String line = String.format(Locale.ROOT, "%-40s %-12s published %9.2f predicted %9.2f  error %+6.1f%%%s",
                        row.name, names[i], published[i], predicted[i], 100 * error,
                        KNOWN_MISSES.containsKey(key) ? "  (known miss)" : "");
                System.out.println(line);
                boolean asserted = i < 2;
                if (asserted && Math.abs(error) > KNOWN_MISSES.getOrDefault(key, TOLERANCE)) {
                    misses.add(line);
                }
            }
        }
        assertEquals(8, rows, "every row of serving-concurrency.csv is checked");
        assertEquals(List.of(), misses, "TTFT and ITL outside ±15% (documented misses: their own bounds)");
    }

    /**
     * The steady state obeys Little's law for a closed loop: N clients = λ × (TTFT + (output − 1) ×
     * ITL), λ the completed requests per second, since every client always has one request in the
     * system. Checked at 1 client (no queue) and at 250 (the saturated row, most of its TTFT a wait
     * for a place in the cache).
     */
    @Test
    void shouldHoldEveryClientInTheSystemInTheSteadyState() throws IOException {
        for (Row row : rows()) {
            if (row.clients != 1 && row.clients != 250) {
                continue;
            }
            double[] s = steady(row);
            double perSecond = s[2] / row.output;
            double inSystem = perSecond * (s[0] + (row.output - 1) * s[1]) / 1e3;
            assertEquals(row.clients, inSystem, 0.01 * row.clients, row.name + ": clients in the system");
        }
    }

    /**
     * {TTFT ms, ITL ms, output tokens/s} of the requests beyond the first 5N: from runs of 5N and 10N
     * requests, (10N·m₁₀ − 5N·m₅) ÷ 5N for each mean m, and 5N·output ÷ (makespan₁₀ − makespan₅).
     */
    static double[] steady(Row row) {
        int shorter = SHORTER_PER_CLIENT * row.clients;
        int longer = LONGER_PER_CLIENT * row.clients;
        Map<String, Object> a = run(row, shorter);
        Map<String, Object> b = run(row, longer);
        double added = longer - shorter;
        double ttft = (mean(b, "ttftSeconds") * longer - mean(a, "ttftSeconds") * shorter) / added;
        double itl = (mean(b, "itlSeconds") * longer - mean(a, "itlSeconds") * shorter) / added;
        double rate = added * row.output / ((Double) b.get("makespanSeconds") - (Double) a.get("makespanSeconds"));
        return new double[] {1e3 * ttft, 1e3 * itl, rate};
    }

    private static Map<String, Object> run(Row row, int requests) {
        InferenceSpec.Pool pool = new InferenceSpec.Pool(Role.SERVING, row.gpus / row.tp, ServingFixtures.tensor(row.tp),
                MAX_BATCH_TOKENS, MAX_SEQUENCES, 0,
                new PoolFeatures(false, 0, null, InferenceCalibrationTest.admission("TensorRT-LLM"), Batching.MIXED));
        InferenceSpec spec = new InferenceSpec("nim." + row.name, row.model, ServingFixtures.dgxH100(1, 0),
                row.precision, Precision.FP8, List.of(pool),
                ServingFixtures.fixed(new InferenceSpec.ClosedLoop(row.clients), row.input, row.output, requests),
                List.of(), false);
        return InferenceRunner.run(spec).metrics();
    }

    @SuppressWarnings("unchecked")
    private static double mean(Map<String, Object> metrics, String key) {
        return ((Number) ((Map<String, Object>) metrics.get(key)).get("mean")).doubleValue();
    }

    /** A row of serving-concurrency.csv. */
    record Row(String name, TransformerSpec model, Precision precision, int gpus, int tp, int input, int output,
            int clients, double ttftMs, double itlMs, double outputTokensPerSecond) {
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        try (InputStream in = ServingConcurrencyTest.class.getResourceAsStream("/reference/serving-concurrency.csv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (!line.startsWith("\"")) {
                    continue;
                }
                String[] c = line.substring(line.indexOf("\",") + 2).split(",");
                rows.add(new Row(c[0], InferenceCalibrationTest.model(c[1]), Precision.valueOf(c[2].toUpperCase(Locale.ROOT)),
                        Integer.parseInt(c[4]), Integer.parseInt(c[5]), Integer.parseInt(c[6]), Integer.parseInt(c[7]),
                        Integer.parseInt(c[8]), Double.parseDouble(c[9]), Double.parseDouble(c[10]),
                        Double.parseDouble(c[11])));
            }
        }
        return rows;
    }
}
