package org.fabricsim.runtime.search;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * What {@link Search} needs of one kind of workload (a training job, an inference deployment): the
 * parameters it enumerates, its space, its screen, its objective on a refined run, and how a
 * configuration is labelled, costed and written back.
 */
interface SearchKind {

    /** The parameters this kind enumerates itself; the study's other axes make base jobs. */
    Set<Parameter> searched();

    /** Whether {@code axis} is one of the searched ones. */
    default boolean searches(VariationSpec axis) {
        return searched().contains(axis.parameter());
    }

    /** The space of {@code search} whose searched parameters the study varies as {@code axes}. */
    AxisSpace space(SearchSpec search, List<VariationSpec> axes);

    /**
     * The screen's objective of each of {@code feasible}, NaN where the screen rejects one; {@code
     * rejected} receives the rule, and {@code miss} how far it missed (1 at the limit, larger further off).
     */
    double[] screen(StudySpec study, List<Candidate> feasible, SearchRuns runs, String[] rejected, double[] miss);

    /** The objective of a refined run of {@code spec}; NaN when it failed or broke a constraint. */
    double refined(SearchSpec.Objective objective, WorkloadSpec spec, RunResult run);

    /** The configuration by keyword, as the language writes it. */
    Map<String, Object> variation(WorkloadSpec spec);

    /** The configuration as a definition the user can commit, named {@code name}. */
    String definition(WorkloadSpec spec, String name);
}
