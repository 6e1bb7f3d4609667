package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.StandardNormal;
import org.junit.jupiter.api.Test;

class RoutingImbalanceTest {
    @Test
    void shouldGiveTheTabulatedExpectedMaximumOfNormals() {
        // E[max of 2] = 1/sqrt(pi); 3, 5, 10 and 100 from the standard tables (Harter 1961).
        assertEquals(1 / Math.sqrt(Math.PI), StandardNormal.expectedMaximum(2), 1e-5);
        assertEquals(0.84628, StandardNormal.expectedMaximum(3), 1e-4);
        assertEquals(1.16296, StandardNormal.expectedMaximum(5), 1e-4);
        assertEquals(1.53875, StandardNormal.expectedMaximum(10), 1e-4);
        assertEquals(2.50759, StandardNormal.expectedMaximum(100), 1e-4);
    }

    @Test
    void shouldSlowCombineByTheBusiestExpertRankAndDispatchByTheMeanExcess() {
        // EP128, 128 tokens, top-8 of 256: a rank holds 2 experts, share 1/128. N = 16,384 tokens:
        // mean 16,384 x 8 / 128 = 1,024 copies, variance 16,384 x 8 x (1/128)(127/128)(248/255)
        // = 988.11, sigma 31.434. Dispatch: 1 + 31.434 x 0.398942 / 1,024 = 1.012247.
        assertEquals(1.012247, RoutingImbalance.factor(128, 128, 8, 256, true), 1e-5);
        // Combine: 1 + 31.434 x E[max of 128] / 1,024, E[max of 128] computed independently above.
        double expected = 1 + Math.sqrt(988.11) * StandardNormal.expectedMaximum(128) / 1024;
        assertEquals(expected, RoutingImbalance.factor(128, 128, 8, 256, false), 1e-5);
        assertEquals(1.0793, expected, 1e-3);
    }
}
