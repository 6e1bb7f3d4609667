package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.StandardNormal;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * Receiver-driven pull's hashed choices under adaptive routing ({@link PulledHashes}) against hand derivations. The
 * flow model's links carry the payload rate 12.5e9 × 4096 / (4096 + 62) = 12,313,612,313 B/s.
 */
class PulledHashesTest {
    private static final double MIB = 1 << 20;
    private static final double PAYLOAD_BYTES_PER_SECOND = 12.5e9 * 4096 / (4096 + 62);

    private static FabricBehaviour pull(RoutingMode routing) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.RECEIVER_DRIVEN, BehaviourKey.Recovery.SELECTIVE_REPEAT, routing));
    }

    @Test
    void shouldExpectTheFullestOfUniformlyHashedBinsByCountingTheirOutcomes() {
        // 2 balls in 2 bins: 1-1 (1/2) or 2-0 (1/2): 1.5.
        assertEquals(1.5, PulledHashes.expectedFullest(2, 2), 1e-12);
        // 4 in 2: 2-2 (6/16), 3-1 (8/16), 4-0 (2/16): (12 + 24 + 8) / 16 = 2.75.
        assertEquals(2.75, PulledHashes.expectedFullest(4, 2), 1e-12);
        // 3 in 3: all apart (6/27) 1, all together (3/27) 3, else (18/27) 2: 51 / 27.
        assertEquals(51.0 / 27, PulledHashes.expectedFullest(3, 3), 1e-12);
        // One bin holds them all; one ball is the fullest wherever it falls.
        assertEquals(5, PulledHashes.expectedFullest(5, 1), 1e-12);
        assertEquals(1, PulledHashes.expectedFullest(1, 4), 1e-12);
    }

    @Test
    void shouldApproximateTheFullestOfManyBinsByTheLargestOfNormals() {
        // The largest of two standard normals: E[max(X, Y)] = E|X − Y| / 2 = (√2·√(2/π)) / 2 = 1/√π.
        assertEquals(1 / Math.sqrt(Math.PI), StandardNormal.expectedMaximum(2), 1e-6);
        // Past the exact count: N/c + √(N/4)·(1/√π) for c = 2, within 1% of the count made exactly.
        int flows = 4 * PulledHashes.EXACT_FLOWS;
        double approximate = flows / 2.0 + Math.sqrt(flows / 4.0) / Math.sqrt(Math.PI);
        assertEquals(approximate, PulledHashes.expectedFullest(flows, 2), 1e-3);
        assertEquals(PulledHashes.exactFullest(flows, 2), PulledHashes.expectedFullest(flows, 2),
                0.01 * PulledHashes.exactFullest(flows, 2));
    }

    @Test
    void shouldRunALinkAtItsBytesOverTheExpectedFullestLinksBytes() {
        PulledHashes hashes = new PulledHashes(BehaviourAccuracy.PATTERNS.get(3).topology(PAYLOAD_BYTES_PER_SECOND)
                .graph());
        // The mixed step's spine downlink to leaf 0: 1 MiB of all-to-all spread, 2 MiB of two hashed ring flows out
        // of four over two spines: 3 / (1 + 2 × 2.75 / 2) = 0.8.
        assertEquals(0.8, hashes.capacityFactor(3 * MIB, 2 * MIB, 2, 2), 1e-12);
        // Only hashed flows: H / E[M] = 2 / 2.75.
        assertEquals(2 / 2.75, hashes.capacityFactor(2 * MIB, 2 * MIB, 2, 2), 1e-12);
    }

    @Test
    void shouldFollowTheHashOnlyUnderPullWithAdaptiveRouting() {
        assertTrue(PulledHashes.followsHash(CongestionControl.RECEIVER_DRIVEN, RoutingMode.ADAPTIVE));
        assertFalse(PulledHashes.followsHash(CongestionControl.RECEIVER_DRIVEN, RoutingMode.ECMP));
        assertFalse(PulledHashes.followsHash(CongestionControl.RECEIVER_DRIVEN, RoutingMode.SPRAY));
        assertFalse(PulledHashes.followsHash(CongestionControl.ULTRA_ETHERNET, RoutingMode.ADAPTIVE));
        Graph graph = BehaviourAccuracy.PATTERNS.get(3).topology(PAYLOAD_BYTES_PER_SECOND).graph();
        assertNull(pull(RoutingMode.ECMP).on(BehaviourAccuracy.PATTERNS.get(3).topology(PAYLOAD_BYTES_PER_SECOND))
                .choiceHashing());
        assertEquals(2, new PulledHashes(graph).choices(uplink(graph)));
    }

    @Test
    void shouldDrainTheMixedStepsReceivingLeafAtTheExpectedImbalanceOfLeafThreesHashes() {
        // Leaf 0's two spine downlinks carry the whole step's 6 MiB into leaf 0 (4 ring flows of 1 MiB from leaf 3,
        // 16 all-to-all flows of 128 KiB from leaf 1) and stay saturated until it ends; each runs at 0.8 of the
        // payload rate for its episode: 6 MiB / (2 × 0.8 × 12,313,612,313 B/s) = 319.33 µs (the ideal 255.5 µs).
        double expectedPs = 6 * MIB / (2 * 0.8 * PAYLOAD_BYTES_PER_SECOND) * 1e12;
        assertEquals(expectedPs, PatternRuns.flowPs(BehaviourAccuracy.PATTERNS.get(3), RoutingMode.ADAPTIVE,
                pull(RoutingMode.ADAPTIVE)), 0.002 * expectedPs);
    }

    @Test
    void shouldLeaveTheAllToAllAndTheRingAsTheIdealWhereTheirUplinksAreSaturated() {
        // Both fill their leaves' uplinks, whose queues spread the flows: no flow comes by a hashed choice with room,
        // and the pull row's u ≥ 0.998 with its multipath factor 0.999 keeps each within 1 / (0.998 × 0.999) − 1 = 0.3%
        // of the ideal (a hashed factor would be 2 / 2.75 or less on the fullest of two links).
        for (int pattern : new int[] {1, 2}) {
            TrafficPattern held = BehaviourAccuracy.PATTERNS.get(pattern);
            double ideal = PatternRuns.flowPs(held, RoutingMode.ADAPTIVE, null);
            assertEquals(ideal, PatternRuns.flowPs(held, RoutingMode.ADAPTIVE, pull(RoutingMode.ADAPTIVE)),
                    0.003 * ideal, held.name());
        }
    }

    /** The first link between two switches that leaves a leaf (a switch one of whose links reaches a host). */
    private static int uplink(Graph graph) {
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH
                    && leaf(graph, graph.linkFrom(link))) {
                return link;
            }
        }
        throw new AssertionError("no uplink");
    }

    private static boolean leaf(Graph graph, int node) {
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.linkFrom(link) == node && graph.nodeKind(graph.linkTo(link)) != Graph.SWITCH) {
                return true;
            }
        }
        return false;
    }
}
