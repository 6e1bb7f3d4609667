package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.ProgramMain;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;

import picocli.CommandLine.Option;

/**
 * The report files a simulation writes besides its console table, as the options {@code simulate} and the
 * sweep module's {@code sweep} share (a picocli mixin): none replaces an existing file unless {@code --force}.
 */
public final class ReportFiles {
    @Option(names = "--json", paramLabel = "FILE", description = "also write the JSON result here (docs/results-schema.md)")
    Path json;

    @Option(names = "--csv", paramLabel = "FILE", description = "also write one CSV row per run here")
    Path csv;

    @Option(names = "--html", paramLabel = "FILE", description = "also write the self-contained HTML report here")
    Path html;

    @Option(names = "--trace", paramLabel = "FILE", description = "also write a Chrome/Perfetto trace here")
    Path trace;

    @Option(names = "--force", description = "replace existing output files")
    boolean force;

    /** The files asked for, by option ({@link ProgramMain#REPORTS}). */
    Map<String, Path> outputs() {
        Map<String, Path> outputs = new LinkedHashMap<>();
        putIfSet(outputs, "--json", json);
        putIfSet(outputs, "--csv", csv);
        putIfSet(outputs, "--html", html);
        putIfSet(outputs, "--trace", trace);
        return outputs;
    }

    /** Whether no report was asked for. */
    public boolean none() {
        return outputs().isEmpty();
    }

    /** Fails before anything is simulated when a file exists (without {@code --force}) or is the model itself. */
    public void check(Path model) {
        OutputFiles.checkOutputs(outputs(), model, force);
    }

    /** Writes every report asked for of {@code result}, the result of {@code studies}. */
    public void write(StudyResult result, List<StudySpec> studies) {
        outputs().forEach((option, path) -> OutputFiles.write(path,
                ProgramMain.REPORTS.get(option).apply(result, studies), force));
    }

    private static void putIfSet(Map<String, Path> outputs, String option, Path path) {
        if (path != null) {
            outputs.put(option, path);
        }
    }
}
