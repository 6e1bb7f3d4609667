package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.TrainingDraft;
import org.fabricsim.runtime.study.Variations;

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
 * limit and the budget, or counts against the first rule it breaks. O(candidates × layers).
 */
final class TrainingSpace {
    static final int MIN_CONTEXT_TOKENS = 1024;
    static final int MAX_VIRTUAL_STAGES = 8;
    static final String ACCELERATORS = "accelerators";
    static final String BUDGET = "budget";

    private final Map<Parameter, List<Object>> stated = new EnumMap<>(Parameter.class);
    private final SearchSpec search;
    private final Map<String, Integer> rejected = new LinkedHashMap<>();
    private long considered;

    /** The space of {@code search} whose searched parameters the study varies as {@code axes}. */
    TrainingSpace(SearchSpec search, List<VariationSpec> axes) {
        this.search = search;
        for (VariationSpec axis : axes) {
            stated.put(axis.parameter(), axis.values());
        }
    }

    /** Calls {@code feasible} with every candidate of {@code base} that passes every rule. */
    void enumerate(TrainingSpec base, Consumer<TrainingSpec> feasible) {
        int n = search.maxAccelerators() > 0 ? search.maxAccelerators() : base.accelerators();
        int domain = base.cluster().node().scaleUp() == null ? 1 : base.cluster().node().scaleUp().domainSize();
        for (int tp : values(Parameter.TENSOR, base.parallel().tensor(), divisors(domain, domain))) {
            for (int cp : values(Parameter.CONTEXT, base.parallel().context(), contexts(base.sequence()))) {
                int perPipeline = n % (tp * cp) == 0 ? n / (tp * cp) : 0;
                for (int pp : values(Parameter.PIPELINE, base.parallel().pipeline(),
                        divisors(perPipeline, base.model().layers()))) {
                    int derived = perPipeline % pp == 0 ? perPipeline / pp : 0;
                    for (int dp : values(Parameter.DATA, derived, List.of(derived))) {
                        if (dp < 1) {
                            reject(ACCELERATORS);
                            continue;
                        }
                        plans(new TrainingDraft(base).degrees(tp, pp, dp, cp), base, feasible);
                    }
                }
            }
        }
    }

    private void plans(TrainingDraft degrees, TrainingSpec base, Consumer<TrainingSpec> feasible) {
        TrainingSpec placed = degrees.build();
        int dp = placed.parallel().data();
        int pp = placed.parallel().pipeline();
        long perReplica = base.globalBatchSequences() % dp == 0 ? base.globalBatchSequences() / dp : 0;
        List<Integer> micros = values(Parameter.MICRO_BATCH, base.microBatch(),
                divisors((int) Math.min(perReplica, Integer.MAX_VALUE), Integer.MAX_VALUE));
        List<Object[]> schedules = schedules(base, pp);
        List<Object> shardings = keywordValues(Parameter.SHARDING, Knobs.keywords(Parameter.SHARDING).get(
                base.sharding().ordinal()));
        List<Object> recomputes = keywordValues(Parameter.RECOMPUTE, Knobs.keywords(Parameter.RECOMPUTE).get(
                base.recompute().ordinal()));
        for (int micro : micros.isEmpty() ? List.of(base.microBatch()) : micros) {
            for (Object[] schedule : schedules) {
                for (Object sharding : shardings) {
                    for (Object recompute : recomputes) {
                        TrainingSpec spec = degrees.schedule((PipelineSchedule) schedule[0], (Integer) schedule[1])
                                .memory(micro, Knobs.constant(Parameter.SHARDING, sharding, TrainingSpec.Sharding.class),
                                        Knobs.constant(Parameter.RECOMPUTE, recompute, TrainingSpec.Recompute.class))
                                .build();
                        String rule = violation(spec);
                        if (rule == null) {
                            considered++;
                            feasible.accept(spec);
                        } else {
                            reject(rule);
                        }
                    }
                }
            }
        }
    }

    /** The (schedule, virtual stages) pairs for PP {@code pp}. */
    private List<Object[]> schedules(TrainingSpec base, int pp) {
        List<Object> names = keywordValues(Parameter.SCHEDULE, Knobs.keyword(base.schedule()));
        List<Integer> stages = values(Parameter.VIRTUAL_STAGES, base.virtualStages(), List.of(1));
        List<Object[]> pairs = new ArrayList<>();
        for (Object name : pp == 1 ? names.subList(0, 1) : names) {
            PipelineSchedule schedule = Knobs.schedule(name);
            for (int v : stages) {
                pairs.add(new Object[] {schedule, v});
            }
            if (search.all() && !stated.containsKey(Parameter.VIRTUAL_STAGES) && schedule == PipelineSchedule.INTERLEAVED) {
                for (int v = 2; v <= MAX_VIRTUAL_STAGES && pp > 1; v++) {
                    pairs.add(new Object[] {schedule, v});
                }
            }
        }
        return pairs;
    }

    private String violation(TrainingSpec spec) {
        if (search.maxAccelerators() > 0 && spec.accelerators() > search.maxAccelerators()) {
            return ACCELERATORS;
        }
        if (search.budgetPerHour() > 0 && Objectives.costPerHour(spec) > search.budgetPerHour()) {
            return BUDGET;
        }
        TrainingRules.Rule rule = TrainingRules.firstViolation(spec);
        return rule == null ? null : rule.label();
    }

    private void reject(String rule) {
        considered++;
        rejected.merge(rule, 1, Integer::sum);
    }

    /** Candidates considered so far, feasible or not. */
    long considered() {
        return considered;
    }

    /** Candidates rejected per rule, in the order rules first rejected one. */
    Map<String, Integer> rejected() {
        return rejected;
    }

    /**
     * How far {@code spec} lies outside this space: the searched parameters whose value is not one the
     * space takes (0 for a candidate of the space).
     */
    int distance(TrainingSpec spec, TrainingSpec base) {
        int d = 0;
        d += outside(Parameter.TENSOR, spec.parallel().tensor(), base.parallel().tensor());
        d += outside(Parameter.PIPELINE, spec.parallel().pipeline(), base.parallel().pipeline());
        d += outside(Parameter.CONTEXT, spec.parallel().context(), base.parallel().context());
        d += outside(Parameter.MICRO_BATCH, spec.microBatch(), base.microBatch());
        d += outside(Parameter.SCHEDULE, Knobs.keyword(spec.schedule()), Knobs.keyword(base.schedule()));
        d += outside(Parameter.SHARDING, Variations.label(spec.sharding()), Variations.label(base.sharding()));
        d += outside(Parameter.RECOMPUTE, Variations.label(spec.recompute()), Variations.label(base.recompute()));
        return d;
    }

    private int outside(Parameter parameter, Object value, Object own) {
        if (stated.containsKey(parameter)) {
            return stated.get(parameter).stream().anyMatch(v -> v.equals(value)
                    || v instanceof Number n && value instanceof Number m && n.longValue() == m.longValue()) ? 0 : 1;
        }
        return search.all() || value.equals(own) ? 0 : 1;
    }

    private List<Integer> values(Parameter parameter, int own, List<Integer> all) {
        if (stated.containsKey(parameter)) {
            return stated.get(parameter).stream().map(v -> Variations.whole(parameter, v)).toList();
        }
        return search.all() ? all : List.of(own);
    }

    private List<Object> keywordValues(Parameter parameter, String own) {
        if (stated.containsKey(parameter)) {
            return stated.get(parameter);
        }
        return search.all() ? List.copyOf(Knobs.keywords(parameter)) : List.of(own);
    }

    /** Divisors of {@code n} up to {@code limit}, ascending; empty for n < 1. O(min(n, limit)). */
    static List<Integer> divisors(int n, int limit) {
        List<Integer> out = new ArrayList<>();
        for (int d = 1; d <= n && d <= limit; d++) {
            if (n % d == 0) {
                out.add(d);
            }
        }
        return out;
    }

    private static List<Integer> contexts(int sequence) {
        List<Integer> out = new ArrayList<>();
        for (int cp = 1; sequence / cp >= MIN_CONTEXT_TOKENS; cp *= 2) {
            out.add(cp);
        }
        return out.isEmpty() ? List.of(1) : out;
    }
}
