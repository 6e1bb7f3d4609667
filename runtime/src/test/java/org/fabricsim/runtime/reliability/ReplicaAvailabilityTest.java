package org.fabricsim.runtime.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReplicaAvailabilityTest {
    private static final double HOUR = 3600;

    @Test
    void shouldGiveTheBinomialOfTheReplicasAvailability() {
        // λ = 1 per 100 h, down 10 h (restart 4 h + a 12 h repair half the time): a = 1 / (1 + 0.1) = 10/11.
        // With 4 replicas, P(1 down) = 4 × (1/11) × (10/11)³ = 4,000 / 14,641.
        ReplicaAvailability replicas = new ReplicaAvailability(4, 1 / (100 * HOUR), 4 * HOUR, 12 * HOUR, 0.5);
        assertEquals(10 * HOUR, replicas.meanDownSeconds(), 1e-9);
        assertEquals(10.0 / 11, replicas.replicaAvailability(), 1e-12);
        assertEquals(4000.0 / 14_641, replicas.downShare(1), 1e-12);
        double sum = 0;
        for (int down = 0; down <= 4; down++) {
            sum += replicas.downShare(down);
        }
        assertEquals(1, sum, 1e-12);
        // A 30-minute request loses its replica with probability 1 − e^(−0.5 / 100).
        assertEquals(1 - Math.exp(-0.005), replicas.cutShare(0.5 * HOUR), 1e-15);
    }

    @Test
    void shouldMatchTheClosedFormInASeededMonteCarlo() {
        // 8 replicas, λ = 1 per 50 h, down 5 h (an exponential run and a fixed outage: the binomial holds
        // for any outage distribution). 400 windows of 5,000 h, about 100 outages per replica per window:
        // the shares' standard error is well under 0.005.
        ReplicaAvailability replicas = new ReplicaAvailability(8, 1 / (50 * HOUR), 5 * HOUR, 0, 0);
        double[] simulated = replicas.simulate(3, 5000 * HOUR, 400, 17);
        double beyond = 1;
        for (int down = 0; down <= 3; down++) {
            assertEquals(replicas.downShare(down), simulated[down], 0.005, "d = " + down);
            beyond -= replicas.downShare(down);
        }
        assertEquals(beyond, simulated[4], 0.005);
        assertArrayEquals(simulated, replicas.simulate(3, 5000 * HOUR, 400, 17));
    }
}
