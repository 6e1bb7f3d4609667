package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.training.TrainingRuns;
import org.fabricsim.runtime.training.TrainingSimulator;

/**
 * Wall time of one training step, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.TrainingHarness RUNS [fit|cp16|behaviour [deep-spine]]</pre>
 *
 * The job: Llama 3 405B (126 layers, hidden 16,384, SwiGLU 53,248, GQA 128/8) on 16,384 H100 SXM
 * (catalog figures) in 2,048 8-GPU nodes on a three-tier RoCE 400G Clos, 1:7 at aggregation, ECMP
 * (examples/llama3-405b); TP8 PP16 DP128, sequence 8,192, global batch 2,048, interleaved 1F1B,
 * ZeRO-2: the Table 4 row at 16K GPUs, flow-level max-min network model on. One warm-up run, then
 * RUNS measured runs; prints each run's wall and CPU time and the medians.
 *
 * <p>With {@code fit}, the runs are what a calibration fit evaluates: one {@link TrainingRuns} of
 * the job, each run under a profile whose kernel cost differs from the previous one's (so no run
 * repeats a profile), the network solved by the warm-up run only.
 * With {@code cp16}, fresh runs of the same model and cluster at 131,072 tokens with context
 * parallelism: TP8 CP16 PP16 DP8, global batch 128 sequences (16M tokens; Llama 3's long-context
 * row of Table 4, arXiv 2407.21783).
 * With {@code behaviour}, cold steps on the ideal fabric, Meta's RoCE and RoCE with DCQCN, each row after one
 * untimed step of its own, as the reference runs after its warm-up (its CPU time is printed apart: the JIT
 * compiling the row's code and the heap growing, not the row's work); {@code behaviour deep-spine} the same with
 * the spine tier's deep buffer stated ({@link #withDeepSpine}).
 */
public final class TrainingHarness {
    private static final AcceleratorSpec H100 = new AcceleratorSpec("nvidia.H100_SXM", "NVIDIA", 989e12, 1979e12,
            81_559L << 20, 3.35e12, 0.803, 450e9);
    private static final FabricSpec NVLINK4 = new FabricSpec("nvidia.NVLink4", "NVIDIA", FabricSpec.FabricScope.SCALE_UP,
            false, "NVIDIA", 25e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    private static final FabricSpec ROCE = new FabricSpec("meta.llama3.MetaRoCE", "IBTA", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            16); // flows per GPU pair: hardware.md "enhanced ECMP with 16 flows per GPU pair" (examples/llama3-405b)
    private static final NicSpec CX7 = new NicSpec("nvidia.ConnectX7", "NVIDIA", 1, 50e9, 64e9, 0);

    private TrainingHarness() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        boolean fit = args.length > 1 && args[1].equals("fit");
        TrainingSpec spec = args.length > 1 && args[1].equals("cp16") ? llama405b16kContext() : llama405b16k();
        if (args.length > 1 && args[1].equals("behaviour")) {
            behaviour(args.length > 2 && args[2].equals("deep-spine") ? withDeepSpine(spec) : spec, runs);
            return;
        }
        TrainingRuns job = new TrainingRuns(spec, TrainingSimulator.SEED);
        CalibrationProfile defaults = CalibrationProfile.defaults();
        job.run(defaults);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long cpuStart = ProcessCpu.nanos();
            long start = System.nanoTime();
            RunResult result = fit ? job.run(defaults.with(ComputeCalibration.KERNEL_OVERHEAD, (i + 1) * 1e-6))
                    : TrainingSimulator.run(spec);
            wall[i] = (System.nanoTime() - start) / 1e9;
            cpu[i] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %.3f s wall, %.3f s CPU; step %.3f s, MFU %.4f%n", i, wall[i], cpu[i],
                    (Double) result.metrics().get("stepTimeSeconds"), (Double) result.metrics().get("mfu"));
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "median of %d: %.3f s wall, %.3f s CPU (process)%n", runs, wall[runs / 2],
                cpu[runs / 2]);
    }

    /**
     * The step cold (a fresh job per run, every pattern solved) on the ideal fabric, on Meta's RoCE as measured
     * by the packet backend (PFC, no congestion control, go-back-N, ECMP; docs/fabric-behaviour.md) and on the
     * same fabric with DCQCN, whose derating (factors well below 1) makes the flow model run its second fill.
     * Each row's measured steps follow one step of that row whose CPU time is printed apart and not counted, as
     * {@link #main}'s reference steps follow its warm-up: in a fresh JVM the first steps of a row also pay the JIT
     * compiling the row's code and the collector while the heap grows (docs/performance.md, "Behaviour rows,
     * session 70"), which the reference's figure does not.
     */
    private static void behaviour(TrainingSpec spec, int runs) {
        String[] names = {"ideal", "RoCE behaviour", "RoCE with DCQCN"};
        FabricBehaviour[] behaviours = {null, roce(FabricSpec.CongestionControl.NONE),
                roce(FabricSpec.CongestionControl.DCQCN)};
        for (int b = 0; b < behaviours.length; b++) {
            double[] wall = new double[runs];
            double[] cpu = new double[runs];
            long warmUpStart = ProcessCpu.nanos();
            RunResult result = coldStep(spec, behaviours[b]);
            double warmUpCpu = (ProcessCpu.nanos() - warmUpStart) / 1e9;
            for (int i = 0; i < runs; i++) {
                long cpuStart = ProcessCpu.nanos();
                long start = System.nanoTime();
                result = coldStep(spec, behaviours[b]);
                wall[i] = (System.nanoTime() - start) / 1e9;
                cpu[i] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            }
            Arrays.sort(wall);
            Arrays.sort(cpu);
            System.out.printf(Locale.ROOT, "%s: median of %d cold steps %.3f s wall, %.3f s CPU; step %.4f s, MFU %.4f;"
                    + " warm-up step %.3f s CPU%n", names[b], runs, wall[runs / 2], cpu[runs / 2],
                    (Double) result.metrics().get("stepTimeSeconds"), (Double) result.metrics().get("mfu"), warmUpCpu);
        }
    }

    /** One cold step of {@code spec} (a fresh job, every pattern solved) on {@code behaviour} (null: the ideal fabric). */
    private static RunResult coldStep(TrainingSpec spec, FabricBehaviour behaviour) {
        return new TrainingRuns(spec, TrainingSimulator.SEED, behaviour).run(CalibrationProfile.defaults());
    }

    /** One cold step of the job on RoCE with DCQCN, as the {@code behaviour} row runs it: its step time, seconds. */
    public static double dcqcnStepSeconds() {
        RunResult result = coldStep(llama405b16k(), roce(FabricSpec.CongestionControl.DCQCN));
        return (Double) result.metrics().get("stepTimeSeconds");
    }

    /** One cold step of the job on Meta's RoCE without congestion control (the {@code behaviour} row): its step time, seconds. */
    public static double roceStepSeconds() {
        RunResult result = coldStep(llama405b16k(), roce(FabricSpec.CongestionControl.NONE));
        return (Double) result.metrics().get("stepTimeSeconds");
    }

    /** One cold step of the 131K-token CP16 job, as {@code TrainingHarness RUNS cp16} runs it: its step time, seconds. */
    public static double cp16StepSeconds() {
        RunResult result = TrainingSimulator.run(llama405b16kContext());
        return (Double) result.metrics().get("stepTimeSeconds");
    }

    /**
     * One cold step of the 131K-token CP16 job on Meta's RoCE without congestion control (the long-context study's
     * fabric, docs/performance.md "The long-context study"): its step time, seconds.
     */
    public static double cp16RoceStepSeconds() {
        RunResult result = coldStep(llama405b16kContext(), roce(FabricSpec.CongestionControl.NONE));
        return (Double) result.metrics().get("stepTimeSeconds");
    }

    /**
     * The job with the spine tier stated as examples/llama3-405b does: 512 Arista 7800R3-class CTSWs of 576 x 400G
     * with 8 GB of buffer (a Jericho2 packet processor's HBM), pods of 1,024 GPUs: the same tree as the derived one.
     */
    static TrainingSpec withDeepSpine(TrainingSpec spec) {
        ClusterSpec cluster = spec.cluster();
        SwitchSpec ctsw = new SwitchSpec("meta.llama3.CTSW", "Arista", 576, 50e9, 0, 8_000_000_000L, false, false);
        TierStructure tiers = new TierStructure(null, new TierStructure.Level(ctsw, 512, 0), null, 1024, 1, 0);
        ScaleOutSpec network = new ScaleOutSpec(cluster.scaleOut().fabric(), new TopologySpec.FatTree(null, 3,
                List.of(1.0, 1.0, 7.0), tiers), ScaleOutSpec.Routing.ECMP);
        return new TrainingSpec(spec.name(), spec.model(), cluster.withScaleOut(network), spec.accelerators(),
                spec.sequence(), spec.globalBatchSequences(), spec.microBatch(), spec.precision(), spec.parallel(),
                spec.schedule(), spec.virtualStages(), spec.sharding(), spec.recompute(), spec.overlap(), spec.software(),
                spec.tensorOverlap(), spec.trainTokens());
    }

    private static FabricBehaviour roce(FabricSpec.CongestionControl congestionControl) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC, congestionControl,
                BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
    }

    /** The long-context phase: 131,072 tokens, TP8 CP16 PP16 DP8, 128 sequences per step. */
    static TrainingSpec llama405b16kContext() {
        TrainingSpec base = llama405b16k();
        return new TrainingSpec("bench.Llama3_405B_16K_CP16", base.model(), base.cluster(), 16384, 131072, 128, 1,
                Precision.BF16, new ParallelismSpec(8, 16, 8, 16, 1, true), TrainingSpec.PipelineSchedule.INTERLEAVED,
                1, TrainingSpec.Sharding.ZERO_2, TrainingSpec.Recompute.NONE, 1.0);
    }

    static TrainingSpec llama405b16k() {
        TransformerSpec model = new TransformerSpec("meta.llama3.Llama3_405B", 126, 16384, 53248, 128, 8, 128, 128256,
                true, 0, 0, 0, 0, 0, 0, 0);
        NodeSpec node = new NodeSpec("meta.llama3.GrandTeton", H100, 8,
                new ScaleUpSpec(NVLINK4, ScaleUpSpec.Kind.SWITCHED, 8, 450e9, true), CX7, 8, true);
        ClusterSpec cluster = new ClusterSpec("meta.llama3.Grand16K", node, 2048, new ScaleOutSpec(ROCE,
                new TopologySpec.FatTree(null, 3, List.of(1.0, 1.0, 7.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);
        ParallelismSpec plan = new ParallelismSpec(8, 16, 128, 1, 1, true);
        return new TrainingSpec("bench.Llama3_405B_16K", model, cluster, 16384, 8192, 2048, 1, Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.INTERLEAVED, 1, TrainingSpec.Sharding.ZERO_2, TrainingSpec.Recompute.NONE,
                1.0);
    }
}
