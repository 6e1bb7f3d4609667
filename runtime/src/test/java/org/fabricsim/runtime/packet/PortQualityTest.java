package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The port quality of {@link PacketRouting#ADAPTIVE_QUALITY} ({@link PortQuality}) against the values its sources
 * state and against hand derivations on a 100 Gb/s link (12,500 B a microsecond, packets of 4,158 wire bytes).
 */
class PortQualityTest {
    private static final long MICROSECOND_PS = 1_000_000;
    private static final long PACKET_BYTES = 4_158;

    @Test
    void shouldQuantiseAsBroadcomsTomahawkFiveExampleStatesItsPortsQualities() {
        // Broadcom's TH5 DLB example: load thresholds 500 and 9,000 Mb/s on a 10 Gb/s basis (5% and 90%), empty
        // queues, weights 70% load and 30% queue; it states final qualities 7, 7, 5 with one port at 20% of the line,
        // then 4 with a port at 50% and 3 with one at 70%. The bands: 20% → 1 + ⌊6 × 0.15 / 0.85⌋ = 2, 50% → 1 +
        // ⌊6 × 0.45 / 0.85⌋ = 4, 70% → 1 + ⌊6 × 0.65 / 0.85⌋ = 5; with the queue's quality 7: ⌊0.7 × 5 + 2.1⌋ = 5,
        // ⌊0.7 × 3 + 2.1⌋ = 4, ⌊0.7 × 2 + 2.1⌋ = 3 (untruncated 5.6, 4.2 and 3.5 would not match).
        assertEquals(7, PortQuality.quality(PortQuality.band(0, 0.05, 0.90), 0));
        assertEquals(5, PortQuality.quality(PortQuality.band(0.20, 0.05, 0.90), 0));
        assertEquals(4, PortQuality.quality(PortQuality.band(0.50, 0.05, 0.90), 0));
        assertEquals(3, PortQuality.quality(PortQuality.band(0.70, 0.05, 0.90), 0));
        // Its bands' ends: at or under the low threshold band 0, at or over the high one band 7.
        assertEquals(0, PortQuality.band(0.05, 0.05, 0.90));
        assertEquals(7, PortQuality.band(0.90, 0.05, 0.90));
    }

    @Test
    void shouldRankAPortByTheLastMicrosecondsBytesAndTheQueueAtItsEnd() {
        PortQuality quality = new PortQuality(PacketFixtures.star(1), new SplittableRandom(1));
        int link = 0;
        // Three packets in the first microsecond, the queue empty behind each: 12,474 B of 12,500, a load of 0.99792:
        // band 1 + ⌊6 × 0.89792 / 0.9⌋ = 6 (quality 1), the queue's quality 7: ⌊0.7 × 1 + 0.3 × 7⌋ = 2, cost 5 — read
        // from the second microsecond on, not before (the first has no whole interval behind it: cost 0).
        for (int i = 0; i < 3; i++) {
            quality.sent(link, PACKET_BYTES, 0, i * MICROSECOND_PS / 3);
        }
        assertEquals(0, quality.cost(link, MICROSECOND_PS - 1));
        assertEquals(5, quality.cost(link, MICROSECOND_PS + MICROSECOND_PS / 2));
        // Nothing sent in the second microsecond: the third reads an idle port (exponent 0: the sample replaces the
        // average).
        assertEquals(0, quality.cost(link, 2 * MICROSECOND_PS + MICROSECOND_PS / 2));
        // 5,000 B queued from 2.2 µs: the sample at 3 µs reads band 1 + ⌊6 × 4,000 / 9,000⌋ = 3 (quality 4); the load
        // idle (quality 7): ⌊0.7 × 7 + 0.3 × 4⌋ = 6, cost 1.
        quality.queued(link, 5_000, 2 * MICROSECOND_PS + MICROSECOND_PS / 5);
        assertEquals(0, quality.cost(link, 3 * MICROSECOND_PS - 1));
        assertEquals(1, quality.cost(link, 3 * MICROSECOND_PS + MICROSECOND_PS / 10));
    }
}
