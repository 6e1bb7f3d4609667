package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Swift takes a trimmed packet's NACK as a congestion signal: its fast recovery (Kumar et al., SIGCOMM 2020,
 * Algorithm 1, "On Fast Recovery") takes max_mdf = 0.5 off the window, at most once per rtt.
 *
 * <p>One flow over 2 links of 12.5 GB/s with an unloaded round trip of 4.676 µs (PacketSwiftTest's path) starts
 * with the window that fills the line over that round trip, 12.5e9 × 4.676e-6 / 4158 = 14.06 packets, below the
 * largest window (the line at the 26.107 µs target, 78.5 packets). The rate is window × 4158 B / rtt, with rtt the
 * base round trip until an acknowledgement measures one: the line rate at the start, so each decrease halves it.
 */
class PacketSwiftTrimTest {
    private static final double LINE = 12.5e9;
    private static final long RTT_PS = 4_676_000L;

    @Test
    void shouldHalveTheRateOnATrimAtMostOncePerRoundTrip() {
        SwiftSender sender = new SwiftSender(Swift.defaults(), 4158);
        sender.reset(0, LINE, 2, RTT_PS);
        long first = 1_000_000L;
        assertEquals(LINE / 2, sender.onTrim(0, first, LINE), 1e-3 * LINE);
        // A second trim within one rtt of the decrease leaves the window: Swift decreases once per round trip.
        assertEquals(LINE / 2, sender.onTrim(0, first + RTT_PS - 1, LINE), 1e-3 * LINE);
        assertEquals(LINE / 4, sender.onTrim(0, first + RTT_PS, LINE), 1e-3 * LINE);
    }

    @Test
    void shouldWaitTheMeasuredRttAfterAnAcknowledgementBeforeTheNextDecrease() {
        // An acknowledgement with delay 30 µs, above the 26.107 µs target, decreases the window once:
        // cwnd × max(1 − 0.8 × (30 − 26.107) / 30, 0.5) = 14.06 × 0.8962 = 12.60 packets, and sets the rtt to
        // 30 µs. A trim 29.999 µs later may not decrease; one 30 µs later halves the window to 6.30 packets,
        // the rate 6.30 × 4158 B / 30 µs = 0.873 GB/s.
        SwiftSender sender = new SwiftSender(Swift.defaults(), 4158);
        sender.reset(0, LINE, 2, RTT_PS);
        long delayPs = 30_000_000L;
        double target = 20_000_000L + 2 * Math.round(20_000_000L / 6.55);
        double window = LINE * RTT_PS * 1e-12 / 4158 * (1 - 0.8 * (delayPs - target) / delayPs);
        double rate = sender.onAck(0, delayPs, 0, LINE);
        assertEquals(window * 4158 / (delayPs * 1e-12), rate, 1);
        assertEquals(rate, sender.onTrim(0, delayPs - 1, LINE), 1);
        assertEquals(rate / 2, sender.onTrim(0, delayPs, LINE), 1);
    }
}
