package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Time and memory of building a pod-structured, multi-plane topology, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.TopologyHarness RUNS [NODES]</pre>
 *
 * The cluster (16,384 nodes by default: 131,072 accelerators): 8 accelerators per node on a switched
 * scale-up domain, each with a 2 × 200G NIC, rail-optimized over 8 rails, 2 planes; per plane three
 * tiers of 128 × 400G switches on 400G links: 2,048 leaves of 64 NIC ports with 32 uplinks (1:1),
 * 16 pods of 8,192 accelerators (128 leaves, 32 spines each), pods joined at 4:1 (32 uplinks per
 * spine, 1,024 cores).
 * One warm-up build, then RUNS measured builds; prints each build's wall and process CPU time, the
 * medians, the graph's size and the heap in use with the topology held after a full GC.
 */
public final class TopologyHarness {
    private static final double G200 = 25e9;
    private static final double G400 = 50e9;

    private TopologyHarness() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 16_384;
        ClusterSpec cluster = cluster(nodes);
        ClusterTopology topology = ClusterTopologies.build(cluster);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            topology = null;
            long cpuStart = ProcessCpu.nanos();
            long start = System.nanoTime();
            topology = ClusterTopologies.build(cluster);
            wall[i] = (System.nanoTime() - start) / 1e9;
            cpu[i] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %.3f s wall, %.3f s CPU%n", i, wall[i], cpu[i]);
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        long heapMb = (runtime.totalMemory() - runtime.freeMemory()) >> 20;
        System.out.printf(Locale.ROOT, "%s%n%d accelerators, %d graph nodes, %d links%n", topology.describe(),
                topology.accelerators(), topology.graph().nodeCount(), topology.graph().linkCount());
        System.out.printf(Locale.ROOT, "median of %d: %.3f s wall, %.3f s CPU; heap in use with the topology: %d MB%n",
                runs, wall[runs / 2], cpu[runs / 2], heapMb);
    }

    /** The harness's cluster of {@code nodes} nodes (8 accelerators each), as described above. */
    static ClusterSpec cluster(int nodes) {
        AcceleratorSpec gpu = new AcceleratorSpec("bench.G", "generic", 0, 0, 0, 0, 0, 0);
        FabricSpec nvlink = new FabricSpec("bench.NVLink", "generic", FabricSpec.FabricScope.SCALE_UP, false, "",
                450e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true,
                FabricSpec.DEFAULT_FLOWS_PER_PEER);
        FabricSpec roce = new FabricSpec("bench.RoCE", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", G400,
                0, true, FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("bench.Node", gpu, 8, new ScaleUpSpec(nvlink, ScaleUpSpec.Kind.SWITCHED, 8,
                450e9, false), new NicSpec("bench.NIC", "generic", 2, G200, 0, 0), 8, true);
        SwitchSpec switch128 = new SwitchSpec("bench.S", "generic", 128, G400, 0, 0, false, false);
        int accelerators = nodes * 8;
        TierStructure structure = new TierStructure(
                new TierStructure.Level(switch128, accelerators / 64, G400), null, null, 8192, 2, accelerators);
        TopologySpec topology = new TopologySpec.RailOptimized(switch128, 8, 3, List.of(1.0, 4.0), structure);
        return new ClusterSpec("bench.C", node, nodes, new ScaleOutSpec(roce, topology, ScaleOutSpec.Routing.ADAPTIVE),
                0, null, null);
    }
}
