package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.TorusParameters;
import org.junit.jupiter.api.Test;

/**
 * Torus collectives on a mesh, dimensions without wrap-around, against closed forms: links of 50 GB/s
 * per direction, no latency and no step overheads, so a time is its bandwidth term alone.
 *
 * <p>Derivation for an open line of k chips. The torus algorithms run bidirectional rings along a
 * dimension: each step, every chip sends S_d/(2k) to its + neighbour and S_d/(2k) to its − neighbour.
 * On a closed dimension each such transfer has its own link, so a step takes S_d/(2kB). On an open line
 * there is no wrap link: the + ring's closing transfer, chip k − 1 to chip 0, goes back along the line
 * over all k − 1 links of the − direction, and the − ring's closing transfer, 0 to k − 1, over all links
 * of the + direction. Every directed link then carries two transfers (one neighbour transfer, one
 * closing transfer), each at B/2 under max-min sharing, and every transfer finishes together: a step
 * takes S_d/(kB), twice the torus's. A reduce-scatter along the line is (k − 1)/k · S_d/B, an all-reduce
 * 2(k − 1)/k · S_d/B, twice the torus's 2(k − 1)/k · S_d/(2B).
 */
class OpenMeshCollectivesTest {
    private static final double B = 50e9;
    private static final LinkClass LINK = new LinkClass(B, 0);
    private static final long S = 3L << 30;

    private static ClusterTopology mesh(int[] dimensions, boolean[] open) {
        int ranks = 1;
        for (int size : dimensions) {
            ranks *= size;
        }
        LinkClass[] links = new LinkClass[dimensions.length];
        Arrays.fill(links, LINK);
        return ClusterTopology.build(ClusterParameters.direct(ranks, new TorusParameters(dimensions, links, open)));
    }

    private static double seconds(ClusterTopology topology, CollectiveOperation operation, Algorithm algorithm) {
        CollectiveRequest request = CollectiveRequest.of(operation, S, topology.accelerators())
                .withAlgorithm(algorithm).withStepOverheads(StepOverheads.NONE);
        return CollectiveEngine.run(topology, request).timePs() / 1e12;
    }

    @Test
    void shouldBuildAnOpenLineWithoutItsWrapLinks() {
        // A ring of 8 chips has 8 links each way; the open line lacks the two between chip 7 and chip 0.
        assertEquals(16, mesh(new int[] {8}, new boolean[] {false}).graph().linkCount());
        assertEquals(14, mesh(new int[] {8}, new boolean[] {true}).graph().linkCount());
    }

    @Test
    void shouldTakeTwiceTheTorusTimeForARingAllReduceOnAnOpenLine() {
        // k = 8: torus 2 · 7/8 · S/(2B) = 0.875 S/B; open line 2 · 7/8 · S/B = 1.75 S/B (class comment).
        double torus = seconds(mesh(new int[] {8}, new boolean[] {false}), CollectiveOperation.ALL_REDUCE,
                Algorithm.RING);
        double line = seconds(mesh(new int[] {8}, new boolean[] {true}), CollectiveOperation.ALL_REDUCE,
                Algorithm.RING);
        assertEquals(0.875 * S / B, torus, 1e-6 * torus);
        assertEquals(1.75 * S / B, line, 1e-6 * line);
    }

    @Test
    void shouldDoubleOnlyTheOpenDimensionsPhasesOfTheRings() {
        // 4 x 4, dimension 0 open, dimension 1 closed. Reduce-scatter: dimension 0 on S, (3/4) · S/B = 0.75 S/B
        // (open), then dimension 1 on S/4, (3/4) · (S/4)/(2B) = 0.09375 S/B (closed); the all-reduce twice
        // that, 1.6875 S/B, against 2 · (0.375 + 0.09375) = 0.9375 S/B with both closed.
        double mixed = seconds(mesh(new int[] {4, 4}, new boolean[] {true, false}), CollectiveOperation.ALL_REDUCE,
                Algorithm.RING);
        double torus = seconds(mesh(new int[] {4, 4}, new boolean[] {false, false}), CollectiveOperation.ALL_REDUCE,
                Algorithm.RING);
        assertEquals(1.6875 * S / B, mixed, 1e-6 * mixed);
        assertEquals(0.9375 * S / B, torus, 1e-6 * torus);
    }

    @Test
    void shouldTakeTwiceTheTorusTimeForABucketAllReduceOnAnOpenMesh() {
        // 4 x 4, both open. Bucket: two parts of S/2 on distinct dimensions at each stage, so the doubling of
        // each line applies to each stage. Torus: stage 0 sends (S/2)/8 each way for 3 steps, 3/16 S/B; stage 1
        // (S/8)/8 for 3 steps, 3/64 S/B; reduce-scatter 15/64, all-reduce 15/32 S/B. Open mesh: 15/16 S/B.
        double mesh = seconds(mesh(new int[] {4, 4}, new boolean[] {true, true}), CollectiveOperation.ALL_REDUCE,
                Algorithm.BUCKET);
        assertEquals(15.0 / 16 * S / B, mesh, 1e-6 * mesh);
    }
}
