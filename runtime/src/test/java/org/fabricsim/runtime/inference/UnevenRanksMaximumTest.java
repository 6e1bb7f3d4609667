package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.fabricsim.runtime.sim.RoutedMaximum;
import org.junit.jupiter.api.Test;

class UnevenRanksMaximumTest {
    /** DeepSeek-V3's decode layout: top-8 of 256 experts, 32 redundant, 144 ranks of 2 slots. */
    private static UnevenRanksMaximum deepSeekDecode() {
        return new UnevenRanksMaximum(new RoutedMaximum(8, 288, 144), RedundantExpertLoad.rankShares(1, 256, 32, 144),
                8, 256, 2);
    }

    @Test
    void shouldGiveEachRankTheSharesOfTheReplicasItHolds() {
        // E = 8 on G = 4, R = 4, skew 3 (RedundantExpertLoadTest): ranks 0 and 1 carry 7/3 m, ranks 2
        // and 3 5/3 m, of 8 m
        assertArrayEquals(new double[] {7.0 / 24, 7.0 / 24, 5.0 / 24, 5.0 / 24},
                RedundantExpertLoad.rankShares(3, 8, 4, 4), 1e-15);
        // DeepSeek decode: 80 ranks of two whole experts (2/256), 64 of one whole and one half (1.5/256)
        double[] decode = RedundantExpertLoad.rankShares(1, 256, 32, 144);
        assertEquals(80, Arrays.stream(decode).filter(p -> p == 2.0 / 256).count());
        assertEquals(64, Arrays.stream(decode).filter(p -> p == 1.5 / 256).count());
        // without replicas, the stated layout: skew 1.5 of 2 ranks is 3/4 and 1/4
        assertArrayEquals(new double[] {0.75, 0.25}, RedundantExpertLoad.rankShares(1.5, 8, 0, 2), 1e-15);
    }

    @Test
    void shouldKeepTheEqualShareMonteCarloExactlyWithoutReplicasOrSkew() {
        RoutedMaximum uniform = new RoutedMaximum(8, 256, 32);
        UnevenRanksMaximum placed = new UnevenRanksMaximum(new RoutedMaximum(8, 256, 32),
                RedundantExpertLoad.rankShares(1, 256, 0, 32), 8, 256, 8);
        for (long tokens : new long[] {1, 7, 64, 6336, 100_000}) {
            assertEquals(uniform.factor(tokens), placed.factor(tokens), 0);
        }
    }

    @Test
    void shouldLoadTheRankTheOnlyTokenPicksWhateverTheShares() {
        // one token, top-1, 2 ranks of shares 3/4 and 1/4: one rank holds the token, the mean is 1/2: 2
        UnevenRanksMaximum placed = new UnevenRanksMaximum(new RoutedMaximum(1, 2, 2), new double[] {0.75, 0.25},
                1, 2, 1);
        assertEquals(2, placed.factor(1), 1e-12);
    }

    @Test
    void shouldApproachTheTwoBusiestRanksNormalMaximumInALongBatch() {
        // E = 8, k = 2 on G = 4 with shares 7/24, 7/24, 5/24, 5/24, n = 2^20 tokens: the two busiest
        // ranks have a = 7/6, b² = a·φ·G/(n·k) = (7/6)(6/7)·4/2^21 = 2^-19; the others, 1/3 below,
        // are out of reach (1/3 = 240 b). The maximum of two independent N(a, b²) is a + b/√π = 1.1674459;
        // the equal-share Monte Carlo and its normal form agree to 1e-5 at this n
        UnevenRanksMaximum placed = new UnevenRanksMaximum(new RoutedMaximum(2, 12, 4),
                new double[] {7.0 / 24, 7.0 / 24, 5.0 / 24, 5.0 / 24}, 2, 8, 3);
        assertEquals(7.0 / 6 + Math.pow(2, -9.5) / Math.sqrt(Math.PI), placed.factor(1 << 20), 2e-5);
    }

    @Test
    void shouldMatchAMonteCarloOfDeepSeeksDecodePlacement() {
        // Each token routes to 8 distinct of 256 equally likely experts; 224 experts have one replica
        // (experts 0-143 one on each rank, 144-223 a second whole expert on each of ranks 0-79), 32 have
        // two (on ranks 80-143, one each, and each pick takes one of the two at random). The normal
        // form's error, measured: +1.0% at 1 token, +1.1% at 8, +0.2% at 64, +0.4% at 256, +0.5% at 704,
        // +0.1% at 2,048, +0.1% at 6,336 (the decode micro-batch, 144 x 44: 1.267 against 1.266; the
        // equal-share figure is 1.146) and +0.3% at 20,000; never below the simulation
        UnevenRanksMaximum placed = deepSeekDecode();
        for (int tokens : new int[] {1, 8, 64, 256, 704, 2048, 6336, 20000}) {
            double simulated = simulatedDecodeMaximum(tokens, Math.max(200, 500_000 / tokens));
            assertEquals(simulated, placed.factor(tokens), 0.015 * simulated, "tokens " + tokens);
        }
    }

    /** E[busiest rank's picks] ÷ (n·k/G) of DeepSeek's decode placement, {@code trials} seeded batches. */
    private static double simulatedDecodeMaximum(int tokens, int trials) {
        int[][] replicaRanks = new int[256][];
        for (int e = 0; e < 256; e++) {
            replicaRanks[e] = e < 144 ? new int[] {e} : e < 224 ? new int[] {e - 144}
                    : new int[] {80 + 2 * (e - 224), 81 + 2 * (e - 224)};
        }
        SplittableRandom random = new SplittableRandom(2026);
        int[] order = new int[256];
        int[] counts = new int[144];
        double sum = 0;
        for (int trial = 0; trial < trials; trial++) {
            Arrays.fill(counts, 0);
            for (int e = 0; e < 256; e++) {
                order[e] = e;
            }
            for (int token = 0; token < tokens; token++) {
                for (int p = 0; p < 8; p++) {
                    int j = p + random.nextInt(256 - p);
                    int expert = order[j];
                    order[j] = order[p];
                    order[p] = expert;
                    int[] where = replicaRanks[expert];
                    counts[where[random.nextInt(where.length)]]++;
                }
            }
            sum += Arrays.stream(counts).max().orElse(0);
        }
        return sum / trials / (tokens * 8.0 / 144);
    }
}
