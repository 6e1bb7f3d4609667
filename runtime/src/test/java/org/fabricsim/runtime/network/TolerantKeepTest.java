package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Within a completion tolerance, a batch of finishes keeps the rates of the remaining classes whose bottleneck links
 * no finished class crossed, faster than a finished class or not; a class bound on a link a finished class left is
 * filled again; at tolerance 0 the rule is off.
 */
class TolerantKeepTest {
    /** The tolerance of the runs with the rule on: the default, 1%. */
    private static final double EPSILON = MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE;

    @Test
    void shouldKeepAFasterClassWhoseBottleneckTheFinishedClassNeverCrossed() {
        // d on links 0 (10 B/s) and 2 (1,000 B/s), g on links 1 (100 B/s) and 2: d = 10 bound at link 0, g = 100
        // bound at link 1, link 2 carries 110 of 1,000. d's 10 B end at 1 s; g (1,000 B) is faster than d, so the
        // exact rule fills again, but link 1 keeps g's bottleneck: the rate stands, g ends at 1,000 / 100 = 10 s
        // either way (the bound of TolerantKeep: none in exact arithmetic; these rates are exact in binary). d's
        // window, 1 s + 1% of 1 s, holds no other completion. Solves: the start's, then one after d finishes,
        // which the rule skips.
        int[][] paths = {{0, 2}, {1, 2}};
        double[] bytes = {10, 1000};
        NetworkRuns.Run exact = NetworkRuns.run(NetworkRuns.chain(10, 100, 1000), null, paths, bytes, 0);
        NetworkRuns.Run tolerant = NetworkRuns.run(NetworkRuns.chain(10, 100, 1000), null, paths, bytes, EPSILON);

        double[] expected = {1, 10};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], exact.finishPs()[i] / SECOND_PS, 1e-9, "exact, class " + i);
            assertEquals(expected[i], tolerant.finishPs()[i] / SECOND_PS, 1e-9 * expected[i], "tolerant, class " + i);
        }
        assertEquals(2, exact.network().statistics().solves());
        assertEquals(1, tolerant.network().statistics().solves());
    }

    @Test
    void shouldFillAgainAClassBoundOnALinkTheFinishedClassLeft() {
        // d (10 B) and h (100 B) share link 0 (20 B/s), h's bottleneck as well as d's: 10 B/s each, d ends at 1 s.
        // h's bottleneck was left, so its rate cannot stand: it gets the whole link for its 90 B left and ends at
        // 1 + 90 / 20 = 5.5 s (kept at 10 B/s it would end at 10 s). g on links 1 and 2 joins them through link 2.
        double[] finishPs = NetworkRuns.run(NetworkRuns.chain(20, 100, 1000), null,
                new int[][] {{0, 2}, {0}, {1, 2}}, new double[] {10, 100, 1000}, EPSILON).finishPs();

        double[] expected = {1, 5.5, 10};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], finishPs[i] / SECOND_PS, 1e-9 * expected[i], "class " + i);
        }
    }
}
