package org.fabricsim.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.search.Search;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Runs a study's sweep on Apache Spark: the runs the local {@link StudyRunner} would run, as Spark tasks.
 * The driver ships the study once (in each stage's task binary, as {@link Portable} values) and the indices
 * of the runs still to do, dealt into at most {@value #TASKS_PER_CORE} tasks per executor core, so that a
 * slow run holds back a small share of the sweep while each task's few milliseconds of scheduling stay
 * negligible. Each task simulates its runs ({@link StudyPartition}, {@link #runs}); as each task finishes,
 * the driver decodes its results, appends them to the resume file and reports progress. The result lists the runs in
 * expansion order whatever the order they finished in, so it equals the local runner's value for value
 * (except each run's engine wall time). A study with a search enumerates on the driver; its screen and its
 * engine runs (the refinement) are Spark tasks ({@link SparkSearchRuns}).
 */
public final class SparkSweep {
    static final int TASKS_PER_CORE = 4;

    private final JavaSparkContext spark;
    private final StudyRunner.Progress progress;

    /**
     * @param spark    the Spark application to run on
     * @param progress told about each finished run, on the driver
     */
    public SparkSweep(JavaSparkContext spark, StudyRunner.Progress progress) {
        this.spark = spark;
        this.progress = progress;
    }

    /** Runs every run of {@code study}; failed runs carry their reason. */
    public StudyResult run(StudySpec study) {
        return run(study, ResumeFile.none());
    }

    /** Runs the runs of {@code study} that {@code resume} does not hold yet, appending each to it. */
    StudyResult run(StudySpec study, ResumeFile resume) {
        if (study.search() != null) {
            return new Search(new SparkSearchRuns(spark, progress), spark.defaultParallelism()).run(study);
        }
        List<StudyRunner.PlannedRun> planned = StudyRunner.expand(study);
        RunResult[] results = new RunResult[planned.size()];
        String key = ResumeFile.key(study);
        int done = 0;
        for (Map.Entry<Integer, RunResult> kept : resume.completed(key).entrySet()) {
            results[kept.getKey()] = kept.getValue();
            progress.finished(++done, results.length, kept.getValue());
        }
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < results.length; i++) {
            if (results[i] == null) {
                pending.add(i);
            }
        }
        if (!pending.isEmpty()) {
            submit(spark, pending, new StudyPartition<>(Portable.encode(study), SparkSweep::runs),
                    new RunsHandler(results, done, (portable, index) -> resume.append(key, index, portable), progress));
        }
        return StudyRunner.result(study, Arrays.asList(results));
    }

    /** A task's worker for a sweep: the study expanded once, then the run at each index as the local runner runs it. */
    private static Function<Integer, StudyPartition.Done> runs(StudySpec study) {
        List<StudyRunner.PlannedRun> planned = StudyRunner.expand(study);
        StudyRunner runner = new StudyRunner(new Simulator()::run, 1, StudyRunner.Progress.NONE);
        return index -> new StudyPartition.Done(index, Portable.encode(runner.runOne(study, planned.get(index))));
    }

    /**
     * Runs {@code task} over {@code items}, dealt into at most {@value #TASKS_PER_CORE} tasks per executor core,
     * {@code handler} taking each finished item on the driver as its task finishes.
     */
    static <T> void submit(JavaSparkContext spark, List<T> items, StudyPartition<T> task,
            Consumer<StudyPartition.Done> handler) {
        int tasks = Math.min(items.size(), spark.defaultParallelism() * TASKS_PER_CORE);
        ClassTag<StudyPartition.Done[]> tag = ClassTag$.MODULE$.apply(StudyPartition.Done[].class);
        spark.sc().runJob(spark.parallelize(dealt(items, tasks), tasks).rdd(), task,
                new AbstractFunction2<Object, StudyPartition.Done[], BoxedUnit>() {
                    @Override
                    public BoxedUnit apply(Object partition, StudyPartition.Done[] finished) {
                        for (StudyPartition.Done done : finished) {
                            handler.accept(done);
                        }
                        return BoxedUnit.UNIT;
                    }
                }, tag);
    }

    /**
     * {@code runs} reordered so that Spark's contiguous slices into {@code tasks} deal them out like cards (task
     * {@code t} gets about every {@code tasks}-th run from {@code t}): the axes vary in blocks (the first axis
     * slowest), so contiguous slices would give one task all the runs of the largest cluster, say, and make the
     * sweep wait for it.
     */
    static <T> List<T> dealt(List<T> runs, int tasks) {
        List<T> dealt = new ArrayList<>(runs.size());
        for (int t = 0; t < tasks; t++) {
            for (int j = t; j < runs.size(); j += tasks) {
                dealt.add(runs.get(j));
            }
        }
        return dealt;
    }
}
