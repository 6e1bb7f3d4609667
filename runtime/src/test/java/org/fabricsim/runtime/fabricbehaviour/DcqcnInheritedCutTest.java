package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.packet.Dcqcn;
import org.junit.jupiter.api.Test;

/**
 * What the flows left in a DCQCN episode inherit from the crowd it opened with ({@link DcqcnInheritedCut}), against
 * hand derivations. Parameters chosen for round numbers: c = 1 GB/s (the thresholds' own rate, so they are not
 * scaled), Kmin = 100 kB, Kmax = 400 kB (ΔK = 300 kB), Pmax = 0.2, increase timer τ_i = 500 µs, MTU 1,000 B.
 */
class DcqcnInheritedCutTest {
    private static final double C = 1e9;
    private static final DcqcnInheritedCut CUT = new DcqcnInheritedCut(new Dcqcn(100_000, 400_000, 0.2, 1.0 / 256,
            1_000_000L, 4_000_000L, 500_000_000L, 5, 1e6, 1e7, 1e7, 4_000_000L), C, 1000);

    @Test
    void shouldHoldTheFlowsLeftAtTheirCrowdShareUntilTheirIncreaseTimerFires() {
        // N₀ = 10 opened at ρ₀ = 2, 1 ms ago: the queue built min(Q_adm = 1 MB, (2 − 1) × 1 GB/s × 1 ms) = 1 MB > Kmin.
        // N₂ = 2 left with R₂ = 1 MB, s = 0.2. Their last mark: y* = √(2 × 300,000 × 1,000 × 2 × ln 2 / 0.2)
        // = 64,489 B, Q_c = min(1 MB, 164,489 B). The link sends c while Q_c drains at 0.8·c (205.6 µs, 205,612 B),
        // then 0.2·c until τ_i = 500 µs (58,878 B); then each flow sends (0.1 + 1)/2 = 0.55·c, two fill c: the last
        // 735,511 B take 735.5 µs. T = 1,235.5 µs, D = 235.5 µs = τ_i·(1 − s) − Q_c/c; factor 1,000 / 1,235.51 =
        // 0.80938.
        assertEquals(235.5106e-6, CUT.delaySeconds(2, 10, 1e-3, 2, 1e6, C, 1e6), 1e-10);
        assertEquals(0.80938, CUT.capacityFactor(2, 10, 1e-3, 2, 1e6, C, 1e6), 1e-5);
    }

    @Test
    void shouldLetOneFlowLeftClimbBackInFastRecoverySteps() {
        // N₀ = 10, N₂ = 1 (no y*: Q_c = Kmin = 100 kB), s = 0.1, R₂ = 1 MB. Q_c drains at 0.9·c in 111.1 µs, then
        // 0.1·c to 500 µs: 150,000 B sent. Fast recovery halves the gap to c at each τ_i: 0.55·c to 1,000 µs
        // (425,000 B), 0.775·c to 1,500 µs (812,500 B), then 0.8875·c for the last 187,500 B: 211.27 µs.
        // T = 1,711.27 µs, D = 711.27 µs.
        assertEquals(711.2676e-6, CUT.delaySeconds(2, 10, 1e-3, 1, 1e6, C, 1e6), 1e-10);
        assertEquals(0.58436, CUT.capacityFactor(2, 10, 1e-3, 1, 1e6, C, 1e6), 1e-5);
    }

    @Test
    void shouldInheritNothingWithoutAFlowGoneOrAQueuePastKmin() {
        // As the first case, but no flow gone; a switch that admits only Kmin; an opening without overload (no
        // queue built); an opening too short for the queue to pass Kmin ((2 − 1) × 1 GB/s × 50 µs = 50 kB).
        assertEquals(1, CUT.capacityFactor(2, 10, 1e-3, 10, 1e6, C, 1e6));
        assertEquals(1, CUT.capacityFactor(2, 10, 1e-3, 2, 1e6, C, 100_000));
        assertEquals(1, CUT.capacityFactor(1, 10, 1e-3, 2, 1e6, C, 1e6));
        assertEquals(1, CUT.capacityFactor(2, 10, 50e-6, 2, 1e6, C, 1e6));
    }

    @Test
    void shouldCostTheHeldShareAloneWhenTheBytesLeftEndBeforeTheTimer() {
        // N₀ = 10, N₂ = 2, R₂ = 250 kB: Q_c drains in 205.6 µs (205,612 B), the other 44,388 B at 0.2·c take 221.9 µs;
        // T = 427.55 µs against R₂/c = 250 µs: D = 177.55 µs.
        assertEquals(177.5529e-6, CUT.delaySeconds(2, 10, 1e-3, 2, 250_000, C, 1e6), 1e-10);
    }
}
