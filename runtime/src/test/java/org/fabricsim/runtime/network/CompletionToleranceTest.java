package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * The default completion tolerance ε ({@link MaxMinNetwork#DEFAULT_COMPLETION_TOLERANCE}) against
 * the exact solve (ε = 0): a flow class finishes at most ε of its age early, so a collective's time
 * is within ε of the exact one. Checked where completions are spread out, which is where batching
 * acts: ECMP collisions on a 2:1 oversubscribed two-tier tree, and a random traffic matrix.
 */
class CompletionToleranceTest {
    private static final int RANKS = 64;
    private static final double EPSILON = MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE;

    private static ClusterTopology tree() {
        LinkClass link = LinkClass.ofGigabitsPerSecond(400, 300_000);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(RANKS, link,
                FatTreeParameters.twoTier(8, 2.0, link)));
    }

    private static CollectiveRequest allToAll() {
        return CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, RANKS << 20, RANKS).withAlgorithm(Algorithm.DIRECT)
                .withRouting(RoutingMode.ECMP);
    }

    private static void assertWithinTolerance(ClusterTopology topology, CollectiveRequest request) {
        double exact = CollectiveEngine.run(topology, request.withCompletionTolerance(0)).timeSeconds();
        double batched = CollectiveEngine.run(topology, request.withCompletionTolerance(EPSILON)).timeSeconds();
        assertTrue(Math.abs(batched - exact) <= EPSILON * exact,
                "exact " + exact + " s, with ε = " + EPSILON + ": " + batched + " s");
    }

    @Test
    void shouldStayWithinTheToleranceOfTheExactSolveUnderEcmpCollisions() {
        assertWithinTolerance(tree(), allToAll());
    }

    @Test
    void shouldStayWithinTheToleranceOfTheExactSolveOnARandomTrafficMatrix() {
        SplittableRandom random = new SplittableRandom(20);
        double[] bytes = new double[RANKS * RANKS];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = i / RANKS == i % RANKS ? 0 : random.nextDouble(1 << 16, 1 << 21);
        }
        assertWithinTolerance(tree(), allToAll().withTrafficMatrixBytes(bytes));
    }
}
