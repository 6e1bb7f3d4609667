package org.fabricsim.runtime.search;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * Where a search's work goes: the local threads ({@link #local}) or another engine (the sweep module's
 * Spark). Each engine run's result depends only on the run and the study ({@link SearchRun#simulate}),
 * and each screened plan's value only on the slice of {@link Screen#slices} it is in, whose cuts do not
 * depend on the number of slices; so every engine gives the same results in the same order.
 */
public interface SearchRuns {

    /** The results of {@code runs}, simulated as runs of {@code study}, in the order of {@code runs}. */
    List<RunResult> run(StudySpec study, List<SearchRun> runs);

    /**
     * The analytical screen's objective of each of {@code plans}, the training plans of {@code study}'s
     * search in enumeration order, in their order: {@link Screen#objectives} on each slice of {@link
     * Screen#slices}.
     */
    double[] screen(StudySpec study, List<TrainingSpec> plans);

    /** On {@code threads} local threads, telling {@code progress} about each finished run. */
    static SearchRuns local(StudyRunner.Engine engine, int threads, StudyRunner.Progress progress) {
        return new SearchRuns() {
            @Override
            public List<RunResult> run(StudySpec study, List<SearchRun> runs) {
                AtomicInteger done = new AtomicInteger();
                return Parallel.objects(runs.size(), threads, i -> {
                    RunResult run = runs.get(i).simulate(engine, study);
                    progress.finished(done.incrementAndGet(), runs.size(), run);
                    return run;
                });
            }

            @Override
            public double[] screen(StudySpec study, List<TrainingSpec> plans) {
                int[] cuts = Screen.slices(plans, threads);
                List<double[]> slices = Parallel.objects(cuts.length - 1, threads,
                        s -> Screen.objectives(study, plans.subList(cuts[s], cuts[s + 1])));
                double[] out = new double[plans.size()];
                for (int s = 0; s < slices.size(); s++) {
                    System.arraycopy(slices.get(s), 0, out, cuts[s], slices.get(s).length);
                }
                return out;
            }
        };
    }
}
