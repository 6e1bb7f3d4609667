package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class InferenceConsoleTest {

    @Test
    void shouldShowGoodputAsNotApplicableWhenNoSloIsStated() {
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of(),
                Map.of("outputTokensPerSecond", 1000.0), 1));
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("goodput") && l.contains("n/a")), text);
        assertFalse(text.contains("100%") || text.contains(" 100 "), text);
    }

    @Test
    void shouldShowGoodputAsAPercentageWhenSlosAreStated() {
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of(), Map.of("goodput", 0.975), 1));
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("goodput") && l.contains("97.5")
                && l.contains("% of requests meet every SLO")), text);
    }

    @Test
    void shouldWriteGoodputAndUtilizationToATenthOfAPointWhateverTheirDigits() {
        // examples/llama3-70b-serving/serving.fabric printed goodput 0.99455 as "99.455%" and 0.9993 as "99.93%"
        // under each other, and MFU 0.31 as "31%" beside "41.7%": each to a tenth now, 99.5%, 99.9%, 31.0%.
        for (double[] goodputAndText : new double[][] { { 0.99455, 99.5 }, { 0.9993, 99.9 }, { 1.0, 100.0 } }) {
            String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of(),
                    Map.of("goodput", goodputAndText[0], "modelFlopsUtilization", 0.31), 1));
            String goodput = String.format(java.util.Locale.ROOT, "%.1f%% of requests meet every SLO", goodputAndText[1]);
            assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("goodput") && l.trim().endsWith(goodput)), text);
            assertTrue(text.contains("model FLOPs utilization         31.0% of BF16 peak"), text);
        }
    }

    /**
     * Llama 3 70B BF16 on one TP2 replica of an H100 pair, 2,000 requests of 2,000 + 200 tokens arriving at 4/s:
     * the engine finished them in 1,090.7 s with the pool busy throughout, 2,000 ÷ 1,090.7 = 1.83 requests/s served
     * against 4 arriving, below 0.9 × 4 = 3.6: overloaded. The same arrivals served in 505 s (3.96/s) are not, nor is
     * a run whose pools idle half the time (it served what arrived).
     */
    @Test
    void shouldSayADeploymentIsOverloadedWhenItsSaturatedPoolsServeFewerRequestsThanArrive() {
        String overloaded = serving(1090.69, 1.0);
        assertTrue(overloaded.contains("  OVERLOADED: 4.00 requests/s arrive, 1.83/s are served;"), overloaded);
        assertFalse(serving(505, 1.0).contains("OVERLOADED"));
        assertFalse(serving(1090.69, 0.5).contains("OVERLOADED"));
    }

    private static String serving(double makespanSeconds, double busyFraction) {
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        metrics.put("completedRequests", 2000);
        metrics.put("makespanSeconds", makespanSeconds);
        metrics.put("poolFigures", java.util.List.of(Map.of("role", "serving", "inputTokensPerSecondPerNode", 1.0,
                "outputTokensPerSecondPerNode", 1.0, "busyFraction", busyFraction)));
        return InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of("arrivalRequestsPerSecond", 4.0),
                metrics, 1));
    }

    @Test
    void shouldPrintLatenciesInTheirUnitAndThroughputWithThousandsSeparators() {
        // 241.0304614 s stays in seconds (241 s); 12.3 ms and 42 µs get their own units; 28,000 tokens/s.
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        metrics.put("ttftSeconds", Map.of("p50", 241.0304614, "p90", 0.5, "p99", 0.0123, "mean", 1.5));
        metrics.put("itlSeconds", Map.of("p50", 42e-6, "p90", 0.002, "p99", 0.02, "mean", 0.001));
        metrics.put("outputTokensPerSecond", 28_000.0);
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of("cluster", "s.C"), metrics, 1));
        assertTrue(text.contains("time to first token           241 s       500 ms      12.3 ms       1.50 s"), text);
        assertTrue(text.contains("inter-token latency         42.0 µs      2.00 ms      20.0 ms      1.00 ms"), text);
        assertTrue(text.contains("output tokens/s              28,000"), text);
        assertTrue(text.contains("accelerators of s.C,"), text);
        assertFalse(text.contains("(ms)") || text.contains("241030"), text);
    }

    @Test
    void shouldPrintPrefixCacheHitsAndPerPoolThroughput() {
        // 56,300 of 100,000 prompt tokens cached (DeepSeek's 56.3%); a prefill pool at 73,700 tokens/s/node in
        // and 0 out, busy 0.9 of the time
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        metrics.put("cachedInputTokens", 56_300L);
        metrics.put("computedInputTokens", 43_700L);
        metrics.put("poolFigures", java.util.List.of(Map.of("role", "prefill", "inputTokensPerSecondPerNode", 73_700.0,
                "outputTokensPerSecondPerNode", 0.0, "busyFraction", 0.9)));
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of(), metrics, 1));
        assertTrue(text.contains("prefix-cache hits            56,300 of 100,000 prompt tokens"), text);
        assertTrue(text.contains("pool prefill tokens/s/node       73,700 in, 0 out, busy 90.0%"), text);
    }

    @Test
    void shouldRoundUtilizationToATenthAndCostToThreeDigitsNamingWhoseCostItIs() {
        // The first refined run of examples/llama3-70b-serving/search.fabric as the engine returns it:
        // busy 0.728823 is 72.9%, MFU 0.222516 is 22.3%, a prefill pool's 10.6691 output tokens/s/node is 10.7
        // and its busy 0.644024 is 64.4%; $0.4866 and $0.193 per million tokens to three digits.
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        metrics.put("poolFigures", java.util.List.of(Map.of("role", "prefill", "inputTokensPerSecondPerNode", 29_028.1659,
                "outputTokensPerSecondPerNode", 10.6691, "busyFraction", 0.644024)));
        metrics.put("costPerMillionOutputTokens", 0.4866);
        metrics.put("costPerMillionInputTokens", 0.193);
        metrics.put("acceleratorBusyFraction", 0.728823);
        metrics.put("modelFlopsUtilization", 0.222516);
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of("mfuPeakPrecision", "fp8"),
                metrics, 1));
        assertTrue(text.contains("pool prefill tokens/s/node       29,028 in, 10.7 out, busy 64.4%"), text);
        assertTrue(text.contains("$/M output tokens            $0.487 (decode's share of the cost)"), text);
        assertTrue(text.contains("$/M input tokens             $0.193 (prefill's share)"), text);
        assertTrue(text.contains("accelerator busy               72.9%"), text);
        assertTrue(text.contains("model FLOPs utilization         22.3% of FP8 peak"), text);
        assertFalse(text.contains("72.8823") || text.contains("0.4866") || text.contains("10.6691"), text);
    }

    @Test
    void shouldLeaveOutALatencyNoRequestHasAndRoundSmallRatesToThreeDigits() {
        // SGLang's prefill benchmark as the engine returns it: one output token per request, so no inter-token gap
        // (every ITL figure 0), 2.4267 output tokens/s per accelerator (2.43), 8,192 requests and a KV cache of
        // 16,321,704 tokens per replica.
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        metrics.put("ttftSeconds", Map.of("p50", 16.2, "p90", 30.4, "p99", 32.5, "mean", 17.2));
        metrics.put("itlSeconds", Map.of("p50", 0.0, "p90", 0.0, "p99", 0.0, "mean", 0.0));
        metrics.put("outputTokensPerSecondPerAccelerator", 2.4267);
        metrics.put("completedRequests", 8192L);
        metrics.put("rejectedRequests", 0L);
        metrics.put("preemptions", 0L);
        Map<String, Object> parameters = Map.of("requests", 8192L, "pools", java.util.List.of(Map.of("role", "prefill",
                "replicas", 1, "tensor", 1, "pipeline", 1, "expert", 32, "acceleratorsPerReplica", 32,
                "kvCacheTokensPerReplica", 16_321_704L)));
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", parameters, metrics, 1));
        assertFalse(text.contains("inter-token latency"), text);
        assertTrue(text.contains("time to first token          16.2 s       30.4 s       32.5 s       17.2 s"), text);
        assertTrue(text.contains("output tokens/s/accel          2.43"), text);
        assertTrue(text.contains("8,192 requests"), text);
        assertTrue(text.contains("KV cache 16,321,704 tokens per replica"), text);
        assertTrue(text.contains("completed / rejected          8,192 / 0, preemptions 0"), text);
    }
}
