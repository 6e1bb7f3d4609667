package org.fabricsim.runtime.result;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result of one run. {@code parameters} and {@code metrics} hold JSON-ready values (numbers,
 * strings, booleans, lists and maps of those) under the stable keys documented in
 * {@code docs/results-schema.md}; insertion order is kept so that the output is deterministic.
 *
 * @param name         the workload's qualified name
 * @param kind         the kind of workload, e.g. {@code collective-benchmark}
 * @param parameters   what was simulated
 * @param metrics      what the simulation predicts
 * @param wallSeconds  engine wall time for this run; excluded from comparisons
 */
public record RunResult(String name, String kind, Map<String, Object> parameters, Map<String, Object> metrics,
        double wallSeconds) {

    public RunResult {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** This result as a JSON-ready map. */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", name);
        json.put("kind", kind);
        json.put("parameters", parameters);
        json.put("metrics", metrics);
        json.put("engine", Map.of("wallSeconds", wallSeconds));
        return json;
    }
}
