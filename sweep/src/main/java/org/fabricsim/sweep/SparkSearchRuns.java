package org.fabricsim.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.search.Screen;
import org.fabricsim.runtime.search.SearchRun;
import org.fabricsim.runtime.search.SearchRuns;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A search's work as Spark tasks: its engine runs (a serving search's screen, every search's refinement),
 * each as its {@link Portable} {@link SearchRun}, and a training search's analytical screen, each task a
 * slice of the plans ({@link Screen#slices}, at most {@value SparkSweep#TASKS_PER_CORE} per executor core).
 * The study travels once per stage in the task binary, the items dealt into tasks as a sweep's runs are
 * ({@link SparkSweep#submit}); results come back in the items' order, so the search's ranking, best and
 * Pareto front equal the local search's.
 */
final class SparkSearchRuns implements SearchRuns {
    /** The Spark job group of a training search's screen, so that its jobs can be told apart. */
    static final String SCREEN_GROUP = "fabricsim-screen";

    private final JavaSparkContext spark;
    private final StudyRunner.Progress progress;

    SparkSearchRuns(JavaSparkContext spark, StudyRunner.Progress progress) {
        this.spark = spark;
        this.progress = progress;
    }

    @Override
    public List<RunResult> run(StudySpec study, List<SearchRun> runs) {
        RunResult[] results = new RunResult[runs.size()];
        List<StudyPartition.Item> items = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            items.add(new StudyPartition.Item(i, Portable.encode(runs.get(i))));
        }
        SparkSweep.submit(spark, items, new StudyPartition<>(Portable.encode(study), SparkSearchRuns::simulate),
                new RunsHandler(results, 0, (portable, index) -> { }, progress));
        return Arrays.asList(results);
    }

    @Override
    public double[] screen(StudySpec study, List<TrainingSpec> plans) {
        int[] cuts = Screen.slices(plans, spark.defaultParallelism() * SparkSweep.TASKS_PER_CORE);
        List<StudyPartition.Item> slices = new ArrayList<>(cuts.length - 1);
        for (int s = 0; s + 1 < cuts.length; s++) {
            slices.add(new StudyPartition.Item(cuts[s], Portable.encode(plans.subList(cuts[s], cuts[s + 1]))));
        }
        double[] out = new double[plans.size()];
        spark.setJobGroup(SCREEN_GROUP, "screen " + plans.size() + " plans of " + study.name(), false);
        try {
            SparkSweep.submit(spark, slices,
                    new StudyPartition<>(Portable.encode(study), SparkSearchRuns::screenSlices), done -> {
                        double[] values = (double[]) done.result();
                        System.arraycopy(values, 0, out, done.index(), values.length);
                    });
        } finally {
            spark.clearJobGroup();
        }
        return out;
    }

    /** A task's worker for engine runs: one engine, each run simulated as the local search does. */
    private static Function<StudyPartition.Item, StudyPartition.Done> simulate(StudySpec study) {
        Simulator engine = new Simulator();
        return item -> new StudyPartition.Done(item.index(),
                Portable.encode(((SearchRun) Portable.decode(item.value())).simulate(engine::run, study)));
    }

    /** A task's worker for the screen: each slice of plans on its own screen. */
    @SuppressWarnings("unchecked")
    private static Function<StudyPartition.Item, StudyPartition.Done> screenSlices(StudySpec study) {
        return item -> new StudyPartition.Done(item.index(),
                Screen.objectives(study, (List<TrainingSpec>) Portable.decode(item.value())));
    }
}
