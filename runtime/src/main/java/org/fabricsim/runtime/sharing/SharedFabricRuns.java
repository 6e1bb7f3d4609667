package org.fabricsim.runtime.sharing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.AggregationTrees;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Runs a {@link SharedFabricSpec}: every job on its nodes of the whole cluster, alone and beside
 * the others ({@link FluidSharing}): a collective benchmark at its largest size ({@link
 * SharedFabric}), a training job's step and a serving deployment's run ({@link EngineWorkloads}).
 * Results: one entry per job, in the order written, with what the others cost it ({@link
 * SharedEntries}). Cost: that of {@link FluidSharing#solve}.
 */
public final class SharedFabricRuns {
    private SharedFabricRuns() {
    }

    /** Runs {@code spec} with the constants of {@code profile}; {@code seed} seeds ECMP and the serving traffic. */
    public static RunResult run(SharedFabricSpec spec, CalibrationProfile profile, long seed,
            double completionTolerance) {
        long startNanos = System.nanoTime();
        Calibration calibration = Calibration.of(profile);
        ClusterTopology topology = ClusterTopologies.build(spec.cluster(), calibration);
        Placements placements = new Placements(topology, spec.cluster().acceleratorsPerNode());
        AggregationTrees trees = new AggregationTrees(topology);
        List<SharedWorkload<?>> workloads = new ArrayList<>();
        boolean[] granted = new boolean[spec.jobs().size()];
        Map<String, Object> nodesByJob = new LinkedHashMap<>();
        for (int i = 0; i < spec.jobs().size(); i++) {
            SharedFabricSpec.Job job = spec.jobs().get(i);
            int[] nodes = job.nodes().stream().mapToInt(Integer::intValue).toArray();
            nodesByJob.put(job.workload().name(), job.nodes());
            if (job.workload() instanceof CollectiveBenchmarkSpec benchmark) {
                long largest = benchmark.sizesBytes().stream().mapToLong(Long::longValue).max().orElseThrow();
                CollectiveRequest request = CollectiveBenchmarks.request(benchmark, calibration, seed,
                        completionTolerance).withSize(largest);
                int[] accelerators = placements.place(benchmark.name(), nodes, request.ranks());
                ClusterTopology network = CollectiveBenchmarks.over(topology, benchmark);
                granted[i] = SharedFabric.grant(network, trees, request, accelerators);
                workloads.add(SharedFabric.workload(network, benchmark.name(), request, accelerators, granted[i]));
            } else if (job.workload() instanceof TrainingSpec training) {
                int[] accelerators = placements.place(training.name(), nodes, training.parallel().accelerators());
                workloads.add(EngineWorkloads.training(topology, training, accelerators, profile, seed));
            } else {
                InferenceSpec serving = (InferenceSpec) job.workload();
                int[] accelerators = placements.place(serving.name(), nodes, SharedEntries.accelerators(serving));
                workloads.add(EngineWorkloads.serving(topology, serving, accelerators, profile, seed));
            }
        }
        List<Object> entries = new ArrayList<>();
        long events = 0;
        List<FluidSharing.Outcome> outcomes = FluidSharing.solve(topology.graph(), workloads);
        for (int i = 0; i < outcomes.size(); i++) {
            FluidSharing.Outcome outcome = outcomes.get(i);
            entries.add(SharedEntries.entry(workloads.get(i).name(), outcome, granted[i]));
            events += events(outcome.alone().result()) + events(outcome.shared().result());
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("cluster", spec.cluster().name());
        parameters.put("topology", topology.describe());
        parameters.put("nodes", nodesByJob);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("jobs", entries);
        return new RunResult(spec.name(), "shared-fabric", parameters, metrics,
                (System.nanoTime() - startNanos) / 1e9).withEngine(events, 0);
    }

    private static long events(Object result) {
        return result instanceof CollectiveResult collective ? collective.events()
                : ((RunResult) result).events();
    }
}
