package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * A switch's stated shared buffer S moves where the flow model's fabric behaviour drops and blocks, by the
 * scenario switch's rules with its own S (PFC pauses at S/9 + 4 KiB, a queue may hold S/2 before tail drop, a
 * credit is the link's whatever S), and changes nothing where nothing contends.
 */
class SwitchBufferTest {
    private static final double MIB = 1 << 20;
    /** The flow model's link rate: the packet backend's payload rate (PatternRuns). */
    private static final double C = TrafficPattern.LINE_BYTES_PER_SECOND
            * PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).payloadEfficiency();
    private static final FabricBehaviour LOSSY = BehaviourTable.shipped().behaviour(new BehaviourKey(
            BehaviourKey.FlowControl.LOSSY, CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));

    /** Every utilisation 1: only head-of-line blocking can change a rate. */
    private static FabricBehaviour lossless(BehaviourKey.FlowControl flowControl) {
        double[] ones = new double[FabricBehaviour.POINTS_PER_PATH];
        Arrays.fill(ones, 1);
        return FabricBehaviour.atEveryPathLength(new BehaviourKey(flowControl, CongestionControl.NONE,
                BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP), ones, 1);
    }

    private static long flowPs(TrafficPattern pattern, FabricBehaviour behaviour, double switchBytes) {
        return PatternRuns.flowPs(pattern, RoutingMode.ECMP, behaviour, switchBytes);
    }

    /**
     * The victim's finish, ps, when its spine downlink blocks at a buffer of {@code bufferBytes} (B each): as
     * {@code HeadOfLineBlockingTest}'s credit case, with the held-back backlog Q = B (P = c/3 against A = 2c/3),
     * the open share φ = (b/Q)·(P/A) = b/(2B), the downlink at f = φ + (1 − φ)/2 of c until hosts 5 and 6
     * finish at t1 = B / ((1 − 2f/3)·c/2), then the victim's rest at c/3.
     */
    private static double blockedVictimPs(double bytes, double bufferBytes) {
        double phi = bufferBytes / bytes * 0.5;
        double f = phi + (1 - phi) / 2;
        double t1 = bytes / ((1 - 2 * f / 3) * C / 2);
        return 1e12 * (t1 + (bytes - f * C * t1 / 3) / (C / 3));
    }

    @Test
    void shouldRemoveHeadOfLineBlockingUnderPfcWithADeepBuffer() {
        // 4 MiB each: the backlog Q = 4 MiB outgrows the scenario's pause threshold 12 MiB/9 + 4 KiB = 1.34 MiB,
        // and the victim ends at blockedVictimPs(4 MiB, 1.34 MiB). A 64 MiB switch pauses at 64/9 MiB + 4 KiB
        // = 7.1 MiB > Q: nothing blocks, the ideal to the picosecond (4B/c).
        TrafficPattern victim = TrafficPattern.victim(4 * MIB, true);
        FabricBehaviour pfc = lossless(BehaviourKey.FlowControl.PFC);
        double scenarioPs = blockedVictimPs(4 * MIB, 12 * MIB / 9 + 4096);
        assertEquals(scenarioPs, flowPs(victim, pfc, 0), 1e-6 * scenarioPs);
        assertEquals(flowPs(victim, null, 0), flowPs(victim, pfc, 64 * MIB));
    }

    @Test
    void shouldBringHeadOfLineBlockingInEarlierUnderPfcWithAShallowBuffer() {
        // 1 MiB each: Q = 1 MiB fits the scenario's 1.34 MiB (the ideal, 4B/c), but not a 4.5 MiB switch's
        // 4.5 MiB/9 + 4 KiB = 0.504 MiB: φ = 0.252, the downlink at f = 0.626 of c until t1 = 3.43 B/c, the
        // victim's last 0.284 B at c/3: it ends at 4.28 B/c, 7% after the ideal.
        TrafficPattern victim = TrafficPattern.victim(MIB, true);
        FabricBehaviour pfc = lossless(BehaviourKey.FlowControl.PFC);
        assertEquals(flowPs(victim, null, 0), flowPs(victim, pfc, 0));
        double shallowPs = blockedVictimPs(MIB, 4.5 * MIB / 9 + 4096);
        assertEquals(shallowPs, flowPs(victim, pfc, 4.5 * MIB), 1e-6 * shallowPs);
    }

    @Test
    void shouldKeepTheCreditWindowWhateverTheSharedBuffer() {
        // A credit is the link's 64 packets × 4 KiB, not a share of the switch's pool: a 64 MiB switch blocks
        // the credit victim exactly as the scenario's switch does.
        TrafficPattern victim = TrafficPattern.victim(4 * MIB, true);
        FabricBehaviour credits = lossless(BehaviourKey.FlowControl.CREDIT);
        assertEquals(flowPs(victim, credits, 0), flowPs(victim, credits, 64 * MIB));
    }

    @Test
    void shouldDropAnIncastThatFitsTheScenarioSwitchInAShallowOne() {
        // 4 senders of 1 MiB queue Q = (1 − 1/4)·4 MiB = 3 MiB: within the scenario's 6 MiB, so the run is
        // T4/u(4). A 4 MiB switch admits 4/2 = 2 MiB: 1 MiB overflows, as the 8:1 scenario's 7 MiB queue
        // overflows 6 MiB, so the episode pays that scenario's timeouts D(8) = T8·(1/u(8) − 1/u(4)) on top.
        TrafficPattern incast = TrafficPattern.incast(4, MIB);
        double t4 = flowPs(incast, null, 0);
        double t8 = flowPs(TrafficPattern.incast(8, MIB), null, 0);
        double u4 = LOSSY.utilisation(1);
        double u8 = LOSSY.utilisation(2);
        assertEquals(t4 / u4, flowPs(incast, LOSSY, 0), 1e-6 * t4 / u4);
        double shallow = t4 / u4 + t8 * (1 / u8 - 1 / u4);
        assertEquals(shallow, flowPs(incast, LOSSY, 4 * MIB), 1e-6 * shallow);
    }

    @Test
    void shouldSpareAnIncastThatOverflowsTheScenarioSwitchInADeepOne() {
        // 8 senders of 1 MiB queue 7 MiB: past the scenario's 6 MiB (T8/u(8)), within a 24 MiB switch's 12 MiB:
        // no drops, the drop-free rate u(4) held beyond 4 senders.
        TrafficPattern incast = TrafficPattern.incast(8, MIB);
        double t8 = flowPs(incast, null, 0);
        double scenario = t8 / LOSSY.utilisation(2);
        assertEquals(scenario, flowPs(incast, LOSSY, 0), 1e-6 * scenario);
        double deep = t8 / LOSSY.utilisation(1);
        assertEquals(deep, flowPs(incast, LOSSY, 24 * MIB), 1e-6 * deep);
    }

    @Test
    void shouldEqualTheIdealExactlyWithoutContentionWhateverTheBuffer() {
        // One sender's two flows across a leaf uplink and the spine share every link but offer it only their
        // sender's rate (overload 1), and hold nothing back: shallow or deep, every row runs them as the ideal,
        // to the picosecond. Without hosts 5 and 6 the victim pattern holds nothing back either: the lossless
        // rows run it as the ideal.
        TrafficPattern shared = TrafficPattern.uplinkIncast(1, 2, 4 * MIB);
        TrafficPattern noIncast = TrafficPattern.victim(4 * MIB, false);
        for (double switchBytes : new double[] {MIB / 4, 64 * MIB}) {
            for (FabricBehaviour row : new FabricBehaviour[] {lossless(BehaviourKey.FlowControl.PFC),
                    lossless(BehaviourKey.FlowControl.CREDIT), LOSSY}) {
                assertEquals(flowPs(shared, null, 0), flowPs(shared, row, switchBytes));
            }
            assertEquals(flowPs(noIncast, null, 0), flowPs(noIncast, lossless(BehaviourKey.FlowControl.PFC),
                    switchBytes));
        }
    }
}
