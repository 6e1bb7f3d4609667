package org.fabricsim.runtime.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every run of one simulation program.
 *
 * @param tool  the producing tool and version, e.g. {@code FabricSim 0.1.0}
 * @param model the model's name
 * @param runs  one result per workload, in model order
 */
public record StudyResult(String tool, String model, List<RunResult> runs) {

    public StudyResult {
        runs = List.copyOf(runs);
    }

    /** The JSON document {@code {tool, model, runs[]}}. */
    public String toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("tool", tool);
        json.put("model", model);
        json.put("runs", runs.stream().map(RunResult::toJsonMap).toList());
        return Json.write(json);
    }
}
