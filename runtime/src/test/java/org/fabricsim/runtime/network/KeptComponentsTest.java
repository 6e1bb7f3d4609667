package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A derated re-solve's components whose derated rates stand keep them; the others are filled again. */
class KeptComponentsTest {
    @Test
    void shouldKeepTheRateOfAComponentWhoseFinishedClassWasItsFastestWhileAnotherComponentIsFilledAgain() {
        // A link saturated by two classes or more runs at half its capacity. Component A: a1 (8 B) and a2, a3, a4
        // (1,000 B each) on link 0 (128 B/s): ideal 32 each, link 0 saturated, derated 16 each; a1 ends at 0.5 s.
        // Component B: b1 (35 B) on link 1 (200 B/s), b2 (100 B) on links 1 and 3 (30 B/s): ideal b2 = 30 (link
        // 3), b1 = 170, link 1 saturated, so 100 B/s: b1 = 70, b2 = 30; b1 ends at 0.5 s, in a1's batch. Two
        // classes alone on links 2, 4 and 5 (20,000 B at 1,000 B/s) keep the search from taking every link.
        // The batch's slowest finished rate is 16 and b2 runs at 30, so the batch does not keep its rates; but
        // b2 is slower than b1, the class that finished on B's links, and link 1 only gains capacity: B's rate
        // stands (b2 ends at 100 / 30 s) while A is filled again: a2, a3, a4 saturate link 0 at 128 / 3 each,
        // derated to 64 / 3, so their 992 B left end at 0.5 + 992 * 3 / 64 = 47 s.
        double[] finishPs = NetworkRuns.run(NetworkRuns.chain(128, 200, 1000, 30, 1000, 1000),
                NetworkRuns.constant(0.5, 0.5), new int[][] {{0}, {0}, {0}, {0}, {1}, {1, 3}, {2, 4}, {5}},
                new double[] {8, 1000, 1000, 1000, 35, 100, 20000, 20000}).finishPs();

        double[] expected = {0.5, 47, 47, 47, 0.5, 100 / 30.0, 20, 20};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], finishPs[i] / SECOND_PS, 1e-9, "class " + i);
        }
    }
}
