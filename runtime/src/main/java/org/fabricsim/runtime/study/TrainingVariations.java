package org.fabricsim.runtime.study;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/**
 * A training job's variations ({@link Variations#apply}): degrees of parallelism (the job then uses
 * TP × PP × DP × CP accelerators), micro-batch, sequence, batch, precision, schedule, virtual stages,
 * sharding, recompute, MoE routing, model, and the cluster with its fabric and oversubscription.
 */
final class TrainingVariations {
    private TrainingVariations() {
    }

    static TrainingSpec apply(TrainingSpec t, Parameter parameter, Object value) {
        TrainingDraft d = new TrainingDraft(t);
        ParallelismSpec p = t.parallel();
        switch (parameter) {
            case TENSOR -> d.degrees(Variations.whole(parameter, value), p.pipeline(), p.data(), p.context());
            case PIPELINE -> d.degrees(p.tensor(), Variations.whole(parameter, value), p.data(), p.context());
            case DATA -> d.degrees(p.tensor(), p.pipeline(), Variations.whole(parameter, value), p.context());
            case CONTEXT -> d.degrees(p.tensor(), p.pipeline(), p.data(), Variations.whole(parameter, value));
            case EXPERT -> d.parallel = p.withDegrees(p.tensor(), p.pipeline(), p.data(), p.context(),
                    Variations.whole(parameter, value));
            case CAPACITY_FACTOR, ROUTING_SKEW -> d.parallel = Variations.routing(p, parameter, value);
            case MICRO_BATCH -> d.microBatch = Variations.whole(parameter, value);
            case SEQUENCE -> d.sequence = Variations.whole(parameter, value);
            case BATCH -> d.batch = Variations.whole(parameter, value);
            case PRECISION -> d.precision = Knobs.constant(parameter, value, Precision.class);
            case SCHEDULE -> d.schedule = Knobs.schedule(value);
            case VIRTUAL_STAGES -> d.virtualStages = Variations.whole(parameter, value);
            case SHARDING -> d.sharding = Knobs.constant(parameter, value, TrainingSpec.Sharding.class);
            case RECOMPUTE -> d.recompute = Knobs.constant(parameter, value, TrainingSpec.Recompute.class);
            case MODEL -> d.model = Variations.spec(parameter, value, TransformerSpec.class);
            case CLUSTER, FABRIC, OVERSUBSCRIPTION -> d.cluster = ClusterVariations.apply(t.cluster(), parameter, value);
            default -> throw Variations.unsupported(parameter, "a training job");
        }
        requireFits(d.accelerators, d.cluster);
        return d.build();
    }

    private static void requireFits(int accelerators, ClusterSpec cluster) {
        if (accelerators > cluster.accelerators()) {
            throw new InfeasibleRunException("needs " + accelerators + " accelerators but " + cluster.name() + " has "
                    + cluster.accelerators());
        }
    }
}
