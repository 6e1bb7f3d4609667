package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * HPCC with many queue pairs (docs/fabric-behaviour.md, "HPCC with four queue pairs a pair, session 71"): a link HPCC
 * paces carries at least its flows' rate floor n·R_min ({@link HpccPacing#floorShare}), and a flow runs its first window
 * unpaced only where its bytes fit the first window of its own path ({@link HpccLinks#paced}).
 */
class HpccFloorShareTest {
    private static final double KIB = 1024;
    /** The flow model's links in the patterns: 100 Gb/s at the packet backend's payload rate, 12,313,612,313 B/s. */
    private static final double PAYLOAD_BYTES_PER_SECOND = 12.5e9 * 4096 / (4096 + 62);
    /** The held-out all-to-all's fabric: 16 hosts, 4 a leaf, 2:1, links of 1 µs; its longest route has 4 links. */
    private static final ClusterTopology TOPOLOGY = TrafficPattern.allToAll(16, 4, 2.0, 256 * KIB)
            .topology(PAYLOAD_BYTES_PER_SECOND);

    private static FabricBehaviour row(BehaviourKey.FlowControl flowControl, Hpcc hpcc) {
        FabricBehaviour shipped = BehaviourTable.shipped().behaviour(new BehaviourKey(flowControl,
                CongestionControl.HPCC, BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP));
        return new FabricBehaviour(shipped.key(), shipped.utilisation(), shipped.multipathFactor(), shipped.dcqcn(),
                shipped.ibCc(), hpcc, shipped.reordering());
    }

    @Test
    void shouldHoldALinkHpccPacesAtNoLessThanItsFlowsRateFloor() {
        // η 47.5 %, R_AI = 5e6 B/s (Fly's 160 Mb/s at 400 Gb/s carried to the scenarios' 100 Gb/s), R_min = 1.25e8 B/s.
        // A NIC link of c = 12,313,612,313 B/s, 8 senders of 8 flows of 512 KiB: n = 64, the pacing's fixed point
        // f_64 = 0.475 + 64 × 5e6 / 12.5e9 = 0.5006, but HPCC cuts no flow below R_min: 64 × 1.25e8 / c = 0.649688.
        // 8 senders of 4 flows: n = 32, floor 0.324844 below f_32 = 0.475 + 0.0128 = 0.4878, which holds (the table's
        // u(8, 4) of the PFC row, 0.80 or so, is above it).
        Hpcc low = new Hpcc(0.475, 5, 5e6, 1.25e8);
        assertEquals(0.649688, HpccPacing.floorShare(low, 64, PAYLOAD_BYTES_PER_SECOND), 1e-6);
        assertEquals(1, HpccPacing.floorShare(low, 100, PAYLOAD_BYTES_PER_SECOND));
        int nic = link(TOPOLOGY.graph(), Graph.ACCELERATOR);
        ContentionModel pfc = row(BehaviourKey.FlowControl.PFC, low).on(TOPOLOGY);
        assertEquals(0.649688, pfc.saturatedCapacityFactor(nic, 8, 8, 4, 4096 * KIB, 8 * 4096 * KIB, 8), 1e-6);
        assertEquals(0.4878, pfc.saturatedCapacityFactor(nic, 8, 4, 4, 2048 * KIB, 8 * 2048 * KIB, 8), 1e-12);
        // A lossy row drops what the floor's standing queue overflows: paced at f_64 or below, as before.
        ContentionModel lossy = row(BehaviourKey.FlowControl.LOSSY, low).on(TOPOLOGY);
        assertTrue(lossy.saturatedCapacityFactor(nic, 8, 8, 4, 4096 * KIB, 8 * 4096 * KIB, 8) <= 0.5006 + 1e-12);
    }

    @Test
    void shouldRunWholeOnlyTheFlowsThatFitTheFirstWindowOfTheirOwnPaths() {
        // T = L·(2·d + (w + a) / c) with d = 1 µs, w = 4,158 B, a = 64 B: W_init = c·T = 57,698 B on paths of 2 links
        // (a NIC link's flows inside one leaf), 115,397 B on the fabric's longest route of 4. Two senders of one flow
        // of 96 KiB (98,304 B) each: whole on 4-link paths, paced on 2-link ones at the table's u(2, 1) at 2 links,
        // below f_2 = 0.95 + 2 × 4e-4 = 0.9508 (the packet backend's sender sizes its first window on its own route's
        // round trip; the flow model read every flow's on the longest route before, and ran both whole).
        FabricBehaviour shipped = row(BehaviourKey.FlowControl.PFC, Hpcc.defaults(12.5e9));
        ContentionModel pfc = shipped.on(TOPOLOGY);
        int nic = link(TOPOLOGY.graph(), Graph.ACCELERATOR);
        double flowBytes = 96 * KIB;
        assertEquals(1, pfc.saturatedCapacityFactor(nic, 2, 1, 4, flowBytes, 2 * flowBytes, 0));
        double paced = pfc.saturatedCapacityFactor(nic, 2, 1, 2, flowBytes, 2 * flowBytes, 0);
        assertEquals(Math.min(0.9508, shipped.capacityFactor(2, 1, 2, flowBytes)), paced, 1e-12);
        assertTrue(paced < 0.9508 + 1e-12, "paced: " + paced);
    }

    /** The first link from a node of kind {@code from} into a switch. */
    private static int link(Graph graph, byte from) {
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.nodeKind(graph.linkFrom(link)) == from && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH) {
                return link;
            }
        }
        throw new AssertionError("no link from a node of kind " + from + " into a switch");
    }
}
