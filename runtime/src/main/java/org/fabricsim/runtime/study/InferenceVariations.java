package org.fabricsim.runtime.study;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/**
 * An inference deployment's variations ({@link Variations#apply}): the cluster, its fabric and
 * oversubscription, the model, the weight precision (the KV cache follows it when it was kept at the
 * weights' precision; a blockwise FP8 scaling holds at FP8 only, per tensor otherwise), the Poisson rate or the
 * closed loop's clients,
 * and per pool (the pools of one role, or every pool when no role is named) the replicas, the degrees of
 * parallelism, the batch limits and the MoE routing. The pools together must fit in the cluster.
 */
final class InferenceVariations {
    private InferenceVariations() {
    }

    static InferenceSpec apply(InferenceSpec i, Parameter parameter, InferenceSpec.Role role, Object value) {
        switch (parameter) {
            case CLUSTER, FABRIC, OVERSUBSCRIPTION:
                return fits(i.withCluster(ClusterVariations.apply(i.cluster(), parameter, value)));
            case MODEL:
                return i.withModel(Variations.spec(parameter, value, TransformerSpec.class));
            case PRECISION:
                Precision weights = Knobs.constant(parameter, value, Precision.class);
                return new InferenceSpec(i.name(), i.model(), i.cluster(), weights,
                        i.kvCachePrecision() == i.precision() ? weights : i.kvCachePrecision(), i.pools(),
                        i.traffic(), i.slos(), i.layerByLayerKvTransfer(), i.kvOver(),
                        weights == Precision.FP8 ? i.fp8Scaling() : Fp8Scaling.TENSOR);
            case RATE:
                return i.withTraffic(Variations.poissonAt(i.traffic(), value));
            case CLIENTS:
                return i.withTraffic(Variations.closedLoopOf(i.traffic(), value));
            default:
                return fits(i.withPools(pools(i, parameter, role, value)));
        }
    }

    private static List<InferenceSpec.Pool> pools(InferenceSpec i, Parameter parameter, InferenceSpec.Role role,
            Object value) {
        List<InferenceSpec.Pool> pools = new ArrayList<>();
        boolean any = false;
        for (InferenceSpec.Pool pool : i.pools()) {
            boolean varied = role == null || pool.role() == role;
            any |= varied;
            pools.add(varied ? pool(pool, parameter, value) : pool);
        }
        if (!any) {
            throw new InfeasibleRunException(i.name() + " has no " + Variations.label(role) + " pool to vary");
        }
        return pools;
    }

    private static InferenceSpec.Pool pool(InferenceSpec.Pool pool, Parameter parameter, Object value) {
        ParallelismSpec p = pool.parallel();
        int replicas = pool.replicas();
        int maxBatchTokens = pool.maxBatchTokens();
        int maxSequences = pool.maxSequences();
        switch (parameter) {
            case REPLICAS -> replicas = Variations.whole(parameter, value);
            case MAX_BATCH_TOKENS -> maxBatchTokens = Variations.whole(parameter, value);
            case MAX_SEQUENCES -> maxSequences = Variations.whole(parameter, value);
            case TENSOR -> p = p.withDegrees(Variations.whole(parameter, value), p.pipeline(), p.data(), p.context(),
                    p.expert());
            case PIPELINE -> p = p.withDegrees(p.tensor(), Variations.whole(parameter, value), p.data(), p.context(),
                    p.expert());
            case DATA -> p = p.withDegrees(p.tensor(), p.pipeline(), Variations.whole(parameter, value), p.context(),
                    p.expert());
            case CONTEXT -> p = p.withDegrees(p.tensor(), p.pipeline(), p.data(), Variations.whole(parameter, value),
                    p.expert());
            case EXPERT -> p = p.withDegrees(p.tensor(), p.pipeline(), p.data(), p.context(),
                    Variations.whole(parameter, value));
            case CAPACITY_FACTOR, ROUTING_SKEW -> p = Variations.routing(p, parameter, value);
            default -> throw Variations.unsupported(parameter, "an inference deployment");
        }
        return new InferenceSpec.Pool(pool.role(), replicas, p, maxBatchTokens, maxSequences, pool.chunkedPrefill(),
                pool.features());
    }

    /** {@code spec} when its pools fit in its cluster. */
    private static InferenceSpec fits(InferenceSpec spec) {
        long used = 0;
        for (InferenceSpec.Pool pool : spec.pools()) {
            used += (long) pool.replicas() * pool.parallel().accelerators();
        }
        if (used > spec.cluster().accelerators()) {
            throw new InfeasibleRunException("the pools need " + used + " accelerators but " + spec.cluster().name()
                    + " has " + spec.cluster().accelerators());
        }
        return spec;
    }
}
