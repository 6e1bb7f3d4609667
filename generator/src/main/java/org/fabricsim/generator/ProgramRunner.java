package org.fabricsim.generator;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.OptionalLong;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * Compiles generated programs in memory and runs them in this process: what
 * {@code fabric simulate} does. The specs come from the compiled programs, not from the mapping,
 * so the result is the generated program's result.
 */
public final class ProgramRunner {
    private final int threads;
    private final StudyRunner.Progress progress;

    /** Runs on the local cores without a progress bar. */
    public ProgramRunner() {
        this(StudyRunner.localCores(), StudyRunner.Progress.NONE);
    }

    /**
     * @param threads  the pool each study's runs share
     * @param progress told about each finished run
     */
    public ProgramRunner(int threads, StudyRunner.Progress progress) {
        this.threads = threads;
        this.progress = progress;
    }

    /** Compiles {@code programs}, runs each (with {@code seed} instead of its own when given), and gathers their runs. */
    public StudyResult run(String model, List<GeneratedProgram> programs, OptionalLong seed) {
        ClassLoader loader = new InMemoryCompiler().compile(programs);
        StudyRunner runner = new StudyRunner(new Simulator()::run, threads, progress);
        StudyResult result = new StudyResult(Version.TOOL, model, List.of(), List.of());
        for (GeneratedProgram program : programs) {
            StudySpec study = study(loader, program);
            result = result.plus(runner.run(seed.isPresent() ? study.withSeed(seed.getAsLong()) : study));
        }
        return result;
    }

    /** Compiles and runs {@code programs} with their own seeds. */
    public StudyResult run(String model, List<GeneratedProgram> programs) {
        return run(model, programs, OptionalLong.empty());
    }

    private static StudySpec study(ClassLoader loader, GeneratedProgram program) {
        try {
            return (StudySpec) loader.loadClass(program.qualifiedName()).getMethod("study").invoke(null);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new IllegalStateException("generated program " + program.qualifiedName() + " failed: " + cause, cause);
        }
    }
}
