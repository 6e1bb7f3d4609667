package org.fabricsim.dsl.model;

import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/** What a written study and its workload name. */
public final class Studies {
    private Studies() {
    }

    /** The parameter {@code variation} ({@code vary tensor ...}) sets. */
    public static Parameter parameter(Variation variation) {
        return Parameter.valueOf(variation.getParameter().getName());
    }

    /** Whether {@code study} has a {@code vary} of {@code parameter}. O(axes). */
    public static boolean varies(Study study, Parameter parameter) {
        return study.getVariations().stream().anyMatch(v -> parameter(v) == parameter);
    }

    /** The cluster {@code workload} runs on: a benchmark's, a training job's or a deployment's; else null. */
    public static Cluster cluster(Workload workload) {
        return workload instanceof Training training ? training.getCluster()
                : workload instanceof Inference inference ? inference.getCluster()
                : workload instanceof Benchmark benchmark ? benchmark.getCluster() : null;
    }
}
