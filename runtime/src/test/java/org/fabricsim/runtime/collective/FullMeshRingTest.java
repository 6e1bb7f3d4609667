package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * A ring all-reduce over one full-mesh domain of 8 spreads its channels over the mesh's 6 link-disjoint
 * directed rings ({@link MeshRings}); a switched domain keeps its one ring order. Every link runs at B = 50
 * GB/s per direction with λ = 1 µs. S = 3 · 2^28 B = 805,306,368 B, so every per-step transfer time is a whole
 * number of picoseconds. All-reduce: 2(n − 1) = 14 steps, each channel moving S/(n·C) per ring edge.
 */
class FullMeshRingTest {
    private static final double B = 50e9;
    private static final long LAMBDA_PS = 1_000_000;
    private static final long S = 3L << 28;
    private static final int N = 8;

    private static long ringPs(ScaleUpParameters scaleUp, int channels) {
        ClusterTopology domain = ClusterTopology.build(ClusterParameters.singleDomain(scaleUp));
        return CollectiveEngine.run(domain, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, N)
                .withAlgorithm(Algorithm.RING).withChannels(channels)).timePs();
    }

    /**
     * Six channels, one per directed ring: each mesh link carries one chunk S/48 = 16,777,216 B a step,
     * 335,544,320 ps, plus one hop of 1 µs: T = 14 × 336,544,320 = 4,711,620,480 ps. Before the rings, all six
     * channels crossed the one link j → j + 1, S/8 a step: 14 × (2,013,265,920 + 1,000,000) = 28,199,722,880 ps,
     * a transfer time six times as long.
     */
    @Test
    void shouldRunSixChannelsOnSixLinkDisjointRingsOfTheMesh() {
        long mesh = ringPs(ScaleUpParameters.fullMesh(N, new LinkClass(B, LAMBDA_PS)), 6);
        assertEquals(14 * (335_544_320L + LAMBDA_PS), mesh);
    }

    /**
     * NCCL's 32 channels of one H100-class node over the 6 rings: 32 = 6 · 5 + 2, so two rings carry 6
     * channels and the busiest link 6 chunks of S/256 = 3,145,728 B a step, 18,874,368 B: 377,487,360 ps, plus
     * 1 µs: T = 14 × 378,487,360 = 5,298,823,040 ps (one link for all 32: S/8 a step, as above).
     */
    @Test
    void shouldLoadTheBusiestMeshLinkWithTheCeilingOfChannelsOverRings() {
        long mesh = ringPs(ScaleUpParameters.fullMesh(N, new LinkClass(B, LAMBDA_PS)), 32);
        assertEquals(14 * (377_487_360L + LAMBDA_PS), mesh);
    }

    /**
     * A switched domain of 6 × 50 = 300 GB/s per accelerator, the rate the six mesh rings reach: every
     * accelerator sends S/8 = 100,663,296 B a step over its own link, 335,544,320 ps, up to the switch and
     * down, 2 × 1 µs: T = 14 × 337,544,320 = 4,725,620,480 ps, the mesh's time plus one hop a step. The
     * switched ring's order is the one it had before (local 0 … k − 1 from c mod k), so this figure is the
     * closed form of {@code ClosedFormTest}'s ring with B = 300 GB/s.
     */
    @Test
    void shouldTimeTheMeshAgainstASwitchedDomainOfTheSameRingBandwidth() {
        long switched = ringPs(ScaleUpParameters.switched(N, new LinkClass(6 * B, LAMBDA_PS), false), 6);
        assertEquals(14 * (335_544_320L + 2 * LAMBDA_PS), switched);
        long mesh = ringPs(ScaleUpParameters.fullMesh(N, new LinkClass(B, LAMBDA_PS)), 6);
        assertEquals(14 * LAMBDA_PS, switched - mesh);
        assertEquals(switched, ringPs(ScaleUpParameters.switched(N, new LinkClass(6 * B, LAMBDA_PS), false), 32));
    }
}
