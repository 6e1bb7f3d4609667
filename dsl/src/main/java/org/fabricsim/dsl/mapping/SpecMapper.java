package org.fabricsim.dsl.mapping;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveAlgorithm;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.CollectiveOp;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

import com.google.common.collect.Iterables;
import com.google.inject.Inject;

/**
 * The one mapping from a validated model to the engine's specs. Validation, hover and the
 * generator all go through it, so a model means the same thing everywhere. Call it only on a
 * model without errors.
 */
public class SpecMapper {
    /** The model name used for a file without a {@code package}. */
    public static final String DEFAULT_MODEL = "default";

    @Inject
    private IQualifiedNameProvider names;

    /** Every workload of the file, in order, as one study. */
    public StudySpec toStudy(Model model, String source) {
        List<WorkloadSpec> workloads = new ArrayList<>();
        for (Benchmark benchmark : Iterables.filter(model.getElements(), Benchmark.class)) {
            workloads.add(toBenchmark(benchmark));
        }
        String name = model.getName() == null ? DEFAULT_MODEL : model.getName();
        return new StudySpec(name, source, workloads);
    }

    public ClusterSpec toCluster(Cluster cluster) {
        return new ClusterSpec(qualifiedName(cluster), cluster.getNodes(), cluster.getAcceleratorsPerNode(),
                Units.bytesPerSecond(cluster.getLinkRate()), Units.picoseconds(cluster.getHopLatency()));
    }

    public CollectiveBenchmarkSpec toBenchmark(Benchmark benchmark) {
        List<Long> sizes = new ArrayList<>();
        for (Quantity size : benchmark.getSizes()) {
            sizes.add(Units.bytes(size));
        }
        return new CollectiveBenchmarkSpec(qualifiedName(benchmark), toCluster(benchmark.getCluster()),
                CollectiveOp.valueOf(benchmark.getOperation().getName()),
                CollectiveAlgorithm.valueOf(benchmark.getAlgorithm().getName()), sizes);
    }

    private String qualifiedName(EObject element) {
        return names.getFullyQualifiedName(element).toString();
    }
}
