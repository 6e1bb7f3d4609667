package org.fabricsim.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.RingAllReduce;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveAlgorithm;
import org.fabricsim.runtime.spec.CollectiveOp;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
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
        int ranks = benchmark.ranks();
        RingPath ring = RingPath.of(benchmark);
        double busFactor = benchmark.operation().busBandwidthFactor(ranks);

        List<Object> rows = new ArrayList<>();
        for (long sizeBytes : benchmark.sizesBytes()) {
            long timePs = RingAllReduce.timePs(sizeBytes, ranks, ring.bytesPerSecond(), ring.stepLatencyPs());
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
        parameters.put("nodes", benchmark.nodes());
        parameters.put("acceleratorsPerNode", cluster.acceleratorsPerNode());
        parameters.put("accelerators", ranks);
        parameters.put("linkGBps", ring.bytesPerSecond() / BYTES_PER_GB);
        parameters.put("stepLatencySeconds", ring.stepLatencyPs() / PICOSECONDS_PER_SECOND);
        parameters.put("operation", benchmark.operation().label());
        parameters.put("algorithm", benchmark.algorithm().label());
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("rows", rows);
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return new RunResult(benchmark.name(), "collective-benchmark", parameters, metrics, wallSeconds);
    }

    /**
     * The ring of a benchmark on accelerators that each own a NIC port on one switch: every step
     * crosses endpoint → switch → endpoint, so B is the port rate and α two hops plus the switch.
     */
    private record RingPath(double bytesPerSecond, long stepLatencyPs) {

        static RingPath of(CollectiveBenchmarkSpec benchmark) {
            ClusterSpec cluster = benchmark.cluster();
            ScaleOutSpec scaleOut = cluster.scaleOut();
            boolean supported = benchmark.operation() == CollectiveOp.ALL_REDUCE
                    && (benchmark.algorithm() == CollectiveAlgorithm.RING || benchmark.algorithm() == CollectiveAlgorithm.AUTO)
                    && cluster.node().scaleUp() == null && scaleOut != null
                    && scaleOut.topology() instanceof TopologySpec.SingleSwitch;
            if (!supported) {
                throw new UnsupportedOperationException(benchmark.name() + ": only ring all-reduce on a single switch"
                        + " is simulated so far");
            }
            SwitchSpec switchSpec = ((TopologySpec.SingleSwitch) scaleOut.topology()).switchSpec();
            long stepLatencyPs = SINGLE_SWITCH_HOPS * scaleOut.fabric().latencyPs() + switchSpec.latencyPs();
            return new RingPath(cluster.node().nic().portBytesPerSecond(), stepLatencyPs);
        }
    }
}
