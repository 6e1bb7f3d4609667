package org.fabricsim.runtime.search;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * Where a search's engine runs go: the local threads ({@link #local}) or another engine (the sweep
 * module's Spark). Each run's result depends only on the run and the study ({@link SearchRun#simulate}),
 * so every engine gives the same results in the same order.
 */
@FunctionalInterface
public interface SearchRuns {

    /** The results of {@code runs}, simulated as runs of {@code study}, in the order of {@code runs}. */
    List<RunResult> run(StudySpec study, List<SearchRun> runs);

    /** On {@code threads} local threads, telling {@code progress} about each finished run. */
    static SearchRuns local(StudyRunner.Engine engine, int threads, StudyRunner.Progress progress) {
        return (study, runs) -> {
            AtomicInteger done = new AtomicInteger();
            return Parallel.objects(runs.size(), threads, i -> {
                RunResult run = runs.get(i).simulate(engine, study);
                progress.finished(done.incrementAndGet(), runs.size(), run);
                return run;
            });
        };
    }
}
