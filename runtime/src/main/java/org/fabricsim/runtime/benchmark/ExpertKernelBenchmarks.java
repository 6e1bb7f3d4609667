package org.fabricsim.runtime.benchmark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.ExpertKernels;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Runs an {@link ExpertKernelBenchmarkSpec} the way DeepEP's tests do: one dispatch and one combine
 * over the benchmark's accelerators ({@link ExpertKernels#run}), on the engine's flow-level network
 * with the link efficiencies and the kernels' fixed cost of a calibration profile. Each row reports
 * the direction, the latency, DeepEP's GB/s figure and the bytes of one token copy.
 *
 * <p>Cost: two all-to-alls of n² flows on a topology built once.
 */
public final class ExpertKernelBenchmarks {
    private ExpertKernelBenchmarks() {
    }

    /**
     * Runs dispatch, then combine, of {@code benchmark} with the constants of {@code profile};
     * {@code seed} seeds ECMP hashing.
     */
    public static RunResult run(ExpertKernelBenchmarkSpec benchmark, CalibrationProfile profile, long seed) {
        Calibration calibration = Calibration.of(profile);
        long startNanos = System.nanoTime();
        ClusterSpec used = benchmark.cluster().withNodes(benchmark.nodes());
        ClusterTopology topology = ClusterTopologies.build(used, calibration);
        int ranks = benchmark.ranks();
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 0, ranks)
                .withRouting(ClusterTopologies.routing(used))
                .withFabricBehaviour(FabricBehaviours.of(used))
                .withSeed(seed);
        ExpertKernels kernels = benchmark.kernels();
        List<Object> rows = new ArrayList<>();
        long events = 0;
        long flows = 0;
        for (boolean dispatch : new boolean[] { true, false }) {
            ExpertKernels.Run run = kernels.run(topology, ranks, dispatch, request, calibration.expertKernelFixedPs());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("direction", dispatch ? "dispatch" : "combine");
            row.put("timeSeconds", run.timeSeconds());
            row.put("gigabytesPerSecond", run.gigabytesPerSecond());
            row.put("bytesPerCopy", kernels.copyBytes(dispatch));
            row.put("maxLinkUtilization", run.allToAll().linkUsage().maxUtilization());
            rows.add(row);
            events += run.allToAll().events();
            flows += run.allToAll().network().flowsStarted();
        }

        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("cluster", used.name());
        parameters.put("nodes", benchmark.nodes());
        parameters.put("acceleratorsPerNode", used.acceleratorsPerNode());
        parameters.put("accelerators", ranks);
        parameters.put("kernels", kernels.lowLatency() ? "low-latency" : "normal");
        parameters.put("tokensPerRank", kernels.tokensPerRank());
        parameters.put("hidden", kernels.hidden());
        parameters.put("topK", kernels.topK());
        parameters.put("experts", kernels.experts());
        parameters.put("dispatchPrecision", kernels.fp8Dispatch() ? "fp8" : "bf16");
        parameters.put("topology", topology.describe());
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("rows", rows);
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return new RunResult(benchmark.name(), "expert-kernel-benchmark", parameters, metrics, wallSeconds)
                .withEngine(events, flows);
    }
}
