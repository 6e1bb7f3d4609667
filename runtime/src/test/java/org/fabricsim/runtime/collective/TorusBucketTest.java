package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.TorusParameters;
import org.junit.jupiter.api.Test;

/**
 * The multi-dimensional bucket algorithm on a direct torus against its closed form: links of 50 GB/s
 * per direction with no latency and no step overheads, so the time is the bandwidth term alone.
 */
class TorusBucketTest {
    private static final double B = 50e9;
    private static final LinkClass LINK = new LinkClass(B, 0);
    private static final long S = 3L << 30;

    private static CollectiveResult run(int[] dimensions, CollectiveOperation operation, Algorithm algorithm) {
        int ranks = 1;
        for (int size : dimensions) {
            ranks *= size;
        }
        ClusterTopology torus = ClusterTopology.build(ClusterParameters.direct(ranks,
                new TorusParameters(dimensions, LINK)));
        return CollectiveEngine.run(torus, CollectiveRequest.of(operation, S, ranks).withAlgorithm(algorithm)
                .withStepOverheads(StepOverheads.NONE));
    }

    @Test
    void shouldAllReduceOnEveryLinkOfAnEqualTorusAtOnce() {
        // 4 x 4 x 4 chips. Bucket: three parts of S/3, part p starting on dimension p; at stage j every part
        // is on its own dimension with E_j = S/3 ÷ 4^j and sends E_j/8 each way for 3 steps: 3/8 · E_j / B.
        // Reduce-scatter Σ_j = (3/8)(S/3)(1 + 1/4 + 1/16)/B = 0.1640625 S/B; all-reduce twice that,
        // 0.328125 S/B, a third of the rings' 0.984375 S/B (one dimension at a time). busbw = 2(63/64) S/T
        // = 1.96875/0.328125 · 50 = 300 GB/s: all six links of every chip, the torus's injection bound.
        CollectiveResult bucket = run(new int[] {4, 4, 4}, CollectiveOperation.ALL_REDUCE, Algorithm.BUCKET);
        assertEquals(0.328125 * S / B * 1e12, bucket.timePs(), 1e-6 * bucket.timePs());
        assertEquals(300, bucket.busbwGBps(), 1e-6 * 300);
        CollectiveResult rings = run(new int[] {4, 4, 4}, CollectiveOperation.ALL_REDUCE, Algorithm.RING);
        assertEquals(0.984375 * S / B * 1e12, rings.timePs(), 1e-6 * rings.timePs());
        // The same 18 steps as the rings: 3 per dimension and stage, each way.
        assertEquals(18, bucket.steps());
    }

    @Test
    void shouldWaitForTheLongestDimensionAtEachStageOfAnUnequalTorus() {
        // 4 x 8 chips, reduce-scatter. Part 0 (S/2) runs dimension 0 then 1, part 1 (S/2) dimension 1 then 0.
        // Stage 0: part 0 sends (S/2)/8 = S/16 each way for 3 steps, part 1 (S/2)/16 = S/32 for 7 steps, on
        // other links: 3 steps of S/16 then 4 of S/32, 3/16 + 1/8 = 40/128 S/B. Stage 1: part 0 on dimension 1
        // with S/8 entering sends S/128 for 7 steps, part 1 on dimension 0 with S/16 sends S/128 for 3 steps:
        // 7/128 S/B. In all 47/128 S/B, against the rings' (3/4)·S/2 + (7/8)·(S/4)/2 = 62/128 S/B.
        CollectiveResult bucket = run(new int[] {4, 8}, CollectiveOperation.REDUCE_SCATTER, Algorithm.BUCKET);
        assertEquals(47.0 / 128 * S / B * 1e12, bucket.timePs(), 1e-6 * bucket.timePs());
        CollectiveResult rings = run(new int[] {4, 8}, CollectiveOperation.REDUCE_SCATTER, Algorithm.RING);
        assertEquals(62.0 / 128 * S / B * 1e12, rings.timePs(), 1e-6 * rings.timePs());
    }

    @Test
    void shouldChooseTheBucketAutomaticallyOnATorus() {
        // Auto runs every candidate and keeps the fastest: on 4 x 4 x 4 the bucket's all-gather, half its
        // all-reduce, 0.1640625 S/B, beats the rings' 0.4921875 S/B and halving-doubling's multi-hop exchanges.
        CollectiveResult auto = run(new int[] {4, 4, 4}, CollectiveOperation.ALL_GATHER, Algorithm.AUTO);
        assertEquals(Algorithm.BUCKET, auto.algorithm());
        assertEquals(0.1640625 * S / B * 1e12, auto.timePs(), 1e-6 * auto.timePs());
    }

    @Test
    void shouldLeaveRanksPlacedOffTheFirstPositionsToTheOtherAlgorithms() {
        // 4 ranks on accelerators 4-7 of a 4 x 4 torus: the bucket names neighbours by position, so it is no
        // candidate there (auto takes another); on accelerators 0-3 it is.
        ClusterTopology torus = ClusterTopology.build(ClusterParameters.direct(16,
                new TorusParameters(new int[] {4, 4}, LINK)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 4)
                .withStepOverheads(StepOverheads.NONE);
        assertNotEquals(Algorithm.BUCKET, CollectiveEngine.runPlaced(torus, request, new int[] {4, 5, 6, 7}).algorithm());
        assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.runPlaced(torus,
                request.withAlgorithm(Algorithm.BUCKET), new int[] {4, 5, 6, 7}));
        assertEquals(Algorithm.BUCKET, CollectiveEngine.runPlaced(torus, request.withAlgorithm(Algorithm.BUCKET),
                new int[] {0, 1, 2, 3}).algorithm());
    }
}
