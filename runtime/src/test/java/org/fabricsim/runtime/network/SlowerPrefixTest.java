package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/**
 * A partial fill resumes from the last partial fill's replay of its slower classes ({@link SlowerPrefix}) when the
 * level falls; the rates are those of a fill from scratch.
 */
class SlowerPrefixTest {
    @Test
    void shouldGiveTheRatesOfAFullFillWhenPartialFillsResumeFromTheLastReplay() {
        // Links Z, A, B, C of 1.5, 3, 6, 12 B/s carry three classes each (z, a, b, c), and every class also crosses
        // link D of 100 B/s, which never binds (22.5 B/s at most): one component. The fill fixes z at 0.5, a at 1,
        // b at 2, c at 4 B/s, in that order. b1 (2 B) ends at 1 s: z and a (slower) are replayed and kept, b2 and b3
        // get 6/2 = 3 B/s. a1 (2 B) ends at 2 s: the slower classes are the z's, the first three of the replay on
        // every link (on A all three a's leave, on D the a's came after the z's), so the fill resumes from it; a2
        // and a3 get 3/2 = 1.5 B/s. z1 (1.5 B) ends at 3 s: no class is slower, the resume takes every link back to
        // its capacity and z2, z3 get 1.5/2 = 0.75 B/s. So a2, a3 (5 B): 2 B by 2 s, 3 B at 1.5 → 4 s; z2, z3 (3 B):
        // 1.5 B by 3 s, 1.5 B at 0.75 → 5 s; b2, b3 (20 B): 2 B by 1 s, 18 B at 3 → 7 s; c (40 B) at 4 → 10 s.
        int z = 0;
        int a = 1;
        int b = 2;
        int c = 3;
        int d = 4;
        int[][] paths = {{z, d}, {z, d}, {z, d}, {a, d}, {a, d}, {a, d}, {b, d}, {b, d}, {b, d}, {c, d}, {c, d},
            {c, d}};
        double[] bytes = {1.5, 3, 3, 2, 5, 5, 2, 20, 20, 40, 40, 40};
        NetworkRuns.Run run = NetworkRuns.run(NetworkRuns.chain(1.5, 3, 6, 12, 100), null, paths, bytes);
        double s = NetworkRuns.SECOND_PS;
        assertArrayEquals(new double[] {3 * s, 5 * s, 5 * s, 2 * s, 4 * s, 4 * s, s, 7 * s, 7 * s, 10 * s, 10 * s,
            10 * s}, run.finishPs());
    }
}
