package org.fabricsim.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The engine's clock refuses a time past 2^63 − 1 ps instead of wrapping below zero. */
class ClockLimitTest {
    private static final long ONE_SECOND_PS = 1_000_000_000_000L;

    @Test
    void shouldAddAndMultiplyTimesInsideTheClocksRange() {
        assertEquals(3 * ONE_SECOND_PS, ClockLimit.after(ONE_SECOND_PS, 2 * ONE_SECOND_PS));
        // 9,223,372 s is the last whole second the clock holds (2^63 − 1 ps = 9,223,372.04 s).
        assertEquals(9_223_372 * ONE_SECOND_PS, ClockLimit.times(ONE_SECOND_PS, 9_223_372, 0));
        assertEquals(Long.MAX_VALUE - 1, ClockLimit.after(Long.MAX_VALUE - 2, 1));
    }

    @Test
    void shouldFailTheRunWhenATimeWouldPassTheClocksRange() {
        // 2^62 + 2^62 = 2^63 wraps to −2^63; 2^63 − 2 + 1 is TimeSource.NONE, "nothing pending".
        IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                () -> ClockLimit.after(1L << 62, 1L << 62));
        assertTrue(wrapped.getMessage().startsWith("the simulated time would pass the engine's clock range of 2^63 ps"
                + " (106.8 days) after 4611686.018 s"), wrapped.getMessage());
        assertThrows(IllegalStateException.class, () -> ClockLimit.after(Long.MAX_VALUE - 2, 2));
        // 9,223,373 s is past it, and 2^32 × 2^32 wraps to 0 with a high word of 1.
        assertThrows(IllegalStateException.class, () -> ClockLimit.times(ONE_SECOND_PS, 9_223_373, 0));
        assertThrows(IllegalStateException.class, () -> ClockLimit.times(1L << 32, 1L << 32, 0));
    }

    @Test
    void shouldRefuseAnEventAtAWrappedTimeWithTheClocksRange() {
        Simulation simulation = new Simulation(1);
        int handler = simulation.register(payload -> { });
        IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                () -> simulation.schedule(Long.MAX_VALUE + ONE_SECOND_PS, handler, 0));
        assertTrue(wrapped.getMessage().contains("clock range"), wrapped.getMessage());
        assertThrows(IllegalStateException.class, () -> simulation.schedule(TimeSource.NONE, handler, 0));
        simulation.schedule(TimeSource.NONE - 1, handler, 0);
    }
}
