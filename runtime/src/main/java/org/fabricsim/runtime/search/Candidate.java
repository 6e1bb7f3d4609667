package org.fabricsim.runtime.search;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.Variations;

/**
 * A feasible configuration of a search: the job, the values of the study's other axes it was built
 * from, and its objective on the screen (and, once refined, on the flow model).
 */
final class Candidate {
    final TrainingSpec spec;
    final Map<String, Object> axes;
    double screened = Double.NaN;

    Candidate(TrainingSpec spec, Map<String, Object> axes) {
        this.spec = spec;
        this.axes = axes;
    }

    /** The configuration by keyword, as the language writes it: the other axes, then the plan. */
    Map<String, Object> variation() {
        Map<String, Object> out = new LinkedHashMap<>(axes);
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

    /** The variation as a run name suffix: {@code [tensor=8, pipeline=16, …]}. */
    String label() {
        StringBuilder out = new StringBuilder("[");
        variation().forEach((key, value) -> out.append(out.length() == 1 ? "" : ", ").append(key).append('=')
                .append(value));
        return out.append(']').toString();
    }

    /**
     * The configuration as a {@code training} definition the user can commit, named {@code name}: the
     * job's model, cluster, sequence, batch and precision with the searched plan.
     */
    String definition(String name) {
        TrainingSpec s = spec;
        return "training " + name + " {\n"
                + "    model " + simple(s.model().name()) + " on " + simple(s.cluster().name()) + " using "
                + s.accelerators() + " accelerators\n"
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

    private static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
