package org.fabricsim.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import org.apache.spark.TaskContext;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.search.SearchRun;
import org.fabricsim.runtime.spec.StudySpec;

import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * One Spark task of a search: rebuilds the study from its {@link Portable} form and simulates the
 * search's runs its partition holds, each through {@link SearchRun#simulate} on the same engine as the
 * local search, so each result equals the local one. Runs only on an executor.
 */
final class SearchPartition extends AbstractFunction2<TaskContext, Iterator<SearchPartition.Item>, RunPartition.Done[]>
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A run to do: its index among the search's runs and the {@link Portable} {@link SearchRun}. */
    record Item(int index, Serializable run) implements Serializable {
    }

    private final Serializable study;

    /** @param study the study as {@link Portable#encode} gives it */
    SearchPartition(Serializable study) {
        this.study = study;
    }

    @Override
    public RunPartition.Done[] apply(TaskContext context, Iterator<Item> items) {
        StudySpec spec = (StudySpec) Portable.decode(study);
        Simulator engine = new Simulator();
        List<RunPartition.Done> done = new ArrayList<>();
        while (items.hasNext()) {
            Item item = items.next();
            SearchRun run = (SearchRun) Portable.decode(item.run());
            done.add(new RunPartition.Done(item.index(), Portable.encode(run.simulate(engine::run, spec))));
        }
        return done.toArray(RunPartition.Done[]::new);
    }
}
