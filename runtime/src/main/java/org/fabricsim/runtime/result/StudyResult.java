package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every run of one or more simulation programs of a model.
 *
 * @param tool    the producing tool and version, e.g. {@code FabricSim 0.1.0}
 * @param model   the model's name
 * @param studies what each study asked for, in order
 * @param runs    one result per run, grouped by study, in expansion order (the first run of a study is its baseline)
 */
public record StudyResult(String tool, String model, List<StudyInfo> studies, List<RunResult> runs) {

    public StudyResult {
        studies = List.copyOf(studies);
        runs = List.copyOf(runs);
    }

    /** Runs without study information (each run its own study, all metrics reported). */
    public StudyResult(String tool, String model, List<RunResult> runs) {
        this(tool, model, runs.stream().map(RunResult::study).distinct()
                .map(name -> new StudyInfo(name, "", 0, List.of(), List.of(), Map.of())).toList(), runs);
    }

    /** This result followed by {@code other}'s studies and runs. */
    public StudyResult plus(StudyResult other) {
        List<StudyInfo> allStudies = new ArrayList<>(studies);
        allStudies.addAll(other.studies);
        List<RunResult> allRuns = new ArrayList<>(runs);
        allRuns.addAll(other.runs);
        return new StudyResult(tool, model, allStudies, allRuns);
    }

    /** The runs of study {@code name}, in order. */
    public List<RunResult> runsOf(String name) {
        return runs.stream().filter(r -> r.study().equals(name)).toList();
    }

    /** The expectations that some run misses, run by run. */
    public List<ExpectationResult> misses() {
        return runs.stream().flatMap(r -> r.expectations().stream()).filter(e -> !e.within()).toList();
    }

    /** The JSON document {@code {tool, model, studies[], runs[], verdicts[]}} ({@link StudyVerdict#toJsonMap}). */
    public String toJson() {
        return Json.write(toJsonMap());
    }

    /** The JSON document as a map. */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("tool", tool);
        json.put("model", model);
        json.put("studies", studies.stream().map(StudyInfo::toJsonMap).toList());
        json.put("runs", runs.stream().map(RunResult::toJsonMap).toList());
        json.put("verdicts", StudyVerdict.of(this).stream().map(StudyVerdict::toJsonMap).toList());
        return json;
    }

    /**
     * What a study asked for.
     *
     * @param name    the study's qualified name
     * @param source  the model file
     * @param seed    the study's seed
     * @param varied  the varied parameters' keywords, in model order
     * @param report  the reported metrics as written (e.g. {@code step-time}); empty for all
     * @param search  a search's summary (its objective, counts, rejections, Pareto front and best); empty
     *                for a sweep
     */
    public record StudyInfo(String name, String source, long seed, List<String> varied, List<String> report,
            Map<String, Object> search) {

        public StudyInfo {
            varied = List.copyOf(varied);
            report = List.copyOf(report);
            search = Collections.unmodifiableMap(new LinkedHashMap<>(search));
        }

        /** What a sweep asked for. */
        public StudyInfo(String name, String source, long seed, List<String> varied, List<String> report) {
            this(name, source, seed, varied, report, Map.of());
        }

        Map<String, Object> toJsonMap() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("name", name);
            json.put("source", source);
            json.put("seed", seed);
            json.put("varied", varied);
            json.put("report", report);
            if (!search.isEmpty()) {
                json.put("search", search);
            }
            return json;
        }
    }
}
