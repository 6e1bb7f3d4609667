package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.interop.InfraGraphExport;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.Graph;

/**
 * Time of exporting a built graph as InfraGraph JSON, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.InfraGraphHarness RUNS [NODES]</pre>
 *
 * The cluster is {@link TopologyHarness}'s (16,384 nodes by default: 131,072 accelerators, 2 planes of
 * three-tier pods). The topology is built once; one warm-up export, then RUNS measured exports, each
 * to a string (what {@code fabric export --infragraph} writes to the file); prints each export's wall
 * and process CPU time, the medians and the document's size.
 */
public final class InfraGraphHarness {
    private InfraGraphHarness() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 16_384;
        Graph graph = ClusterTopologies.build(TopologyHarness.cluster(nodes)).graph();
        String json = InfraGraphExport.write(graph, "bench", "InfraGraphHarness");
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            json = null;
            long cpuStart = ProcessCpu.nanos();
            long start = System.nanoTime();
            json = InfraGraphExport.write(graph, "bench", "InfraGraphHarness");
            wall[i] = (System.nanoTime() - start) / 1e9;
            cpu[i] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %.3f s wall, %.3f s CPU%n", i, wall[i], cpu[i]);
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "%d graph nodes, %d links; document %d characters, %d edges%n",
                graph.nodeCount(), graph.linkCount(), json.length(), json.split("\"ep1\"", -1).length - 1);
        System.out.printf(Locale.ROOT, "median of %d: %.3f s wall, %.3f s CPU%n", runs, wall[runs / 2], cpu[runs / 2]);
    }
}
