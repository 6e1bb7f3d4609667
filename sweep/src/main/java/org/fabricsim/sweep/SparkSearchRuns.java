package org.fabricsim.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.search.SearchRun;
import org.fabricsim.runtime.search.SearchRuns;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A search's engine runs (a serving search's screen, every search's refinement) as Spark tasks: the study
 * travels once per stage in the task binary, each run as its {@link Portable} {@link SearchRun}, dealt
 * into tasks as a sweep's runs are ({@link SparkSweep#submit}); results come back in the runs' order, so
 * the search's ranking, best and Pareto front equal the local search's.
 */
final class SparkSearchRuns implements SearchRuns {
    private final JavaSparkContext spark;
    private final StudyRunner.Progress progress;

    SparkSearchRuns(JavaSparkContext spark, StudyRunner.Progress progress) {
        this.spark = spark;
        this.progress = progress;
    }

    @Override
    public List<RunResult> run(StudySpec study, List<SearchRun> runs) {
        RunResult[] results = new RunResult[runs.size()];
        List<SearchPartition.Item> items = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            items.add(new SearchPartition.Item(i, Portable.encode(runs.get(i))));
        }
        SparkSweep.submit(spark, items, new SearchPartition(Portable.encode(study)),
                new RunsHandler(results, 0, (portable, index) -> { }, progress));
        return Arrays.asList(results);
    }
}
