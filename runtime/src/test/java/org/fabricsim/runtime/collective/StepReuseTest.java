package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Precision;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** Solving a symmetric step once and reusing it must give what solving every step gives. */
class StepReuseTest {
    private static final LinkClass LINK = new LinkClass(50e9, 300_000);

    /** 64 hosts, 4 per leaf, 2:1: ring edges between leaves collide under ECMP, so steps contend. */
    private final ClusterTopology cluster = ClusterTopology.build(ClusterParameters.scaleOutOnly(64, LINK,
            FatTreeParameters.twoTier(4, 2.0, LINK)));

    private void assertReuseIsExact(CollectiveRequest request) {
        CollectiveResult reused = CollectiveEngine.run(cluster, request.withReuseSymmetricSteps(true));
        CollectiveResult solved = CollectiveEngine.run(cluster, request.withReuseSymmetricSteps(false));
        assertEquals(solved.timePs(), reused.timePs());
        assertEquals(0, solved.stepsReused());
        assertTrue(reused.stepsReused() > 0);
        assertTrue(reused.stepsSolved() < solved.stepsSolved());
        double[] a = reused.linkBytes();
        double[] b = solved.linkBytes();
        for (int link = 0; link < a.length; link++) {
            assertTrue(Precision.equal(a[link], b[link]), "link " + link + ": " + a[link] + " vs " + b[link]);
        }
    }

    @Test
    void shouldGiveTheSameRingAllReduceWhenStepsAreReused() {
        assertReuseIsExact(CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 100_000_007L, 64)
                .withAlgorithm(Algorithm.RING).withChannels(2).withStepOverheads(new StepOverheads(0, 1_000_000, 0)));
    }

    @Test
    void shouldGiveTheSameHalvingDoublingWhenTheAllGatherReusesTheReduceScatter() {
        assertReuseIsExact(CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 64L << 20, 64)
                .withAlgorithm(Algorithm.HALVING_DOUBLING));
    }

    @Test
    void shouldGiveTheSameTreeAndChainWhenStepsAreReused() {
        assertReuseIsExact(CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 16L << 20, 64)
                .withAlgorithm(Algorithm.DOUBLE_BINARY_TREE));
        assertReuseIsExact(CollectiveRequest.of(CollectiveOperation.BROADCAST, 16L << 20, 64)
                .withEndpoints(5, 1));
    }
}
