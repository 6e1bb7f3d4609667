package org.fabricsim.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.RingAllReduce;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * Runs the workloads of a study and collects one {@link RunResult} per workload. Stateless and
 * deterministic: the same specs give the same results.
 */
public final class Simulator {
    /** Hops between two accelerators on a single switch: endpoint → switch → endpoint. */
    private static final int SINGLE_SWITCH_HOPS = 2;
    private static final double PICOSECONDS_PER_SECOND = 1e12;
    private static final double BYTES_PER_GB = 1e9;

    /** Runs every workload of {@code study} in order. */
    public StudyResult run(StudySpec study) {
        List<RunResult> runs = new ArrayList<>();
        for (WorkloadSpec workload : study.workloads()) {
            runs.add(run(workload));
        }
        return new StudyResult(Version.TOOL, study.model(), runs);
    }

    /** Runs one workload. */
    public RunResult run(WorkloadSpec workload) {
        long startNanos = System.nanoTime();
        if (workload instanceof CollectiveBenchmarkSpec benchmark) {
            return runBenchmark(benchmark, startNanos);
        }
        throw new IllegalArgumentException("unknown workload kind: " + workload.getClass().getName());
    }

    private RunResult runBenchmark(CollectiveBenchmarkSpec benchmark, long startNanos) {
        ClusterSpec cluster = benchmark.cluster();
        int ranks = cluster.accelerators();
        long stepLatencyPs = SINGLE_SWITCH_HOPS * cluster.hopLatencyPs();
        double busFactor = RingAllReduce.busBandwidthFactor(ranks);

        List<Object> rows = new ArrayList<>();
        for (long sizeBytes : benchmark.sizesBytes()) {
            long timePs = RingAllReduce.timePs(sizeBytes, ranks, cluster.linkBytesPerSecond(), stepLatencyPs);
            double timeSeconds = timePs / PICOSECONDS_PER_SECOND;
            double algbwGBps = timePs == 0 ? 0 : sizeBytes / timeSeconds / BYTES_PER_GB;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("bytes", sizeBytes);
            row.put("timeSeconds", timeSeconds);
            row.put("algbwGBps", algbwGBps);
            row.put("busbwGBps", algbwGBps * busFactor);
            rows.add(row);
        }

        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("cluster", cluster.name());
        parameters.put("nodes", cluster.nodes());
        parameters.put("acceleratorsPerNode", cluster.acceleratorsPerNode());
        parameters.put("accelerators", ranks);
        parameters.put("linkGBps", cluster.linkBytesPerSecond() / BYTES_PER_GB);
        parameters.put("stepLatencySeconds", stepLatencyPs / PICOSECONDS_PER_SECOND);
        parameters.put("operation", benchmark.operation().label());
        parameters.put("algorithm", benchmark.algorithm().label());
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("rows", rows);
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return new RunResult(benchmark.name(), "collective-benchmark", parameters, metrics, wallSeconds);
    }
}
