package org.fabricsim.runtime.search;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.Variations;

/**
 * The search of a training job's plan: the {@link TrainingSpace}, screened on the analytical {@link
 * Screen} where {@link SearchRuns#screen} runs it (local threads or Spark tasks), the
 * objective of a refined run from its step time ({@link Objectives}), written back as a {@code training}.
 */
final class TrainingKind implements SearchKind {
    static final Set<Parameter> SEARCHED = EnumSet.of(Parameter.TENSOR, Parameter.PIPELINE, Parameter.DATA,
            Parameter.CONTEXT, Parameter.MICRO_BATCH, Parameter.SCHEDULE, Parameter.VIRTUAL_STAGES,
            Parameter.SHARDING, Parameter.RECOMPUTE);

    @Override
    public Set<Parameter> searched() {
        return SEARCHED;
    }

    @Override
    public AxisSpace space(SearchSpec search, List<VariationSpec> axes) {
        return new TrainingSpace(search, axes);
    }

    @Override
    public double[] screen(StudySpec study, List<Candidate> feasible, SearchRuns runs, String[] rejected,
            double[] miss) {
        return runs.screen(study, feasible.stream().map(c -> (TrainingSpec) c.spec).toList());
    }

    @Override
    public double refined(SearchSpec.Objective objective, WorkloadSpec spec, RunResult run) {
        return run.succeeded() && run.metrics().get("stepTimeSeconds") instanceof Number step
                ? Objectives.value(objective, (TrainingSpec) spec, step.doubleValue()) : Double.NaN;
    }

    @Override
    public Map<String, Object> variation(WorkloadSpec job) {
        TrainingSpec spec = (TrainingSpec) job;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tensor", spec.parallel().tensor());
        out.put("pipeline", spec.parallel().pipeline());
        out.put("data", spec.parallel().data());
        out.put("context", spec.parallel().context());
        out.put("micro-batch", spec.microBatch());
        out.put("schedule", Knobs.keyword(spec.schedule()));
        out.put("virtual-stages", spec.virtualStages());
        out.put("sharding", Variations.label(spec.sharding()));
        out.put("recompute", Variations.label(spec.recompute()));
        return out;
    }

    /** The job's model, cluster, sequence, batch and precision with the searched plan. */
    @Override
    public String definition(WorkloadSpec job, String name) {
        TrainingSpec s = (TrainingSpec) job;
        return "training " + name + " {\n"
                + "    model " + Objectives.simple(s.model().name()) + " on " + Objectives.simple(s.cluster().name())
                + " using " + s.accelerators() + " accelerators\n"
                + "    sequence " + s.sequence() + "\n"
                + "    batch " + s.globalBatchSequences() + " sequences\n"
                + "    micro-batch " + s.microBatch() + "\n"
                + "    precision " + Variations.label(s.precision()) + "\n"
                + "    parallel tensor " + s.parallel().tensor() + " pipeline " + s.parallel().pipeline() + " data "
                + s.parallel().data() + (s.parallel().context() > 1 ? " context " + s.parallel().context() : "")
                + (s.parallel().sequenceParallel() ? " sequence-parallel" : "") + "\n"
                + "    schedule " + Knobs.keyword(s.schedule())
                + (s.virtualStages() > 1 ? " virtual-stages " + s.virtualStages() : "") + "\n"
                + "    sharding " + Variations.label(s.sharding()) + "\n"
                + "    recompute " + Variations.label(s.recompute()) + "\n"
                + "}\n";
    }
}
