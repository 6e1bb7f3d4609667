package org.fabricsim.dsl.validation;

import java.util.Map;
import java.util.function.Function;

import org.eclipse.emf.ecore.EObject;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.topology.GraphEstimate;

/**
 * The specs the design checks analyse, mapped through the one {@link SpecMapper} and cached for
 * one validation run (in the validator's context map, so several checks share one mapping).
 *
 * <p>A half-typed model (a missing value, an unresolved name) cannot be mapped: the mapper assumes
 * what the other validators and the linker check, and may throw. Such an element yields
 * {@code null} and the design checks skip it; the syntax, linking and value diagnostics already say
 * what is missing. The language server therefore survives any text.
 */
final class CheckedSpecs {
    private CheckedSpecs() {
    }

    /** The cluster's spec, or null when the cluster is not complete enough to map. */
    static ClusterSpec cluster(SpecMapper mapper, Map<Object, Object> context, Cluster cluster) {
        return cached(context, cluster, "cluster", c -> counted(mapper.toCluster(c)));
    }

    /** The collective benchmark's spec, or null when it is not complete enough to map or benchmarks kernels. */
    static CollectiveBenchmarkSpec benchmark(SpecMapper mapper, Map<Object, Object> context, Benchmark benchmark) {
        return benchmark.getExpertParallel() != null ? null
                : cached(context, benchmark, "benchmark", mapper::toBenchmark);
    }

    /** The training job's spec, or null when it is not complete enough to map. */
    static TrainingSpec training(SpecMapper mapper, Map<Object, Object> context, Training training) {
        return cached(context, training, "training", t -> {
            TrainingSpec spec = mapper.toTraining(t);
            counted(spec.cluster());
            return spec;
        });
    }

    /** The inference deployment's spec, or null when it is not complete enough to map. */
    static InferenceSpec inference(SpecMapper mapper, Map<Object, Object> context, Inference inference) {
        return cached(context, inference, "inference", i -> {
            InferenceSpec spec = mapper.toInference(i);
            counted(spec.cluster());
            return spec;
        });
    }

    /** The calibration profile, or null when it is not complete enough to map. */
    static CalibrationProfile calibration(SpecMapper mapper, Map<Object, Object> context, Calibration calibration) {
        return cached(context, calibration, "calibration", mapper::toCalibration);
    }

    /**
     * {@code cluster}, whose accelerators the checks count: a cluster of more than 2^31 - 1 accelerators
     * (the counts validator refuses its numbers) throws here, so that no check overflows on it (issue 21).
     */
    private static ClusterSpec counted(ClusterSpec cluster) {
        cluster.accelerators();
        return cluster;
    }

    /**
     * Whether a check may build {@code cluster}'s graph to ask the engine about it: its {@link GraphEstimate} is
     * within half the heap ({@link HeapAdvice#graphShareBytes}, which says why half: the editor keeps about a
     * third of the heap for its documents). A larger graph (a benchmark over 99,999,999 nodes) is left to the run,
     * which refuses one that does not fit its heap with its size and fix, instead of the editor running out of
     * memory.
     * O(tiers).
     */
    static boolean buildable(ClusterSpec cluster) {
        return GraphEstimate.of(cluster).fits(HeapAdvice.graphShareBytes(Runtime.getRuntime().maxMemory()));
    }

    /** A mapping-only key, so that the cache does not collide with other users of the context map. */
    private record Key(String kind, EObject element) {
    }

    /** Stands for "could not map" in the cache. */
    private static final Object UNMAPPABLE = new Object();

    /**
     * What {@code map} gives for {@code element}, computed once per validation run and kind (null when it
     * throws on an incomplete model); every call when there is no context.
     */
    @SuppressWarnings("unchecked")
    static <E extends EObject, S> S cached(Map<Object, Object> context, E element, String kind,
            Function<E, S> map) {
        if (element == null || element.eIsProxy()) {
            return null;
        }
        Key key = new Key(kind, element);
        Object spec = context == null ? null : context.get(key);
        if (spec == null) {
            spec = mapOrNull(element, map);
            if (context != null) {
                context.put(key, spec == null ? UNMAPPABLE : spec);
            }
        }
        return spec == UNMAPPABLE ? null : (S) spec;
    }

    private static <E, S> Object mapOrNull(E element, Function<E, S> map) {
        try {
            return map.apply(element);
        } catch (RuntimeException incomplete) {
            // an incomplete model: its syntax or linking errors already tell the user what to write
            return null;
        }
    }
}
