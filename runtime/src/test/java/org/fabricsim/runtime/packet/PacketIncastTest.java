package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The victim-flow experiment of Zhu et al. (SIGCOMM'15, §2) ({@link VictimIncast}): incast A1, A2, B1, B2 → R;
 * the victim V → W shares the S1→S2 link with A1 and A2 but not the bottleneck S2→R.
 */
class PacketIncastTest {
    @Test
    void shouldStarveTheVictimUnderPfcAndRestoreItWithDcqcn() {
        double c = PacketFixtures.LINE;
        // PFC, no congestion control. S2 pauses each ingress port feeding R's queue on the same
        // threshold, so R's link C is split per ingress port, not per flow: C/3 each for the trunk,
        // B1 and B2. S1 in turn splits the paused trunk per ingress port among A1, A2 and V, so V
        // carries as much as A1: trunk = A + V with A = C/3 and V = A/2, i.e. V = C/6 = 0.167·C.
        VictimIncast pfc = new VictimIncast(PacketConfig.roce(c));
        assertTrue(pfc.bottleneckRate() > 0.97 * c,
                "the bottleneck runs at capacity under PFC: " + pfc.bottleneckRate() / c);
        assertEquals(c / 6, pfc.victimRate(), 0.02 * c, "the victim is held to C/6 by pauses");
        assertTrue(pfc.network.counters().port(pfc.trunk).pausePs() > 0, "S2 paused the trunk");
        assertTrue(pfc.network.counters().port(pfc.up[VictimIncast.A1]).pausePs() > 0, "and S1 passed the pause on to A1's NIC");
        // DCQCN: the four incast flows back off towards their max-min share C/4, no pause builds,
        // and V takes what the trunk has left, C − 2·C/4 = C/2 under max-min. DCQCN's sawtooth
        // oscillates around that; the victim must get within 20% of it (> 0.4·C, versus C/6 under PFC).
        double dcqcn = new VictimIncast(
                PacketConfig.roce(c).withCongestionControl(PacketConfig.CongestionControl.DCQCN)).victimRate();
        assertTrue(dcqcn > 0.4 * c, "DCQCN restores the victim: " + dcqcn / c + " (PFC " + pfc.victimRate() / c + ")");
    }
}
