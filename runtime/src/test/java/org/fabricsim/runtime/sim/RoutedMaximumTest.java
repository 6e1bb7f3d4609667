package org.fabricsim.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RoutedMaximumTest {
    @Test
    void shouldLoadTheOneRankThatTheOnlyTokenPicksTwiceTheMean() {
        // one token, top-1 of 2 experts on 2 ranks: the busiest rank holds it, the mean is 1/2
        assertEquals(2, new RoutedMaximum(1, 2, 2).factor(1), 1e-12);
    }

    @Test
    void shouldGiveTheExpectedMaximumOfTwoSequencesOverTwoDataParallelRanks() {
        // two sequences on 2 ranks: both on one rank with probability 1/2 (max 2), else 1 each;
        // E[max] = 1.5 over a mean of 1
        assertEquals(1.5, new RoutedMaximum(1, 2, 2).factor(2), 0.005);
    }

    @Test
    void shouldCountTheHypergeometricPicksOfATopTwoToken() {
        // top-2 of 4 experts, ranks {0, 2} and {1, 3}: both picks on one rank with probability
        // 2·C(2,2)/C(4,2) = 1/3 (max 2), else one each; E[max] = 2/3 + 2/3 = 4/3 over a mean of 1
        assertEquals(4.0 / 3, new RoutedMaximum(2, 4, 2).factor(1), 0.005);
    }

    @Test
    void shouldApproachTheNormalLimitForALongPrefill() {
        // 4,096 tokens, top-8 of 256 experts over 32 ranks: mean μ = 4096·8/32 = 1024, variance
        // σ² = 32768·(1/32)(31/32)(248/255) = 964.8; the ranks' deviations sum to zero, so the
        // busiest is σ·√(32/31)·E[max of 32 standard normals] = 31.06·1.0160·2.0697 = 65.3 above μ:
        // L = 1 + 65.3/1024 = 1.0638
        assertEquals(1.0638, new RoutedMaximum(8, 256, 32).factor(4096), 0.005);
    }

    @Test
    void shouldShrinkTheExcessAsOneOverTheRootOfTheTokensBeyondTheSampledRange() {
        RoutedMaximum routed = new RoutedMaximum(8, 256, 32);
        double sampled = routed.factor(1 << RoutedMaximum.LARGEST_POWER) - 1;
        assertEquals(sampled / 2, routed.factor(4L << RoutedMaximum.LARGEST_POWER) - 1, 1e-12);
    }

    @Test
    void shouldLeaveASingleRankBalanced() {
        assertEquals(1, new RoutedMaximum(8, 256, 1).factor(7), 0);
    }
}
