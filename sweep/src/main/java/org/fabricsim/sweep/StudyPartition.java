package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.apache.spark.TaskContext;
import org.fabricsim.runtime.spec.StudySpec;

import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * One Spark task of a study's work (a sweep's runs, a search's engine runs or screen slices): rebuilds the
 * study from its {@link Portable} form, has its {@link Work} set up a worker on it once (an engine, the
 * expanded runs), and hands the worker the items its partition holds, one after another, on the same engine
 * and through the same runtime calls as the local runner; so each result equals the local one. Runs only on
 * an executor, which needs the runtime and this module's classes, not Xtext.
 *
 * @param <T> an item of work: a run's index, or an {@link Item}
 */
final class StudyPartition<T> extends AbstractFunction2<TaskContext, Iterator<T>, StudyPartition.Done[]>
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What a task does: a worker set up on the study, once per task, that turns an item into its result. */
    @FunctionalInterface
    interface Work<T> extends Serializable {
        Function<T, Done> start(StudySpec study);
    }

    /** An item of work that travels as a value: its index among the work's items and a {@link Portable} value. */
    record Item(int index, Serializable value) implements Serializable {
    }

    /** A finished item: its index and its result ({@link Portable}, or plain serializable values). */
    record Done(int index, Serializable result) implements Serializable {
    }

    private final Serializable study;
    private final Work<T> work;

    /**
     * @param study the study as {@link Portable#encode} gives it
     * @param work  what each task does with its items
     */
    StudyPartition(Serializable study, Work<T> work) {
        this.study = study;
        this.work = work;
    }

    @Override
    public Done[] apply(TaskContext context, Iterator<T> items) {
        Function<T, Done> worker = work.start((StudySpec) Portable.decode(study));
        List<Done> done = new ArrayList<>();
        while (items.hasNext()) {
            done.add(worker.apply(items.next()));
        }
        return done.toArray(Done[]::new);
    }
}
