package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The cost of fabric behaviour in the flow model: the same collective with and without RoCE's
 * behaviour (PFC, DCQCN, go-back-N, ECMP), median wall time of {@code repeats} runs each, and
 * their ratio. Usage: {@code FabricBehaviourHarness ring|alltoall REPEATS ENDPOINTS}.
 */
public final class FabricBehaviourHarness {
    private FabricBehaviourHarness() {
    }

    public static void main(String[] args) {
        String workload = args[0];
        int repeats = Integer.parseInt(args[1]);
        int endpoints = Integer.parseInt(args[2]);
        boolean ring = workload.equals("ring");
        ClusterTopology topology = ring ? Scenarios.railFatTree(endpoints) : Scenarios.twoTier(endpoints, 16);
        CollectiveRequest request = ring ? Scenarios.ringAllReduce(endpoints)
                : Scenarios.allToAll(endpoints, 1L << 20, 0.01);
        FabricBehaviour roce = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
        double[] ideal = new double[repeats];
        double[] fabric = new double[repeats];
        long idealPs = 0;
        long fabricPs = 0;
        for (int r = 0; r < repeats; r++) {
            long start = System.nanoTime();
            idealPs = CollectiveEngine.run(topology, request).timePs();
            ideal[r] = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            fabricPs = CollectiveEngine.run(topology, request.withFabricBehaviour(roce)).timePs();
            fabric[r] = (System.nanoTime() - start) / 1e9;
        }
        System.out.printf(Locale.ROOT, "%s %d endpoints: ideal %.3f s, RoCE behaviour %.3f s (median of %d), cost"
                + " ratio %.2f; simulated %.6f s against %.6f s%n", workload, endpoints, median(ideal), median(fabric),
                repeats, median(fabric) / median(ideal), fabricPs / 1e12, idealPs / 1e12);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
