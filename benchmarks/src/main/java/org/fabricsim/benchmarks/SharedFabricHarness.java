package org.fabricsim.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.sharing.SharedFabricRuns;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * Wall time of a mixed two-job run on 4,096 GPUs, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.SharedFabricHarness RUNS REQUESTS [fragmented]</pre>
 *
 * The cluster: 512 Grand Teton nodes (8 H100 each) of {@link TrainingHarness}'s Meta RoCE 400G
 * three-tier Clos, 1:7 at aggregation, 16 flows per GPU pair, ECMP. The jobs: Llama 3 70B training
 * on 496 nodes (3,968 GPUs: TP8 PP4 DP124, sequence 8,192, 992 sequences per step, interleaved
 * 1F1B, ZeRO-2) beside {@link InferenceHarness}'s disaggregated Llama 3 70B deployment (6 prefill
 * and 10 decode replicas of TP8) with REQUESTS requests on the other 16 nodes: nodes 496-511
 * (contiguous), or with {@code fragmented} every 32nd node (31, 63, …, 511), the training job on
 * the rest. One warm-up run, then RUNS measured runs of {@link SharedFabricRuns#run} (both jobs
 * alone and the fixed point beside each other); prints the median wall and process CPU time and
 * the last run's console block.
 */
public final class SharedFabricHarness {
    private static final int NODES = 512;
    private static final int SERVING_NODES = 16;

    private SharedFabricHarness() {
    }

    public static void main(String[] args) {
        int runs = Integer.parseInt(args[0]);
        int requests = Integer.parseInt(args[1]);
        boolean fragmented = args.length > 2 && args[2].equals("fragmented");
        SharedFabricSpec spec = mixed(requests, fragmented);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        RunResult result = null;
        for (int r = -1; r < runs; r++) {
            long cpuStart = ProcessCpu.nanos();
            long start = System.nanoTime();
            result = SharedFabricRuns.run(spec, CalibrationProfile.defaults(), 1,
                    MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE);
            if (r >= 0) {
                wall[r] = (System.nanoTime() - start) / 1e9;
                cpu[r] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            }
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "%s, %d requests: median of %d: %.3f s wall (%.3f-%.3f), %.3f s CPU (process)%n",
                fragmented ? "fragmented" : "contiguous", requests, runs, wall[runs / 2], wall[0], wall[runs - 1],
                cpu[runs / 2]);
        System.out.print(ConsoleTable.render(result));
    }

    /** The two jobs of the class comment on the 512-node cluster. */
    static SharedFabricSpec mixed(int requests, boolean fragmented) {
        TrainingSpec llama405b = TrainingHarness.llama405b16k();
        ClusterSpec cluster = llama405b.cluster().withNodes(NODES);
        ParallelismSpec plan = new ParallelismSpec(8, 4, 124, 1, 1, true);
        TrainingSpec training = new TrainingSpec("bench.Llama3_70B_3968", InferenceHarness.LLAMA3_70B, cluster,
                plan.accelerators(), 8192, 992, 1, Precision.BF16, plan, TrainingSpec.PipelineSchedule.INTERLEAVED, 1,
                TrainingSpec.Sharding.ZERO_2, TrainingSpec.Recompute.NONE, 1.0);
        InferenceSpec alone = InferenceHarness.disaggregated16Nodes(requests);
        InferenceSpec serving = new InferenceSpec(alone.name(), alone.model(), cluster, alone.precision(),
                alone.kvCachePrecision(), alone.pools(), alone.traffic(), alone.slos(), alone.layerByLayerKvTransfer());
        List<Integer> trainingNodes = new ArrayList<>();
        List<Integer> servingNodes = new ArrayList<>();
        int stride = NODES / SERVING_NODES;
        for (int node = 0; node < NODES; node++) {
            boolean serves = fragmented ? node % stride == stride - 1 : node >= NODES - SERVING_NODES;
            (serves ? servingNodes : trainingNodes).add(node);
        }
        return new SharedFabricSpec("bench.Mixed4096", cluster, List.of(new SharedFabricSpec.Job(training,
                trainingNodes), new SharedFabricSpec.Job(serving, servingNodes)));
    }
}
