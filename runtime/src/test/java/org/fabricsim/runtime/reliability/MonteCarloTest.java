package org.fabricsim.runtime.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MonteCarloTest {
    private static final double HOUR = 3600;
    private static final double DAY = 86_400;
    /** 1/λ = 3 h, τ = 30 min, C = 60 s, R = 10 min, a 1 h repair for 40% of interruptions: losses of about 20%. */
    private static final Scenario SCENARIO = new Scenario(1 / (3 * HOUR), 1800, 60, 600, HOUR, 0.4);

    @Test
    void shouldHoldTheClosedFormEttrWithinItsConfidenceInterval() {
        MonteCarlo.Result simulated = MonteCarlo.run(SCENARIO, 54 * DAY, 2000, 42);
        Goodput expected = Goodput.expect(SCENARIO);
        assertEquals(expected.ettr(), simulated.ettrMean(), simulated.ettrHalfWidth95());
        // A 95% interval misses one seed in twenty; the interruption rate is held to the 99.9% interval,
        // 3.29 / 1.96 of the 95% half-width.
        assertEquals(expected.interruptionsPerSecond() * DAY, simulated.interruptionsPerDayMean(),
                3.29 / 1.96 * simulated.interruptionsHalfWidth95());
        assertTrue(simulated.ettrP5() < simulated.ettrMean() && simulated.ettrMean() < simulated.ettrP95());
    }

    @Test
    void shouldSplitTheLossesAsTheClosedFormDoes() {
        // The shares are means over 2,000 × 54 days; their sampling error is far below 0.003.
        MonteCarlo.Result simulated = MonteCarlo.run(SCENARIO, 54 * DAY, 2000, 7);
        Goodput expected = Goodput.expect(SCENARIO);
        assertEquals(expected.checkpointShare(), simulated.checkpointShare(), 0.003);
        assertEquals(expected.lostWorkShare(), simulated.lostWorkShare(), 0.003);
        assertEquals(expected.restartShare(), simulated.restartShare(), 0.003);
    }

    @Test
    void shouldGiveTheSameResultForTheSameSeed() {
        assertEquals(MonteCarlo.run(SCENARIO, 10 * DAY, 100, 3), MonteCarlo.run(SCENARIO, 10 * DAY, 100, 3));
        assertNotEquals(MonteCarlo.run(SCENARIO, 10 * DAY, 100, 3), MonteCarlo.run(SCENARIO, 10 * DAY, 100, 4));
    }

    @Test
    void shouldLoseNothingToFailuresWhenThereAreNone() {
        // τ = 1,800 s, C = 60 s and no failures: ETTR = 1,800 / 1,860 up to the segment cut by the window's end.
        MonteCarlo.Result simulated = MonteCarlo.run(new Scenario(0, 1800, 60, 600, 0, 0), 54 * DAY, 2, 1);
        assertEquals(1800.0 / 1860, simulated.ettrMean(), 1e-4);
        assertEquals(0, simulated.interruptionsPerDayMean());
    }

    @Test
    void shouldKeepTheSegmentInProgressOnlyAsLikelyAsItCompletes() {
        // 1/λ = τ = 10^12 h, C = 0, windows of 30 days = 720 h: no replication fails (P(any of 1,000 does) =
        // 1 − e^(−1,000 × 720 / 10^12) = 7.2e−7), so each ends 720 h into its first segment and keeps it if the other
        // 10^12 − 720 h run without a failure: q = e^(−(10^12 − 720) / 10^12) = e^−1 × e^(7.2e−10) = 0.367879, and ETTR =
        // q × 720 h ÷ 720 h = 0.367879, the other 0.632121 lost work. (Until session 66 the window counted as work: 1.)
        // The closed form is the long run: N = e^1 − 1, ETTR = τ ÷ (N (1/λ + R)) ≈ 1 ÷ (e − 1) = 0.581977; windows a
        // billion times shorter than a segment, each begun just after a checkpoint, never reach it.
        Scenario farApart = new Scenario(1 / (1e12 * HOUR), 1e12 * HOUR, 0, 600, 0, 0);
        MonteCarlo.Result simulated = MonteCarlo.run(farApart, 30 * DAY, 1000, 1);
        assertEquals(0.367879, simulated.ettrMean(), 1e-6);
        assertEquals(0.632121, simulated.lostWorkShare(), 1e-6);
        assertEquals(0.581977, Goodput.expect(farApart).ettr(), 1e-6);
    }

    @Test
    void shouldAgreeWithTheClosedFormWhenNoSegmentCanComplete() {
        // A checkpoint every 10^8 h against 1/λ = 2,500 h: λs = 40,000, so e^(λs) − 1 passes a double and the closed
        // form's ETTR is 0 (Goodput.hopeless); every window's unfinished segment survives with e^(−λ(s − r)) ≤
        // e^(−39,999.7), 0 in a double, so the Monte Carlo keeps nothing either (0.859 until session 66, when the
        // 74.9% of windows without a failure, e^(−720/2,500), counted as work).
        Scenario farApart = new Scenario(1 / (2500 * HOUR), 1e8 * HOUR, 60, 600, 0, 0);
        MonteCarlo.Result simulated = MonteCarlo.run(farApart, 30 * DAY, 1000, 1);
        assertEquals(0, Goodput.expect(farApart).ettr());
        assertEquals(0, simulated.ettrMean());
    }
}
