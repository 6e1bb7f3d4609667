package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.KeywordValue;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.VariedParameter;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.topology.ClusterDomains;
import org.fabricsim.runtime.topology.ClusterTopology;

import com.google.inject.Inject;

/**
 * An algorithm that runs its operation, by the engine's own rule ({@link Algorithm#serves}, which the selector's
 * candidates apply before any condition on the topology): a benchmark's {@code all-to-all ring}, a phase's
 * {@code all-reduce direct} or a study's {@code vary algorithm in [direct]} over an all-reduce benchmark would
 * otherwise be refused only when the run starts. Whether a serving algorithm also
 * fits the cluster is the concern of the checks of in-network, CollNet and bucket, and of this class's check of the
 * ranks for halving-doubling (a power of two) and hierarchical (two or more whole scale-up domains), asked of the
 * engine ({@link CollectiveEngine#runs}), on a benchmark's algorithm and on each phase of the collective it runs. A
 * benchmark of a user-defined collective or of expert-parallel kernels
 * writes no algorithm: its default, {@code auto}, runs every operation.
 */
public class CollectiveAlgorithmValidator extends FabricCheck {
    private static final String FIX = "auto";
    private static final List<String> ALGORITHMS = Knobs.keywords(Parameter.ALGORITHM);

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkBenchmarkAlgorithmServesOperation(Benchmark benchmark) {
        check(benchmark.getOperation(), benchmark.getAlgorithm(), benchmark, Literals.BENCHMARK__ALGORITHM);
    }

    @Check
    public void checkBenchmarkAlgorithmFitsRanks(Benchmark benchmark) {
        Algorithm algorithm = Algorithm.valueOf(benchmark.getAlgorithm().getName());
        if (!ranked(algorithm)) {
            return;
        }
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        if (spec == null || !algorithm.serves(spec.operation())
                || ClusterDomains.unjoined(spec.cluster().withNodes(spec.nodes()))
                || !CheckedSpecs.buildable(spec.cluster().withNodes(spec.nodes()))) {
            return; // the operation's check, or the cluster's error, says so; the run refuses a graph too large
        }
        ClusterTopology topology = CollectiveBenchmarks.topology(spec, Calibration.DEFAULT);
        if (CollectiveEngine.runs(topology, CollectiveBenchmarks.request(spec, Calibration.DEFAULT, 1, 0))) {
            return;
        }
        error("'" + algorithm.label() + "' needs " + needs(algorithm, topology) + ", and this benchmark runs on "
                + spec.ranks() + ": write 'auto' (the quick fix) or 'ring', or run it on such a count.", benchmark,
                Literals.BENCHMARK__ALGORITHM, IssueCodes.ALGORITHM_RANKS, FIX);
    }

    /**
     * The same rule for each phase of a benchmark's own collective, whose groups' rank count the benchmark's cluster
     * and scope give ({@link CollectiveEngine#phaseRuns}): marked on the phase's algorithm (the quick fix writes
     * {@code auto}) where the collective is in the benchmark's file, else on the benchmark's {@code collective}. The
     * collective alone does not know its ranks. O(phases · ranks).
     */
    @Check
    public void checkPhaseAlgorithmsFitRanks(Benchmark benchmark) {
        if (benchmark.getCollective() == null || benchmark.getCollective().getPhases().stream()
                .noneMatch(phase -> ranked(Algorithm.valueOf(phase.getAlgorithm().getName())))) {
            return;
        }
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        if (spec == null || ClusterDomains.unjoined(spec.cluster().withNodes(spec.nodes()))
                || !CheckedSpecs.buildable(spec.cluster().withNodes(spec.nodes()))) {
            return;
        }
        ClusterTopology topology = CollectiveBenchmarks.topology(spec, Calibration.DEFAULT);
        int perNode = spec.cluster().acceleratorsPerNode();
        for (int i = 0; i < spec.phases().size(); i++) {
            CollectivePhase phase = spec.phases().get(i);
            if (!ranked(phase.algorithm()) || !phase.algorithm().serves(phase.operation())) {
                continue; // the phase's operation check says so
            }
            try {
                if (CollectiveEngine.phaseRuns(topology, spec.ranks(), phase, perNode)) {
                    continue;
                }
            } catch (IllegalArgumentException partialNodes) {
                return; // the run refuses a scope over partial nodes in its own words
            }
            String message = "Phase '" + phase.operation().label() + " " + phase.algorithm().label() + " "
                    + phase.scope().label() + "' of " + benchmark.getCollective().getName() + " needs "
                    + needs(phase.algorithm(), topology) + ", and its groups have "
                    + phase.scope().groupRanks(spec.ranks(), perNode) + " ranks in benchmark " + benchmark.getName()
                    + ": write 'auto' (the quick fix) or 'ring' in the phase, or run the benchmark on such a count.";
            if (benchmark.getCollective().eResource() == benchmark.eResource()) {
                error(message, benchmark.getCollective().getPhases().get(i), Literals.PHASE__ALGORITHM,
                        IssueCodes.ALGORITHM_RANKS, FIX);
            } else {
                error(message, benchmark, Literals.BENCHMARK__COLLECTIVE, IssueCodes.ALGORITHM_RANKS);
            }
            return;
        }
    }

    /** Whether the algorithm has a condition on the ranks that this class checks. */
    private static boolean ranked(Algorithm algorithm) {
        return algorithm == Algorithm.HALVING_DOUBLING || algorithm == Algorithm.HIERARCHICAL;
    }

    private static String needs(Algorithm algorithm, ClusterTopology topology) {
        return algorithm == Algorithm.HALVING_DOUBLING ? "a power-of-two rank count"
                : "two or more whole scale-up domains of " + topology.domainSize() + " accelerators";
    }

    @Check
    public void checkPhaseAlgorithmServesOperation(Phase phase) {
        check(phase.getOperation(), phase.getAlgorithm(), phase, Literals.PHASE__ALGORITHM);
    }

    @Check
    public void checkVariedAlgorithmServesOperation(Variation variation) {
        if (variation.getParameter() != VariedParameter.ALGORITHM
                || !(variation.eContainer() instanceof Study study) || !(study.getWorkload() instanceof Benchmark benchmark)
                || benchmark.getCollective() != null || benchmark.getExpertParallel() != null) {
            return; // a custom collective's phases name their own algorithms; kernels have none
        }
        CollectiveOperation operation = CollectiveOperation.valueOf(benchmark.getOperation().getName());
        for (Value value : variation.getValues()) {
            if (value instanceof KeywordValue keyword && ALGORITHMS.contains(keyword.getKeyword())) {
                check(operation, Knobs.constant(Parameter.ALGORITHM, keyword.getKeyword(), Algorithm.class), value,
                        null);
            }
        }
    }

    /** Whether the written algorithm runs the operation; the message names the algorithms that do. O(algorithms). */
    private void check(org.fabricsim.dsl.fabric.CollectiveOperation written, CollectiveAlgorithm writtenAlgorithm,
            EObject owner, EStructuralFeature feature) {
        check(CollectiveOperation.valueOf(written.getName()), Algorithm.valueOf(writtenAlgorithm.getName()), owner,
                feature);
    }

    private void check(CollectiveOperation operation, Algorithm algorithm, EObject owner, EStructuralFeature feature) {
        if (algorithm.serves(operation)) {
            return;
        }
        error("'" + algorithm.label() + "' does not run " + operation.label() + ": " + Algorithm.runsOn(operation)
                + ". Write one of them, or 'auto' (the quick fix).", owner, feature, IssueCodes.ALGORITHM_OPERATION,
                FIX);
    }
}
