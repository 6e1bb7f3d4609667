package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.TopologySpec;

import com.google.inject.Inject;

/**
 * Collectives mapped onto a direct torus's dimensions: a benchmark's {@code bucket} algorithm
 * (runtime {@code TorusSchedules.buckets}) runs an all-reduce, reduce-scatter or all-gather on a
 * direct torus whose leading dimensions its ranks fill exactly (k₀, k₀·k₁ or all of them).
 */
public class TorusAlgorithmValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkBenchmarkBucketOnTorusDimensions(Benchmark benchmark) {
        if (benchmark.getAlgorithm() != CollectiveAlgorithm.BUCKET) {
            return;
        }
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        if (spec == null) {
            return;
        }
        String problem = problem(spec, benchmark.getCluster().getName());
        if (problem != null) {
            error(problem + " Write 'auto' (the quick fix), or 'ring'.", benchmark, Literals.BENCHMARK__ALGORITHM,
                    IssueCodes.BUCKET_UNAVAILABLE, "auto");
        }
    }

    /** Why the bucket algorithm cannot run {@code spec}, or null when it can. */
    private static String problem(CollectiveBenchmarkSpec spec, String clusterName) {
        if (!Algorithm.BUCKET.serves(spec.operation())) {
            return null; // the algorithm's operation check says so (IssueCodes.ALGORITHM_OPERATION)
        }
        if (spec.cluster().scaleOut() == null
                || !(spec.cluster().scaleOut().topology() instanceof TopologySpec.Torus torus)) {
            return "The bucket algorithm runs on a direct torus, one part of the data per dimension, and "
                    + clusterName + "'s scale-out is no torus.";
        }
        List<Integer> dimensions = torus.dimensions();
        StringBuilder filling = new StringBuilder();
        long filled = 1;
        for (int size : dimensions) {
            filled *= size;
            if (filled == spec.ranks()) {
                return null;
            }
            filling.append(filling.length() == 0 ? "" : ", ").append(filled);
        }
        return "The bucket algorithm runs on whole leading dimensions of the torus, but the " + spec.ranks()
                + " ranks fill none of " + clusterName + "'s (" + filling + " accelerators do).";
    }
}
