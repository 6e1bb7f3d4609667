package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.function.ObjIntConsumer;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.study.StudyRunner;

import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * On the driver, as each Spark task finishes: decodes its runs' results, puts each at its index, hands its
 * {@link Portable} form to {@code kept} (the resume file, or nothing) and reports progress. Spark calls it
 * on one thread, so the count needs no lock.
 */
final class RunsHandler extends AbstractFunction2<Object, RunPartition.Done[], BoxedUnit> {
    private final RunResult[] results;
    private final ObjIntConsumer<Serializable> kept;
    private final StudyRunner.Progress progress;
    private int done;

    /**
     * @param results  where each result goes, at its index
     * @param already  results already there (kept from an earlier sweep), counted as done
     * @param kept     told about each finished run's portable result and index
     * @param progress told about each finished run
     */
    RunsHandler(RunResult[] results, int already, ObjIntConsumer<Serializable> kept, StudyRunner.Progress progress) {
        this.results = results;
        this.done = already;
        this.kept = kept;
        this.progress = progress;
    }

    @Override
    public BoxedUnit apply(Object partition, RunPartition.Done[] finished) {
        for (RunPartition.Done run : finished) {
            results[run.index()] = (RunResult) Portable.decode(run.result());
            kept.accept(run.result(), run.index());
            progress.finished(++done, results.length, results[run.index()]);
        }
        return BoxedUnit.UNIT;
    }
}
