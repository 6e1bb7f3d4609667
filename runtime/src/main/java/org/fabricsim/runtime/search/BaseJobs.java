package org.fabricsim.runtime.search;

import java.util.List;

import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A search's base jobs ({@link Search#baseSweep}), planned once for the two stages that need them: {@link
 * SearchSize#beyondBound} counts an {@code in all} search's configurations on them, base by base until the sum passes
 * the bound, and {@link Search#run} then enumerates each. The sweep is expanded ({@link StudyRunner#expand}) when its
 * runs are first asked for and each base built ({@link StudyRunner.PlannedRun#varied}) when it is first asked for,
 * both then kept: B planned runs, each base built at most once, however many stages read it. Not thread-safe (one
 * search's stages run in turn).
 */
final class BaseJobs {
    private final StudySpec sweep;
    private List<StudyRunner.PlannedRun> runs;
    /** Each base as built, null where not built yet or where it cannot be ({@link #failures} then says why). */
    private WorkloadSpec[] built;
    private RuntimeException[] failures;

    /** The base jobs of {@code study}'s search, nothing planned yet. O(axes). */
    BaseJobs(StudySpec study) {
        this.sweep = Search.baseSweep(study);
    }

    /** The sweep whose runs are the base jobs ({@link Search#baseSweep}). */
    StudySpec sweep() {
        return sweep;
    }

    /**
     * The base jobs' planned runs in expansion order, expanded on the first call; above {@link
     * org.fabricsim.runtime.study.StudySize#MAX_RUNS} it throws, as {@link StudyRunner#expand} does.
     */
    List<StudyRunner.PlannedRun> runs() {
        if (runs == null) {
            runs = StudyRunner.expand(sweep);
            built = new WorkloadSpec[runs.size()];
            failures = new RuntimeException[runs.size()];
        }
        return runs;
    }

    /** Base {@code b}'s workload, built on the first call; null where the study cannot build it ({@link #failure}). */
    WorkloadSpec built(int b) {
        runs();
        if (built[b] == null && failures[b] == null) {
            try {
                built[b] = runs.get(b).varied();
            } catch (RuntimeException e) {
                failures[b] = e;
            }
        }
        return built[b];
    }

    /** Why base {@code b} cannot be built, or null where it can; builds it if not yet built. */
    RuntimeException failure(int b) {
        built(b);
        return failures[b];
    }
}
