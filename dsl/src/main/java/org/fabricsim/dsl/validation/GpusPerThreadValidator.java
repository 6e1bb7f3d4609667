package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.BenchmarkHarness;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * nccl-tests' {@code -g} on a benchmark ({@code harness nccl-tests gpus-per-thread 8}): one thread of one process
 * drives that many GPUs of its node, launching their kernels of each call in turn, so the count is at least 1 and
 * divides the benchmark's ranks on each node; and only nccl-tests has such a thread (a framework call runs one
 * process per GPU, the ideal harness no host at all). An expert-parallel benchmark takes no harness
 * ({@link ExpertKernelValidator}).
 */
public class GpusPerThreadValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkGpusPerThreadHarness(Benchmark benchmark) {
        if (!Written.written(benchmark, Literals.BENCHMARK__GPUS_PER_THREAD)
                || benchmark.getHarness() == BenchmarkHarness.NCCL_TESTS || benchmark.getExpertParallel() != null) {
            return;
        }
        error("'gpus-per-thread' is nccl-tests' -g, the GPUs one thread launches kernels for; the "
                + benchmark.getHarness().getLiteral() + " harness has no such thread ("
                + (benchmark.getHarness() == BenchmarkHarness.IDEAL ? "no host at all"
                        : "a framework runs one process per GPU")
                + "): write 'harness nccl-tests gpus-per-thread " + benchmark.getGpusPerThread()
                + "', or remove 'gpus-per-thread'.", benchmark, Literals.BENCHMARK__GPUS_PER_THREAD,
                IssueCodes.GPUS_PER_THREAD_HARNESS);
    }

    @Check
    public void checkGpusPerThreadDivideTheNode(Benchmark benchmark) {
        if (!Written.written(benchmark, Literals.BENCHMARK__GPUS_PER_THREAD) || benchmark.getExpertParallel() != null) {
            return;
        }
        int gpusPerThread = benchmark.getGpusPerThread();
        if (gpusPerThread < 1) {
            error("A thread drives at least one GPU, not 0: write 'gpus-per-thread 1' (one process per GPU, as mpirun"
                    + " -np N runs nccl-tests) or more.", benchmark, Literals.BENCHMARK__GPUS_PER_THREAD,
                    IssueCodes.GPUS_PER_THREAD, "1");
            return;
        }
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), benchmark.getCluster());
        if (cluster == null) {
            return;
        }
        int perNode = Math.min(mapper.benchmarkAccelerators(benchmark, cluster), cluster.acceleratorsPerNode());
        if (perNode % gpusPerThread != 0) {
            error("One thread drives GPUs of one node, so " + gpusPerThread + " GPUs per thread must divide the "
                    + perNode + " ranks the benchmark runs on each node: write a divisor of " + perNode + " ("
                    + perNode + " for one process per node, 1 for one per GPU).", benchmark,
                    Literals.BENCHMARK__GPUS_PER_THREAD, IssueCodes.GPUS_PER_THREAD, String.valueOf(perNode));
        }
    }
}
