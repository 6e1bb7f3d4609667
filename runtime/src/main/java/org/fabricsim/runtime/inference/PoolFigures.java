package org.fabricsim.runtime.inference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.InferenceSpec.Role;

/**
 * The figures of a serving run that are not per request: prefix-cache tokens, each pool's own
 * throughput and utilization, and the per-node rates of the pools that prefill and decode.
 *
 * <ul>
 * <li>{@code cachedInputTokens}, {@code computedInputTokens}: prompt tokens served from the prefix
 * cache and computed; {@code computedInputTokensPerSecond} the latter ÷ makespan.</li>
 * <li>{@code poolFigures}: one row per pool, {role, inputTokensPerSecond, outputTokensPerSecond,
 * inputTokensPerSecondPerNode, outputTokensPerSecondPerNode, busyFraction, activeSeconds}; a
 * pool's rates divide its own tokens (prompt tokens whose prefill it completed, cached ones
 * included, as DeepSeek counts them; output tokens it produced) by its active span, from its first
 * iteration's start to its last one's end, so a pool run saturated is measured on its own;
 * per node divides by its accelerators ÷ accelerators per node; busyFraction is its slots' busy
 * time ÷ (replicas × span). A decode pool alone (decode only) is measured over its saturated span
 * instead ({@link PoolCounters#saturatedSpanPs}, {@code saturatedSeconds} in its row), its output
 * tokens being those produced within it, so the drain of its last batches does not dilute the rate;
 * without a saturated span (its queue never drained after it ran) the active span applies.</li>
 * <li>{@code prefillTokensPerSecondPerNode}: inputTokensPerSecondPerNode of the prefill pool (the
 * serving pool when aggregated); {@code decodeTokensPerSecondPerNode}: outputTokensPerSecondPerNode
 * of the decode pool (the serving pool when aggregated).</li>
 * </ul>
 * O(pools).
 */
final class PoolFigures {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private PoolFigures() {
    }

    static void put(ServingSimulation serving, ServingSimulation.Pool[] pools, int acceleratorsPerNode,
            Map<String, Object> metrics) {
        double makespanSeconds = serving.makespanPs() / PICOSECONDS_PER_SECOND;
        long computed = serving.tokens().inputTokens() - serving.tokens().cachedTokens();
        metrics.put("cachedInputTokens", serving.tokens().cachedTokens());
        metrics.put("computedInputTokens", computed);
        metrics.put("computedInputTokensPerSecond", makespanSeconds > 0 ? computed / makespanSeconds : 0.0);
        List<Object> rows = new ArrayList<>();
        for (int p = 0; p < pools.length; p++) {
            ServingSimulation.Pool pool = pools[p];
            PoolCounters counters = serving.poolCounters();
            boolean saturated = pools.length == 1 && pool.role() == Role.DECODE && counters.saturatedSpanPs(p) > 0;
            double span = (saturated ? counters.saturatedSpanPs(p) : counters.spanPs(p)) / PICOSECONDS_PER_SECOND;
            double nodes = pool.replicas() * pool.model().accelerators() / (double) acceleratorsPerNode;
            double input = span > 0 ? counters.inputTokens(p) / span : 0;
            double output = span > 0
                    ? (saturated ? counters.saturatedOutputTokens(p) : counters.outputTokens(p)) / span : 0;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("role", Keywords.of(pool.role()));
            row.put("inputTokensPerSecond", input);
            row.put("outputTokensPerSecond", output);
            row.put("inputTokensPerSecondPerNode", input / nodes);
            row.put("outputTokensPerSecondPerNode", output / nodes);
            double active = counters.spanPs(p) / PICOSECONDS_PER_SECOND;
            row.put("busyFraction", active > 0
                    ? serving.replicas().poolBusyPs(p) / PICOSECONDS_PER_SECOND / (pool.replicas() * active) : 0.0);
            row.put("activeSeconds", active);
            if (saturated) {
                row.put("saturatedSeconds", span);
            }
            rows.add(row);
            if (pool.role() != Role.DECODE) {
                metrics.put("prefillTokensPerSecondPerNode", input / nodes);
            }
            if (pool.role() != Role.PREFILL) {
                metrics.put("decodeTokensPerSecondPerNode", output / nodes);
            }
        }
        metrics.put("poolFigures", rows);
    }
}
