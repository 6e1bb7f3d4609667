package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.junit.jupiter.api.Test;

/** KV caches between nodes move on the behaviour the scale-out fabric states. */
class KvTransferBehaviourTest {
    /** PFC, DCQCN, go-back-N, ECMP: the row a RoCE fabric stating 'lossless pfc' runs with. */
    private static final FabricBehaviour ROCE = BehaviourTable.shipped().behaviour(new BehaviourKey(
            BehaviourKey.FlowControl.PFC, FabricSpec.CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N,
            RoutingMode.ECMP));

    /** {@code nodes} DGX H100 on the fixtures' RoCE fat-tree, its fabric stating {@code flowControl}. */
    private static ClusterSpec dgx(int nodes, FabricSpec.FlowControl flowControl) {
        ClusterSpec base = ServingFixtures.dgxH100(nodes, 0);
        FabricSpec f = base.scaleOut().fabric();
        FabricSpec stated = new FabricSpec(f.name(), f.vendor(), f.scope(), f.openStandard(), f.acceleratorVendor(),
                f.linkBytesPerSecond(), f.latencyPs(), flowControl, f.congestionControl(), f.adaptiveRouting(),
                f.packetSpraying(), f.inNetworkReduction(), f.flowsPerPeer(), f.linkEfficiency(), f.packet());
        return new ClusterSpec(base.name(), base.node(), nodes, new ScaleOutSpec(stated, base.scaleOut().topology(),
                base.scaleOut().routing()), 0, null, null);
    }

    /** {@code prefills} TP8 prefill replicas, one request each, handing over to one TP8 decode replica. */
    private static double kvP50Seconds(ClusterSpec cluster, int prefills) {
        InferenceSpec spec = new InferenceSpec("t.Disaggregated", ServingFixtures.LLAMA3_8B, cluster, Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, prefills, ServingFixtures.tensor(8), 8192, 256, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(8), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 8, prefills), List.of(), false);
        return ServingLatencyTest.summary(InferenceRunner.run(spec), "kvTransferSeconds").get("p50");
    }

    @Test
    void shouldMoveAnUncontendedCacheExactlyAsTheIdealFabric() {
        // One prefill node to one decode node: GPU i's NIC to GPU 8+i's NIC, one flow per link.
        assertEquals(kvP50Seconds(dgx(2, FabricSpec.FlowControl.UNSTATED), 1),
                kvP50Seconds(dgx(2, FabricSpec.FlowControl.PFC), 1));
    }

    @Test
    void shouldSlowTwoCachesConvergingOnOneDecodeNodeByTheIncastUtilisation() {
        // Two prefill nodes hand over at once to the decode node: each of its NIC downlinks takes two
        // flows from two senders, an incast of overload ρ ≥ 2 (more when a sender's first link is
        // faster than the downlink), so the transfer runs at u(ρ) of the ideal's rate with
        // u(4) ≤ u(ρ) ≤ u(2) for ρ in [2, 4]: the transfer time grows by a factor in [1/u(2), 1/u(4)].
        // Path latency (a few µs) is within the 2% slack against a transfer of about 1.4 ms.
        double ideal = kvP50Seconds(dgx(3, FabricSpec.FlowControl.UNSTATED), 2);
        double roce = kvP50Seconds(dgx(3, FabricSpec.FlowControl.PFC), 2);
        double ratio = roce / ideal;
        assertTrue(ratio >= 0.98 / ROCE.utilisation(0) && ratio <= 1.02 / ROCE.utilisation(1),
                () -> "RoCE over ideal " + ratio + ", u(2) = " + ROCE.utilisation(0) + ", u(4) = " + ROCE.utilisation(1));
    }
}
