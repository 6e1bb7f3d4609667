package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * On the driver, as each Spark task finishes, for each of its runs: decodes its result, puts it at its index,
 * hands its {@link Portable} form to {@code kept} (the resume file, or nothing) and reports progress. Spark
 * calls it on one thread, so the count needs no lock.
 */
final class RunsHandler implements Consumer<StudyPartition.Done> {
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
    public void accept(StudyPartition.Done run) {
        results[run.index()] = (RunResult) Portable.decode(run.result());
        kept.accept(run.result(), run.index());
        progress.finished(++done, results.length, results[run.index()]);
    }
}
