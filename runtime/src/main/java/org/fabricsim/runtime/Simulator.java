package org.fabricsim.runtime;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.benchmark.ExpertKernelBenchmarks;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.sharing.SharedFabricRuns;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.StudyRunner;
import org.fabricsim.runtime.topology.GraphEstimate;

/**
 * Runs the workloads of a study and collects one {@link RunResult} per workload. Stateless and
 * deterministic: the same specs give the same results.
 */
public final class Simulator {
    /**
     * Runs every run of {@code study} (its workloads under each combination of its axes) on the
     * local cores; see {@link StudyRunner}.
     */
    public StudyResult run(StudySpec study) {
        double tolerance = study.completionTolerance();
        return new StudyRunner((workload, profile, seed) -> run(workload, profile, seed, tolerance),
                StudyRunner.localCores(), StudyRunner.Progress.NONE).run(study);
    }

    /** Runs one workload with the default seed. */
    public RunResult run(WorkloadSpec workload) {
        return run(workload, StudySpec.DEFAULT_SEED);
    }

    /**
     * Runs one workload; {@code seed} seeds whatever the workload's simulation draws at random. Every
     * result carries the lock-in analysis of its cluster under the parameter {@code lockIn}.
     */
    public RunResult run(WorkloadSpec workload, long seed) {
        return run(workload, CalibrationProfile.defaults(), seed);
    }

    /** Runs one workload with the constants of {@code profile}; see {@link #run(WorkloadSpec, long)}. */
    public RunResult run(WorkloadSpec workload, CalibrationProfile profile, long seed) {
        return run(workload, profile, seed, MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE);
    }

    /**
     * The same with the flow model's completion tolerance ε (a study's {@code tolerance}): collective
     * benchmarks solve with it; training keeps its own 2% (see {@code FabricPhase}).
     */
    public RunResult run(WorkloadSpec workload, CalibrationProfile profile, long seed, double completionTolerance) {
        LockIn lockIn = LockIn.of(workload.cluster());
        Map<String, Object> lockInJson = new LinkedHashMap<>(lockIn.toJson());
        lockInJson.put("summary", lockIn.summary());
        return simulate(workload, profile, seed, completionTolerance).withParameter("lockIn", lockInJson);
    }

    private static RunResult simulate(WorkloadSpec workload, CalibrationProfile profile, long seed,
            double completionTolerance) {
        refuseAGraphTooLarge(workload);
        if (workload instanceof CollectiveBenchmarkSpec benchmark) {
            return CollectiveBenchmarks.run(benchmark, profile, seed, completionTolerance);
        }
        if (workload instanceof ExpertKernelBenchmarkSpec kernels) {
            return ExpertKernelBenchmarks.run(kernels, profile, seed);
        }
        if (workload instanceof InferenceSpec inference) {
            return InferenceRunner.run(inference, profile, seed, null);
        }
        if (workload instanceof TrainingSpec training) {
            return TrainingSimulator.run(training, profile, seed);
        }
        if (workload instanceof SharedFabricSpec shared) {
            return SharedFabricRuns.run(shared, profile, seed, completionTolerance);
        }
        throw new IllegalArgumentException("unknown workload kind: " + workload.getClass().getName());
    }

    /**
     * Refuses, as infeasible and before anything is built, a workload whose cluster graph ({@link GraphEstimate}: the
     * benchmark's nodes, or the whole cluster the other workloads build) needs more than the heap.
     */
    private static void refuseAGraphTooLarge(WorkloadSpec workload) {
        ClusterSpec built = workload instanceof CollectiveBenchmarkSpec benchmark
                ? benchmark.cluster().withNodes(benchmark.nodes())
                : workload instanceof ExpertKernelBenchmarkSpec kernels ? kernels.cluster().withNodes(kernels.nodes())
                : workload.cluster();
        long heapBytes = Runtime.getRuntime().maxMemory();
        GraphEstimate estimate = GraphEstimate.of(built);
        if (!estimate.fits(heapBytes)) {
            throw new InfeasibleRunException(estimate.refusal(heapBytes, workload.name()));
        }
    }
}
