package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A derated re-solve takes out, before either fill, a component whose rates stand with a link still derated. */
class StandingComponentsTest {
    @Test
    void shouldKeepTheRatesOfAComponentWhoseSaturatedLinkStaysDeratedWhileAnotherComponentIsFilledAgain() {
        // A link saturated by two classes or more runs at half its capacity. Component A, as in KeptComponentsTest:
        // a1 (8 B) and a2, a3, a4 (1,000 B each) on link 0 (128 B/s): derated 16 each, a1 ends at 0.5 s; then a2,
        // a3, a4 get 128 / 3 each, derated 64 / 3, and their 992 B left end at 0.5 + 992 * 3 / 64 = 47 s.
        // Component B: b2 (100 B) on links 1 (100 B/s) and 2 (200 B/s), b3 (100 B) on link 1, b1 (37.5 B) on link 2.
        // Ideal: link 1 gives b2 = b3 = 50, then b1 = 200 - 50 = 150 saturates link 2. Derated: link 1 at 50 gives
        // b2 = b3 = 25, link 2 at 100 gives b1 = 75, so b1 ends at 37.5 / 75 = 0.5 s, in a1's batch. Two classes
        // alone on links 3, 4 and 5 (20,000 B at 1,000 B/s) keep the search from taking every link.
        // The batch's slowest finished rate is 16 and B's classes run at 25: the batch does not keep its rates. B's
        // classes are slower than b1 in both fills, link 2 is left (b2 alone on it, 150 B/s to spare) and link 1 stays
        // saturated at the same factor: B stands, derated, and is taken out of both fills; b2 and b3 keep 25 B/s, so
        // their 100 - 0.5 * 25 = 87.5 B left end at 0.5 + 87.5 / 25 = 4 s. A is filled again as above.
        double[] finishPs = NetworkRuns.run(NetworkRuns.chain(128, 100, 200, 1000, 1000, 1000),
                NetworkRuns.constant(0.5, 0.5), new int[][] {{0}, {0}, {0}, {0}, {2}, {1, 2}, {1}, {3, 4}, {5}},
                new double[] {8, 1000, 1000, 1000, 37.5, 100, 100, 20000, 20000}).finishPs();

        double[] expected = {0.5, 47, 47, 47, 0.5, 4, 4, 20, 20};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], finishPs[i] / SECOND_PS, 1e-9, "class " + i);
        }
    }
}
