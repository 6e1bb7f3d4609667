package org.fabricsim.runtime.spec;

import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;

/**
 * An nccl-tests-style benchmark: one collective over the accelerators of {@code nodes} nodes of a
 * cluster, at each of the given message sizes.
 *
 * @param name        the benchmark's qualified name
 * @param cluster     where it runs
 * @param nodes       how many of the cluster's nodes take part
 * @param operation   the collective
 * @param algorithm   the built-in algorithm that implements it, not {@link Algorithm#PHASED} (unused when
 *                    {@code phases} are given)
 * @param channels    parallel channels (rings) the algorithm uses
 * @param sizesBytes  message sizes in bytes, in the order they are reported
 * @param phases      a user-defined collective's phases, run in order instead of {@code algorithm};
 *                    empty for a built-in algorithm
 */
public record CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, CollectiveOperation operation,
        Algorithm algorithm, int channels, List<Long> sizesBytes, List<CollectivePhase> phases)
        implements WorkloadSpec {

    public CollectiveBenchmarkSpec {
        Specs.requireName(name);
        if (cluster == null || operation == null || algorithm == null) {
            throw new IllegalArgumentException("a benchmark needs a cluster, an operation and an algorithm");
        }
        if (algorithm == Algorithm.PHASED) {
            throw new IllegalArgumentException("a benchmark names a built-in algorithm; phases make a custom one");
        }
        Specs.requirePositive("nodes", nodes);
        Specs.requirePositive("channels", channels);
        sizesBytes = List.copyOf(sizesBytes);
        if (sizesBytes.isEmpty()) {
            throw new IllegalArgumentException("a benchmark needs at least one size");
        }
        sizesBytes.forEach(size -> Specs.requirePositive("size", size));
        phases = List.copyOf(phases);
    }

    /** A benchmark of a built-in algorithm. */
    public CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, CollectiveOperation operation,
            Algorithm algorithm, int channels, List<Long> sizesBytes) {
        this(name, cluster, nodes, operation, algorithm, channels, sizesBytes, List.of());
    }

    /** Accelerators taking part: the ranks of the collective. */
    public int ranks() {
        return Math.multiplyExact(nodes, cluster.acceleratorsPerNode());
    }
}
