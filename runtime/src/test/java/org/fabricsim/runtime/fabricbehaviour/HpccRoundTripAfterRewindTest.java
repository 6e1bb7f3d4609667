package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * HPCC keeps its reference rate R_c once per round trip even after a go-back-N NACK rewinds the sender: the
 * packets of the first pass beyond the rewind are still in flight, and their acknowledgements belong to the round
 * trip before the update. On the held-out mixed step under packet spraying (16 hosts, a 1 MiB ring plus a 128 KiB
 * all-to-all, seed 11) a rewind leaves such packets behind it (flow 6: rewound from 190 to 87). When the round trip
 * ended at the rewound next sequence instead of the highest sequence sent, each of their acknowledgements counted as
 * a new round trip and applied R_c / k again: at k ≈ 2, six decreases in 3 µs took R_c from 11.5 GB/s to R_min =
 * 1 Gb/s (those of 184–189), where it stayed
 * until the resends passed the old highest sequence, since no acknowledgement lay beyond it. At R_min + R_AI (130
 * MB/s) one 4 KiB packet leaves every 32 µs, so a resend of 100 packets alone lasts 3.2 ms (the step took 3.39 ms).
 * One decrease per round trip leaves R_c well above R_min; the step ends within 1 ms, less than a third of that.
 */
class HpccRoundTripAfterRewindTest {
    private static final long RESEND_AT_MIN_RATE_PS = 3_200_000_000L;

    private static HeldOutPacketRun run(BehaviourKey.FlowControl flowControl) {
        return HeldOutPacketRun.of(new BehaviourKey(flowControl, CongestionControl.HPCC, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.SPRAY), 3);
    }

    @Test
    void shouldDecreaseOncePerRoundTripWhenLateAcknowledgementsFollowARewindOnPfc() {
        HeldOutPacketRun run = run(BehaviourKey.FlowControl.PFC);
        assertEquals(0, run.timeouts());
        assertTrue(run.makespanPs() < RESEND_AT_MIN_RATE_PS / 3, run.makespanPs() + " ps");
    }

    @Test
    void shouldDecreaseOncePerRoundTripWhenLateAcknowledgementsFollowARewindOnCredits() {
        HeldOutPacketRun run = run(BehaviourKey.FlowControl.CREDIT);
        assertEquals(0, run.timeouts());
        assertTrue(run.makespanPs() < RESEND_AT_MIN_RATE_PS / 3, run.makespanPs() + " ps");
    }
}
