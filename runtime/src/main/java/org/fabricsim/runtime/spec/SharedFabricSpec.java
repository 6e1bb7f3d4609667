package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * Workloads that share one cluster's fabric, each on its own nodes (the language's {@code share}).
 * A job is a collective benchmark (run at its largest size), a training job (one step) or a
 * serving deployment, on its nodes of {@code cluster}.
 *
 * @param name     the qualified name
 * @param cluster  the cluster they share
 * @param jobs     the jobs, in the order the switches grant in-network aggregation trees
 */
public record SharedFabricSpec(String name, ClusterSpec cluster, List<SharedFabricSpec.Job> jobs)
        implements WorkloadSpec {

    public SharedFabricSpec {
        Specs.requireName(name);
        if (cluster == null || jobs == null || jobs.isEmpty()) {
            throw new IllegalArgumentException("a shared cluster needs a cluster and at least one job");
        }
        jobs = List.copyOf(jobs);
    }

    /**
     * One job.
     *
     * @param workload the collective benchmark, training job or serving deployment it runs
     * @param nodes    the cluster's nodes it runs on, in rank order
     */
    public record Job(WorkloadSpec workload, List<Integer> nodes) {
        public Job {
            if (!(workload instanceof CollectiveBenchmarkSpec || workload instanceof TrainingSpec
                    || workload instanceof InferenceSpec) || nodes == null || nodes.isEmpty()) {
                throw new IllegalArgumentException("a job needs a collective benchmark, a training job or a serving"
                        + " deployment, and at least one node");
            }
            nodes = List.copyOf(nodes);
        }
    }
}
