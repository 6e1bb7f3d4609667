package org.fabricsim.dsl.mapping;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.DispatchPrecision;
import org.fabricsim.dsl.fabric.ExpertKernelMode;
import org.fabricsim.dsl.fabric.ExpertParallel;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.NetworkBackend;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.collective.ExpertKernels;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.PhaseScope;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;

import com.google.inject.Inject;

/**
 * The benchmark part of {@link SpecMapper}'s workloads: collective benchmarks (an operation and
 * algorithm, or a custom collective of phases, over sizes as written or swept by a factor) and
 * DeepEP-style expert-kernel benchmarks, with the nodes and accelerators they run on.
 */
final class BenchmarkMapper {
    /** The default factor between successive sizes of a {@code sizes A to B} sweep, as in nccl-tests -f 2. */
    private static final int DEFAULT_SIZE_FACTOR = 2;

    @Inject
    private SpecNames names;
    @Inject
    private ClusterMapper clusters;

    CollectiveBenchmarkSpec toBenchmark(Benchmark benchmark) {
        ClusterSpec cluster = cluster(benchmark);
        boolean custom = benchmark.getCollective() != null;
        CollectiveOperation operation = CollectiveOperation.valueOf(custom
                ? benchmark.getCollective().getOperation().getName() : benchmark.getOperation().getName());
        Algorithm algorithm = custom ? Algorithm.AUTO : Algorithm.valueOf(benchmark.getAlgorithm().getName());
        List<CollectivePhase> phases = new ArrayList<>();
        if (custom) {
            for (Phase phase : benchmark.getCollective().getPhases()) {
                phases.add(new CollectivePhase(CollectiveOperation.valueOf(phase.getOperation().getName()),
                        Algorithm.valueOf(phase.getAlgorithm().getName()),
                        PhaseScope.valueOf(phase.getScope().getName())));
            }
        }
        return new CollectiveBenchmarkSpec(names.qualifiedName(benchmark), cluster, nodes(benchmark, cluster),
                benchmark.getAccelerators(), operation, algorithm, Protocol.valueOf(benchmark.getProtocol().getName()),
                benchmark.getChannels(), sizes(benchmark), phases,
                Harness.valueOf(benchmark.getHarness().getName()), networkKind(benchmark.getNetwork()),
                NetworkPlacement.valueOf(benchmark.getOver().getName()), gpusPerThread(benchmark));
    }

    /** The GPUs each nccl-tests thread drives ({@code gpus-per-thread}, its {@code -g}): 1 unless written. */
    static int gpusPerThread(Benchmark benchmark) {
        return benchmark.getGpusPerThread() > 0 ? benchmark.getGpusPerThread() : 1;
    }

    /** The runtime's network model for a {@code network} choice ({@code flow}, the default, is the max-min model). */
    static NetworkKind networkKind(NetworkBackend network) {
        return NetworkKind.ofLabel(network.getLiteral()).orElseThrow();
    }

    /** A benchmark of DeepEP-style kernels ({@code expert-parallel ...}); dispatch is FP8 unless written BF16. */
    ExpertKernelBenchmarkSpec toExpertKernelBenchmark(Benchmark benchmark) {
        ClusterSpec cluster = cluster(benchmark);
        ExpertParallel ep = benchmark.getExpertParallel();
        ExpertKernels kernels = new ExpertKernels(ep.getKernels() == ExpertKernelMode.LOW_LATENCY, ep.getTokens(),
                ep.getHidden(), ep.getTopK(), ep.getExperts(), ep.getDispatch() == DispatchPrecision.FP8);
        return new ExpertKernelBenchmarkSpec(names.qualifiedName(benchmark), cluster, nodes(benchmark, cluster),
                benchmark.getAccelerators(), kernels);
    }

    /** The cluster a benchmark runs on: its {@code slice}, wired by the optical circuit switches, when it names one. */
    ClusterSpec cluster(Benchmark benchmark) {
        ClusterSpec cluster = clusters.toCluster(benchmark.getCluster());
        return benchmark.getSlice().isEmpty() ? cluster : cluster.withSlice(List.copyOf(benchmark.getSlice()));
    }

    /** The accelerators a benchmark runs on: those written, else every accelerator of its nodes. */
    int benchmarkAccelerators(Benchmark benchmark, ClusterSpec cluster) {
        return benchmark.getAccelerators() > 0 ? benchmark.getAccelerators()
                : Math.multiplyExact(nodes(benchmark, cluster), cluster.acceleratorsPerNode());
    }

    /**
     * The nodes a benchmark runs on: one for a sub-node benchmark, else those written, else those its slice fills,
     * else the cluster's.
     */
    private static int nodes(Benchmark benchmark, ClusterSpec cluster) {
        if (!benchmark.getSlice().isEmpty()) {
            return benchmark.getSlice().stream().reduce(1, Math::multiplyExact) / cluster.acceleratorsPerNode();
        }
        return benchmark.getAccelerators() > 0 ? 1 : benchmark.getNodes() > 0 ? benchmark.getNodes() : cluster.nodes();
    }

    /** The sizes as written, or the sweep from the first size up to {@code upTo}, multiplying by the factor. */
    private static List<Long> sizes(Benchmark benchmark) {
        List<Long> sizes = new ArrayList<>();
        if (benchmark.getUpTo() == null) {
            benchmark.getSizes().forEach(size -> sizes.add(Units.bytes(size)));
            return sizes;
        }
        long factor = Written.written(benchmark, Literals.BENCHMARK__FACTOR) ? benchmark.getFactor()
                : DEFAULT_SIZE_FACTOR;
        if (factor < 2) {
            throw new IllegalArgumentException("a sweep's factor is at least 2, not " + factor);
        }
        long last = Units.bytes(benchmark.getUpTo());
        if (Units.bytes(benchmark.getSizes().get(0)) < 1) {
            throw new IllegalArgumentException("a sweep starts at a size of at least one byte");
        }
        for (long size = Units.bytes(benchmark.getSizes().get(0)); size <= last; size = Math.multiplyExact(size, factor)) {
            sizes.add(size);
        }
        return sizes;
    }
}
