package org.fabricsim.runtime.spec;

/** A workload the simulator can run; each produces one run result. */
public sealed interface WorkloadSpec
        permits CollectiveBenchmarkSpec, ExpertKernelBenchmarkSpec, TrainingSpec, InferenceSpec, SharedFabricSpec {
    /** The workload's qualified name, as written in the model. */
    String name();

    /** The cluster it runs on. */
    ClusterSpec cluster();
}
