package org.fabricsim.runtime.sim;

import java.util.Locale;

/**
 * The range of the engine's clock, picoseconds in a long: every event falls due before {@link TimeSource#NONE}
 * (2⁶³ − 1 ps, about 106.75 days), which means "nothing pending". One stated delay (a latency, a timer, a
 * calibration time) is at most {@link #MAX_DELAY_PS}, 1 s, the editor's bound, so that sums of them stay far inside;
 * a run whose events still fall due past the range (a 1 TiB transfer over a link of 10 kb/s takes 27.9 years) is
 * refused with the time it reached, never wrapped: a sum past 2⁶³ − 1 wraps below zero, and one that lands on {@link
 * TimeSource#NONE} would end the run silently, both with a result that looks like one. The refusal names the
 * quantity that overran ({@link ClockCause}: a transfer, a collective's step latencies, the host's kernel launches),
 * as the caller that adds it knows, and what to change. O(1).
 */
public final class ClockLimit {
    /** The longest latency or timer one quantity may state: 1 s in picoseconds. */
    public static final long MAX_DELAY_PS = 1_000_000_000_000L;
    private static final double PS_PER_DAY = 86_400e12;
    private static final double PS_PER_SECOND = 1e12;

    private ClockLimit() {
    }

    /**
     * {@code startPs + spanPs} (both non-negative): a time on the clock and a span after it, or two parts of one span,
     * or the run's failure, at {@code nowPs}, naming {@code cause} when the sum leaves the clock's range.
     */
    public static long plus(long startPs, long spanPs, long nowPs, ClockCause cause) {
        long sumPs = startPs + spanPs;
        if (sumPs < 0 || sumPs == TimeSource.NONE) {
            throw beyond(nowPs, cause, String.format(Locale.ROOT, "%.3f s", spanPs / PS_PER_SECOND));
        }
        return sumPs;
    }

    /** {@code nowPs + delayPs} (both non-negative), or the run's failure naming {@code cause} past the clock's range. */
    public static long after(long nowPs, long delayPs, ClockCause cause) {
        return plus(nowPs, delayPs, nowPs, cause);
    }

    /**
     * {@code count} times {@code ps} (both non-negative), a span of {@code count} runs of a step, or the run's failure,
     * at {@code nowPs}, naming {@code cause} when the product leaves the clock's range.
     */
    public static long times(long ps, long count, long nowPs, ClockCause cause) {
        long high = Math.multiplyHigh(ps, count);
        long product = ps * count;
        if (high != 0 || product < 0 || product == TimeSource.NONE) {
            throw beyond(nowPs, cause, String.format(Locale.ROOT, "%.3f s, %d times (%.3f s)", ps / PS_PER_SECOND,
                    count, ps / PS_PER_SECOND * count));
        }
        return product;
    }

    /** The failure of a run whose next event, after {@code nowPs}, falls due past the clock's range, cause unknown. */
    public static ClockRangeException beyond(long nowPs) {
        return beyond(nowPs, ClockCause.RUN, null);
    }

    /**
     * The failure of a run whose next event, after {@code nowPs}, falls due past the clock's range through {@code
     * cause}: "the simulated time would pass the engine's clock range of 2^63 ps (106.8 days) after {@code nowPs}:
     * {@code cause}'s quantity ({@code detail}, where not null: its span, the run's state) take longer than that.
     * Fix: {@code cause}'s fix."
     */
    public static ClockRangeException beyond(long nowPs, ClockCause cause, String detail) {
        return new ClockRangeException(String.format(Locale.ROOT, "the simulated time would pass the engine's clock"
                + " range of 2^63 ps (%.1f days) after %.3f s: %s%s take longer than that. Fix: %s.",
                TimeSource.NONE / PS_PER_DAY, nowPs / PS_PER_SECOND, cause.quantity(),
                detail == null ? "" : " (" + detail + ")", cause.fix()));
    }
}
