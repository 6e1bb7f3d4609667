package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.Dcqcn;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * DCQCN's stall past Kmax ({@link DcqcnStall}) against hand derivations. {@code Dcqcn.defaults} at c = 12.5 GB/s
 * (100 Gb/s, thresholds set for that rate): Kmin = 400,000 B, Kmax = 1,600,000 B, ΔK = 1,200,000 B, Pmax = 0.2,
 * τ_d = 4 µs, τ_i = 300 µs; MTU 4096 B; H the RoCE header bytes a packet carries.
 */
class DcqcnStallTest {
    private static final double C = 12.5e9;
    private static final double MIB = 1 << 20;
    private static final DcqcnStall STALL = new DcqcnStall(Dcqcn.defaults(C), C, 4096);
    /** PFC's admitted queue of one ingress in a 12 MiB switch: 12 MiB / 9 + 4 KiB = 1,402,197.33 B. */
    private static final double PFC_INGRESS_BYTES = 12 * MIB / 9 + 4096;

    @Test
    void shouldIdleForTheIncreaseTimerLessTheDrainBelowTheFirstFlowBacksLastMark() {
        // N = 4: y* = √(2 × 1.2e6 × 4096 × 4 × ln 4 / 0.2) = √(4.9152e10 × 5.545177) = 522,069.5 B < ΔK;
        // D = 300 µs − (400,000 + 522,069.5) B / 12.5 GB/s = 300 − 73.7656 = 226.2344 µs.
        assertEquals(226.2344e-6, STALL.delaySeconds(4, C), 1e-10);
        // N = 16: √(4.9152e10 × 16 × ln 16) = 1,476,622 B > ΔK = 1.2e6, so y* = ΔK: D = 300 − 1.6e6 / 12.5e9 = 172 µs.
        assertEquals(172e-6, STALL.delaySeconds(16, C), 1e-10);
        // At 4c the thresholds scale by 4 (Kmin 1.6e6, ΔK 4.8e6), y* by 2 (1,044,139 B) against 4c: D = 300 −
        // (1.6e6 + 1,044,139) / 5e10 = 300 − 52.8828 = 247.1172 µs: more packets cross the band, the last mark is lower.
        assertEquals(247.1172e-6, STALL.delaySeconds(4, 4 * C), 1e-10);
    }

    @Test
    void shouldStallAFourToOneIncastOfFourFlowsPerSenderPastKmaxAndChargeTheDelayOnce() {
        // ρ = 4, N = 4 × 4 = 16 flows, R = 8 MiB = 8,388,608 B, Q_adm = 4 × 1,402,197.33 = 5,608,789 B.
        // h = log₂ 16 = 4; E = 0.2 × 1.2e6 / (2 × 3 × 16 × 4096) = 0.610 (< the cap 1.2e6 / (3 × 12.5e9 × 4 µs) = 8): E < h.
        // Q = (1 − 1/4) × 8,388,608 = 6,291,456 B; min(Q, Q_adm) = 5,608,789 > Kmax.
        // Cut interval max(4 µs, 16 × 4096 / 12.5e9 = 5.243 µs); t_cut = 20.97 µs; Q* = 1.6e6 + 3 × 12.5e9 × 20.97 µs
        // = 1.6e6 + 786,432 = 2,386,432 B < Q: it stalls. D = 172 µs (N = 16, above); R/c = 671.089 µs; factor
        // 671.089 / (671.089 + 172) = 0.795988.
        double admitted = 4 * PFC_INGRESS_BYTES;
        assertEquals(0.610, STALL.marksBeforeKmax(4, 16, C), 5e-4);
        assertTrue(STALL.stalls(4, 16, 8 * MIB, C, admitted));
        assertEquals(671.08864 / 843.08864, STALL.capacityFactor(4, 16, 8 * MIB, C, admitted), 1e-6);
    }

    @Test
    void shouldNotStallWhereCreditsHoldTheQueueBelowKmax() {
        // The same episode on credits: Q_adm = 4 × 64 × 4096 = 1,048,576 B < Kmax = 1,600,000 B.
        assertEquals(1, STALL.capacityFactor(4, 16, 8 * MIB, C, 4 * 64 * 4096));
    }

    @Test
    void shouldNotStallWhereMarksBelowKmaxCutTheSendersFirst() {
        // 2:1, one flow per sender: E = 0.2 × 1.2e6 / (2 × 1 × 2 × 4096) = 14.6 ≥ h = log₂ 2 = 1.
        assertEquals(14.648, STALL.marksBeforeKmax(2, 2, C), 1e-3);
        assertEquals(1, STALL.capacityFactor(2, 2, 8 * MIB, C, 2 * PFC_INGRESS_BYTES));
    }

    @Test
    void shouldNotStallSendersWhoseBytesAreInTheNetworkBeforeTheirCuts() {
        // 16:1, 8 flows per sender (the table's u = 0.9998): N = 128, h = 7, a flow's packet every 128 × 4096 / 12.5e9
        // = 41.94 µs, t_cut = 293.6 µs, Q* = 1.6e6 + 15 × 12.5e9 × 293.6 µs = 56.65 MB; Q_adm = 16 × 1,402,197 = 22.4 MB;
        // Q = (15/16) × 16 MiB = 15.73 MB < min(Q*, Q_adm): every byte is queued before the cuts, nothing stalls.
        assertEquals(1, STALL.capacityFactor(16, 128, 16 * MIB, C, 16 * PFC_INGRESS_BYTES));
    }

    @Test
    void shouldSlowTheFlowModelsAllToAllOnPfcOnlyWhereTheSwitchAdmitsMoreThanKmax() {
        // The held-out 2:1 all-to-all: a leaf uplink's 4 ingresses admit 4 × (3 MiB / 9 + 4 KiB) = 1.35 MiB < Kmax at
        // 3 MiB (no stall charged), 5.35 MiB at 12 MiB. The packet backend stalls at 3 MiB too since a raised rate wakes
        // its NIC (DcqcnQueueBoundTest): a documented gap. Since the stall is τ_i less the drain below the first flow
        // back's last mark (170 µs on the uplinks' 12-29 flows, not 267), it adds little to what u already charges the
        // spine downlinks: 805.9 against 800.7 µs (the packet backend 788.4 and 758.4 µs; 267 µs gave 901.3 at 12 MiB).
        TrafficPattern allToAll = BehaviourAccuracy.PATTERNS.get(1);
        FabricBehaviour pfcDcqcn = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
        long small = PatternRuns.flowPs(allToAll, RoutingMode.ECMP, pfcDcqcn, 3 * MIB);
        long scenario = PatternRuns.flowPs(allToAll, RoutingMode.ECMP, pfcDcqcn, 0);
        assertEquals(scenario, PatternRuns.flowPs(allToAll, RoutingMode.ECMP, pfcDcqcn, 12 * MIB));
        assertTrue(scenario > small, "12 MiB " + scenario + " ps against 3 MiB " + small + " ps");
    }

    @Test
    void shouldFindTheTablesLastDegreeWhoseIncastStaysBelowKmax() {
        // Credits: B_in = 64 × 4096 = 262,144 B; 4 × B_in = 1,048,576 ≤ Kmax = 1,600,000 < 8 × B_in = 2,097,152:
        // k* = 4.
        // PFC: 2 × 1,402,197 = 2,804,395 > Kmax already at 2:1: none.
        assertEquals(4, STALL.lastDegreeBelowKmax(FabricBehaviour.INCAST_DEGREES, 64 * 4096));
        assertEquals(0, STALL.lastDegreeBelowKmax(FabricBehaviour.INCAST_DEGREES, PFC_INGRESS_BYTES));
    }

    @Test
    void shouldHoldAQueueInTheMarkingBandOnlyBetweenKminAndKmax() {
        // 6:1 of 1.5 MiB each on credits: Q = (5/6) × 9 MiB = 7,864,320 B, Q_adm = 6 × 262,144 = 1,572,864 B ≤ Kmax,
        // min = 1,572,864 > Kmin = 400,000: in the band. 7 inputs: Q_adm = 1,835,008 > Kmax. A tail of R = 285,000 B at
        // ρ = 8: Q = 0.875 × 285,000 = 249,375 < Kmin: never marked.
        assertTrue(STALL.belowKmax(6, 9 * MIB, 6 * 64 * 4096, C));
        assertTrue(!STALL.belowKmax(7, 10.5 * MIB, 7 * 64 * 4096, C));
        assertTrue(!STALL.belowKmax(8, 285_000, 2 * 64 * 4096, C));
    }

    @Test
    void shouldFindAQueueThatCreditsHoldBelowKmax() {
        // A leaf uplink on credits fed by 4 host links: Q_adm = 4 × 262,144 = 1,048,576 B ≤ Kmax = 1,600,000: never
        // past Kmax; 7 inputs: 1,835,008 B > Kmax. At c = 4·C Kmax scales to 6,400,000 B: 7 inputs stay below.
        assertTrue(STALL.neverPastKmax(4 * 64 * 4096, C));
        assertTrue(!STALL.neverPastKmax(7 * 64 * 4096, C));
        assertTrue(STALL.neverPastKmax(7 * 64 * 4096, 4 * C));
    }

    @Test
    void shouldCutAFlowBelowItsShareOnlyWhenItsBytesOutlastTheHalvings() {
        // Credits, a leaf's two sprayed uplinks fed by four hosts: Q = 4 × 262,144 / 2 = 524,288 B, p = 0.2 × (524,288
        // − 400,000) / 1,200,000 = 0.0207147, ρ = 2.
        // One flow of 2 MiB: (2,097,152 − 400,000) / 4096 = 414.34 packets marked, E = 8.58 ≥ h = ⌊log₂ 2⌋ + 1 = 2.
        assertTrue(STALL.cutBelowShare(524_288, 2, 1, 2 * MIB, C));
        // Twelve flows of 256 KiB: (262,144 − 400,000 / 12) / 4096 = 55.86, E = 1.16 < h = ⌊log₂ 24⌋ + 1 = 5.
        assertTrue(!STALL.cutBelowShare(524_288, 2, 12, MIB / 4, C));
        // Four flows of 512 KiB: (524,288 − 100,000) / 4096 = 103.59, E = 2.15 < h = ⌊log₂ 8⌋ + 1 = 4.
        assertTrue(!STALL.cutBelowShare(524_288, 2, 4, MIB / 2, C));
        // A queue held at Kmin is never marked: p = 0.
        assertTrue(!STALL.cutBelowShare(400_000, 2, 1, 8 * MIB, C));
    }

    @Test
    void shouldHoldTheTablesDelayNotItsRatePastTheLastDegreeBelowKmax() {
        // u* = 0.677 at k* = 4, 1 MiB each: T* = 4 × 1,048,576 / 12.5e9 = 335.544 µs, D* = 335.544 × (1/0.677 − 1)
        // = 160.090 µs. An episode of 9 MiB: R/c = 754.975 µs, factor 754.975 / (754.975 + 160.090) = 0.825051.
        assertEquals(0.825051, STALL.heldDelayFactor(4, 0.677, MIB, 9 * MIB / C), 1e-6);
    }

    @Test
    void shouldRunTheHeldOutCreditIncastAtTheFourToOneDelay() {
        // The held-out 6:1 incast of 1.5 MiB each on credits with DCQCN: the receiver's link, ρ = 6, n_in = 6, is in
        // the band (above), 6 > k* = 4. Payload rate c = 12.5e9 × 4096 / 4158 = 12.31361e9 B/s; the row's u(4, 1) = 0.6769:
        // D* = 4 MiB / c × (1/0.6769 − 1) = 340.627 × 0.477323 = 162.589 µs; the makespan 9 MiB / c + D* = 766.41 +
        // 162.59 = 929.00 µs (the packet backend: 950.3 µs; read as a rate between u(4) and u(8): 1,199.7 µs).
        FabricBehaviour creditDcqcn = BehaviourTable.shipped().behaviour(new BehaviourKey(
                BehaviourKey.FlowControl.CREDIT, CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
        assertEquals(0.6769, creditDcqcn.utilisation(1), 0);
        assertEquals(929.00, PatternRuns.flowPs(BehaviourAccuracy.PATTERNS.get(0), RoutingMode.ECMP, creditDcqcn) / 1e6,
                0.05);
    }

    @Test
    void shouldSpreadAnAdaptiveUplinksQueueOverItsGroupBeforeChargingTheMultipathLoss() {
        // Credits, the held-out all-to-all's leaf uplink under adaptive routing: ρ = 2, six flows of 256 KiB per
        // sender, four input links. The switch admits Q_adm = 4 × 262,144 = 1,048,576 B ≤ Kmax for both uplinks,
        // each holding Q = 524,288 B: p = 0.0207147, E = p × (262,144 − 400,000 / 6) / 4096 = 0.0207147 × 47.724
        // = 0.989 < h = ⌊log₂ 12⌋ + 1 = 4: no flow is cut below its share, so the link runs at u alone, as the NIC's
        // link at the same reading (no multipath factor, no stall). The whole Q_adm on one uplink would read
        // p = 0.2 × 648,576 / 1,200,000 = 0.108096, E = 5.159 ≥ 4 and charge m_p.
        assertTrue(!STALL.cutBelowShare(524_288, 2, 6, MIB / 4, C));
        assertTrue(STALL.cutBelowShare(1_048_576, 2, 6, MIB / 4, C));
        FabricBehaviour adaptive = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.CREDIT,
                CongestionControl.DCQCN, BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE));
        ClusterTopology topology = BehaviourAccuracy.PATTERNS.get(1).topology(C);
        Graph graph = topology.graph();
        int uplink = -1;
        int nic = -1;
        for (int link = 0; link < graph.linkCount(); link++) {
            boolean intoSwitch = graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH;
            byte from = graph.nodeKind(graph.linkFrom(link));
            uplink = uplink < 0 && intoSwitch && from == Graph.SWITCH ? link : uplink;
            nic = nic < 0 && intoSwitch && from == Graph.ACCELERATOR ? link : nic;
        }
        assertEquals(2, graph.groupSize(graph.groupOf(uplink)));
        ContentionModel model = adaptive.on(topology);
        double u = model.saturatedCapacityFactor(nic, 2, 6, 4, 1.5 * MIB, 6 * MIB, 4);
        assertTrue(adaptive.multipathFactor() < 0.8 && u > 0.99, "m_p " + adaptive.multipathFactor() + ", u " + u);
        assertEquals(u, model.saturatedCapacityFactor(uplink, 2, 6, 4, 1.5 * MIB, 6 * MIB, 4), 1e-12);
    }

    @Test
    void shouldRunAnAdaptiveUplinkPastKmaxAtItsStallNotTheStallTimesTheMultipathLoss() {
        // PFC, the held-out all-to-all's leaf uplink under adaptive routing: ρ = 2, N = 24 flows of 256 KiB (six per
        // sender), R = 6 MiB = 6,291,456 B, four input links: Q_adm = 4 × 1,402,197 B = 5.61 MB > Kmax. At the payload
        // rate c = 12.5e9 × 4096 / (4096 + H) the thresholds are the defaults' (1.6e6 B for Kmax): E = 0.2 × 1.2e6 /
        // (2 × 24 × 4096) = 1.22 < log₂ 24 = 4.58 and Q = (1 − 1/2)·R = 3.15 MB > Q* ≈ 2.05 MB, so the senders stall;
        // N ≥ 12 gives y* = ΔK and D = 300 µs − 1.6e6 / c. The loss m_p = 0.768 of the row's permutation is DCQCN's
        // cuts recovering on the same τ_i, so the uplink runs at min(m_p·u, (R/c) / (R/c + D)) = the stall's 0.750,
        // not m_p times it (0.576).
        FabricBehaviour adaptive = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.DCQCN, BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE));
        double payload = C * PacketConfig.roce(C).payloadEfficiency();
        ClusterTopology topology = BehaviourAccuracy.PATTERNS.get(1).topology(payload);
        Graph graph = topology.graph();
        int uplink = -1;
        for (int link = 0; link < graph.linkCount() && uplink < 0; link++) {
            boolean betweenSwitches = graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH
                    && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH;
            uplink = betweenSwitches ? link : -1;
        }
        double idealSeconds = 6 * MIB / payload;
        double stall = idealSeconds / (idealSeconds + 300e-6 - 1.6e6 / payload);
        ContentionModel model = adaptive.on(topology);
        double factor = model.saturatedCapacityFactor(uplink, 2, 6, 4, 1.5 * MIB, 6 * MIB, 4);
        assertEquals(stall, factor, 1e-9);
        assertEquals(0.750, factor, 5e-4);
        assertTrue(adaptive.multipathFactor() * 0.998 > stall, "m_p " + adaptive.multipathFactor());
    }

    @Test
    void shouldBoundWhatADcqcnClassOffersByItsInputShareOnlyWhereNoInputIsHeldBeforeKmax() {
        // Two PFC ingresses hold 2 × (12 MiB / 9 + 4 KiB) = 2.80 MB before a pause, a lossy or trimming switch never
        // pauses: both past Kmax = 1.6 MB, so DCQCN's marks bound the queue and its inputs bring their shares. Two
        // credited ingresses hold 2 × 262,144 = 524,288 B ≤ Kmax: backpressure holds an input first.
        for (BehaviourKey.FlowControl control : BehaviourKey.FlowControl.values()) {
            FabricBehaviour row = BehaviourTable.shipped().behaviour(new BehaviourKey(control, CongestionControl.DCQCN,
                    BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE));
            assertEquals(control != BehaviourKey.FlowControl.CREDIT,
                    row.on(BehaviourAccuracy.PATTERNS.get(1).topology(C)).offersInputShare(), control.toString());
        }
    }
}
