package org.fabricsim.runtime.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ExpectationSpec;

/**
 * The result of one run. {@code parameters} and {@code metrics} hold JSON-ready values (numbers,
 * strings, booleans, lists and maps of those) under the stable keys documented in
 * {@code docs/results-schema.md}; insertion order is kept so that the output is deterministic.
 *
 * @param name         the run's name: the workload's qualified name, or the study's with the varied values
 * @param kind         the kind of workload, e.g. {@code collective-benchmark}
 * @param study        the study (or lone workload) the run belongs to; runs of one study are compared
 * @param variation    the value of each varied parameter in this run, by keyword (e.g. {@code data}); empty if none
 * @param seed         the run's seed
 * @param parameters   what was simulated
 * @param metrics      what the simulation predicts; empty when the run failed
 * @param wallSeconds  engine wall time for this run; excluded from comparisons
 * @param events       discrete events the engine processed; 0 for closed-form runs
 * @param flows        network flows the engine simulated; 0 for closed-form runs
 * @param error        why the run failed, or {@code null} when it succeeded
 * @param expectations the study's published figures held against this run's metrics; empty when the
 *                     study states none or the run failed
 */
public record RunResult(String name, String kind, String study, Map<String, Object> variation, long seed,
        Map<String, Object> parameters, Map<String, Object> metrics, double wallSeconds, long events, long flows,
        String error, List<ExpectationResult> expectations) {

    public RunResult {
        variation = Collections.unmodifiableMap(new LinkedHashMap<>(variation));
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        expectations = List.copyOf(expectations);
    }

    /** A result that no figure is held against. */
    public RunResult(String name, String kind, String study, Map<String, Object> variation, long seed,
            Map<String, Object> parameters, Map<String, Object> metrics, double wallSeconds, long events, long flows,
            String error) {
        this(name, kind, study, variation, seed, parameters, metrics, wallSeconds, events, flows, error, List.of());
    }

    /** A successful run of a lone workload, as an engine reports it; the study runner fills in the rest. */
    public RunResult(String name, String kind, Map<String, Object> parameters, Map<String, Object> metrics,
            double wallSeconds) {
        this(name, kind, name, Map.of(), 0, parameters, metrics, wallSeconds, 0, 0, null);
    }

    /** A run that could not complete, with the reason. */
    public static RunResult failed(String name, String kind, String study, Map<String, Object> variation, long seed,
            String error, double wallSeconds) {
        return new RunResult(name, kind, study, variation, seed, Map.of(), Map.of(), wallSeconds, 0, 0,
                error == null ? "failed" : error);
    }

    /** This result with one more parameter. */
    public RunResult withParameter(String key, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(parameters);
        more.put(key, value);
        return new RunResult(name, kind, study, variation, seed, more, metrics, wallSeconds, events, flows, error,
                expectations);
    }

    /** This result with one more metric (or {@code key} replaced). */
    public RunResult withMetric(String key, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(metrics);
        more.put(key, value);
        return new RunResult(name, kind, study, variation, seed, parameters, more, wallSeconds, events, flows, error,
                expectations);
    }

    /** This result with the engine's event and flow counts. */
    public RunResult withEngine(long engineEvents, long engineFlows) {
        return new RunResult(name, kind, study, variation, seed, parameters, metrics, wallSeconds, engineEvents,
                engineFlows, error, expectations);
    }

    /** This result as run {@code runName} of {@code studyName} with the given variation and seed. */
    public RunResult inStudy(String runName, String studyName, Map<String, Object> runVariation, long runSeed) {
        return new RunResult(runName, kind, studyName, runVariation, runSeed, parameters, metrics, wallSeconds, events,
                flows, error, expectations);
    }

    /** This result with {@code specs} held against its metrics; a failed run keeps none. */
    public RunResult withExpectations(List<ExpectationSpec> specs) {
        return new RunResult(name, kind, study, variation, seed, parameters, metrics, wallSeconds, events, flows, error,
                succeeded() ? ExpectationResult.all(specs, metrics) : List.of());
    }

    /** Whether the run completed. */
    public boolean succeeded() {
        return error == null;
    }

    /** This result as a JSON-ready map, keys in the documented order. */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", name);
        json.put("kind", kind);
        json.put("study", study);
        json.put("variation", variation);
        json.put("seed", seed);
        json.put("status", succeeded() ? "ok" : "failed");
        if (!succeeded()) {
            json.put("error", error);
        }
        json.put("parameters", parameters);
        json.put("metrics", metrics);
        json.put("expectations", expectations.stream().map(ExpectationResult::toJsonMap).toList());
        Map<String, Object> engine = new LinkedHashMap<>();
        engine.put("wallSeconds", wallSeconds);
        engine.put("events", events);
        engine.put("flows", flows);
        json.put("engine", engine);
        return json;
    }
}
