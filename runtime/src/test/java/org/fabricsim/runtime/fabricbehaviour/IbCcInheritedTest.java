package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.IbCc;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * What the flows left in an IB CC episode inherit from the crowd it opened with ({@link
 * IbCcRecovery#inheritedCapacityFactor}), against hand derivations. Parameters chosen for round numbers: K = 2^3 = 8,
 * CCTI_Increase 1, CCTI_Limit L = 127, CCTI_Timer τ = 10 µs, MTU 4096 B, c = 4.096 GB/s (one packet per µs).
 */
class IbCcInheritedTest {
    private static final double C = 4.096e9;
    private static final IbCcRecovery RECOVERY = new IbCcRecovery(
            new IbCc(64 << 10, 1, 127, 0, 10_000_000L, 3, IbCc.VictimMask.END_NODE_PORTS), 4096);

    @Test
    void shouldOvershootTheFlowsLeftOnTheQueueTheirOwnBytesFormBehindTheCrowd() {
        // N₀ = 5 flows at ρ₀ = 2, t = 100 µs; N₂ = 2 left with R₂ = 1 MB; the switch admits 10 MB.
        // a₀ = 1/5 − 1/10 = 0.1 per µs: x₁ = 10, c/a₀ = 40,960 B per index; x₀ = 8 × (5/2 − 1) = 12 > x₁, so the crowd's
        // queue Q(x₁) = 40,960 × (2 − 1) × 10 = 409,600 B > 0. The crowd sent its bytes by t/ρ₀ (x_s = 5); behind its last
        // byte the 2 flows queued Q_r = 40,960 × 2 × 8 × ln(18/13) = 213,269 B.
        // a₂ = 1/2 − 1/10 = 0.4 per µs, c/a₂ = 10,240 B per index; x₂* = 8 < x₁: the queue drains from x_d = 10 and is gone
        // at x_e with (x_e − 10) − 16 ln((8 + x_e)/18) = 213,269 / 10,240 = 20.827: x_e = 49.375 (< L), t_e = 39.375 / 0.4
        // = 98.44 µs, W = 1e6 − 4.096e9 × 98.44 µs = 596,802 B. A full recovery would send 2 × 4.096e9 × 8 × 10 µs ×
        // ln(57.375/16) = 836,905 B > W: the flows finish at x_f = 57.375 × exp(−596,802 / 655,360) − 8 = 15.080, D₂ =
        // 10 µs × (49.375 − 15.080) − 596,802 / 4.096e9 = 342.95 − 145.70 = 197.25 µs; R₂/c = 244.14 µs: factor
        // 244.14 / (244.14 + 197.25) = 0.55312.
        assertEquals(0.55312, RECOVERY.inheritedCapacityFactor(2, 5, 100e-6, 2, 1e6, C, 10e6), 1e-5);
    }

    @Test
    void shouldInheritNothingWithoutAnOverloadedOpeningOrOnceTheCrowdsQueueHasDrained() {
        // ρ₀ = 1: no queue was built. N₀ = 2 at ρ₀ = 2 for 1 ms: a₀ = 4.096e9 / 8,192 − 1e5 = 0.4 per µs reaches L = 127
        // by 318 µs, and Q(L) = (c/a₀) × (2 × 8 × ln(135/8) − 127) = (c/a₀) × (45.2 − 127) < 0: the crowd's own overshoot
        // drained the queue (its factor charged it), nothing is left to inherit.
        assertEquals(1, RECOVERY.inheritedCapacityFactor(1, 5, 100e-6, 2, 1e6, C, 10e6));
        assertEquals(1, RECOVERY.inheritedCapacityFactor(2, 2, 1e-3, 2, 1e6, C, 10e6));
    }

    @Test
    void shouldHoldTheQueueTheSwitchAdmits() {
        // The first case with 100 kB admitted: Q_r = 100,000 B. (x_e − 10) − 16 ln((8 + x_e)/18) = 9.7656: x_e = 32.896,
        // t_e = 57.24 µs, W = 1e6 − 234,458 = 765,542 B, more than a full recovery sends (655,360 × ln(40.896/16) =
        // 615,023 B): the index comes back to x₂* = 8, D₂ = τ·[(x_e − 8) − 16 ln((8 + x_e)/16)], which by the drain's
        // equation is τ·[Q_r·a₂/c + (10 − 8) − 16 ln(18/16)] = 10 µs × (9.7656 + 0.1155) = 98.81 µs (the overshoot in timer
        // steps, as for an incast, plus the inherited index above x₂*). Factor 244.14 / (244.14 + 98.81) = 0.71188.
        assertEquals(0.71188, RECOVERY.inheritedCapacityFactor(2, 5, 100e-6, 2, 1e6, C, 100e3), 1e-5);
    }

    @Test
    void shouldReadASprayedGroupAsOneMemberCarryingItsShareOfTheFlowsAndBytes() {
        // A shipped sprayed ib-cc row (K = 8, CCTI_Increase 1, L = 127, τ = 10.24 µs, MTU 4096 B) on a 2:1 leaf of 4 hosts
        // built at c = 4.096 GB/s: its 2 uplinks, each of c, form a sprayed group. N₀ = 10 flows at ρ₀ = 2 over 4 input
        // links, t = 100 µs, N₂ = 4 left with R₂ = 2 MB: each member carries the first case's N₀ = 5, N₂ = 2, R₂ = 1 MB.
        // a₀ = 1/5 − 1/10.24 = 0.10234 per µs, x₁ = 10.234, c/a₀ = 40,022 B per index; x_s = 5.117, Q_r = 40,022 × 16 ×
        // ln(18.234/13.117) = 210,922 B (PFC admits 4 × (12 MiB / 9 + reserve), more). a₂ = 1/2 − 1/10.24 = 0.40234 per µs,
        // c/a₂ = 10,180 B per index: (x_e − 10.234) − 16 ln((8 + x_e)/18.234) = 20.719, x_e = 49.262, t_e = 97.00 µs, W =
        // 1e6 − 397,318 = 602,682 B below a full recovery's 671,089 × ln(57.262/16) = 855,674 B: x_f = 57.262 ×
        // exp(−602,682/671,089) − 8 = 15.326, D₂ = 10.24 µs × 33.936 − 147.14 µs = 200.37 µs; R₂/c = 244.14 µs: 0.54924, times
        // the row's multipath factor m, as on one physical uplink carrying a member's share.
        FabricBehaviour row = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.INFINIBAND, BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.SPRAY));
        Graph graph = TrafficPattern.permutation(8, 4, 2.0, 1 << 20).topology(C).graph();
        int group = graph.linkCount();
        while (graph.groupSize(group) != 2 || graph.nodeKind(graph.linkFrom(memberOf(graph, group))) != Graph.SWITCH) {
            group++;
        }
        int member = memberOf(graph, group);
        assertEquals(C, graph.linkBytesPerSecond(member));
        ContentionModel model = row.on(TrafficPattern.permutation(8, 4, 2.0, 1 << 20).topology(C));
        double m = row.multipathFactor();
        assertEquals(m * 0.54924, model.inheritedCapacityFactor(group, 2, 10, 4, 100e-6, 4, 2e6), 1e-5);
        assertEquals(m * 0.54924, model.inheritedCapacityFactor(member, 2, 5, 4, 100e-6, 2, 1e6), 1e-5);
        // Nothing inherited (ρ₀ = 1: no queue was built) is 1 on the group, not the multipath factor.
        assertEquals(1, model.inheritedCapacityFactor(group, 1, 10, 4, 100e-6, 4, 2e6));
    }

    /** The lowest physical member of link group {@code group}. */
    private static int memberOf(Graph graph, int group) {
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.groupOf(link) == group) {
                return link;
            }
        }
        throw new AssertionError("group " + group + " has no member");
    }
}
