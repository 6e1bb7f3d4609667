package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.FabricSpec.FlowControl;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Collective benchmarks run on the behaviour their cluster's fabric states, and on the ideal when it states none. */
class FabricBehaviourBenchmarksTest {
    private static final double LINK_BYTES_PER_SECOND = 50e9;
    private static final SwitchSpec TWELVE_PORTS = new SwitchSpec("t.S12", "generic", 12, LINK_BYTES_PER_SECOND, 0, 0,
            false, false);

    private static ClusterSpec cluster(FlowControl flowControl, CongestionControl cc, TopologySpec topology) {
        return cluster(flowControl, cc, topology, ScaleOutSpec.Routing.ECMP);
    }

    private static ClusterSpec cluster(FlowControl flowControl, CongestionControl cc, TopologySpec topology,
            ScaleOutSpec.Routing routing) {
        AcceleratorSpec accelerator = new AcceleratorSpec("t.A", "generic", 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec("t.N", "generic", 1, LINK_BYTES_PER_SECOND, 0, 0);
        FabricSpec fabric = new FabricSpec("t.F", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "",
                LINK_BYTES_PER_SECOND, 1_000_000, flowControl, cc, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 0, PacketSettings.DEFAULTS);
        NodeSpec node = new NodeSpec("t.Node", accelerator, 1, null, nic, 1, true);
        return new ClusterSpec("t.C", node, 16, new ScaleOutSpec(fabric, topology, routing), 0, null, null);
    }

    private static double allToAllSeconds(ClusterSpec cluster) {
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", cluster, 16,
                CollectiveOperation.ALL_TO_ALL, Algorithm.AUTO, 1, List.of(64L << 20));
        RunResult run = new Simulator().run(bench);
        return (Double) ((Map<?, ?>) ((List<?>) run.metrics().get("rows")).get(0)).get("timeSeconds");
    }

    @Test
    void shouldSlowAnAllToAllOnAnOversubscribedTreeWithinTheMeasuredUtilisation() {
        // 16 single-NIC nodes under 12-port leaves at 2:1 (8 hosts and 4 uplinks per leaf): half of
        // each host's all-to-all crosses the spine, 8 hosts' worth over 4 uplinks, so the uplinks are
        // contended. RoCE (PFC, DCQCN, go-back-N, ECMP) runs a contended link at u(ρ) of its capacity:
        // slower than the ideal, but by no more than 1 / min u (no link delivers less than min u).
        TopologySpec tree = new TopologySpec.FatTree(TWELVE_PORTS, 2, List.of(2.0));
        double ideal = allToAllSeconds(cluster(FlowControl.UNSTATED, CongestionControl.DCQCN, tree));
        double roce = allToAllSeconds(cluster(FlowControl.PFC, CongestionControl.DCQCN, tree));
        FabricBehaviour row = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N,
                org.fabricsim.runtime.routing.RoutingMode.ECMP));
        assertTrue(roce > ideal * 1.01, () -> "RoCE " + roce + " s against the ideal " + ideal + " s");
        assertTrue(roce <= ideal / row.smallestFactor(), () -> "RoCE " + roce + " s beyond 1 / min u of " + ideal);
    }

    @Test
    void shouldRunRoceSlowerThanInfinibandOnAnOversubscribedTreeByNoMoreThanTheirRowsAllow() {
        // The same 2:1 tree. InfiniBand as the catalog states it (credits, congestion control none: IB CC is
        // off unless the subnet manager enables it; adaptive routing) runs the credits row under adaptive routing: u ≥ 0.9981 and m = 0.9990, so no
        // link below 0.9981 × 0.9990 = 0.9971 of capacity, hence within 1 / 0.9971 of the ideal fabric routed
        // adaptively. RoCE (PFC, DCQCN, ECMP) runs its links down to u(4) = 0.6263: slower than the ideal
        // routed by ECMP, by no more than 1 / 0.6263.
        TopologySpec tree = new TopologySpec.FatTree(TWELVE_PORTS, 2, List.of(2.0));
        double idealAdaptive = allToAllSeconds(cluster(FlowControl.UNSTATED, CongestionControl.NONE, tree,
                ScaleOutSpec.Routing.ADAPTIVE));
        double infiniBand = allToAllSeconds(cluster(FlowControl.CREDIT_BASED, CongestionControl.NONE, tree,
                ScaleOutSpec.Routing.ADAPTIVE));
        double idealEcmp = allToAllSeconds(cluster(FlowControl.UNSTATED, CongestionControl.NONE, tree));
        double roce = allToAllSeconds(cluster(FlowControl.PFC, CongestionControl.DCQCN, tree));
        assertTrue(infiniBand >= idealAdaptive && infiniBand <= idealAdaptive / (0.9981 * 0.9990),
                () -> "InfiniBand " + infiniBand + " s against the ideal " + idealAdaptive + " s");
        assertTrue(roce > idealEcmp * 1.01 && roce <= idealEcmp / 0.6263,
                () -> "RoCE " + roce + " s against the ideal " + idealEcmp + " s");
        assertTrue(roce > infiniBand * 1.01, () -> "RoCE " + roce + " s against InfiniBand " + infiniBand + " s");
    }

    @Test
    void shouldEqualTheIdealExactlyWhenNothingIsContended() {
        // One non-blocking switch: a receiver's flows arrive spread over their senders' NICs, so they
        // offer its link an overload of 1 and nothing is derated (FabricBehaviour.capacityFactor(1) = 1):
        // the time is the ideal's to the picosecond.
        TopologySpec single = new TopologySpec.SingleSwitch(new SwitchSpec("t.S16", "generic", 16,
                LINK_BYTES_PER_SECOND, 0, 0, false, false));
        assertEquals(allToAllSeconds(cluster(FlowControl.UNSTATED, CongestionControl.NONE, single)),
                allToAllSeconds(cluster(FlowControl.PFC, CongestionControl.DCQCN, single)));
    }
}
