package org.fabricsim.runtime.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The divisors a search enumerates degrees and micro-batches from. */
class AxisSpaceTest {

    @Test
    void shouldListTheDivisorsInAscendingOrderUpToTheLimit() {
        // 12 = 2^2 x 3: (2 + 1)(1 + 1) = 6 divisors; 36 = 6^2 has 9, its root 6 once
        assertEquals(List.of(1, 2, 3, 4, 6, 12), AxisSpace.divisors(12, 12));
        assertEquals(List.of(1, 2, 3, 4), AxisSpace.divisors(12, 5));
        assertEquals(List.of(1, 2, 3, 4, 6, 9, 12, 18, 36), AxisSpace.divisors(36, Integer.MAX_VALUE));
        assertEquals(List.of(), AxisSpace.divisors(0, 8));
    }

    @Test
    void shouldListTheDivisorsOfTheLargestIntWithoutOverflowing() {
        // 2^31 - 1 is a Mersenne prime (Euler, 1772): its divisors are 1 and itself. Counting to it overflowed the
        // counter into a division by zero ('vary batch in [2147483647]' in a search ended in an internal error).
        assertEquals(List.of(1, Integer.MAX_VALUE), AxisSpace.divisors(Integer.MAX_VALUE, Integer.MAX_VALUE));
        // 2^30: 31 divisors, the powers of two
        assertEquals(31, AxisSpace.divisors(1 << 30, Integer.MAX_VALUE).size());
    }
}
