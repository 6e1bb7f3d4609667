package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.KeywordValue;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.Metric;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.NumberValue;
import org.fabricsim.dsl.fabric.QuantityValue;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.Search;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpectationSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

import com.google.common.collect.Iterables;
import com.google.inject.Inject;

/**
 * The one mapping from a validated model to the engine's specs. Validation, hover and the
 * generator all go through it, so a model means the same thing everywhere. Call it only on a
 * model without errors: it assumes what the validators check.
 *
 * <p>It maps files, studies and their variations itself and hands the rest to its parts:
 * {@link HardwareMapper} (accelerators, fabrics, NICs, switches, nodes), {@link ClusterMapper}
 * (clusters, topologies, cost, reliability), {@link WorkloadMapper} (training, inference,
 * models), {@link BenchmarkMapper} (collective and expert-kernel benchmarks) and {@link CalibrationMapper} (calibration profiles), which all name what they map through {@link SpecNames}.
 */
public class SpecMapper {
    /** The model name used for a file without a {@code package}. */
    public static final String DEFAULT_MODEL = "default";

    @Inject
    private HardwareMapper hardware;
    @Inject
    private ClusterMapper clusters;
    @Inject
    private WorkloadMapper workloads;
    @Inject
    private BenchmarkMapper benchmarks;
    @Inject
    private CalibrationMapper calibrations;
    @Inject
    private SpecNames names;

    /** Every workload of the file that the engine simulates, in order, as one study. */
    public StudySpec toStudy(Model model, String source) {
        List<WorkloadSpec> specs = new ArrayList<>();
        for (Workload workload : Iterables.filter(model.getElements(), Workload.class)) {
            specs.add(workloads.toWorkload(workload));
        }
        String name = model.getName() == null ? DEFAULT_MODEL : model.getName();
        return new StudySpec(name, source, specs);
    }

    /**
     * The simulation programs of a file: one per {@code study}, then one per workload that no study
     * of the file simulates, each in model order. Every generated class and every run of
     * {@code fabric simulate} comes from here.
     */
    public List<StudySpec> toPrograms(Model model, String source) {
        String name = model.getName() == null ? DEFAULT_MODEL : model.getName();
        List<StudySpec> programs = new ArrayList<>();
        Set<Workload> covered = new HashSet<>();
        for (Study study : Iterables.filter(model.getElements(), Study.class)) {
            programs.add(toStudy(study, name, source));
            covered.add(study.getWorkload());
        }
        for (Workload workload : Iterables.filter(model.getElements(), Workload.class)) {
            if (!covered.contains(workload)) {
                programs.add(new StudySpec(name, source, List.of(workloads.toWorkload(workload))));
            }
        }
        return programs;
    }

    /**
     * One study: its workload, its axes (the Cartesian product is taken by the runtime), its report,
     * its expectations ({@link ExpectationMapper}), its seed, its completion tolerance and the network model
     * its collective benchmarks run on when it chooses one.
     */
    public StudySpec toStudy(Study study, String model, String source) {
        List<VariationSpec> variations = new ArrayList<>();
        for (Variation variation : study.getVariations()) {
            List<Object> values = new ArrayList<>();
            for (Value value : variation.getValues()) {
                values.add(toVariationValue(value));
            }
            InferenceSpec.Role pool = Written.written(variation, Literals.VARIATION__POOL)
                    ? InferenceSpec.Role.valueOf(variation.getPool().getName()) : null;
            variations.add(new VariationSpec(VariationSpec.Parameter.valueOf(variation.getParameter().getName()), pool,
                    values));
        }
        List<String> report = study.getMetrics().stream().map(Metric::getLiteral).toList();
        long seed = Written.written(study, Literals.STUDY__SEED) ? study.getSeed() : StudySpec.DEFAULT_SEED;
        List<ExpectationSpec> expectations = study.getExpectations().stream()
                .map(ExpectationMapper::toExpectation).toList();
        CalibrationProfile calibration = study.getCalibration() == null ? CalibrationProfile.defaults()
                : toCalibration(study.getCalibration());
        double tolerance = study.getTolerance() == null ? MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE
                : Units.fraction(study.getTolerance());
        StudySpec spec = new StudySpec(model, source, names.qualifiedName(study),
                List.of(workloads.toWorkload(study.getWorkload())), variations, report, expectations, seed,
                calibration, tolerance, study.getSearch() == null ? null : toSearch(study.getSearch()));
        return Written.written(study, Literals.STUDY__NETWORK)
                ? spec.withNetwork(BenchmarkMapper.networkKind(study.getNetwork())) : spec;
    }

    /**
     * A study's search: its objective, its space ({@code in all} or the study's axes), its limits (the
     * budget in dollars per hour; 0 when absent) and the plans it refines ({@link SearchSpec#DEFAULT_REFINE} when absent).
     */
    public SearchSpec toSearch(Search search) {
        double budget = search.getBudget() == null ? 0 : Units.toBase(search.getBudget());
        return new SearchSpec(SearchSpec.Objective.valueOf(search.getObjective().getName()), search.isAll(),
                search.getMaxAccelerators(), budget,
                Written.written(search, Literals.SEARCH__REFINE) ? search.getRefine() : SearchSpec.DEFAULT_REFINE);
    }

    /** A calibration profile (see {@link CalibrationMapper}). */
    public CalibrationProfile toCalibration(Calibration calibration) {
        return calibrations.toProfile(calibration);
    }

    /**
     * A value of a {@code vary} axis: a whole number as a {@link Long}, any other number or quantity
     * (in base units) as a {@link Double}, a keyword as written, a cluster, model or fabric as its spec,
     * another definition by name.
     */
    public Object toVariationValue(Value value) {
        if (value instanceof NumberValue number) {
            BigDecimal decimal = new BigDecimal(number.getNumber());
            return decimal.stripTrailingZeros().scale() <= 0 ? (Object) decimal.longValueExact() : (Object) decimal.doubleValue();
        }
        if (value instanceof QuantityValue quantity) {
            return Units.toBase(quantity.getQuantity());
        }
        if (value instanceof KeywordValue keyword) {
            return keyword.getKeyword();
        }
        EObject reference = ((ReferenceValue) value).getReference();
        if (reference instanceof Fabric fabric) {
            return hardware.toFabric(fabric);
        }
        if (reference instanceof Cluster cluster) {
            return clusters.toCluster(cluster);
        }
        if (reference instanceof LanguageModel languageModel) {
            return workloads.toTransformer(languageModel);
        }
        return names.qualifiedName(reference);
    }

    public TrainingSpec toTraining(Training training) {
        return workloads.toTraining(training);
    }

    public InferenceSpec toInference(Inference inference) {
        return workloads.toInference(inference);
    }

    public CollectiveBenchmarkSpec toBenchmark(Benchmark benchmark) {
        return benchmarks.toBenchmark(benchmark);
    }

    public ExpertKernelBenchmarkSpec toExpertKernelBenchmark(Benchmark benchmark) {
        return benchmarks.toExpertKernelBenchmark(benchmark);
    }

    /** The accelerators {@code benchmark} runs on, on {@code cluster} (its mapped cluster). */
    public int benchmarkAccelerators(Benchmark benchmark, ClusterSpec cluster) {
        return benchmarks.benchmarkAccelerators(benchmark, cluster);
    }

    public ClusterSpec toCluster(Cluster cluster) {
        return clusters.toCluster(cluster);
    }

    /**
     * The cluster's spec for the editor's views (hover, inlay hints), or null when the cluster is not complete
     * enough to map or has more than 2^31 − 1 accelerators, which the counts validator refuses and which no
     * analysis can count without overflowing.
     */
    public ClusterSpec toCountedClusterOrNull(Cluster cluster) {
        try {
            ClusterSpec spec = clusters.toCluster(cluster);
            spec.accelerators();
            return spec;
        } catch (RuntimeException incompleteOrUncountable) {
            return null;
        }
    }

    public AcceleratorSpec toAccelerator(Accelerator accelerator) {
        return hardware.toAccelerator(accelerator);
    }

    /** A model definition as every workload on it and every {@code vary model} axis sees it. */
    public TransformerSpec toTransformer(LanguageModel model) {
        return workloads.toTransformer(model);
    }
}
