package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;

/**
 * An algorithm that runs its operation, by the engine's own rule ({@link Algorithm#serves}, which the selector's
 * candidates apply before any condition on the topology): a benchmark's {@code all-to-all ring} or a phase's
 * {@code all-reduce direct} would otherwise be refused only when the run starts. Whether a serving algorithm also
 * fits the cluster is the concern of the checks of in-network, CollNet and bucket. A benchmark of a user-defined
 * collective or of expert-parallel kernels writes no algorithm: its default, {@code auto}, runs every operation.
 */
public class CollectiveAlgorithmValidator extends FabricCheck {
    private static final String FIX = "auto";

    @Check
    public void checkBenchmarkAlgorithmServesOperation(Benchmark benchmark) {
        check(benchmark.getOperation(), benchmark.getAlgorithm(), benchmark, Literals.BENCHMARK__ALGORITHM);
    }

    @Check
    public void checkPhaseAlgorithmServesOperation(Phase phase) {
        check(phase.getOperation(), phase.getAlgorithm(), phase, Literals.PHASE__ALGORITHM);
    }

    /** Whether the written algorithm runs the operation; the message names the algorithms that do. O(algorithms). */
    private void check(org.fabricsim.dsl.fabric.CollectiveOperation written, CollectiveAlgorithm writtenAlgorithm,
            EObject owner, EStructuralFeature feature) {
        CollectiveOperation operation = CollectiveOperation.valueOf(written.getName());
        Algorithm algorithm = Algorithm.valueOf(writtenAlgorithm.getName());
        if (algorithm.serves(operation)) {
            return;
        }
        error("'" + algorithm.label() + "' does not run " + operation.label() + ": " + operation.label() + " runs on "
                + names(Algorithm.serving(operation)) + ". Write one of them, or 'auto' (the quick fix).", owner, feature, IssueCodes.ALGORITHM_OPERATION, FIX);
    }

    private static String names(List<Algorithm> algorithms) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < algorithms.size(); i++) {
            text.append(i == 0 ? "" : i == algorithms.size() - 1 ? " or " : ", ")
                    .append('\'').append(algorithms.get(i).label()).append('\'');
        }
        return text.toString();
    }
}
