package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * An nccl-tests-style benchmark: one collective over every accelerator of a cluster, at each of
 * the given message sizes.
 *
 * @param name      the benchmark's qualified name
 * @param cluster   where it runs
 * @param operation the collective
 * @param algorithm the algorithm that implements it
 * @param sizesBytes message sizes in bytes, in the order they are reported
 */
public record CollectiveBenchmarkSpec(String name, ClusterSpec cluster, CollectiveOp operation,
        CollectiveAlgorithm algorithm, List<Long> sizesBytes) implements WorkloadSpec {

    public CollectiveBenchmarkSpec {
        Specs.requireName(name);
        if (cluster == null || operation == null || algorithm == null) {
            throw new IllegalArgumentException("a benchmark needs a cluster, an operation and an algorithm");
        }
        sizesBytes = List.copyOf(sizesBytes);
        if (sizesBytes.isEmpty()) {
            throw new IllegalArgumentException("a benchmark needs at least one size");
        }
        sizesBytes.forEach(size -> Specs.requirePositive("size", size));
    }
}
