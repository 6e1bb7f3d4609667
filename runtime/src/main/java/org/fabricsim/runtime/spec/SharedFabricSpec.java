package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * Workloads that share one cluster's fabric, each on its own nodes (the language's {@code share}).
 * Each job is a collective benchmark, run at its largest size on its nodes of {@code cluster}.
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
     * @param benchmark the collective it runs
     * @param nodes     the cluster's nodes it runs on, in rank order
     */
    public record Job(CollectiveBenchmarkSpec benchmark, List<Integer> nodes) {
        public Job {
            if (benchmark == null || nodes == null || nodes.isEmpty()) {
                throw new IllegalArgumentException("a job needs a benchmark and at least one node");
            }
            nodes = List.copyOf(nodes);
        }
    }
}
