package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.ExpertParallel;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * An expert-parallel benchmark ({@code expert-parallel low-latency tokens 128 ...}) as DeepEP runs
 * it: no message sizes, protocol, channels, harness or network to run over (the kernels fix their
 * traffic, transport and timing), experts spread evenly over the benchmark's accelerators (checked only on a benchmark within
 * its cluster, since {@link BenchmarkCollectiveValidator} refuses more nodes than the cluster has), and
 * each token's top-k between 1 and the experts.
 * Tokens and hidden size are counts ({@link HardwareCountsValidator}).
 */
public class ExpertKernelValidator extends FabricCheck {
    private static final List<EStructuralFeature> COLLECTIVE_SETTINGS = List.of(Literals.BENCHMARK__SIZES,
            Literals.BENCHMARK__PROTOCOL, Literals.BENCHMARK__CHANNELS, Literals.BENCHMARK__HARNESS,
            Literals.BENCHMARK__OVER);

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkExpertKernelCollectiveSettingsAbsent(Benchmark benchmark) {
        if (benchmark.getExpertParallel() == null) {
            return;
        }
        for (EStructuralFeature feature : COLLECTIVE_SETTINGS) {
            if (Written.written(benchmark, feature)) {
                error("Expert-parallel kernels size their own traffic from tokens, hidden and top-k, choose their"
                        + " own transport and are timed per rank as DeepEP times them: remove '" + feature.getName()
                        + "', or benchmark a collective instead"
                        + " ('all-to-all sizes 1 MiB to 1 GiB').", benchmark, feature, IssueCodes.EXPERT_KERNEL_SETTING);
            }
        }
    }

    @Check
    public void checkExpertKernelExpertsDivideEvenly(Benchmark benchmark) {
        ExpertParallel kernels = benchmark.getExpertParallel();
        ClusterSpec cluster = kernels == null ? null : CheckedSpecs.cluster(mapper, getContext(), benchmark.getCluster());
        if (cluster == null || benchmark.getNodes() > cluster.nodes()) {
            return;
        }
        int accelerators = mapper.benchmarkAccelerators(benchmark, cluster);
        if (accelerators > 0 && kernels.getExperts() % accelerators != 0) {
            error(kernels.getExperts() + " experts do not spread evenly over the benchmark's " + accelerators
                    + " accelerators: write a multiple of " + accelerators + " experts, or run on a number of"
                    + " accelerators that divides " + kernels.getExperts() + ".", kernels,
                    Literals.EXPERT_PARALLEL__EXPERTS, IssueCodes.EXPERT_KERNEL_EXPERTS, String.valueOf(accelerators));
        }
    }

    @Check
    public void checkExpertKernelTopKInRange(ExpertParallel kernels) {
        int topK = kernels.getTopK();
        if (topK < 1 || topK > kernels.getExperts()) {
            error("Each token picks top-k of the " + kernels.getExperts() + " experts, so top-k lies between 1 and "
                    + kernels.getExperts() + ", not " + topK + ": write a top-k in that range (DeepSeek-V3 picks 8 of"
                    + " 256).", kernels, Literals.EXPERT_PARALLEL__TOP_K, IssueCodes.EXPERT_KERNEL_TOP_K,
                    String.valueOf(kernels.getExperts()));
        }
    }
}
