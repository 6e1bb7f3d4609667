package org.fabricsim.generator;

import java.util.List;
import java.util.OptionalLong;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * Runs the specs the mapping produces in this process: what {@code fabric simulate} does. Nothing
 * is generated or compiled on the way (compiling the generated programs in memory cost the command
 * line about two seconds per call); the generated program is the export, and {@code
 * JavaProgramGeneratorTest} proves that every example's programs, compiled and run in their own
 * JVM, give the same result as these specs run here.
 */
public final class ProgramRunner {
    private final int threads;
    private final StudyRunner.Progress progress;

    /**
     * @param threads  the pool each study's runs share
     * @param progress told about each finished run
     */
    public ProgramRunner(int threads, StudyRunner.Progress progress) {
        this.threads = threads;
        this.progress = progress;
    }

    /** Runs each of {@code studies} (with {@code seed} instead of its own when given) and gathers their runs. */
    public StudyResult run(String model, List<StudySpec> studies, OptionalLong seed) {
        StudyRunner runner = new StudyRunner(new Simulator()::run, threads, progress);
        StudyResult result = new StudyResult(Version.TOOL, model, List.of(), List.of());
        for (StudySpec study : studies) {
            result = result.plus(runner.run(seed.isPresent() ? study.withSeed(seed.getAsLong()) : study));
        }
        return result;
    }
}
