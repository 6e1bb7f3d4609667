package org.fabricsim.runtime.search;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * A feasible configuration of a search: the workload, the values of the study's other axes it was
 * built from, and its objective on the screen (NaN when the screen rejected it).
 */
final class Candidate {
    final WorkloadSpec spec;
    final Map<String, Object> axes;
    double screened = Double.NaN;

    Candidate(WorkloadSpec spec, Map<String, Object> axes) {
        this.spec = spec;
        this.axes = axes;
    }

    /** The configuration by keyword: the other axes, then the searched parameters ({@link SearchKind#variation}). */
    Map<String, Object> variation(SearchKind kind) {
        Map<String, Object> out = new LinkedHashMap<>(axes);
        out.putAll(kind.variation(spec));
        return out;
    }

    /** The variation as a run name suffix: {@code [tensor=8, pipeline=16, …]}. */
    String label(SearchKind kind) {
        StringBuilder out = new StringBuilder("[");
        variation(kind).forEach((key, value) -> out.append(out.length() == 1 ? "" : ", ").append(key).append('=')
                .append(value));
        return out.append(']').toString();
    }
}
