package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.packet.IbCc;
import org.junit.jupiter.api.Test;

/**
 * What the flows left in an IB CC episode inherit from the crowd it opened with ({@link
 * IbCcRecovery#inheritedCapacityFactor}), against hand derivations. Parameters chosen for round numbers: K = 2^3 = 8,
 * CCTI_Increase 1, CCTI_Limit L = 127, CCTI_Timer τ = 10 µs, MTU 4096 B, c = 4.096 GB/s (one packet per µs).
 */
class IbCcInheritedTest {
    private static final double C = 4.096e9;
    private static final IbCcRecovery RECOVERY = new IbCcRecovery(
            new IbCc(64 << 10, 1, 127, 0, 10_000_000L, 3, IbCc.VictimMask.END_NODE_PORTS), 4096);

    @Test
    void shouldOvershootTheFlowsLeftOnTheQueueTheirOwnBytesFormBehindTheCrowd() {
        // N₀ = 5 flows at ρ₀ = 2, t = 100 µs; N₂ = 2 left with R₂ = 1 MB; the switch admits 10 MB.
        // a₀ = 1/5 − 1/10 = 0.1 per µs: x₁ = 10, c/a₀ = 40,960 B per index; x₀ = 8 × (5/2 − 1) = 12 > x₁, so the crowd's
        // queue Q(x₁) = 40,960 × (2 − 1) × 10 = 409,600 B > 0. The crowd sent its bytes by t/ρ₀ (x_s = 5); behind its last
        // byte the 2 flows queued Q_r = 40,960 × 2 × 8 × ln(18/13) = 213,269 B.
        // a₂ = 1/2 − 1/10 = 0.4 per µs, c/a₂ = 10,240 B per index; x₂* = 8 < x₁: the queue drains from x_d = 10 and is gone
        // at x_e with (x_e − 10) − 16 ln((8 + x_e)/18) = 213,269 / 10,240 = 20.827: x_e = 49.375 (< L), t_e = 39.375 / 0.4
        // = 98.44 µs, W = 1e6 − 4.096e9 × 98.44 µs = 596,802 B. A full recovery would send 2 × 4.096e9 × 8 × 10 µs ×
        // ln(57.375/16) = 836,905 B > W: the flows finish at x_f = 57.375 × exp(−596,802 / 655,360) − 8 = 15.080, D₂ =
        // 10 µs × (49.375 − 15.080) − 596,802 / 4.096e9 = 342.95 − 145.70 = 197.25 µs; R₂/c = 244.14 µs: factor
        // 244.14 / (244.14 + 197.25) = 0.55312.
        assertEquals(0.55312, RECOVERY.inheritedCapacityFactor(2, 5, 100e-6, 2, 1e6, C, 10e6), 1e-5);
    }

    @Test
    void shouldInheritNothingWithoutAnOverloadedOpeningOrOnceTheCrowdsQueueHasDrained() {
        // ρ₀ = 1: no queue was built. N₀ = 2 at ρ₀ = 2 for 1 ms: a₀ = 4.096e9 / 8,192 − 1e5 = 0.4 per µs reaches L = 127
        // by 318 µs, and Q(L) = (c/a₀) × (2 × 8 × ln(135/8) − 127) = (c/a₀) × (45.2 − 127) < 0: the crowd's own overshoot
        // drained the queue (its factor charged it), nothing is left to inherit.
        assertEquals(1, RECOVERY.inheritedCapacityFactor(1, 5, 100e-6, 2, 1e6, C, 10e6));
        assertEquals(1, RECOVERY.inheritedCapacityFactor(2, 2, 1e-3, 2, 1e6, C, 10e6));
    }

    @Test
    void shouldHoldTheQueueTheSwitchAdmits() {
        // The first case with 100 kB admitted: Q_r = 100,000 B. (x_e − 10) − 16 ln((8 + x_e)/18) = 9.7656: x_e = 32.896,
        // t_e = 57.24 µs, W = 1e6 − 234,458 = 765,542 B, more than a full recovery sends (655,360 × ln(40.896/16) =
        // 615,023 B): the index comes back to x₂* = 8, D₂ = τ·[(x_e − 8) − 16 ln((8 + x_e)/16)], which by the drain's
        // equation is τ·[Q_r·a₂/c + (10 − 8) − 16 ln(18/16)] = 10 µs × (9.7656 + 0.1155) = 98.81 µs (the overshoot in timer
        // steps, as for an incast, plus the inherited index above x₂*). Factor 244.14 / (244.14 + 98.81) = 0.71188.
        assertEquals(0.71188, RECOVERY.inheritedCapacityFactor(2, 5, 100e-6, 2, 1e6, C, 100e3), 1e-5);
    }
}
