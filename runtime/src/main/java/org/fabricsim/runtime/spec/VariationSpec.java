package org.fabricsim.runtime.spec;

import java.util.List;

import org.fabricsim.runtime.sim.Keywords;

/**
 * One axis of a study's sweep: a parameter of the simulated workload and the values it takes. A
 * study runs the Cartesian product of its axes; {@code org.fabricsim.runtime.study.Variations}
 * applies a value to a workload.
 *
 * @param parameter what varies
 * @param values    the values, in the order written: numbers ({@link Long} for whole numbers,
 *                  {@link Double} for quantities in base units, such as requests per second for
 *                  {@code vary rate}), specs (a {@link ClusterSpec} for {@code vary cluster}, a
 *                  {@link TransformerSpec} for {@code vary model}), or the qualified name of a
 *                  referenced definition the runtime has no spec for
 */
public record VariationSpec(Parameter parameter, List<Object> values) {

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

    /** The parameters a study can vary, as written after {@code vary}. */
    public enum Parameter {
        TENSOR, PIPELINE, DATA, CONTEXT, EXPERT, MICRO_BATCH, SEQUENCE, BATCH, CLUSTER, MODEL, SCHEDULE, SHARDING,
        RECOMPUTE, PRECISION, ALGORITHM, CAPACITY_FACTOR, ROUTING_SKEW,
        /** The Poisson arrival rate of an inference deployment, in requests per second. */
        RATE;

        /** The keyword as written in the model, e.g. {@code micro-batch}. */
        public String label() {
            return Keywords.of(this);
        }
    }
}
