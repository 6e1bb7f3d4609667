package org.fabricsim.runtime.spec;

import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.network.NetworkKind;

/**
 * An nccl-tests-style benchmark: one collective over the accelerators of {@code nodes} nodes of a
 * cluster, at each of the given message sizes.
 *
 * @param name        the benchmark's qualified name
 * @param cluster     where it runs
 * @param nodes       how many of the cluster's nodes take part
 * @param accelerators how many accelerators take part: the first {@code accelerators} of those nodes,
 *                    all of them when 0 (a sub-node benchmark runs on k accelerators of one node)
 * @param operation   the collective
 * @param algorithm   the built-in algorithm that implements it, not {@link Algorithm#PHASED} (unused when
 *                    {@code phases} are given)
 * @param protocol    NCCL's protocol, or {@link Protocol#AUTO} for NCCL's choice per size
 * @param channels    parallel channels (rings) the algorithm uses, or 0 for the count NCCL would pick
 *                    ({@link org.fabricsim.runtime.collective.NcclChannels})
 * @param sizesBytes  message sizes in bytes, in the order they are reported
 * @param phases      a user-defined collective's phases, run in order instead of {@code algorithm};
 *                    empty for a built-in algorithm
 * @param harness     how a call is timed: as nccl-tests does (host cost hidden) or as one synchronised
 *                    framework call (host cost included)
 * @param network     the network model the collective runs on: the flow model unless the benchmark or its
 *                    study says {@code network packet} (or {@code analytical})
 * @param over        the cluster's network its traffic between scale-up domains crosses: the scale-out
 *                    fabric, or ({@code over data-centre}) the data-centre network, which the cluster must have
 * @param gpusPerThread the GPUs each nccl-tests thread drives ({@code -g}; 1, one process per GPU, as {@code mpirun -np
 *                    N} runs it): more only under {@link Harness#NCCL_TESTS}, dividing the ranks on each node
 */
public record CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, int accelerators,
        CollectiveOperation operation, Algorithm algorithm, Protocol protocol, int channels, List<Long> sizesBytes,
        List<CollectivePhase> phases, Harness harness, NetworkKind network, NetworkPlacement over, int gpusPerThread)
        implements WorkloadSpec {

    public CollectiveBenchmarkSpec {
        Specs.requireName(name);
        if (cluster == null || operation == null || algorithm == null || protocol == null || harness == null
                || network == null || over == null) {
            throw new IllegalArgumentException("a benchmark needs a cluster, an operation, an algorithm, a protocol,"
                    + " a harness, a network model and the network it runs over");
        }
        if (over == NetworkPlacement.DATA_CENTRE && cluster.dataCentre() == null) {
            throw new IllegalArgumentException("benchmark " + name + " runs over a data-centre network, but cluster "
                    + cluster.name() + " has none");
        }
        if (algorithm == Algorithm.PHASED) {
            throw new IllegalArgumentException("a benchmark names a built-in algorithm; phases make a custom one");
        }
        Specs.requirePositive("nodes", nodes);
        Specs.requireNonNegative("channels", channels);
        Specs.requireNonNegative("accelerators", accelerators);
        if (accelerators > Math.multiplyExact(nodes, cluster.acceleratorsPerNode())) {
            throw new IllegalArgumentException("a benchmark on " + nodes + " nodes of " + cluster.acceleratorsPerNode()
                    + " accelerators runs on at most " + nodes * cluster.acceleratorsPerNode() + " accelerators, not "
                    + accelerators);
        }
        sizesBytes = List.copyOf(sizesBytes);
        if (sizesBytes.isEmpty()) {
            throw new IllegalArgumentException("a benchmark needs at least one size");
        }
        sizesBytes.forEach(size -> Specs.requirePositive("size", size));
        phases = List.copyOf(phases);
        Specs.requirePositive("gpus per thread", gpusPerThread);
        int ranksPerNode = Math.min(accelerators > 0 ? accelerators : cluster.acceleratorsPerNode(),
                cluster.acceleratorsPerNode());
        if (gpusPerThread > 1 && (harness != Harness.NCCL_TESTS || ranksPerNode % gpusPerThread != 0)) {
            throw new IllegalArgumentException("benchmark " + name + ": a thread drives GPUs of one node under"
                    + " nccl-tests, so " + gpusPerThread + " GPUs per thread must divide the " + ranksPerNode
                    + " ranks on each node and the harness be nccl-tests, not " + harness.label());
        }
    }

    /** A benchmark of one process per GPU. */
    public CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, int accelerators,
            CollectiveOperation operation, Algorithm algorithm, Protocol protocol, int channels, List<Long> sizesBytes,
            List<CollectivePhase> phases, Harness harness, NetworkKind network, NetworkPlacement over) {
        this(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels, sizesBytes, phases,
                harness, network, over, 1);
    }

    /** A benchmark over the cluster's scale-out fabric. */
    public CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, int accelerators,
            CollectiveOperation operation, Algorithm algorithm, Protocol protocol, int channels, List<Long> sizesBytes,
            List<CollectivePhase> phases, Harness harness, NetworkKind network) {
        this(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels, sizesBytes, phases,
                harness, network, NetworkPlacement.SCALE_OUT);
    }

    /** A benchmark on the flow model. */
    public CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, int accelerators,
            CollectiveOperation operation, Algorithm algorithm, Protocol protocol, int channels, List<Long> sizesBytes,
            List<CollectivePhase> phases, Harness harness) {
        this(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels, sizesBytes, phases,
                harness, NetworkKind.MAX_MIN);
    }

    /** A benchmark timed as nccl-tests times it. */
    public CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, int accelerators,
            CollectiveOperation operation, Algorithm algorithm, Protocol protocol, int channels, List<Long> sizesBytes,
            List<CollectivePhase> phases) {
        this(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels, sizesBytes, phases,
                Harness.NCCL_TESTS);
    }

    /** A benchmark of a built-in algorithm over every accelerator of its nodes, NCCL choosing the protocol. */
    public CollectiveBenchmarkSpec(String name, ClusterSpec cluster, int nodes, CollectiveOperation operation,
            Algorithm algorithm, int channels, List<Long> sizesBytes) {
        this(name, cluster, nodes, 0, operation, algorithm, Protocol.AUTO, channels, sizesBytes, List.of());
    }

    /** Accelerators taking part: the ranks of the collective. */
    public int ranks() {
        return accelerators > 0 ? accelerators : Math.multiplyExact(nodes, cluster.acceleratorsPerNode());
    }

    /**
     * The cluster of its first {@code nodes} nodes as the collective's routing sees it: over the data-centre
     * network, that network in the scale-out fabric's place (its routing, fabric and switches).
     */
    public ClusterSpec routedCluster() {
        ClusterSpec used = cluster.withNodes(nodes);
        return over == NetworkPlacement.SCALE_OUT ? used
                : used.withScaleOut(cluster.dataCentre().network()).withDataCentre(null);
    }

    /** This benchmark on {@code other}, with the same nodes. */
    public CollectiveBenchmarkSpec withCluster(ClusterSpec other) {
        return new CollectiveBenchmarkSpec(name, other, nodes, accelerators, operation, algorithm, protocol, channels,
                sizesBytes, phases, harness, network, over, gpusPerThread);
    }

    /** This benchmark at {@code sizes}. */
    public CollectiveBenchmarkSpec withSizes(List<Long> sizes) {
        return new CollectiveBenchmarkSpec(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels,
                sizes, phases, harness, network, over, gpusPerThread);
    }

    /** This benchmark on the network model {@code kind}. */
    public CollectiveBenchmarkSpec withNetwork(NetworkKind kind) {
        return new CollectiveBenchmarkSpec(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels,
                sizesBytes, phases, harness, kind, over, gpusPerThread);
    }

    /** This benchmark with {@code value} and {@code count} channels in place of its algorithm and channels. */
    public CollectiveBenchmarkSpec withAlgorithm(Algorithm value, int count) {
        return new CollectiveBenchmarkSpec(name, cluster, nodes, accelerators, operation, value, protocol, count,
                sizesBytes, phases, harness, network, over, gpusPerThread);
    }

    /** This benchmark with each nccl-tests thread driving {@code count} GPUs ({@link #gpusPerThread}). */
    public CollectiveBenchmarkSpec withGpusPerThread(int count) {
        return new CollectiveBenchmarkSpec(name, cluster, nodes, accelerators, operation, algorithm, protocol, channels,
                sizesBytes, phases, harness, network, over, count);
    }
}
