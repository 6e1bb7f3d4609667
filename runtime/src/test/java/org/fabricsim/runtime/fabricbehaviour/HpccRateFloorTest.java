package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * HPCC's rate floor ({@link HpccPacing#atRateFloor}, {@link HpccLinks#atRateFloor}): a link whose flows at R_min offer
 * it its line rate runs as the table's most crowded incast ran, against hand derivations and the packet backend.
 */
class HpccRateFloorTest {
    private static final double KIB = 1024;
    private static final double PAYLOAD_BYTES_PER_SECOND = 12.5e9 * 4096 / (4096 + 62);

    /** The out-of-sample mixed step: a ring of 1 MiB and an all-to-all of 128 KiB a pair, 64 hosts, 8 a leaf, 2:1. */
    static final TrafficPattern MIXED_STEP_64 = TrafficPattern.ring(64, 8, 2.0,
            BehaviourAccuracy.strided(64, 8), 1 << 20).plus(TrafficPattern.allToAll(64, 8, 2.0, 128 * KIB));

    private static FabricBehaviour hpcc(BehaviourKey.FlowControl flowControl) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(flowControl, CongestionControl.HPCC,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP));
    }

    @Test
    void shouldPutAHundredFlowsAtTheRateFloorOfAHundredGigabitLinkAndFourHundredOnAFourHundredGigabitOne() {
        // Defaults: R_min = 1 Gb/s = 1.25e8 B/s at every line rate (ns-3's MIN_RATE), so n·R_min ≥ c from n = 100 on
        // c = 12.5e9 B/s and from n = 400 on 50e9 B/s.
        Hpcc defaults = Hpcc.defaults(12.5e9);
        assertFalse(HpccPacing.atRateFloor(defaults, 99, 12.5e9));
        assertTrue(HpccPacing.atRateFloor(defaults, 100, 12.5e9));
        assertFalse(HpccPacing.atRateFloor(Hpcc.defaults(50e9), 399, 50e9));
        assertTrue(HpccPacing.atRateFloor(Hpcc.defaults(50e9), 400, 50e9));
    }

    @Test
    void shouldReadALinkAtTheFloorAsTheTablesMostCrowdedIncastWhateverItsOverload() {
        // A spine's downlink of the 64-host fabric (its payload rate c = 12,313,612,313 B/s: the floor from n = 98.5) at
        // overload ρ = 2, m = 2.5 flows per sender of 128 KiB (327,680 B a sender, held at the 1 MiB block), paths of 4
        // links. 54 senders: n = 135 flows at R_min offer 1.37·c: the link reads the 16:1 incast of 8 flows a sender
        // across an uplink, u16m8l4 = 0.9993 (behaviour-table.tsv, PFC HPCC selective repeat ECMP), not paced. 39
        // senders: n = 97.5, below the floor, where the grid gives 0.88079 (linear in log₂ m between u2m2l4 = 0.8738 and
        // u2m4l4 = 0.8955 at ρ = 2: 0.8738 + 0.0217 × log₂(1.25)), but HPCC cuts none of the 97.5 flows below R_min, so
        // the lossless link carries 97.5 × 1.25e8 / c = 0.989758 of it (HpccPacing.floorShare, session 71; 0.88079
        // before it), against the pacing f_97.5 = 0.95 + 97.5 × 4e-4 = 0.989.
        ClusterTopology topology = MIXED_STEP_64.topology(PAYLOAD_BYTES_PER_SECOND);
        int downlink = spineDownlink(topology.graph());
        double senderBytes = 2.5 * 128 * KIB;
        ContentionModel pfc = hpcc(BehaviourKey.FlowControl.PFC).on(topology);
        assertEquals(0.9993, pfc.saturatedCapacityFactor(downlink, 2, 2.5, 4, senderBytes, 54 * senderBytes, 7), 1e-12);
        assertEquals(0.989758, pfc.saturatedCapacityFactor(downlink, 2, 2.5, 4, senderBytes, 39 * senderBytes, 7), 1e-6);
        // A lossy row keeps the grid at the floor: the same answer as below it (its 16 × 8 incast's 0.1461 holds the
        // drops of 16 line-rate senders' first round trips).
        ContentionModel lossy = hpcc(BehaviourKey.FlowControl.LOSSY).on(topology);
        assertEquals(lossy.saturatedCapacityFactor(downlink, 2, 2.5, 4, senderBytes, 39 * senderBytes, 7),
                lossy.saturatedCapacityFactor(downlink, 2, 2.5, 4, senderBytes, 54 * senderBytes, 7), 1e-12);
    }

    @Test
    void shouldRunTheMixedStepOnSixtyFourHostsWithinTenPercentOfThePacketBackend() {
        // Each leaf's 8 hosts send 56 cross-leaf flows of 128 KiB each over 4 uplinks: 99–125 flows an uplink and 84–133
        // a spine's downlink under ECMP, every one held at R_min (1.12·B and more). The packet backend runs those links
        // whole (0.98–0.99 of the line in 20 µs windows) and ends the all-to-all at 1,476.4 µs, the step at 2,128.2 µs
        // (2026-12-07); the flow model read them at the grid's u(2.1, 2.5) = 0.878 and ended the all-to-all at
        // 1,668.3 µs, the step at 2,457.1 µs (+15.5%).
        FabricBehaviour row = hpcc(BehaviourKey.FlowControl.PFC);
        long packetPs = PatternRuns.packetPs(MIXED_STEP_64, row.key());
        long flowPs = PatternRuns.flowPs(MIXED_STEP_64, RoutingMode.ECMP, row);
        double error = (double) (flowPs - packetPs) / packetPs;
        assertTrue(Math.abs(error) <= BehaviourAccuracy.TOLERANCE, "64-host mixed step: " + error);
    }

    /** The first link from a switch to a switch whose source has no accelerator below it: a spine's downlink. */
    private static int spineDownlink(Graph graph) {
        for (int link = 0; link < graph.linkCount(); link++) {
            int from = graph.linkFrom(link);
            if (graph.nodeKind(from) == Graph.SWITCH && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH
                    && !feedsAccelerator(graph, from)) {
                return link;
            }
        }
        throw new AssertionError("no spine");
    }

    private static boolean feedsAccelerator(Graph graph, int node) {
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.linkFrom(link) == node && graph.nodeKind(graph.linkTo(link)) == Graph.ACCELERATOR) {
                return true;
            }
        }
        return false;
    }
}
