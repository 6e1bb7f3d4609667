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
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Runs a {@link SharedFabricSpec}: every job's benchmark at its largest size on its nodes of the
 * whole cluster, alone and beside the others ({@link SharedFabric}). Results: one entry per job
 * with its time and bus bandwidth alone and shared, the slowdown, the algorithms and whether the
 * switches granted its aggregation trees. Cost: that of {@link SharedFabric#run}.
 */
public final class SharedFabricRuns {
    private SharedFabricRuns() {
    }

    /** Runs {@code spec} with the collective constants of {@code profile}; {@code seed} seeds ECMP. */
    public static RunResult run(SharedFabricSpec spec, CalibrationProfile profile, long seed,
            double completionTolerance) {
        long startNanos = System.nanoTime();
        Calibration calibration = Calibration.of(profile);
        ClusterTopology topology = ClusterTopologies.build(spec.cluster(), calibration);
        List<SharedJob> jobs = new ArrayList<>();
        for (SharedFabricSpec.Job job : spec.jobs()) {
            CollectiveBenchmarkSpec benchmark = job.benchmark();
            long largest = benchmark.sizesBytes().stream().mapToLong(Long::longValue).max().orElseThrow();
            CollectiveRequest request = CollectiveBenchmarks.request(benchmark, calibration, seed, completionTolerance)
                    .withSize(largest);
            jobs.add(new SharedJob(benchmark.name(), request,
                    job.nodes().stream().mapToInt(Integer::intValue).toArray()));
        }
        List<Object> entries = new ArrayList<>();
        long events = 0;
        for (SharedResult result : SharedFabric.run(topology, jobs, spec.cluster().acceleratorsPerNode())) {
            entries.add(entry(result));
            events += result.alone().events() + result.shared().events();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("cluster", spec.cluster().name());
        parameters.put("topology", topology.describe());
        Map<String, Object> jobsByName = new LinkedHashMap<>();
        for (int i = 0; i < jobs.size(); i++) {
            jobsByName.put(jobs.get(i).name(), spec.jobs().get(i).nodes());
        }
        parameters.put("nodes", jobsByName);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("jobs", entries);
        return new RunResult(spec.name(), "shared-fabric", parameters, metrics,
                (System.nanoTime() - startNanos) / 1e9).withEngine(events, 0);
    }

    private static Map<String, Object> entry(SharedResult result) {
        CollectiveResult alone = result.alone();
        CollectiveResult shared = result.shared();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("job", result.name());
        entry.put("bytes", alone.sizeBytes());
        entry.put("timeAloneSeconds", alone.timeSeconds());
        entry.put("timeSharedSeconds", shared.timeSeconds());
        entry.put("slowdown", result.slowdown());
        entry.put("busbwAloneGBps", alone.busbwGBps());
        entry.put("busbwSharedGBps", shared.busbwGBps());
        entry.put("algorithmAlone", alone.algorithm().label());
        entry.put("algorithmShared", shared.algorithm().label());
        entry.put("inNetworkReduction", result.inNetwork());
        return entry;
    }
}
