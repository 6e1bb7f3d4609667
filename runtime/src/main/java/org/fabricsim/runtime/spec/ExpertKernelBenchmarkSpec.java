package org.fabricsim.runtime.spec;

import org.fabricsim.runtime.collective.ExpertKernels;

/**
 * A DeepEP-style benchmark of expert-parallel kernels: dispatch and combine over the accelerators
 * of {@code nodes} nodes of a cluster, one expert-parallel rank per accelerator.
 *
 * @param name         the benchmark's qualified name
 * @param cluster      where it runs
 * @param nodes        how many of the cluster's nodes take part
 * @param accelerators how many accelerators take part: the first {@code accelerators} of those
 *                     nodes, all of them when 0
 * @param kernels      the kernels and their tokens, hidden size, top-k, experts and dispatch precision
 */
public record ExpertKernelBenchmarkSpec(String name, ClusterSpec cluster, int nodes, int accelerators,
        ExpertKernels kernels) implements WorkloadSpec {

    public ExpertKernelBenchmarkSpec {
        Specs.requireName(name);
        if (cluster == null || kernels == null) {
            throw new IllegalArgumentException("an expert-kernel benchmark needs a cluster and its kernels");
        }
        Specs.requirePositive("nodes", nodes);
        Specs.requireNonNegative("accelerators", accelerators);
        if (nodes > cluster.nodes()) {
            throw new IllegalArgumentException("the benchmark uses " + nodes + " nodes but " + cluster.name()
                    + " has " + cluster.nodes());
        }
        if (accelerators > Math.multiplyExact(nodes, cluster.acceleratorsPerNode())) {
            throw new IllegalArgumentException("a benchmark on " + nodes + " nodes of " + cluster.acceleratorsPerNode()
                    + " accelerators runs on at most " + nodes * cluster.acceleratorsPerNode() + " accelerators, not "
                    + accelerators);
        }
        if (kernels.experts() % ranks(nodes, accelerators, cluster) != 0) {
            throw new IllegalArgumentException(kernels.experts() + " experts do not divide over "
                    + ranks(nodes, accelerators, cluster) + " accelerators");
        }
    }

    /** Accelerators taking part: the expert-parallel ranks. */
    public int ranks() {
        return ranks(nodes, accelerators, cluster);
    }

    private static int ranks(int nodes, int accelerators, ClusterSpec cluster) {
        return accelerators > 0 ? accelerators : Math.multiplyExact(nodes, cluster.acceleratorsPerNode());
    }
}
