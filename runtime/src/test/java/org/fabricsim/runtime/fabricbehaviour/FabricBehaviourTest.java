package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.PathChoice;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/** The capacity factor u(ρ, m)·m_p of a saturated link, by hand-derived interpolation. */
class FabricBehaviourTest {
    /**
     * u(k, m), degree-major: one flow per sender 0.8, 0.6, 0.4, 0.2 at k = 2, 4, 8, 16; at k = 2 the
     * flows per sender m = 1, 2, 4, 8 give 0.8, 0.84, 0.96, 1 (the shape of ib-cc's 0.574, 0.655, 0.864,
     * 1.000), at k = 4 0.6, 0.7, 0.8, 0.9; higher degrees do not depend on m.
     */
    private static final double[] U = {
        0.8, 0.84, 0.96, 1.0,
        0.6, 0.7, 0.8, 0.9,
        0.4, 0.4, 0.4, 0.4,
        0.2, 0.2, 0.2, 0.2};

    private static FabricBehaviour behaviour(RoutingMode routing, double multipath) {
        return FabricBehaviour.atEveryPathLength(new BehaviourKey(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN,
                BehaviourKey.Recovery.GO_BACK_N, routing), U, multipath);
    }

    @Test
    void shouldLeaveALinkWithoutOverloadAtFullCapacity() {
        FabricBehaviour b = behaviour(RoutingMode.ECMP, 1);
        assertEquals(1.0, b.capacityFactor(1.0, 1, 2, 1 << 20));
        assertEquals(1.0, b.capacityFactor(0.4, 4, 2, 1 << 20));
    }

    @Test
    void shouldInterpolateLinearlyInTheLogarithmOfTheOverload() {
        FabricBehaviour b = behaviour(RoutingMode.ECMP, 1);
        assertEquals(0.8, b.capacityFactor(2, 1, 2, 1 << 20), 1e-12);
        // √2 is halfway between 1 (u = 1) and 2 (u = 0.8) in log₂: 0.9.
        assertEquals(0.9, b.capacityFactor(Math.sqrt(2), 1, 2, 1 << 20), 1e-12);
        // 2√2 is halfway between 2 and 4: (0.8 + 0.6) / 2.
        assertEquals(0.7, b.capacityFactor(2 * Math.sqrt(2), 1, 2, 1 << 20), 1e-12);
        assertEquals(0.2, b.capacityFactor(16, 1, 2, 1 << 20), 1e-12);
        assertEquals(0.2, b.capacityFactor(1000, 1, 2, 1 << 20), 1e-12, "held at u(16) beyond the measured degrees");
    }

    @Test
    void shouldGiveTheOneFlowPerSenderValueExactlyAtOneFlowPerSender() {
        // m = 1 reads the first column only, with the same arithmetic as before flows per sender were
        // measured: u(3) = 0.8 + (0.6 − 0.8)·log₂(3/2) / log₂ 2, bit for bit.
        FabricBehaviour b = behaviour(RoutingMode.ECMP, 1);
        double t = Math.log(3 / 2.0) / Math.log(4 / 2.0);
        assertEquals(0.8 + (0.6 - 0.8) * t, b.capacityFactor(3, 1, 2, 1 << 20));
        assertEquals(0.8, b.capacityFactor(2, 0.5, 2, 1 << 20), "fewer flows than senders cannot happen: held at m = 1");
    }

    @Test
    void shouldInterpolateBilinearlyInTheLogarithmsOfOverloadAndFlowsPerSender() {
        FabricBehaviour b = behaviour(RoutingMode.ECMP, 1);
        assertEquals(0.96, b.capacityFactor(2, 4, 2, 1 << 20), 1e-12, "a measured point");
        // m = 2√2 is halfway between 2 and 4 in log₂: u(2, 2√2) = (0.84 + 0.96) / 2 = 0.9.
        assertEquals(0.9, b.capacityFactor(2, 2 * Math.sqrt(2), 2, 1 << 20), 1e-12);
        // m = 6 at ρ = 4: t = log₂(6/4) = 0.585; 0.8 + 0.1·0.585 = 0.8585.
        assertEquals(0.8 + 0.1 * (Math.log(1.5) / Math.log(2)), b.capacityFactor(4, 6, 2, 1 << 20), 1e-12);
        // ρ = 2√2, m = 2√2: halfway between u(2, ·) = 0.9 and u(4, ·) = (0.7 + 0.8) / 2 = 0.75: 0.825.
        assertEquals(0.825, b.capacityFactor(2 * Math.sqrt(2), 2 * Math.sqrt(2), 2, 1 << 20), 1e-12);
        // ρ = √2 (between u(1) = 1 and ρ = 2) at m = 4: halfway between 1 and 0.96: 0.98.
        assertEquals(0.98, b.capacityFactor(Math.sqrt(2), 4, 2, 1 << 20), 1e-12);
        assertEquals(0.9, b.capacityFactor(4, 100, 2, 1 << 20), 1e-12, "held at m = 8 beyond the measured counts");
    }

    @Test
    void shouldScaleBySprayingsMultipathFactorAndRefuseOneUnderEcmp() {
        assertEquals(0.4, behaviour(RoutingMode.SPRAY, 0.5).capacityFactor(2, 1, 2, 1 << 20), 1e-12);
        assertEquals(0.1, behaviour(RoutingMode.SPRAY, 0.5).smallestFactor(), 1e-12, "min u x m = 0.2 x 0.5");
        assertThrows(IllegalArgumentException.class, () -> behaviour(RoutingMode.ECMP, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new FabricBehaviour(new BehaviourKey(
                BehaviourKey.FlowControl.LOSSY, CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ECMP), new double[] {1, 1, 1, 0}, 1));
        assertThrows(IllegalArgumentException.class, () -> new FabricBehaviour(new BehaviourKey(
                BehaviourKey.FlowControl.LOSSY, CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ECMP), new double[2 * U.length], 1), "zero utilisations");
    }

    @Test
    void shouldKeepScaleUpLinksIdealOnACluster() {
        LinkClass link = new LinkClass(50e9, 1_000_000);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(16,
                ScaleUpParameters.switched(8, new LinkClass(450e9, 500_000), false), link,
                FatTreeParameters.singleSwitch(link)));
        ContentionModel model = behaviour(RoutingMode.ECMP, 1).on(cluster);
        assertEquals(1.0, model.saturatedCapacityFactor(cluster.scaleUpUplink(3), 4, 1, 2, 1 << 20, 1 << 20, 1));
        assertEquals(0.6, model.saturatedCapacityFactor(cluster.nicDownlink(3), 4, 1, 2, 1 << 20, 1 << 20, 1), 1e-12);
    }

    @Test
    void shouldChargeTheMultipathFactorOnlyBetweenSwitchesAndOnlyUnderOverload() {
        // 16 hosts, 4 per leaf, 2:1. A NIC's downlink has one path: an incast of 4 on it gets u(4) = 0.6
        // under spraying as under ECMP. A leaf's uplink is where spraying chooses per packet: u(4)·m =
        // 0.6 × 0.5 = 0.3 there, and its sprayed uplink group (a handle past the physical links) too.
        // Without overload nothing is charged, multipath or not.
        ClusterTopology tree = TrafficPattern.permutation(16, 4, 2.0, 1).topology(12.5e9);
        ContentionModel model = behaviour(RoutingMode.SPRAY, 0.5).on(tree);
        int downlink = tree.nicDownlink(3);
        assertEquals(0.6, model.saturatedCapacityFactor(downlink, 4, 1, 2, 1 << 20, 1 << 20, 1), 1e-12);
        int[] path = new int[tree.maxRouteLinks()];
        PathChoice first = (hop, firstLink, stride, candidates) -> 0;
        int length = tree.route(0, 15, first, path);
        int uplink = path[1];
        assertEquals(0.3, model.saturatedCapacityFactor(uplink, 4, 1, 2, 1 << 20, 1 << 20, 1), 1e-12);
        assertEquals(1.0, model.saturatedCapacityFactor(uplink, 1, 1, 2, 1 << 20, 1 << 20, 1));
        int groupLength = tree.groupRoute(0, 15, first, true, path);
        assertEquals(length, groupLength);
        assertEquals(0.3, model.saturatedCapacityFactor(path[1], 4, 1, 2, 1 << 20, 1 << 20, 1), 1e-12);
    }
}
