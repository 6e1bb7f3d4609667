package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * An nccl-tests-style benchmark: one collective over the accelerators of {@code nodes} nodes of a
 * cluster, at each of the given message sizes.
 *
 * @param name        the benchmark's qualified name
 * @param cluster     where it runs
 * @param nodes       how many of the cluster's nodes take part
 * @param operation   the collective
 * @param algorithm   the algorithm that implements it
 * @param channels    parallel channels (rings) the algorithm uses
 * @param sizesBytes  message sizes in bytes, in the order they are reported
 */
public record CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, CollectiveOp operation,
        CollectiveAlgorithm algorithm, int channels, List<Long> sizesBytes) implements WorkloadSpec {

    public CollectiveBenchmarkSpec {
        Specs.requireName(name);
        if (cluster == null || operation == null || algorithm == null) {
            throw new IllegalArgumentException("a benchmark needs a cluster, an operation and an algorithm");
        }
        Specs.requirePositive("nodes", nodes);
        Specs.requirePositive("channels", channels);
        sizesBytes = List.copyOf(sizesBytes);
        if (sizesBytes.isEmpty()) {
            throw new IllegalArgumentException("a benchmark needs at least one size");
        }
        sizesBytes.forEach(size -> Specs.requirePositive("size", size));
    }

    /** Accelerators taking part: the ranks of the collective. */
    public int ranks() {
        return Math.multiplyExact(nodes, cluster.acceleratorsPerNode());
    }
}
