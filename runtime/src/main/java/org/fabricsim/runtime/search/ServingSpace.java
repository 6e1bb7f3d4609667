package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.fabricsim.runtime.analysis.ServingRules;
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Pool;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.topology.ClusterDomains;

/**
 * The configurations a serving search considers: for each pool of the deployment (prefill and decode,
 * or the one serving pool), its replicas × TP × token limit × sequence limit, the pools' choices
 * combined. Each parameter takes the study's {@code vary} values for the pool's role ({@code vary
 * decode replicas in [1, 2, 4]}; without a role, for every pool), every value when the search is
 * {@code in all}, and the pool's own otherwise. {@code in all} means: replicas 1 to the most that fit in
 * the accelerators (the search's {@code within} limit, at most the cluster's: more replicas than the cluster holds
 * would all break rule {@code cluster-size}, and {@code within 2147483647 accelerators} listed 268 million replica
 * counts until the heap ran out) with the pool's parallelism;
 * TP every divisor of the scale-up domain; the batch limits stay the pool's own (they have no upper
 * end: state the values to search). The pool's other degrees (PP, DP, EP) stay as written. Each
 * configuration passes {@link ServingRules} (the editor's rules), the accelerator limit and the budget,
 * or counts against the first rule it breaks. O(product of the pools' choices × pools).
 */
final class ServingSpace extends AxisSpace {

    ServingSpace(SearchSpec search, List<VariationSpec> axes) {
        super(search, axes);
    }

    @Override
    void enumerate(WorkloadSpec deployment, Consumer<WorkloadSpec> feasible) {
        InferenceSpec base = (InferenceSpec) deployment;
        List<List<Pool>> choices = new ArrayList<>();
        for (Pool pool : base.pools()) {
            choices.add(choices(base, pool));
        }
        combine(base, choices, new ArrayList<>(), feasible);
    }

    private void combine(InferenceSpec base, List<List<Pool>> choices, List<Pool> chosen,
            Consumer<WorkloadSpec> feasible) {
        if (chosen.size() == choices.size()) {
            InferenceSpec spec = base.withPools(chosen);
            String rule = limits(Objectives.accelerators(spec), Objectives.costPerHour(spec));
            if (rule == null) {
                ServingRules.Rule broken = ServingRules.firstViolation(spec);
                rule = broken == null ? null : broken.label();
            }
            offer(spec, rule, feasible);
            return;
        }
        for (Pool pool : choices.get(chosen.size())) {
            chosen.add(pool);
            combine(base, choices, chosen, feasible);
            chosen.remove(chosen.size() - 1);
        }
    }

    /** The pools {@code pool} may become: its replicas × TP × token limit × sequence limit. */
    private List<Pool> choices(InferenceSpec base, Pool pool) {
        int n = search.maxAccelerators() > 0 ? Math.min(search.maxAccelerators(), base.cluster().accelerators())
                : base.cluster().accelerators();
        int domain = ClusterDomains.size(base.cluster());
        ParallelismSpec p = pool.parallel();
        List<Pool> out = new ArrayList<>();
        for (int tp : values(pool, Parameter.TENSOR, p.tensor(), divisors(domain, domain))) {
            ParallelismSpec plan = p.withDegrees(tp, p.pipeline(), p.data(), p.context(), p.expert());
            int most = Math.max(1, n / plan.accelerators());
            for (int replicas : values(pool, Parameter.REPLICAS, pool.replicas(), range(most))) {
                for (int tokens : values(pool, Parameter.MAX_BATCH_TOKENS, pool.maxBatchTokens(),
                        List.of(pool.maxBatchTokens()))) {
                    for (int sequences : values(pool, Parameter.MAX_SEQUENCES, pool.maxSequences(),
                            List.of(pool.maxSequences()))) {
                        out.add(new Pool(pool.role(), replicas, plan, tokens, sequences, pool.chunkedPrefill(),
                                pool.features()));
                    }
                }
            }
        }
        return out;
    }

    /**
     * Under {@code in all}, per pool: TP the divisors of the scale-up domain, replicas 1 to the most that fit with the
     * smallest TP the pool takes. O(pools × (√domain + TP values)).
     */
    @Override
    Map<String, Integer> counts(WorkloadSpec deployment) {
        InferenceSpec base = (InferenceSpec) deployment;
        int n = search.maxAccelerators() > 0 ? Math.min(search.maxAccelerators(), base.cluster().accelerators())
                : base.cluster().accelerators();
        int domain = ClusterDomains.size(base.cluster());
        Map<String, Integer> counts = new HashMap<>();
        for (Pool pool : base.pools()) {
            ParallelismSpec p = pool.parallel();
            List<Integer> tensors = values(pool, Parameter.TENSOR, p.tensor(), divisors(domain, domain));
            int tp = tensors.stream().mapToInt(Integer::intValue).filter(t -> t > 0).min().orElse(1);
            int most = Math.max(1, n / p.withDegrees(tp, p.pipeline(), p.data(), p.context(), p.expert())
                    .accelerators());
            for (Parameter parameter : List.of(Parameter.TENSOR, Parameter.REPLICAS, Parameter.MAX_BATCH_TOKENS,
                    Parameter.MAX_SEQUENCES)) {
                String axis = axis(pool, parameter);
                count(counts, states(axis) ? axis : label(pool, parameter), () -> parameter == Parameter.TENSOR
                        ? tensors.size() : parameter == Parameter.REPLICAS ? most : 1);
            }
        }
        return counts;
    }

    @Override
    int distance(WorkloadSpec spec, WorkloadSpec own) {
        List<Pool> pools = ((InferenceSpec) spec).pools();
        List<Pool> written = ((InferenceSpec) own).pools();
        int d = 0;
        for (int i = 0; i < pools.size(); i++) {
            Pool pool = pools.get(i);
            Pool base = written.get(i);
            d += outside(axis(pool, Parameter.REPLICAS), pool.replicas(), base.replicas());
            d += outside(axis(pool, Parameter.TENSOR), pool.parallel().tensor(), base.parallel().tensor());
            d += outside(axis(pool, Parameter.MAX_BATCH_TOKENS), pool.maxBatchTokens(), base.maxBatchTokens());
            d += outside(axis(pool, Parameter.MAX_SEQUENCES), pool.maxSequences(), base.maxSequences());
        }
        return d;
    }

    /** The axis that states {@code parameter} of {@code pool}: its role's ({@code decode replicas}), else every pool's. */
    private String axis(Pool pool, Parameter parameter) {
        String role = label(pool, parameter);
        return states(role) || !states(parameter.label()) ? role : parameter.label();
    }

    /** {@code decode replicas}: a pool's parameter as a variation names it. */
    static String label(Pool pool, Parameter parameter) {
        return Keywords.of(pool.role()) + " " + parameter.label();
    }

    private List<Integer> values(Pool pool, Parameter parameter, int own, List<Integer> all) {
        return wholes(axis(pool, parameter), parameter, own, all);
    }

    private static List<Integer> range(int most) {
        List<Integer> out = new ArrayList<>(most);
        for (int r = 1; r <= most; r++) {
            out.add(r);
        }
        return out;
    }
}
