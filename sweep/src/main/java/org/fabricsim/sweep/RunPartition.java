package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import org.apache.spark.TaskContext;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * One Spark task: rebuilds the study from its {@link Portable} form, expands it as the local runner does
 * and simulates the runs whose indices its partition holds, one after another, on the same engine and
 * through the same {@link StudyRunner#runOne} as {@code fabric simulate}; so each run's result equals the
 * local one. Runs only on an executor, which needs the runtime and this module's classes, not Xtext.
 */
final class RunPartition extends AbstractFunction2<TaskContext, Iterator<Integer>, RunPartition.Done[]>
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A finished run: its index in expansion order and its {@link Portable} result. */
    record Done(int index, Serializable result) implements Serializable {
    }

    private final Serializable study;

    /** @param study the study as {@link Portable#encode} gives it */
    RunPartition(Serializable study) {
        this.study = study;
    }

    @Override
    public Done[] apply(TaskContext context, Iterator<Integer> indices) {
        StudySpec spec = (StudySpec) Portable.decode(study);
        List<StudyRunner.PlannedRun> planned = StudyRunner.expand(spec);
        StudyRunner runner = new StudyRunner(new Simulator()::run, 1, StudyRunner.Progress.NONE);
        List<Done> done = new ArrayList<>();
        while (indices.hasNext()) {
            int index = indices.next();
            done.add(new Done(index, Portable.encode(runner.runOne(spec, planned.get(index)))));
        }
        return done.toArray(Done[]::new);
    }
}
