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
        assertEquals(3 * ONE_SECOND_PS, ClockLimit.after(ONE_SECOND_PS, 2 * ONE_SECOND_PS, ClockCause.RUN));
        // 9,223,372 s is the last whole second the clock holds (2^63 − 1 ps = 9,223,372.04 s).
        assertEquals(9_223_372 * ONE_SECOND_PS, ClockLimit.times(ONE_SECOND_PS, 9_223_372, 0, ClockCause.RUN));
        assertEquals(Long.MAX_VALUE - 1, ClockLimit.after(Long.MAX_VALUE - 2, 1, ClockCause.RUN));
    }

    @Test
    void shouldFailTheRunWhenATimeWouldPassTheClocksRange() {
        // 2^62 + 2^62 = 2^63 wraps to −2^63; 2^63 − 2 + 1 is TimeSource.NONE, "nothing pending".
        IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                () -> ClockLimit.after(1L << 62, 1L << 62, ClockCause.TRANSFER));
        assertTrue(wrapped.getMessage().startsWith("the simulated time would pass the engine's clock range of 2^63 ps"
                + " (106.8 days) after 4611686.018 s"), wrapped.getMessage());
        assertThrows(IllegalStateException.class, () -> ClockLimit.after(Long.MAX_VALUE - 2, 2, ClockCause.RUN));
        // 9,223,373 s is past it, and 2^32 × 2^32 wraps to 0 with a high word of 1.
        assertThrows(IllegalStateException.class, () -> ClockLimit.times(ONE_SECOND_PS, 9_223_373, 0, ClockCause.RUN));
        assertThrows(IllegalStateException.class, () -> ClockLimit.times(1L << 32, 1L << 32, 0, ClockCause.RUN));
    }

    @Test
    void shouldNameTheQuantityThatOverranAndWhatToChange() {
        // 2^62 ps = 4,611,686.018 s, the span added: a transfer, so the fix is the link rates or the sizes.
        IllegalStateException transfer = assertThrows(IllegalStateException.class,
                () -> ClockLimit.after(1L << 62, 1L << 62, ClockCause.TRANSFER));
        assertTrue(transfer.getMessage().endsWith("after 4611686.018 s: transfers over the model's links"
                + " (4611686.018 s) take longer than that. Fix: raise the model's link rates (a rate such as"
                + " 0.00001 Gb/s moves 1 GiB in 10 days) or lower its sizes."), transfer.getMessage());
        // 10^6 s of step latency 10 times is 10^7 s, past the 9,223,372 s the clock holds, at 2 s.
        IllegalStateException steps = assertThrows(IllegalStateException.class,
                () -> ClockLimit.times(1_000_000 * ONE_SECOND_PS, 10, 2 * ONE_SECOND_PS, ClockCause.STEP_LATENCY));
        assertTrue(steps.getMessage().contains("after 2.000 s: the collective's step latencies (the calibration"
                + " profile's collective.nvlink-step-overhead, collective.net-step-overhead or"
                + " collective.nvls-step-overhead, and the links' latencies) (1000000.000 s, 10 times"
                + " (10000000.000 s)) take longer than that. Fix: state those step latencies as measured"),
                steps.getMessage());
        // Two parts of one span, 2^62 + 2^62 ps, named as the caller says.
        IllegalStateException launches = assertThrows(IllegalStateException.class,
                () -> ClockLimit.plus(1L << 62, 1L << 62, 0, ClockCause.KERNEL_LAUNCH));
        assertTrue(launches.getMessage().contains("the host's kernel launches of a call"), launches.getMessage());
    }

    @Test
    void shouldRefuseAnEventAtAWrappedTimeWithTheClocksRange() {
        Simulation simulation = new Simulation(1);
        int handler = simulation.register(payload -> { });
        IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                () -> simulation.schedule(Long.MAX_VALUE + ONE_SECOND_PS, handler, 0));
        assertTrue(wrapped.getMessage().contains("clock range of 2^63 ps (106.8 days) after 0.000 s: the run's"
                + " transfers and delays take longer than that. Fix: check the model's link rates and latencies"),
                wrapped.getMessage());
        assertThrows(IllegalStateException.class, () -> simulation.schedule(TimeSource.NONE, handler, 0));
        simulation.schedule(TimeSource.NONE - 1, handler, 0);
    }
}
