package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * Swift's standing queue (the packet backend's defaults at 100 Gb/s) and where it blocks the link into a switch: on
 * credits, not under PFC in the scenarios' switch.
 */
class SwiftQueueTest {
    private static FabricBehaviour row(BehaviourKey.FlowControl flowControl) {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(flowControl, CongestionControl.ULTRA_ETHERNET,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP));
    }

    @Test
    void shouldStandAtTheTargetDelayLessTheUnloadedRoundTrip() {
        // t = 20 µs + 2 × 3.053 µs = 26.107 µs; d₀ = 4 × 1 µs + 2 × (4,158 B + 64 B) / 12.5 GB/s = 4.6755 µs.
        double expected = 12.5e9 * (26.107e-6 - 4.6755e-6);
        assertEquals(expected, SwiftQueue.standingBytes(), 1e-4 * expected);
    }

    @Test
    void shouldBlockTheLinkIntoASwitchOnCreditsButNotUnderPfcInTheScenariosSwitch() {
        // A credit is 64 × 4,096 B = 262,144 B, below 268 KB; PFC pauses one ingress at 12 MiB / 9 + reserve.
        assertTrue(SwiftQueue.outgrows(64 * 4096));
        assertEquals(64 * 4096, row(BehaviourKey.FlowControl.CREDIT).backlogBufferBytes(), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, row(BehaviourKey.FlowControl.PFC).backlogBufferBytes());
        assertEquals(Double.POSITIVE_INFINITY, row(BehaviourKey.FlowControl.TRIMMING).backlogBufferBytes());
        // A stated 1 MiB PFC switch pauses at 1 MiB / 9 + reserve, below the standing queue: there it blocks.
        FabricBehaviour pfc = row(BehaviourKey.FlowControl.PFC);
        assertEquals(pfc.ingressAdmittedBytes(1 << 20), pfc.backlogBufferBytes(1 << 20), 1e-9);
        assertTrue(pfc.key().readsSwitchBuffer());
        assertFalse(row(BehaviourKey.FlowControl.TRIMMING).key().readsSwitchBuffer());
    }
}
