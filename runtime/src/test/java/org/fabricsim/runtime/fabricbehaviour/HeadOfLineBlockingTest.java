package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * Head-of-line blocking of a lossless fabric's switch link by flows held back downstream ({@code
 * HeadOfLineBlocking}), on {@link TrafficPattern#victim}: derived by hand, checked against the packet
 * backend, and absent without a held-back flow, on a lossy fabric, under a congestion control that bounds
 * the queue, and under PFC while its shared buffer absorbs the backlog.
 */
class HeadOfLineBlockingTest {
    private static final double MIB = 1 << 20;
    /** The flow model's link rate: the packet backend's payload rate (PatternRuns). */
    private static final double C = TrafficPattern.LINE_BYTES_PER_SECOND
            * PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).payloadEfficiency();

    /** Every utilisation 1: only head-of-line blocking can change a rate. */
    private static FabricBehaviour lossless(BehaviourKey.FlowControl flowControl, CongestionControl cc) {
        double[] ones = new double[FabricBehaviour.POINTS_PER_PATH];
        Arrays.fill(ones, 1);
        return FabricBehaviour.atEveryPathLength(new BehaviourKey(flowControl, cc, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ECMP), ones, 1);
    }

    private static long flowPs(TrafficPattern pattern, FabricBehaviour behaviour) {
        return PatternRuns.flowPs(pattern, RoutingMode.ECMP, behaviour);
    }

    @Test
    void shouldSlowTheVictimByTheHandDerivedAmountUnderCredits() {
        // B = 4 MiB each. Ideal: host 4's link shares c among 0, 1, 5, 6 (c/4 each); the victim takes the rest
        // of the uplink, c/2, and ends at 2B/c; the makespan is 4B/c. Credits: host 4's link is fed by three
        // input links (the spine's, hosts 5's and 6's), each given P = c/3 by backpressure; 0 and 1 bring
        // A = 2c/3 of the spine's downlink L (s = 2/3 of what L is offered), so their backlog
        // Q = 2B·(1 − P/A) = B fills L's credit of 256 KiB, after which L delivers P/s = c/2. The credit
        // absorbs the first share φ = (256 KiB / Q)·(P/A) = 1/32 of the episode, so L runs at
        // f = φ + (1 − φ)/2 = 33/64 of c, shared by 0, 1 and the victim (fc/3 each, below host 4's c/4);
        // 5 and 6 take (c − 2fc/3)/2 each and end at t1 = B / that. Then host 4's link has one input, nothing
        // is held, and L's three flows run at c/3: the victim (and 0 and 1 with it) ends at
        // t1 + (B − fc·t1/3) / (c/3).
        double bytes = 4 * MIB;
        double phi = (256 * 1024 / bytes) * 0.5;
        double f = phi + (1 - phi) / 2;
        double t1 = bytes / ((1 - 2 * f / 3) * C / 2);
        double expectedPs = 1e12 * (t1 + (bytes - f * C * t1 / 3) / (C / 3));
        TrafficPattern victim = TrafficPattern.victim(bytes, true);
        FabricBehaviour credits = lossless(BehaviourKey.FlowControl.CREDIT, CongestionControl.NONE);
        long flow = flowPs(victim, credits);
        assertEquals(expectedPs, flow, 1e-6 * expectedPs);
        assertEquals(4 * bytes / C * 1e12, flowPs(victim, null), 1e-6 * expectedPs, "ideal: 4B/c");
        // The packet backend (credits, no congestion control) ends the victim with 0 and 1 at 1,510.5 µs.
        long packet = PatternRuns.packetPs(victim, credits.key());
        assertEquals(packet, flow, 0.02 * packet, "flow " + flow + " against packet " + packet);
    }

    @Test
    void shouldLeaveTheIdealWithoutAHeldBackFlow() {
        // Without hosts 5 and 6, host 4's link has one input link: backpressure holds nothing back, so the
        // victim shares the uplink max-min, exactly as the ideal.
        TrafficPattern noIncast = TrafficPattern.victim(4 * MIB, false);
        assertEquals(flowPs(noIncast, null), flowPs(noIncast, lossless(BehaviourKey.FlowControl.CREDIT,
                CongestionControl.NONE)));
    }

    @Test
    void shouldLeaveTheIdealWhereNothingHoldsPacketsUpstream() {
        // Lossy fabrics hold nothing upstream, and DCQCN cuts the held-back senders on the congested
        // queue's marks: no backlog fills a buffer, no link blocks.
        TrafficPattern victim = TrafficPattern.victim(4 * MIB, true);
        long ideal = flowPs(victim, null);
        assertEquals(ideal, flowPs(victim, lossless(BehaviourKey.FlowControl.LOSSY, CongestionControl.NONE)));
        assertEquals(ideal, flowPs(victim, lossless(BehaviourKey.FlowControl.CREDIT, CongestionControl.DCQCN)));
    }

    @Test
    void shouldBlockUnderPfcOnlyOnceTheBacklogOutgrowsThePauseThreshold() {
        // PFC pauses an ingress queue at 12 MiB / 9 + 4 KiB = 1.337 MiB. With 1 MiB each the backlog
        // Q = 2B·(1 − P/A) = 1 MiB fits: the ideal, exactly. With 4 MiB, Q = 4 MiB does not: slower.
        FabricBehaviour pfc = lossless(BehaviourKey.FlowControl.PFC, CongestionControl.NONE);
        assertEquals(12.0 * MIB / 9 + 4096, pfc.backlogBufferBytes(), 1e-9);
        TrafficPattern small = TrafficPattern.victim(MIB, true);
        assertEquals(flowPs(small, null), flowPs(small, pfc));
        TrafficPattern large = TrafficPattern.victim(4 * MIB, true);
        assertTrue(flowPs(large, pfc) > 1.05 * flowPs(large, null));
    }
}
