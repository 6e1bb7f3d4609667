package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Wall time of a whole serving simulation, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.InferenceHarness RUNS REQUESTS [production]</pre>
 *
 * The deployment: Llama 3 70B FP8 disaggregated on 16 DGX H100 nodes (catalog figures) on a RoCE
 * 400G two-tier fat-tree: 6 prefill replicas of TP8 (one node each) hand their KV caches over the
 * fabric (8 flows per request) to 10 decode replicas of TP8; Poisson arrivals at 100 requests/s,
 * lognormal prompts (median 1024, σ 0.6) and outputs (median 256, σ 0.6), chunked prefill of 2048
 * tokens. One warm-up run, then RUNS measured runs; prints the median, minimum and maximum wall
 * time (topology, collective fits, request draw, simulation and metrics), the median process CPU
 * time, the median CPU time of the simulating thread alone (the process's less the JIT compiler
 * threads and the garbage collector), and the run's events, flows and simulated span. With {@code production} the traffic hits
 * the prefix cache for half of each prompt and the decode pool drafts one token accepted at 0.85
 * (issue 23's benchmark: prefix caching and speculative decoding).
 */
public final class InferenceHarness {
    private static final AcceleratorSpec H100 = new AcceleratorSpec("nvidia.H100_SXM", "NVIDIA", 989e12, 1979e12,
            80_000_000_000L, 3.35e12, 0.803, 450e9).withReservedMemory(458_982_687L);
    private static final FabricSpec NVLINK4 = new FabricSpec("nvidia.NVLink4", "NVIDIA", FabricSpec.FabricScope.SCALE_UP,
            false, "NVIDIA", 450e9, 100_000, true, FabricSpec.CongestionControl.INFINIBAND, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    private static final FabricSpec ROCE400 = new FabricSpec("std.RoCE400", "IEEE", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 500_000, true, FabricSpec.CongestionControl.DCQCN, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    private static final NicSpec CX7 = new NicSpec("nvidia.ConnectX7", "NVIDIA", 1, 50e9, 64e9, 1_000_000);
    private static final SwitchSpec SN5600 = new SwitchSpec("nvidia.SN5600", "NVIDIA", 128, 50e9, 600_000, 0, false,
            false);
    static final TransformerSpec LLAMA3_70B = new TransformerSpec("meta.Llama3_70B", 80, 8192, 28672, 64, 8,
            128, 128256, true, 0, 0, 0, 0, 0, 0, 0);

    private InferenceHarness() {
    }

    /** The benchmark deployment with {@code requests} requests. */
    public static InferenceSpec disaggregated16Nodes(int requests) {
        return disaggregated16Nodes(requests, false);
    }

    /** The benchmark deployment, with prefix-cache hits and speculative decoding when {@code production}. */
    public static InferenceSpec disaggregated16Nodes(int requests, boolean production) {
        NodeSpec node = new NodeSpec("nvidia.DGX_H100", H100, 8,
                new ScaleUpSpec(NVLINK4, ScaleUpSpec.Kind.SWITCHED, 8, 450e9, true), CX7, 8, true);
        ClusterSpec cluster = new ClusterSpec("bench.Dgx16", node, 16, new ScaleOutSpec(ROCE400,
                new TopologySpec.FatTree(SN5600, 2, List.of(1.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);
        ParallelismSpec tp8 = new ParallelismSpec(8, 1, 1, 1, 1, false);
        return new InferenceSpec("bench.Disaggregated70B", LLAMA3_70B, cluster, Precision.FP8,
                List.of(new InferenceSpec.Pool(InferenceSpec.Role.PREFILL, 6, tp8, 8192, 256, 2048),
                        new InferenceSpec.Pool(InferenceSpec.Role.DECODE, 10, tp8, 8192, 512, 0,
                                new PoolFeatures(false, 0,
                                        production ? new PoolFeatures.Speculative(1, 0.85, 1) : null))),
                new InferenceSpec.Traffic(new InferenceSpec.Poisson(100), new InferenceSpec.Lognormal(1024, 0.6),
                        new InferenceSpec.Lognormal(256, 0.6), requests, production ? 0.5 : 0),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 2.0)), false);
    }

    /** One run of the benchmark deployment with 1,000,000 requests; its simulated span, seconds ({@link BuildPairs}). */
    public static double millionRequestsSeconds() {
        return (Double) InferenceRunner.run(disaggregated16Nodes(1_000_000, false)).metrics().get("makespanSeconds");
    }

    /** The same with prefix caching and speculative decoding. */
    public static double millionProductionRequestsSeconds() {
        return (Double) InferenceRunner.run(disaggregated16Nodes(1_000_000, true)).metrics().get("makespanSeconds");
    }

    public static void main(String[] args) {
        int runs = Integer.parseInt(args[0]);
        int requests = Integer.parseInt(args[1]);
        InferenceSpec spec = disaggregated16Nodes(requests, args.length > 2 && args[2].equals("production"));
        double[] seconds = new double[runs];
        double[] cpuSeconds = new double[runs];
        double[] threadCpuSeconds = new double[runs];
        RunResult result = null;
        for (int r = -1; r < runs; r++) {
            long cpuStart = ProcessCpu.nanos();
            long threadCpuStart = ProcessCpu.threadNanos();
            long start = System.nanoTime();
            result = InferenceRunner.run(spec);
            if (r >= 0) {
                seconds[r] = (System.nanoTime() - start) / 1e9;
                cpuSeconds[r] = (ProcessCpu.nanos() - cpuStart) / 1e9;
                threadCpuSeconds[r] = (ProcessCpu.threadNanos() - threadCpuStart) / 1e9;
            }
        }
        Arrays.sort(seconds);
        Arrays.sort(cpuSeconds);
        Arrays.sort(threadCpuSeconds);
        Map<String, Object> m = result.metrics();
        System.out.printf("%9s %10s %10s %10s %10s %13s %12s %10s %14s%n", "requests", "wall_s", "min_s", "max_s",
                "cpu_s", "thread_cpu_s", "events", "flows", "simulated_s");
        System.out.printf("%9d %10.3f %10.3f %10.3f %10.3f %13.3f %12d %10d %14.1f%n", requests, seconds[runs / 2],
                seconds[0], seconds[runs - 1], cpuSeconds[runs / 2], threadCpuSeconds[runs / 2], result.events(),
                result.flows(), m.get("makespanSeconds"));
        System.out.println("ttft " + m.get("ttftSeconds") + " itl " + m.get("itlSeconds") + " kv "
                + m.get("kvTransferSeconds") + " out/s " + m.get("outputTokensPerSecond"));
    }

}
