package org.fabricsim.runtime.study;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.FabricSpec;
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
    /** NCCL's largest channel count (NCCL_MAX_NCHANNELS). */
    public static final int MAX_CHANNELS = 64;

    private Variations() {
    }

    /** {@code workload} with {@code parameter} set to {@code value} (in every pool of a deployment). */
    public static WorkloadSpec apply(WorkloadSpec workload, VariationSpec.Parameter parameter, Object value) {
        return apply(workload, parameter, null, value);
    }

    /** {@code workload} with {@code axis}'s parameter (in its pool, when it names one) set to {@code value}. */
    public static WorkloadSpec apply(WorkloadSpec workload, VariationSpec axis, Object value) {
        return apply(workload, axis.parameter(), axis.pool(), value);
    }

    private static WorkloadSpec apply(WorkloadSpec workload, VariationSpec.Parameter parameter,
            InferenceSpec.Role pool, Object value) {
        if (workload instanceof TrainingSpec training) {
            return TrainingVariations.apply(training, parameter, value);
        }
        if (workload instanceof InferenceSpec inference) {
            return InferenceVariations.apply(inference, parameter, pool, value);
        }
        if (workload instanceof ExpertKernelBenchmarkSpec k) {
            return new ExpertKernelBenchmarkSpec(k.name(), benchmarkCluster(k.cluster(), k.nodes(), parameter, value,
                    "an expert-kernel benchmark"), k.nodes(), k.accelerators(), k.kernels());
        }
        if (!(workload instanceof CollectiveBenchmarkSpec b)) {
            throw new IllegalArgumentException("a shared cluster varies nothing; vary its jobs' benchmarks in"
                    + " studies of their own");
        }
        if (parameter == VariationSpec.Parameter.ALGORITHM || parameter == VariationSpec.Parameter.CHANNELS) {
            boolean algorithm = parameter == VariationSpec.Parameter.ALGORITHM;
            return b.withAlgorithm(algorithm ? Knobs.constant(parameter, value, Algorithm.class) : b.algorithm(),
                    algorithm ? b.channels() : channels(value));
        }
        return b.withCluster(benchmarkCluster(b.cluster(), b.nodes(), parameter, value, "a collective benchmark"));
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
        if (value instanceof FabricSpec fabric) {
            return simpleName(fabric.name());
        }
        if (value instanceof Enum<?> constant) {
            return Keywords.of(constant);
        }
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(value);
    }

    /**
     * {@code traffic} with its Poisson arrival rate set to {@code value} requests per second. Only
     * Poisson arrivals have a rate: a trace fixes its own timestamps and all-at-once has none, so
     * those are infeasible, as is a rate ≤ 0.
     */
    static InferenceSpec.Traffic poissonAt(InferenceSpec.Traffic traffic, Object value) {
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

    /**
     * {@code traffic} with {@code value} closed-loop clients: its concurrency, as benchmark_serving's
     * {@code --max-concurrency} sweeps it.
     */
    static InferenceSpec.Traffic closedLoopOf(InferenceSpec.Traffic traffic, Object value) {
        if (!(traffic.arrival() instanceof InferenceSpec.ClosedLoop)) {
            throw new InfeasibleRunException("vary clients sets the clients of a closed loop, but this deployment's "
                    + "requests arrive " + arrivalName(traffic.arrival()) + "; write 'arrival closed-loop <N> clients' "
                    + "to sweep the concurrency");
        }
        return traffic.withArrival(new InferenceSpec.ClosedLoop(whole(VariationSpec.Parameter.CLIENTS, value)));
    }

    private static String arrivalName(InferenceSpec.Arrival arrival) {
        if (arrival instanceof InferenceSpec.ClosedLoop closed) {
            return "from " + closed.clients() + " closed-loop clients";
        }
        if (arrival instanceof InferenceSpec.Poisson poisson) {
            return "as a Poisson process of " + label(poisson.requestsPerSecond()) + " /s";
        }
        return arrival instanceof InferenceSpec.Trace trace ? "from the trace " + trace.file() : "all at once";
    }

    /** At most NCCL's 64 channels (NCCL_MAX_NCHANNELS), as the editor allows for a benchmark's 'channels'. */
    private static int channels(Object value) {
        int channels = whole(VariationSpec.Parameter.CHANNELS, value);
        if (channels > MAX_CHANNELS) {
            throw new InfeasibleRunException("channels must lie between 1 and " + MAX_CHANNELS + ", not " + channels);
        }
        return channels;
    }

    /** The cluster a benchmark ({@code kind}) on {@code nodes} nodes of {@code current} is varied to. */
    private static ClusterSpec benchmarkCluster(ClusterSpec current, int nodes, VariationSpec.Parameter parameter,
            Object value, String kind) {
        if (!Knobs.appliesTo(parameter, Knobs.Workload.BENCHMARK) || parameter == VariationSpec.Parameter.CHANNELS) {
            throw unsupported(parameter, kind);
        }
        ClusterSpec cluster = ClusterVariations.apply(current, parameter, value);
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
    static ParallelismSpec routing(ParallelismSpec p, VariationSpec.Parameter parameter, Object value) {
        if (!(value instanceof Number n)) {
            throw new InfeasibleRunException(parameter.label() + " must be a number, not " + label(value));
        }
        double x = n.doubleValue();
        ExpertRoutingSpec r = p.expertRouting();
        if (parameter == VariationSpec.Parameter.CAPACITY_FACTOR) {
            if (!(x > 0)) {
                throw new InfeasibleRunException("capacity-factor must be positive, not " + label(value));
            }
            return p.withExpertRouting(r.withCapacityFactor(x));
        }
        if (!(x >= ExpertRoutingSpec.BALANCED && x <= p.expert())) {
            throw new InfeasibleRunException("routing-skew must lie between 1 and the expert parallelism "
                    + p.expert() + ", not " + label(value));
        }
        return p.withExpertRouting(r.withRoutingSkew(x));
    }

    public static int whole(VariationSpec.Parameter parameter, Object value) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= 1
                && n.doubleValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw new InfeasibleRunException(parameter.label() + " must be a positive whole number, not " + label(value));
    }

    static <T> T spec(VariationSpec.Parameter parameter, Object value, Class<T> type) {
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        throw new InfeasibleRunException("vary " + parameter.label() + " needs " + type.getSimpleName()
                .replace("Spec", "").toLowerCase(java.util.Locale.ROOT) + " values, not " + label(value));
    }

    static InfeasibleRunException unsupported(VariationSpec.Parameter parameter, String kind) {
        return new InfeasibleRunException("varying " + parameter.label() + " of " + kind + " is not supported yet");
    }

    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
