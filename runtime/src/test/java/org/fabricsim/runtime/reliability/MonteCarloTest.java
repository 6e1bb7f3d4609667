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
}
