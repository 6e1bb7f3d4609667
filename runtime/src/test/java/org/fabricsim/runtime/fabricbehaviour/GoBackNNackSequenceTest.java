package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * A go-back-N NACK rewinds the sender to the sequence it names, even when the receiver sends a second NACK of the
 * same flow before the first arrives. On the held-out 2:1 all-to-all under adaptive routing (16 hosts, 256 KiB per
 * pair, seed 11) two NACKs of one flow are often in flight at once (the feedback delay is 4.02 µs); when the second
 * replaced the first's sequence, the first rewound to the later sequence, the second was stale, and a flow whose last
 * two packets were reordered again was left with nothing in flight until its retransmission timer found no progress
 * at its second expiry: 2 × 4.19 ms after its last new packet. A lossless fabric loses nothing, so with each NACK
 * rewinding to its own sequence no timer resends and the step ends within twice the ideal 510.9 µs.
 */
class GoBackNNackSequenceTest {
    private static final long IDEAL_PS = 510_900_000L;

    private static HeldOutPacketRun run(BehaviourKey.FlowControl flowControl, CongestionControl congestionControl) {
        return HeldOutPacketRun.of(new BehaviourKey(flowControl, congestionControl, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ADAPTIVE), 1);
    }

    @Test
    void shouldNeverWaitForTheTimerWhenEachNackRewindsToItsOwnSequenceOnPfcWithDcqcn() {
        HeldOutPacketRun run = run(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN);
        assertEquals(0, run.timeouts());
        assertTrue(run.makespanPs() < 2 * IDEAL_PS, run.makespanPs() + " ps");
    }

    @Test
    void shouldNeverWaitForTheTimerWhenEachNackRewindsToItsOwnSequenceOnCredits() {
        HeldOutPacketRun run = run(BehaviourKey.FlowControl.CREDIT, CongestionControl.NONE);
        assertEquals(0, run.timeouts());
        assertTrue(run.makespanPs() < 3 * IDEAL_PS, run.makespanPs() + " ps");
    }
}
