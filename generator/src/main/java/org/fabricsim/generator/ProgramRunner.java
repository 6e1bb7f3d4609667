package org.fabricsim.generator;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * Compiles generated programs in memory and runs them in this process: what
 * {@code fabric simulate} does. The specs come from the compiled programs, not from the mapping,
 * so the result is the generated program's result.
 */
public final class ProgramRunner {

    /** Compiles {@code programs}, runs each, and gathers their runs under {@code model}. */
    public StudyResult run(String model, List<GeneratedProgram> programs) {
        ClassLoader loader = new InMemoryCompiler().compile(programs);
        Simulator simulator = new Simulator();
        List<RunResult> runs = new ArrayList<>();
        for (GeneratedProgram program : programs) {
            runs.addAll(simulator.run(study(loader, program)).runs());
        }
        return new StudyResult(Version.TOOL, model, runs);
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
