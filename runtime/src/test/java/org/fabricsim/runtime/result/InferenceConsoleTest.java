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
        assertTrue(text.contains("pool prefill tokens/s/node       73,700 in, 0 out, busy 90%"), text);
    }
}
