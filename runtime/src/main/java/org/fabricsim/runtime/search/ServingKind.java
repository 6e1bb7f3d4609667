package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Pool;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.RunSeeds;

/**
 * The search of an inference deployment's pools ({@link ServingSpace}) for an objective under its SLOs.
 * The screen simulates each feasible configuration on the serving engine with the first {@value
 * #SCREEN_REQUESTS} requests of its traffic (all of them when it has fewer), the same seed for every
 * configuration (common random numbers: the same requests), so a screen run costs about a tenth of a
 * 10,000-request run; there is no closed form of a pool's queueing under continuous batching to screen
 * with instead. A configuration passes the screen when every SLO holds on it with 95 % confidence: the
 * upper confidence bound of its percentile of TTFT, ITL or end-to-end latency ({@code upperBoundSeconds},
 * the 996th of 1,000 TTFTs for a p99) at most the limit, since the percentile of the first 1,000 requests
 * is a sample of the whole traffic's (session 62: prefill 3 x TP2 met TTFT p99 2 s at 1.99 s on the
 * first 1,000 requests of examples/llama3-70b-serving and missed it at 2.36 s on all 20,000); a screen
 * that runs the whole traffic judges the percentile itself, as the refinement does. One that misses
 * counts against rule {@code slo ttft p99} (the first SLO it misses; a run that fails, {@code run
 * failed}), its miss being its largest judged value ÷ limit. The refinement
 * simulates the best on the whole traffic; a refined configuration counts only when it meets every SLO
 * there too. Written back as the deployment's pools.
 */
final class ServingKind implements SearchKind {
    /**
     * Requests a screen run simulates: enough for a p99 to rest on 10 requests, and for the queue to
     * build up in 1,000 ÷ λ seconds of arrivals when the configuration cannot keep up.
     */
    static final int SCREEN_REQUESTS = 1000;
    static final Set<Parameter> SEARCHED = EnumSet.of(Parameter.REPLICAS, Parameter.TENSOR,
            Parameter.MAX_BATCH_TOKENS, Parameter.MAX_SEQUENCES);

    @Override
    public Set<Parameter> searched() {
        return SEARCHED;
    }

    @Override
    public AxisSpace space(SearchSpec search, List<VariationSpec> axes) {
        return new ServingSpace(search, axes);
    }

    @Override
    public double[] screen(StudySpec study, List<Candidate> feasible, SearchRuns runs, String[] rejected,
            double[] miss) {
        long seed = RunSeeds.seed(study.seed(), 0);
        List<SearchRun> screens = new ArrayList<>(feasible.size());
        for (Candidate c : feasible) {
            screens.add(new SearchRun(shortened((InferenceSpec) c.spec), study.name() + c.label(this) + " screen",
                    c.variation(this), seed));
        }
        List<RunResult> results = runs.run(study, screens);
        double[] values = new double[feasible.size()];
        for (int i = 0; i < values.length; i++) {
            RunResult run = results.get(i);
            miss[i] = Double.POSITIVE_INFINITY;
            values[i] = Double.NaN;
            if (!run.succeeded()) {
                rejected[i] = "run failed";
                continue;
            }
            String judged = screens.get(i).workload() == feasible.get(i).spec ? "achievedSeconds" : "upperBoundSeconds";
            miss[i] = 0;
            for (Object row : (List<?>) run.metrics().get("slos")) {
                Map<?, ?> slo = (Map<?, ?>) row;
                double ratio = ((Number) slo.get(judged)).doubleValue() / ((Number) slo.get("limitSeconds")).doubleValue();
                if (ratio > 1 && rejected[i] == null) {
                    rejected[i] = "slo " + slo.get("metric") + " p" + slo.get("percentile");
                }
                miss[i] = Math.max(miss[i], ratio);
            }
            if (rejected[i] == null) {
                values[i] = Objectives.value(study.search().objective(), (InferenceSpec) feasible.get(i).spec, run);
            }
        }
        return values;
    }

    /** {@code spec} with its first {@value #SCREEN_REQUESTS} requests. */
    private static InferenceSpec shortened(InferenceSpec spec) {
        InferenceSpec.Traffic t = spec.traffic();
        if (t.requests() > 0 && t.requests() <= SCREEN_REQUESTS) {
            return spec;
        }
        return spec.withTraffic(t.withRequests(SCREEN_REQUESTS));
    }

    @Override
    public double refined(SearchSpec.Objective objective, WorkloadSpec spec, RunResult run) {
        if (!run.succeeded()) {
            return Double.NaN;
        }
        for (Object row : (List<?>) run.metrics().get("slos")) {
            if (!Boolean.TRUE.equals(((Map<?, ?>) row).get("met"))) {
                return Double.NaN;
            }
        }
        return Objectives.value(objective, (InferenceSpec) spec, run);
    }

    @Override
    public Map<String, Object> variation(WorkloadSpec spec) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Pool pool : ((InferenceSpec) spec).pools()) {
            out.put(ServingSpace.label(pool, Parameter.REPLICAS), pool.replicas());
            out.put(ServingSpace.label(pool, Parameter.TENSOR), pool.parallel().tensor());
            out.put(ServingSpace.label(pool, Parameter.MAX_BATCH_TOKENS), pool.maxBatchTokens());
            out.put(ServingSpace.label(pool, Parameter.MAX_SEQUENCES), pool.maxSequences());
        }
        return out;
    }

    /** The searched pools, as the deployment writes them (its model, traffic and SLOs stay as they are). */
    @Override
    public String definition(WorkloadSpec spec, String name) {
        StringBuilder out = new StringBuilder("// " + name + ": the searched pools, to replace the deployment's\n");
        for (Pool pool : ((InferenceSpec) spec).pools()) {
            ParallelismSpec p = pool.parallel();
            out.append(Keywords.of(pool.role())).append(" pool {\n    replicas ").append(pool.replicas())
                    .append("\n    parallel tensor ").append(p.tensor())
                    .append(p.pipeline() > 1 ? " pipeline " + p.pipeline() : "")
                    .append(p.data() > 1 ? " data " + p.data() : "")
                    .append(p.expert() > 1 ? " expert " + p.expert() : "").append('\n');
            if (pool.maxBatchTokens() > 0) {
                out.append("    max-batch-tokens ").append(pool.maxBatchTokens()).append('\n');
            }
            if (pool.maxSequences() > 0) {
                out.append("    max-sequences ").append(pool.maxSequences()).append('\n');
            }
            if (pool.chunkedPrefill() > 0) {
                out.append("    chunked-prefill ").append(pool.chunkedPrefill()).append('\n');
            }
            out.append("}\n");
        }
        return out.toString();
    }
}
