package org.fabricsim.generator.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.fabricsim.runtime.result.RunResult;

import org.fabricsim.runtime.result.StudyResult;

/** The command line's exit codes. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The model has errors. */
    public static final int MODEL_ERRORS = 1;
    /** Bad command-line usage, or a file that cannot be read or written. */
    public static final int USAGE = 2;
    /**
     * {@code simulate}: the model is valid but at least one of its runs failed (the reasons are in the
     * results), or, with {@code --fail-on-miss}, a prediction missed a figure its study expects.
     */
    public static final int RUNS_FAILED = 3;
    /** An unexpected exception: a bug in FabricSim, not in the model. */
    public static final int INTERNAL_ERROR = 4;

    private ExitCodes() {
    }

    /**
     * The exit code of {@code simulate}: {@link #RUNS_FAILED} when a run failed, or when
     * {@code failOnMiss} and a prediction missed its figure (saying so on {@code err}), else {@link #OK}.
     * Each study or lone workload with a failed run gets a line on {@code err} in the form compilers use,
     * {@code file:line: error: ...} ({@code where} names the place of a study or workload by its qualified
     * name), with its first failed run's reason, so that editors and terminals link the failure to the model.
     */
    public static int ofSimulation(StudyResult result, boolean failOnMiss, UnaryOperator<String> where,
            PrintWriter err) {
        long failed = result.runs().stream().filter(r -> !r.succeeded()).count();
        int misses = result.misses().size();
        Map<String, RunResult> firstFailed = new LinkedHashMap<>();
        result.runs().stream().filter(r -> !r.succeeded()).forEach(r -> firstFailed.putIfAbsent(r.study(), r));
        firstFailed.forEach((study, run) -> err.println(where.apply(study) + ": error: " + run.name() + " failed: "
                + run.error()));
        if (failed > 0) {
            err.println("fabric: " + failed + " of " + result.runs().size() + " run(s) failed; the reasons are in the"
                    + " results");
        } else if (failOnMiss && misses > 0) {
            err.println("fabric: " + misses + " prediction(s) missed an expected figure (--fail-on-miss); the MISSES"
                    + " lines say which");
        }
        err.flush();
        return failed > 0 || failOnMiss && misses > 0 ? RUNS_FAILED : OK;
    }
}
