package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
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
 * negligible. Each task simulates its runs ({@link RunPartition}); as each task finishes, the driver decodes
 * its results, appends them to the resume file and reports progress. The result lists the runs in
 * expansion order whatever the order they finished in, so it equals the local runner's value for value
 * (except each run's engine wall time). A study with a search screens and refines on the driver's cores
 * (the local {@link StudyRunner}).
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
            return new StudyRunner(new Simulator()::run, StudyRunner.localCores(), progress).run(study);
        }
        List<StudyRunner.PlannedRun> planned = StudyRunner.expand(study);
        RunResult[] results = new RunResult[planned.size()];
        String key = ResumeFile.key(study);
        int[] done = {0};
        for (Map.Entry<Integer, RunResult> kept : resume.completed(key).entrySet()) {
            results[kept.getKey()] = kept.getValue();
            progress.finished(++done[0], results.length, kept.getValue());
        }
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < results.length; i++) {
            if (results[i] == null) {
                pending.add(i);
            }
        }
        if (!pending.isEmpty()) {
            int tasks = Math.min(pending.size(), spark.defaultParallelism() * TASKS_PER_CORE);
            ClassTag<RunPartition.Done[]> tag = ClassTag$.MODULE$.apply(RunPartition.Done[].class);
            spark.sc().runJob(spark.parallelize(dealt(pending, tasks), tasks).rdd(),
                    new RunPartition(Portable.encode(study)), new Handler(results, key, resume, done), tag);
        }
        return StudyRunner.result(study, Arrays.asList(results));
    }

    /**
     * {@code runs} reordered so that Spark's contiguous slices into {@code tasks} deal them out like cards (task
     * {@code t} gets about every {@code tasks}-th run from {@code t}): the axes vary in blocks (the first axis
     * slowest), so contiguous slices would give one task all the runs of the largest cluster, say, and make the
     * sweep wait for it.
     */
    static List<Integer> dealt(List<Integer> runs, int tasks) {
        List<Integer> dealt = new ArrayList<>(runs.size());
        for (int t = 0; t < tasks; t++) {
            for (int j = t; j < runs.size(); j += tasks) {
                dealt.add(runs.get(j));
            }
        }
        return dealt;
    }

    /** On the driver, as each task finishes: keeps, logs and reports its runs. */
    private final class Handler extends AbstractFunction2<Object, RunPartition.Done[], BoxedUnit> {
        private final RunResult[] results;
        private final String key;
        private final ResumeFile resume;
        private final int[] done;

        Handler(RunResult[] results, String key, ResumeFile resume, int[] done) {
            this.results = results;
            this.key = key;
            this.resume = resume;
            this.done = done;
        }

        @Override
        public BoxedUnit apply(Object partition, RunPartition.Done[] finished) {
            for (RunPartition.Done run : finished) {
                Serializable portable = run.result();
                results[run.index()] = (RunResult) Portable.decode(portable);
                resume.append(key, run.index(), portable);
                progress.finished(++done[0], results.length, results[run.index()]);
            }
            return BoxedUnit.UNIT;
        }
    }
}
