package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.TrainingDraft;
import org.fabricsim.runtime.study.Variations;
import org.fabricsim.runtime.topology.ClusterDomains;

/**
 * The plans a training search considers: TP × CP × PP × DP × micro-batch × (schedule, virtual stages)
 * × sharding × recompute, each parameter taking the study's {@code vary} values, every value when the
 * search is {@code in all}, and the job's own otherwise. DP follows from the accelerators (the
 * search's {@code within} limit, else the job's) as N ÷ (TP × PP × CP) unless the study varies it.
 *
 * <p>{@code in all} means: TP every divisor of the scale-up domain (beyond it the editor warns that TP
 * crosses the scale-out network); CP 1, 2, 4, … while a rank keeps at least {@value #MIN_CONTEXT_TOKENS}
 * tokens of the sequence (an assumption: no published run shards finer); PP every divisor of N ÷ (TP ×
 * CP) up to the layers; micro-batch every divisor of the batch per DP replica; every schedule,
 * interleaved 1F1B with the automatic virtual stages and explicitly 2 to {@value #MAX_VIRTUAL_STAGES};
 * every sharding and recomputation. A pipeline of one stage is tried with one schedule only (they are
 * the same step). Each candidate passes {@link TrainingRules} (the editor's rules), the accelerator
 * limit and the budget, or counts against the first rule it breaks ({@link AxisSpace}: the values,
 * limits and counts every kind of search shares). Degrees that cannot make a job at all count before it is
 * built: more accelerators than the cluster has ({@code cluster-size}, as {@link TrainingRules} names it;
 * {@code vary data} states DP, or {@code within} asks more than the cluster holds) and a DP the job's
 * {@code across P pods} does not divide ({@value #PODS}). O(candidates × layers).
 */
final class TrainingSpace extends AxisSpace {
    static final int MIN_CONTEXT_TOKENS = 1024;
    static final int MAX_VIRTUAL_STAGES = 8;
    /** The rule of a DP that the job's pods do not divide (each pod runs DP ÷ pods of the data-parallel ways). */
    static final String PODS = "pods";

    /** The space of {@code search} whose searched parameters the study varies as {@code axes}. */
    TrainingSpace(SearchSpec search, List<VariationSpec> axes) {
        super(search, axes);
    }

    @Override
    void enumerate(WorkloadSpec job, Consumer<WorkloadSpec> feasible) {
        TrainingSpec base = (TrainingSpec) job;
        int n = search.maxAccelerators() > 0 ? search.maxAccelerators() : base.accelerators();
        int domain = ClusterDomains.size(base.cluster());
        for (int tp : values(Parameter.TENSOR, base.parallel().tensor(), divisors(domain, domain))) {
            for (int cp : values(Parameter.CONTEXT, base.parallel().context(), contexts(base.sequence()))) {
                int perPipeline = n % (tp * cp) == 0 ? n / (tp * cp) : 0;
                for (int pp : values(Parameter.PIPELINE, base.parallel().pipeline(),
                        divisors(perPipeline, base.model().layers()))) {
                    int derived = perPipeline % pp == 0 ? perPipeline / pp : 0;
                    for (int dp : values(Parameter.DATA, derived, List.of(derived))) {
                        String unbuildable = dp < 1 ? ACCELERATORS : unbuildable(base, (double) tp * pp * dp * cp, dp);
                        if (unbuildable != null) {
                            reject(unbuildable);
                            continue;
                        }
                        plans(new TrainingDraft(base).degrees(tp, pp, dp, cp), base, feasible);
                    }
                }
            }
        }
    }

    /**
     * The rule a plan of {@code accelerators} (TP × PP × DP × CP, as a double so that no product overflows) and
     * DP {@code dp} breaks before it can be built, or null.
     */
    private static String unbuildable(TrainingSpec base, double accelerators, int dp) {
        if (accelerators > base.cluster().accelerators()) {
            return TrainingRules.Rule.CLUSTER_SIZE.label();
        }
        return dp % base.parallel().pods() == 0 ? null : PODS;
    }

    private void plans(TrainingDraft degrees, TrainingSpec base, Consumer<WorkloadSpec> feasible) {
        TrainingSpec placed = degrees.build();
        int dp = placed.parallel().data();
        int pp = placed.parallel().pipeline();
        long perReplica = base.globalBatchSequences() % dp == 0 ? base.globalBatchSequences() / dp : 0;
        List<Integer> micros = values(Parameter.MICRO_BATCH, base.microBatch(),
                divisors((int) Math.min(perReplica, Integer.MAX_VALUE), Integer.MAX_VALUE));
        List<Object[]> schedules = schedules(base, pp);
        List<Object> shardings = keywords(Parameter.SHARDING, Knobs.keywords(Parameter.SHARDING).get(
                base.sharding().ordinal()));
        List<Object> recomputes = keywords(Parameter.RECOMPUTE, Knobs.keywords(Parameter.RECOMPUTE).get(
                base.recompute().ordinal()));
        for (int micro : micros.isEmpty() ? List.of(base.microBatch()) : micros) {
            for (Object[] schedule : schedules) {
                for (Object sharding : shardings) {
                    for (Object recompute : recomputes) {
                        TrainingSpec spec = degrees.schedule((PipelineSchedule) schedule[0], (Integer) schedule[1])
                                .memory(micro, Knobs.constant(Parameter.SHARDING, sharding, TrainingSpec.Sharding.class),
                                        Knobs.constant(Parameter.RECOMPUTE, recompute, TrainingSpec.Recompute.class))
                                .build();
                        offer(spec, violation(spec), feasible);
                    }
                }
            }
        }
    }

    /** The (schedule, virtual stages) pairs for PP {@code pp}. */
    private List<Object[]> schedules(TrainingSpec base, int pp) {
        List<Object> names = keywords(Parameter.SCHEDULE, Knobs.keyword(base.schedule()));
        List<Integer> stages = values(Parameter.VIRTUAL_STAGES, base.virtualStages(), List.of(1));
        List<Object[]> pairs = new ArrayList<>();
        for (Object name : pp == 1 ? names.subList(0, 1) : names) {
            PipelineSchedule schedule = Knobs.schedule(name);
            for (int v : stages) {
                pairs.add(new Object[] {schedule, v});
            }
            if (search.all() && !states(Parameter.VIRTUAL_STAGES.label()) && schedule == PipelineSchedule.INTERLEAVED) {
                for (int v = 2; v <= MAX_VIRTUAL_STAGES && pp > 1; v++) {
                    pairs.add(new Object[] {schedule, v});
                }
            }
        }
        return pairs;
    }

    private String violation(TrainingSpec spec) {
        String limit = limits(spec.accelerators(), Objectives.costPerHour(spec));
        if (limit != null) {
            return limit;
        }
        TrainingRules.Rule rule = TrainingRules.firstViolation(spec);
        return rule == null ? null : rule.label();
    }

    /**
     * Under {@code in all}: TP the divisors of the scale-up domain, CP the powers of 2 that leave a rank {@value
     * #MIN_CONTEXT_TOKENS} tokens, PP the divisors of N up to the layers (those of TP × CP = 1; a larger TP × CP
     * leaves a divisor of N, whose divisors are fewer), micro-batch the divisors of the batch (those of DP = 1,
     * likewise), the (schedule, virtual stages) pairs of a pipeline as {@code schedule} when virtual stages are not
     * stated, every sharding and recomputation. O(√batch + √N).
     */
    @Override
    Map<String, Integer> counts(WorkloadSpec job) {
        TrainingSpec base = (TrainingSpec) job;
        int n = search.maxAccelerators() > 0 ? search.maxAccelerators() : base.accelerators();
        int domain = ClusterDomains.size(base.cluster());
        Map<String, Integer> counts = new HashMap<>();
        count(counts, Parameter.TENSOR.label(), () -> divisors(domain, domain).size());
        count(counts, Parameter.CONTEXT.label(), () -> contexts(base.sequence()).size());
        count(counts, Parameter.PIPELINE.label(), () -> divisors(n, base.model().layers()).size());
        count(counts, Parameter.DATA.label(), () -> 1);
        count(counts, Parameter.MICRO_BATCH.label(), () -> divisors((int) Math.min(base.globalBatchSequences(),
                Integer.MAX_VALUE), Integer.MAX_VALUE).size());
        count(counts, Parameter.SCHEDULE.label(), () -> states(Parameter.VIRTUAL_STAGES.label())
                ? Knobs.keywords(Parameter.SCHEDULE).size() : schedules(base, 2).size());
        count(counts, Parameter.VIRTUAL_STAGES.label(), () -> 1);
        count(counts, Parameter.SHARDING.label(), () -> Knobs.keywords(Parameter.SHARDING).size());
        count(counts, Parameter.RECOMPUTE.label(), () -> Knobs.keywords(Parameter.RECOMPUTE).size());
        return counts;
    }

    /**
     * Every searched parameter ({@link TrainingKind#SEARCHED}) whose value the space does not take; DP only where the
     * study states it (else it follows from the accelerators and is always in the space).
     */
    @Override
    int distance(WorkloadSpec job, WorkloadSpec own) {
        TrainingSpec spec = (TrainingSpec) job;
        TrainingSpec base = (TrainingSpec) own;
        int d = 0;
        d += outside(Parameter.TENSOR, spec.parallel().tensor(), base.parallel().tensor());
        d += outside(Parameter.PIPELINE, spec.parallel().pipeline(), base.parallel().pipeline());
        d += outside(Parameter.CONTEXT, spec.parallel().context(), base.parallel().context());
        d += states(Parameter.DATA.label()) ? outside(Parameter.DATA, spec.parallel().data(), base.parallel().data())
                : 0;
        d += outside(Parameter.MICRO_BATCH, spec.microBatch(), base.microBatch());
        d += outside(Parameter.SCHEDULE, Knobs.keyword(spec.schedule()), Knobs.keyword(base.schedule()));
        d += outside(Parameter.VIRTUAL_STAGES, spec.virtualStages(), base.virtualStages());
        d += outside(Parameter.SHARDING, Variations.label(spec.sharding()), Variations.label(base.sharding()));
        d += outside(Parameter.RECOMPUTE, Variations.label(spec.recompute()), Variations.label(base.recompute()));
        return d;
    }

    private int outside(Parameter parameter, Object value, Object own) {
        return outside(parameter.label(), value, own);
    }

    private List<Integer> values(Parameter parameter, int own, List<Integer> all) {
        return wholes(parameter.label(), parameter, own, all);
    }

    private static List<Integer> contexts(int sequence) {
        List<Integer> out = new ArrayList<>();
        for (int cp = 1; sequence / cp >= MIN_CONTEXT_TOKENS; cp *= 2) {
            out.add(cp);
        }
        return out.isEmpty() ? List.of(1) : out;
    }
}
