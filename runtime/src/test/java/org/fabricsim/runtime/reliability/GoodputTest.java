package org.fabricsim.runtime.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GoodputTest {
    private static final double HOUR = 3600;

    @Test
    void shouldEqualTheHandDerivedRenewalCase() {
        // λ = 1/h, τ = 1 h, no checkpoint stall, no restart: a segment needs N = e − 1 interruptions on
        // average and E[T] = N / λ = 1.71828 h of wall time, so ETTR = 1 / (e − 1) = 0.581977.
        Goodput goodput = Goodput.expect(new Scenario(1 / HOUR, HOUR, 0, 0, 0, 0));
        assertEquals(1 / (Math.E - 1), goodput.ettr(), 1e-12);
        assertEquals(1 - 1 / (Math.E - 1), goodput.lostWorkShare(), 1e-12);
        assertEquals(1 / HOUR, goodput.interruptionsPerSecond(), 1e-15);
    }

    @Test
    void shouldApproachTheFirstOrderLossesWhenFailuresAreRare() {
        // λ = 1/(100 h), τ = 1 h, C = 60 s, s = τ + C = 3,660 s, R = 600 s: to first order in λ s,
        // ETTR = (τ / s)(1 − λ (s/2 + R)) (each interruption loses half a segment and a restart; Young
        // 1974) = (3,600 / 3,660)(1 − 2,430 / 360,000) = 0.976967; the neglected terms are of order
        // (λ s)² = 1e-4.
        Scenario scenario = new Scenario(1 / (100 * HOUR), HOUR, 60, 600, 0, 0);
        Goodput goodput = Goodput.expect(scenario);
        assertEquals(0.976967, goodput.ettr(), 2e-4);
        assertEquals(1, goodput.ettr() + goodput.checkpointShare() + goodput.lostWorkShare()
                + goodput.restartShare(), 1e-12);
    }

    @Test
    void shouldFindYoungsIntervalByBruteForceSearch() {
        // C = 30 s, 1/λ = 3 h: Young's √(2 C / λ) = √(2 × 30 × 10,800) = 805 s. Young's interval is first
        // order: its relative error is of order √(C λ) = 0.053, so the exact optimum found by trying every
        // interval from 1 s to 3 h in 1 s steps lies within that of it.
        Scenario scenario = new Scenario(1 / (3 * HOUR), 600, 30, 300, 0, 0);
        double best = 0;
        double bestEttr = 0;
        for (int seconds = 1; seconds <= 3 * HOUR; seconds++) {
            double ettr = Goodput.expect(scenario.withIntervalSeconds(seconds)).ettr();
            if (ettr > bestEttr) {
                bestEttr = ettr;
                best = seconds;
            }
        }
        double young = Goodput.expect(scenario).youngIntervalSeconds();
        assertEquals(Math.sqrt(2 * 30 * 3 * HOUR), young, 1e-9);
        assertEquals(young, best, Math.sqrt(30 / (3 * HOUR)) * young);
    }

    @Test
    void shouldGiveNoProductiveTimeButFiniteSharesWhenASegmentOutlastsAThousandFailures() {
        // λ = 1/h, τ = 10^8 h (session 65's 'checkpoint every 100000000 h'): λ s = 10^8 passes the 709.8 at which
        // e^(λ s) − 1 leaves a double, and the shares came out NaN (∞ ÷ ∞, and ∞ × 0 with no restart). The job only
        // runs to its next failure: ETTR = checkpoints = 0, lost work (1/λ) ÷ (1/λ + R̄), restarts R̄ ÷ (1/λ + R̄);
        // with R = 600 s these are 3,600 / 4,200 = 0.857143 and 600 / 4,200 = 0.142857; with R = 0, 1 and 0.
        Goodput restarting = Goodput.expect(new Scenario(1 / HOUR, 1e8 * HOUR, 60, 600, 0, 0));
        assertEquals(0, restarting.ettr());
        assertEquals(0, restarting.checkpointShare());
        assertEquals(3600.0 / 4200, restarting.lostWorkShare(), 1e-12);
        assertEquals(600.0 / 4200, restarting.restartShare(), 1e-12);
        Goodput instant = Goodput.expect(new Scenario(1 / HOUR, 1e8 * HOUR, 60, 0, 0, 0));
        assertEquals(1, instant.lostWorkShare(), 1e-12);
        assertEquals(0, instant.restartShare());
        // λ s = 700 stays below the edge and is computed as before: ETTR = τ ÷ ((e^700 − 1)(1/λ)), about 1e-301
        Goodput edge = Goodput.expect(new Scenario(1 / HOUR, 700 * HOUR, 0, 0, 0, 0));
        assertEquals(700 / Math.expm1(700), edge.ettr(), 1e-12 * 700 / Math.expm1(700));
    }

    @Test
    void shouldChargeRepairsOnlyToInterruptionsThatNeedThem() {
        // Half the interruptions wait 1 h for a repair: the mean restart is 600 + 0.5 × 3,600 = 2,400 s.
        Scenario scenario = new Scenario(1 / (10 * HOUR), HOUR, 60, 600, HOUR, 0.5);
        assertEquals(2400, scenario.meanRestartSeconds(), 1e-9);
        assertEquals(1 / (10 * HOUR + 2400), Goodput.expect(scenario).interruptionsPerSecond(), 1e-15);
    }

    @Test
    void shouldLoseOnlyCheckpointsWithoutFailures() {
        Goodput goodput = Goodput.expect(new Scenario(0, 900, 100, 600, 0, 0));
        assertEquals(0.9, goodput.ettr(), 1e-12);
        assertTrue(Double.isInfinite(goodput.youngIntervalSeconds()));
    }
}
