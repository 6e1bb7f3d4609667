package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Which classes a re-solve covers under a fabric's derating: the component of the changed links, to its end. */
class ComponentSearchTest {
    @Test
    void shouldResolveOnlyTheFinishedClassesComponentUnderADeratingThoughItHoldsMostOfTheLoadedLinks() {
        // Six links of 100 B/s in a row. Component A: a1 = {0, 1} (5 B), a2 = {1, 2}, a3 = {2, 3}; component B:
        // b1 = {4, 5}, b2 = {5} (1,000 B each but a1). Every link carries two classes or one, so every class gets
        // 50 B/s; a1 ends at 5 / 50 = 0.1 s, the others at 1,000 / 50 = 20 s. After a1, the loaded links are 1-5
        // and a1's component is a2, a3 on links 1-3, more than half of them: searched to its end it is re-solved
        // alone (2 classes), B's rates standing. Solved: all 5 classes at the start, then 2.
        NetworkRuns.Run run = NetworkRuns.run(NetworkRuns.chain(100, 100, 100, 100, 100, 100),
                NetworkRuns.constant(1, 0.5), new int[][] {{0, 1}, {1, 2}, {2, 3}, {4, 5}, {5}},
                new double[] {5, 1000, 1000, 1000, 1000});
        double[] finishPs = run.finishPs();

        assertEquals(0.1, finishPs[0] / SECOND_PS, 1e-9);
        for (int i = 1; i < finishPs.length; i++) {
            assertEquals(20, finishPs[i] / SECOND_PS, 1e-9);
        }
        assertEquals(5 + 2, run.network().statistics().flowClassesSolved());
    }
}
