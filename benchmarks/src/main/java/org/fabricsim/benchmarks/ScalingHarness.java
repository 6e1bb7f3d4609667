package org.fabricsim.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.collective.PhaseMemo;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DegradedTopologies;

/**
 * Wall time of whole simulations against size, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.ScalingHarness ring|alltoall|sweep RUNS N1 N2 ...</pre>
 *
 * {@code sweep} is nccl-tests' all_reduce_perf -b 1K -e 16G -f 2 (25 sizes) with NCCL's algorithm,
 * protocol and channel choice, one run being the whole sweep, largest size first as {@code
 * CollectiveBenchmarks} runs it (the 1 KiB result is printed).
 * For every N: one warm-up run, then RUNS measured runs; prints the median and the spread of the
 * wall time (topology build + simulation), the median CPU time of the whole process over the run
 * (engine thread + GC + JIT: what one core spends, independent of other load on the machine), the
 * simulated time, the heap in use after the run and the peak heap of the process (the sum of the
 * heap pools' peaks since start). Run it pinned to one core with {@code
 * taskset -c 1 java -XX:ActiveProcessorCount=1 ...}. {@code -Drouting=ecmp|adaptive|spray} sets the
 * all-to-all's routing (ECMP by default), {@code -Dtolerance=} the completion tolerance of every scenario
 * ({@link MaxMinNetwork#DEFAULT_COMPLETION_TOLERANCE}, as {@code fabric simulate}, when absent), and
 * {@code -Dbehaviour=roce} runs the all-to-all with RoCE's fabric behaviour (PFC, DCQCN, go-back-N, the
 * run's routing; the ideal fabric when absent), and {@code -Dplanes=P} runs it on P planes of that fabric, every NIC
 * with one port into each ({@link Scenarios#twoTier(int, int, int)}; one plane when absent); {@code -DflowsPerPeer=F}
 * gives the fabric F flows per peer (1 when absent) and {@code -Ddegraded=true} takes one cable of the tree out
 * ({@link DegradedTopologies#withoutCable}: spraying then sprays per path).
 */
public final class ScalingHarness {
    private ScalingHarness() {
    }

    public static void main(String[] args) {
        String scenario = args[0];
        int runs = Integer.parseInt(args[1]);
        double tolerance = Double.parseDouble(System.getProperty("tolerance",
                Double.toString(MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE)));
        RoutingMode routing = RoutingMode.valueOf(System.getProperty("routing", "ecmp").toUpperCase(Locale.ROOT));
        System.out.printf("%-9s %9s %10s %10s %10s %10s %14s %9s %9s %10s %10s%n", "scenario", "endpoints", "wall_s",
                "min_s", "max_s", "cpu_s", "simulated_s", "heap_MB", "peak_MB", "flows", "classes");
        for (int i = 2; i < args.length; i++) {
            int endpoints = Integer.parseInt(args[i]);
            double[] seconds = new double[runs];
            double[] cpuSeconds = new double[runs];
            CollectiveResult result = null;
            for (int r = -1; r < runs; r++) {
                long cpuStart = ProcessCpu.nanos();
                long start = System.nanoTime();
                result = run(scenario, endpoints, tolerance, routing);
                double elapsed = (System.nanoTime() - start) / 1e9;
                if (r >= 0) {
                    seconds[r] = elapsed;
                    cpuSeconds[r] = (ProcessCpu.nanos() - cpuStart) / 1e9;
                }
            }
            Runtime runtime = Runtime.getRuntime();
            long heapMb = (runtime.totalMemory() - runtime.freeMemory()) >> 20;
            Arrays.sort(seconds);
            Arrays.sort(cpuSeconds);
            long peakMb = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    peakMb += pool.getPeakUsage().getUsed() >> 20;
                }
            }
            System.out.printf("%-9s %9d %10.3f %10.3f %10.3f %10.3f %14.6f %9d %9d %10d %10d%n", scenario, endpoints,
                    seconds[runs / 2], seconds[0], seconds[runs - 1], cpuSeconds[runs / 2], result.timeSeconds(),
                    heapMb, peakMb, result.network().flowsStarted(), result.network().flowClassesStarted());
        }
    }


    static CollectiveResult run(String scenario, int endpoints, double tolerance, RoutingMode routing) {
        ClusterTopology topology;
        CollectiveRequest request;
        if ("ring".equals(scenario)) {
            topology = Scenarios.railFatTree(endpoints);
            request = Scenarios.ringAllReduce(endpoints).withCompletionTolerance(tolerance);
        } else if ("sweep".equals(scenario)) {
            topology = Scenarios.railFatTree(endpoints);
            CollectiveResult last = null;
            PhaseMemo memo = new PhaseMemo();
            for (long bytes = 16L << 30; bytes >= 1L << 10; bytes >>= 1) {
                last = CollectiveEngine.run(topology,
                        Scenarios.ncclAllReduce(endpoints, bytes).withCompletionTolerance(tolerance), memo);
            }
            return last;
        } else if ("alltoall".equals(scenario)) {
            topology = Scenarios.twoTier(endpoints, Math.max(1, (int) Math.sqrt(endpoints / 2.0)),
                    Integer.getInteger("planes", 1));
            topology = Boolean.getBoolean("degraded") ? DegradedTopologies.withoutCable(topology) : topology;
            request = Scenarios.allToAll(endpoints, 1L << 20, tolerance).withRouting(routing)
                    .withFabricBehaviour(behaviour(routing)).withFlowsPerPeer(Integer.getInteger("flowsPerPeer", 1));
        } else {
            throw new IllegalArgumentException("scenario is ring, sweep or alltoall: " + scenario);
        }
        return CollectiveEngine.run(topology, request);
    }

    /** The fabric behaviour {@code -Dbehaviour} names: RoCE's with {@code routing}, or null for the ideal fabric. */
    private static FabricBehaviour behaviour(RoutingMode routing) {
        String name = System.getProperty("behaviour", "ideal");
        return switch (name) {
            case "ideal" -> null;
            case "roce" -> BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                    CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, routing));
            default -> throw new IllegalArgumentException("behaviour is ideal or roce: " + name);
        };
    }
}
