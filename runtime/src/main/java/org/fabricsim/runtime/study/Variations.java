package org.fabricsim.runtime.study;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * The one place where a study's variation is applied to a workload spec. Varying a degree of
 * parallelism of a training job also sets the accelerators it uses to TP × PP × DP × CP, so that
 * {@code vary data in [64, 128]} means "the same job on half or all the data-parallel ranks".
 * A combination that cannot be built (more accelerators than the cluster has, a parameter the
 * workload kind does not have) throws {@link InfeasibleRunException} with the reason; the study
 * reports that run as failed and runs the others.
 */
public final class Variations {
    private Variations() {
    }

    /** {@code workload} with {@code parameter} set to {@code value}. */
    public static WorkloadSpec apply(WorkloadSpec workload, VariationSpec.Parameter parameter, Object value) {
        if (workload instanceof TrainingSpec training) {
            return training(training, parameter, value);
        }
        if (workload instanceof InferenceSpec inference) {
            return inference(inference, parameter, value);
        }
        if (workload instanceof ExpertKernelBenchmarkSpec k) {
            return new ExpertKernelBenchmarkSpec(k.name(), benchmarkCluster(k.nodes(), parameter, value,
                    "an expert-kernel benchmark"), k.nodes(), k.accelerators(), k.kernels());
        }
        CollectiveBenchmarkSpec b = (CollectiveBenchmarkSpec) workload;
        return b.withCluster(benchmarkCluster(b.nodes(), parameter, value, "a collective benchmark"));
    }

    /** How a value is shown in run names and tables: a spec by its simple name, a whole number without ".0". */
    public static String label(Object value) {
        if (value instanceof ClusterSpec cluster) {
            return simpleName(cluster.name());
        }
        if (value instanceof TransformerSpec model) {
            return simpleName(model.name());
        }
        if (value instanceof String name) {
            return simpleName(name);
        }
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(value);
    }

    private static TrainingSpec training(TrainingSpec t, VariationSpec.Parameter parameter, Object value) {
        ParallelismSpec p = t.parallel();
        switch (parameter) {
            case TENSOR:
                return withParallel(t, p.withDegrees(whole(parameter, value), p.pipeline(), p.data(), p.context(),
                        p.expert()));
            case PIPELINE:
                return withParallel(t, p.withDegrees(p.tensor(), whole(parameter, value), p.data(), p.context(),
                        p.expert()));
            case DATA:
                return withParallel(t, p.withDegrees(p.tensor(), p.pipeline(), whole(parameter, value), p.context(),
                        p.expert()));
            case CONTEXT:
                return withParallel(t, p.withDegrees(p.tensor(), p.pipeline(), p.data(), whole(parameter, value),
                        p.expert()));
            case EXPERT:
                return withParallel(t, p.withDegrees(p.tensor(), p.pipeline(), p.data(), p.context(),
                        whole(parameter, value)));
            case CAPACITY_FACTOR:
            case ROUTING_SKEW:
                return withParallel(t, routing(p, parameter, value));
            case MICRO_BATCH:
                return new TrainingSpec(t.name(), t.model(), t.cluster(), t.accelerators(), t.sequence(),
                        t.globalBatchSequences(), whole(parameter, value), t.precision(), p, t.schedule(),
                        t.virtualStages(), t.sharding(), t.recompute(), t.overlap(), t.software(),
                        t.tensorOverlap(), t.trainTokens());
            case SEQUENCE:
                return new TrainingSpec(t.name(), t.model(), t.cluster(), t.accelerators(), whole(parameter, value),
                        t.globalBatchSequences(), t.microBatch(), t.precision(), p, t.schedule(), t.virtualStages(),
                        t.sharding(), t.recompute(), t.overlap(), t.software(),
                        t.tensorOverlap(), t.trainTokens());
            case BATCH:
                return new TrainingSpec(t.name(), t.model(), t.cluster(), t.accelerators(), t.sequence(),
                        whole(parameter, value), t.microBatch(), t.precision(), p, t.schedule(), t.virtualStages(),
                        t.sharding(), t.recompute(), t.overlap(), t.software(),
                        t.tensorOverlap(), t.trainTokens());
            case CLUSTER:
                ClusterSpec cluster = spec(parameter, value, ClusterSpec.class);
                requireFits(t.accelerators(), cluster);
                return new TrainingSpec(t.name(), t.model(), cluster, t.accelerators(), t.sequence(),
                        t.globalBatchSequences(), t.microBatch(), t.precision(), p, t.schedule(), t.virtualStages(),
                        t.sharding(), t.recompute(), t.overlap(), t.software(),
                        t.tensorOverlap(), t.trainTokens());
            case MODEL:
                return new TrainingSpec(t.name(), spec(parameter, value, TransformerSpec.class), t.cluster(),
                        t.accelerators(), t.sequence(), t.globalBatchSequences(), t.microBatch(), t.precision(), p,
                        t.schedule(), t.virtualStages(), t.sharding(), t.recompute(), t.overlap(), t.software(),
                        t.tensorOverlap(), t.trainTokens());
            default:
                throw unsupported(parameter, "a training job");
        }
    }

    private static TrainingSpec withParallel(TrainingSpec t, ParallelismSpec parallel) {
        int accelerators = parallel.accelerators();
        requireFits(accelerators, t.cluster());
        return new TrainingSpec(t.name(), t.model(), t.cluster(), accelerators, t.sequence(), t.globalBatchSequences(),
                t.microBatch(), t.precision(), parallel, t.schedule(), t.virtualStages(), t.sharding(), t.recompute(),
                t.overlap(), t.software(), t.tensorOverlap(), t.trainTokens());
    }

    private static InferenceSpec inference(InferenceSpec i, VariationSpec.Parameter parameter, Object value) {
        switch (parameter) {
            case CLUSTER:
                return new InferenceSpec(i.name(), i.model(), spec(parameter, value, ClusterSpec.class), i.precision(),
                        i.kvCachePrecision(), i.pools(), i.traffic(), i.slos(), i.layerByLayerKvTransfer());
            case MODEL:
                return new InferenceSpec(i.name(), spec(parameter, value, TransformerSpec.class), i.cluster(),
                        i.precision(), i.kvCachePrecision(), i.pools(), i.traffic(), i.slos(),
                        i.layerByLayerKvTransfer());
            case CAPACITY_FACTOR:
            case ROUTING_SKEW:
                List<InferenceSpec.Pool> pools = new ArrayList<>();
                for (InferenceSpec.Pool pool : i.pools()) {
                    pools.add(pool.withParallel(routing(pool.parallel(), parameter, value)));
                }
                return new InferenceSpec(i.name(), i.model(), i.cluster(), i.precision(), i.kvCachePrecision(), pools,
                        i.traffic(), i.slos(), i.layerByLayerKvTransfer());
            case RATE:
                return new InferenceSpec(i.name(), i.model(), i.cluster(), i.precision(), i.kvCachePrecision(),
                        i.pools(), poissonAt(i.traffic(), value), i.slos(), i.layerByLayerKvTransfer());
            default:
                throw unsupported(parameter, "an inference deployment");
        }
    }

    /**
     * {@code traffic} with its Poisson arrival rate set to {@code value} requests per second. Only
     * Poisson arrivals have a rate: a trace fixes its own timestamps and all-at-once has none, so
     * those are infeasible, as is a rate ≤ 0.
     */
    private static InferenceSpec.Traffic poissonAt(InferenceSpec.Traffic traffic, Object value) {
        if (!(traffic.arrival() instanceof InferenceSpec.Poisson)) {
            throw new InfeasibleRunException("vary rate sets the rate of Poisson arrivals, but this deployment's "
                    + "requests arrive " + arrivalName(traffic.arrival()) + "; write 'arrival poisson <rate> /s' to "
                    + "sweep the load");
        }
        if (!(value instanceof Number n && n.doubleValue() > 0)) {
            throw new InfeasibleRunException("rate must be a positive number of requests per second, such as 2 /s, not "
                    + label(value));
        }
        return traffic.withArrival(new InferenceSpec.Poisson(n.doubleValue()));
    }

    private static String arrivalName(InferenceSpec.Arrival arrival) {
        if (arrival instanceof InferenceSpec.ClosedLoop closed) {
            return "from " + closed.clients() + " closed-loop clients";
        }
        return arrival instanceof InferenceSpec.Trace trace ? "from the trace " + trace.file() : "all at once";
    }

    /** The cluster a benchmark ({@code kind}) on {@code nodes} nodes is varied to: the only parameter benchmarks vary. */
    private static ClusterSpec benchmarkCluster(int nodes, VariationSpec.Parameter parameter, Object value,
            String kind) {
        if (parameter != VariationSpec.Parameter.CLUSTER) {
            throw unsupported(parameter, kind);
        }
        ClusterSpec cluster = spec(parameter, value, ClusterSpec.class);
        if (nodes > cluster.nodes()) {
            throw new InfeasibleRunException("the benchmark uses " + nodes + " nodes but " + cluster.name()
                    + " has " + cluster.nodes());
        }
        return cluster;
    }

    /**
     * {@code p} with the capacity factor or routing skew set to {@code value}; a skew above EP (the
     * busiest rank cannot receive more than every token) or a factor ≤ 0 is infeasible.
     */
    private static ParallelismSpec routing(ParallelismSpec p, VariationSpec.Parameter parameter, Object value) {
        if (!(value instanceof Number n)) {
            throw new InfeasibleRunException(parameter.label() + " must be a number, not " + label(value));
        }
        double x = n.doubleValue();
        ExpertRoutingSpec r = p.expertRouting();
        if (parameter == VariationSpec.Parameter.CAPACITY_FACTOR) {
            if (!(x > 0)) {
                throw new InfeasibleRunException("capacity-factor must be positive, not " + label(value));
            }
            return p.withExpertRouting(new ExpertRoutingSpec(x, r.routingSkew()));
        }
        if (!(x >= ExpertRoutingSpec.BALANCED && x <= p.expert())) {
            throw new InfeasibleRunException("routing-skew must lie between 1 and the expert parallelism "
                    + p.expert() + ", not " + label(value));
        }
        return p.withExpertRouting(new ExpertRoutingSpec(r.capacityFactor(), x));
    }

    private static void requireFits(int accelerators, ClusterSpec cluster) {
        if (accelerators > cluster.accelerators()) {
            throw new InfeasibleRunException("needs " + accelerators + " accelerators but " + cluster.name() + " has "
                    + cluster.accelerators());
        }
    }

    private static int whole(VariationSpec.Parameter parameter, Object value) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= 1
                && n.doubleValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw new InfeasibleRunException(parameter.label() + " must be a positive whole number, not " + label(value));
    }

    private static <T> T spec(VariationSpec.Parameter parameter, Object value, Class<T> type) {
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        throw new InfeasibleRunException("vary " + parameter.label() + " needs " + type.getSimpleName()
                .replace("Spec", "").toLowerCase(java.util.Locale.ROOT) + " values, not " + label(value));
    }

    private static InfeasibleRunException unsupported(VariationSpec.Parameter parameter, String kind) {
        return new InfeasibleRunException("varying " + parameter.label() + " of " + kind + " is not supported yet");
    }

    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
