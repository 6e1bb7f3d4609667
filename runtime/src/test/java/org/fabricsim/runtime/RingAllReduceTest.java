package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.RingAllReduce;
import org.junit.jupiter.api.Test;

class RingAllReduceTest {

    @Test
    void shouldMatchTheTextbookClosedFormForEightRanks() {
        // S = 1 GiB = 1,073,741,824 B, n = 8, B = 50e9 B/s (400 Gb/s), alpha = 2 us.
        // T = 2(n-1)/n * S/B + 2(n-1) * alpha
        //   = 1.75 * 0.02147483648 s + 14 * 2e-6 s = 0.03758096384 s + 0.000028 s = 0.03760896384 s.
        long timePs = RingAllReduce.timePs(1L << 30, 8, 50e9, 2_000_000L);
        assertEquals(37_608_963_840L, timePs);
    }

    @Test
    void shouldTakeNoTimeForASingleRank() {
        assertEquals(0, RingAllReduce.timePs(1L << 20, 1, 50e9, 1_000_000L));
    }
}
