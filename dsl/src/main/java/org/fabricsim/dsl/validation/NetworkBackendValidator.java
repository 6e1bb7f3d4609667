package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.NetworkBackend;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Workload;

/**
 * The network model a benchmark or study chooses ({@code network flow|packet|analytical}): only a
 * collective benchmark runs on another model than the flow model; training, serving and expert-parallel
 * kernels time their transfers on the flow model, so choosing {@code packet} or {@code analytical} for
 * them is an error with the fix {@code flow} (or removing the line).
 */
public class NetworkBackendValidator extends FabricCheck {

    @Check
    public void checkBenchmarkNetworkNeedsCollective(Benchmark benchmark) {
        if (written(benchmark, Literals.BENCHMARK__NETWORK)) {
            requireCollective(benchmark.getNetwork(), benchmark, benchmark, Literals.BENCHMARK__NETWORK);
        }
    }

    @Check
    public void checkStudyNetworkNeedsCollective(Study study) {
        if (written(study, Literals.STUDY__NETWORK) && study.getWorkload() != null) {
            requireCollective(study.getNetwork(), study.getWorkload(), study, Literals.STUDY__NETWORK);
        }
    }

    private void requireCollective(NetworkBackend network, Workload workload, EObject owner,
            EStructuralFeature feature) {
        if (network == NetworkBackend.FLOW || collective(workload)) {
            return;
        }
        error("'network " + network.getLiteral() + "' runs collective benchmarks only; " + kind(workload)
                + " times its transfers on the flow model. Remove the line (or write 'network flow'), or simulate"
                + " a collective benchmark.", owner, feature, IssueCodes.NETWORK_NEEDS_COLLECTIVE,
                NetworkBackend.FLOW.getLiteral());
    }

    private static boolean collective(Workload workload) {
        return workload instanceof Benchmark benchmark && benchmark.getExpertParallel() == null;
    }

    private static String kind(Workload workload) {
        if (workload instanceof Benchmark) {
            return "an expert-parallel benchmark";
        }
        return workload instanceof Inference ? "a serving workload" : "training";
    }
}
