package org.fabricsim.runtime.sim;

import java.util.Locale;

/**
 * The range of the engine's clock, picoseconds in a long: every event falls due before {@link TimeSource#NONE}
 * (2⁶³ − 1 ps, about 106.75 days), which means "nothing pending". One stated delay (a latency, a timer) is at most
 * {@link #MAX_DELAY_PS}, 1 s, the editor's bound, so that sums of them stay far inside; a run whose events still
 * fall due past the range (a 1 TiB transfer over a link of 10 kb/s takes 27.9 years) is refused with the time it
 * reached, never wrapped: a sum past 2⁶³ − 1 wraps below zero, and one that lands on {@link TimeSource#NONE} would
 * end the run silently, both with a result that looks like one. O(1).
 */
public final class ClockLimit {
    /** The longest latency or timer one quantity may state: 1 s in picoseconds. */
    public static final long MAX_DELAY_PS = 1_000_000_000_000L;
    private static final double PS_PER_DAY = 86_400e12;

    private ClockLimit() {
    }

    /** {@code nowPs + delayPs} (both non-negative), or the run's failure when the sum leaves the clock's range. */
    public static long after(long nowPs, long delayPs) {
        long atPs = nowPs + delayPs;
        if (atPs < 0 || atPs == TimeSource.NONE) {
            throw beyond(nowPs);
        }
        return atPs;
    }

    /**
     * {@code count} times {@code ps} (both non-negative), a span of {@code count} runs of a step, or the run's failure,
     * at {@code nowPs}, when the product leaves the clock's range.
     */
    public static long times(long ps, long count, long nowPs) {
        long high = Math.multiplyHigh(ps, count);
        long product = ps * count;
        if (high != 0 || product < 0 || product == TimeSource.NONE) {
            throw beyond(nowPs);
        }
        return product;
    }

    /** The failure of a run whose next event, after {@code nowPs}, falls due past the clock's range. */
    public static ClockRangeException beyond(long nowPs) {
        return new ClockRangeException(String.format(Locale.ROOT, "the simulated time would pass the"
                + " engine's clock range of 2^63 ps (%.1f days) after %.3f s: a transfer or a delay of the run takes"
                + " longer than that; check the model's link rates and latencies (a rate such as 0.00001 Gb/s moves"
                + " 1 GiB in 10 days) and its sizes", TimeSource.NONE / PS_PER_DAY, nowPs / 1e12));
    }
}
