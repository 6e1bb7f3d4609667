package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * Which behaviour rows' packet runs have the receiving NICs place out-of-order packets ({@link
 * PatternRuns#placesOutOfOrder}): the pairings the sources state, per-packet adaptive routing with a NIC that
 * places (InfiniBand AR with ConnectX's out-of-order data placement, Spectrum-X's RoCE adaptive routing with its
 * SuperNIC), on a fabric whose loss signal is not order (lossless, or trimming).
 */
class OutOfOrderPlacementRowsTest {
    private static boolean placed(BehaviourKey.FlowControl flowControl, BehaviourKey.Recovery recovery,
            RoutingMode routing) {
        BehaviourKey key = new BehaviourKey(flowControl, CongestionControl.HPCC, recovery, routing);
        return PatternRuns.packetConfig(key).outOfOrderPlacement();
    }

    @Test
    void shouldPlaceOutOfOrderOnlyUnderAdaptiveRoutingWithSelectiveRepeatOnAFabricThatDoesNotDrop() {
        BehaviourKey.Recovery selective = BehaviourKey.Recovery.SELECTIVE_REPEAT;
        assertEquals(true, placed(BehaviourKey.FlowControl.PFC, selective, RoutingMode.ADAPTIVE));
        assertEquals(true, placed(BehaviourKey.FlowControl.CREDIT, selective, RoutingMode.ADAPTIVE));
        assertEquals(true, placed(BehaviourKey.FlowControl.TRIMMING, selective, RoutingMode.ADAPTIVE));
        // A lossy fabric that drops keeps reordering as its loss signal; go-back-N discards what arrives out of
        // order; ECMP keeps a flow in order and spraying rows keep the receivers they were measured with.
        assertEquals(false, placed(BehaviourKey.FlowControl.LOSSY, selective, RoutingMode.ADAPTIVE));
        assertEquals(false, placed(BehaviourKey.FlowControl.PFC, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ADAPTIVE));
        assertEquals(false, placed(BehaviourKey.FlowControl.PFC, selective, RoutingMode.ECMP));
        assertEquals(false, placed(BehaviourKey.FlowControl.TRIMMING, selective, RoutingMode.SPRAY));
    }
}
