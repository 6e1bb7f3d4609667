package org.fabricsim.dsl.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The counts the tier checks suggest, against divisors listed by hand. */
class CountsTest {

    @Test
    void shouldSuggestTheSmallestDivisorThatHoldsTheWantedCount() {
        // 32's divisors: 1, 2, 4, 8, 16, 32. At least 6: 8 (the 13-spine leaf fix); at least 4: 4; at least 33: none
        // divides, so the wanted count comes back rather than a loop that never ends.
        assertEquals(8, Counts.smallestDivisorAtLeast(32, 6));
        assertEquals(4, Counts.smallestDivisorAtLeast(32, 4));
        assertEquals(1, Counts.smallestDivisorAtLeast(32, 0));
        assertEquals(33, Counts.smallestDivisorAtLeast(32, 33));
    }

    @Test
    void shouldSuggestTheNearestDivisorAndTheSmallerOnATie() {
        // 24's divisors: 1, 2, 3, 4, 6, 8, 12, 24. Nearest 5: 4 and 6 tie, the smaller, 4; nearest 7: 6 and 8 tie, 6;
        // nearest 10: 8 and 12 tie (2 away each), the smaller, 8.
        assertEquals(4, Counts.nearestDivisor(24, 5));
        assertEquals(6, Counts.nearestDivisor(24, 7));
        assertEquals(8, Counts.nearestDivisor(24, 10));
        assertEquals(24, Counts.nearestDivisor(24, 30));
    }

    @Test
    void shouldRoundUpToAMultiple() {
        // 5 spines over 4 pods: 8; 8 over 4: 8.
        assertEquals(8, Counts.roundUp(5, 4));
        assertEquals(8, Counts.roundUp(8, 4));
    }
}
