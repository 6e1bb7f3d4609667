package org.fabricsim.runtime.spec;

import java.util.List;

import org.fabricsim.runtime.sim.Keywords;

/**
 * One axis of a study's sweep: a parameter of the simulated workload and the values it takes. A
 * study runs the Cartesian product of its axes; {@code org.fabricsim.runtime.study.Variations}
 * applies a value to a workload.
 *
 * @param parameter what varies
 * @param pool      the role of the inference pools whose parameter varies ({@code vary decode replicas}),
 *                  or null for every pool and for parameters that are not a pool's
 * @param values    the values, in the order written: numbers ({@link Long} for whole numbers,
 *                  {@link Double} for quantities in base units, such as requests per second for
 *                  {@code vary rate}), specs (a {@link ClusterSpec} for {@code vary cluster}, a
 *                  {@link TransformerSpec} for {@code vary model}), or the qualified name of a
 *                  referenced definition the runtime has no spec for
 */
public record VariationSpec(Parameter parameter, InferenceSpec.Role pool, List<Object> values) {

    /** An axis of a parameter that is not one pool's. */
    public VariationSpec(Parameter parameter, List<Object> values) {
        this(parameter, null, values);
    }

    public VariationSpec {
        if (parameter == null) {
            throw new IllegalArgumentException("a variation needs a parameter");
        }
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a variation needs at least one value");
        }
        for (Object value : values) {
            if (!(value instanceof Long || value instanceof Double || value instanceof String
                    || value instanceof Record)) {
                throw new IllegalArgumentException("a variation value is a number, a spec or a name, not " + value);
            }
        }
    }

    /** The axis as written after {@code vary}: {@code decode replicas}, {@code tensor}. */
    public String label() {
        return pool == null ? parameter.label() : Keywords.of(pool) + " " + parameter.label();
    }

    /** The parameters a study can vary, as written after {@code vary}. */
    public enum Parameter {
        TENSOR, PIPELINE, DATA, CONTEXT, EXPERT, MICRO_BATCH, SEQUENCE, BATCH, CLUSTER, MODEL, SCHEDULE, SHARDING,
        RECOMPUTE, PRECISION, ALGORITHM, CAPACITY_FACTOR, ROUTING_SKEW,
        /** The Poisson arrival rate of an inference deployment, in requests per second. */
        RATE, VIRTUAL_STAGES, CHANNELS,
        /** The scale-out fabric of the cluster, on the same topology. */
        FABRIC,
        /** Downlink over uplink bandwidth at the topology's highest tier with uplinks (x for x:1). */
        OVERSUBSCRIPTION, REPLICAS, MAX_BATCH_TOKENS, MAX_SEQUENCES,
        /** The clients of an inference deployment's closed loop: its concurrency. */
        CLIENTS;

        /** The keyword as written in the model, e.g. {@code micro-batch}. */
        public String label() {
            return Keywords.of(this);
        }
    }
}
