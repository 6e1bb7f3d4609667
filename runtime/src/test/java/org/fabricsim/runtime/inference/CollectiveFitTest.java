package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * The collectives a serving step pays follow the collective engine at the step's own message size (the engine run
 * there is the independent figure): the TP all-reduce, where a line through 64 KiB and 64 MiB does not, the EP
 * all-to-all and the send between pipeline stages, across nodes too.
 */
class CollectiveFitTest {
    private static final Calibration CALIBRATION = Calibration.of(CalibrationProfile.defaults());
    private static final ClusterSpec ONE_NODE = ServingFixtures.dgx(ServingFixtures.H100, 1, 0);
    private static final ClusterSpec TWO_NODES = ServingFixtures.dgx(ServingFixtures.H100, 2, 0);
    private static final ClusterTopology DGX_H100 = ClusterTopologies.build(ONE_NODE, CALIBRATION);
    private static final ClusterTopology TWO_DGX_H100 = ClusterTopologies.build(TWO_NODES, CALIBRATION);
    private static final StepOverheads OVERHEADS = CALIBRATION.stepOverheads();
    private static final long SMALL_BYTES = 64L << 10;
    private static final long LARGE_BYTES = 64L << 20;

    private static double enginePs(ClusterTopology topology, CollectiveRequest request) {
        return CollectiveEngine.run(topology, request.withStepOverheads(OVERHEADS)).timePs();
    }

    private static double enginePs(CollectiveOperation operation, long bytes, int ranks) {
        return enginePs(DGX_H100, CollectiveRequest.of(operation, bytes, ranks));
    }

    /** The line through the engine's runs at 64 KiB and 64 MiB, at {@code bytes}. */
    private static double linePs(CollectiveOperation operation, long bytes, int ranks) {
        double small = enginePs(operation, SMALL_BYTES, ranks);
        double large = enginePs(operation, LARGE_BYTES, ranks);
        return small + (large - small) * (bytes - SMALL_BYTES) / (LARGE_BYTES - SMALL_BYTES);
    }

    @Test
    void shouldCostAnEightWayDecodeAllReduceAsTheEngineDoesAtItsSize() {
        CollectiveFit fit = CollectiveFit.of(DGX_H100, ONE_NODE, CollectiveOperation.ALL_REDUCE, 8, OVERHEADS,
                Generation.HOPPER);
        // Llama 3.1 405B at TP8: 228 and 442 decoding sequences of 16,384 BF16 activations, and 1.5 MiB
        for (long bytes : new long[] {228L * 16_384 * 2, 442L * 16_384 * 2, 3L << 19}) {
            double engine = enginePs(CollectiveOperation.ALL_REDUCE, bytes, 8);
            assertEquals(engine, fit.timePs(bytes), 0.02 * engine, "curve against the engine at " + bytes + " B");
        }
        // the line through 64 KiB and 64 MiB is at least 10% short of the engine at 1.5 MiB
        long mid = 3L << 19;
        assertTrue(linePs(CollectiveOperation.ALL_REDUCE, mid, 8) < 0.9 * enginePs(CollectiveOperation.ALL_REDUCE, mid, 8));
    }

    @Test
    void shouldCostAnExpertAllToAllOverTwoNodesAsTheEngineDoesAtItsSize() {
        CollectiveFit fit = CollectiveFit.of(TWO_DGX_H100, TWO_NODES, CollectiveOperation.ALL_TO_ALL, 16, OVERHEADS,
                Generation.HOPPER);
        // DeepSeek-V3's dispatch (FP8, 1 B) and combine (BF16, 2 B) of 64 decoding tokens, 8 copies of 7,168 each;
        // and 1 MiB
        for (long bytes : new long[] {64L * 8 * 7_168, 64L * 8 * 7_168 * 2, 1L << 20}) {
            double engine = enginePs(TWO_DGX_H100, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, bytes, 16));
            assertEquals(engine, fit.timePs(bytes), 1e-3 * engine, "curve against the engine at " + bytes + " B");
        }
    }

    @Test
    void shouldCostASendBetweenStagesOnTwoNodesAsTheEngineDoesAtItsSize() {
        CollectiveFit fit = CollectiveFit.sendRecv(TWO_DGX_H100, TWO_NODES, 8, OVERHEADS);
        // 128 and 442 decoding sequences of 16,384 BF16 activations
        for (long bytes : new long[] {128L * 16_384 * 2, 442L * 16_384 * 2}) {
            double engine = enginePs(TWO_DGX_H100,
                    CollectiveRequest.of(CollectiveOperation.SEND_RECV, bytes, 9).withEndpoints(0, 8));
            assertEquals(engine, fit.timePs(bytes), 1e-3 * engine, "curve against the engine at " + bytes + " B");
        }
    }

    @Test
    void shouldHaveNoCollectiveOnOneRank() {
        assertEquals(null, CollectiveFit.of(DGX_H100, ONE_NODE, CollectiveOperation.ALL_REDUCE, 1, OVERHEADS,
                Generation.HOPPER));
    }

    /**
     * A TP all-reduce over a full mesh of 8 (a link each way per pair, B = 50 GB/s per direction, λ = 1 µs a hop, no
     * step overheads) runs on the mesh's R(8) = 6 link-disjoint directed rings, as training's ring steps do, not on
     * the one link to the next index. A ring all-reduce of S bytes over n ranks is 2(n − 1) steps, each moving S/n
     * per rank; dealt over R rings, each mesh link carries S/(n·R) a step: T = 2(n − 1)·(S/(n·R·B) + λ). At S = 9 ·
     * 2^25 = 301,989,888 B (a point of the curve, so no interpolation): S/48 = 6,291,456 B, 125,829,120 ps a step,
     * T = 14 × 126,829,120 = 1,775,607,680 ps, a bus bandwidth of 2·7/8·S/T = 297.6 GB/s (6 × B less the hops). On
     * one channel every step crossed one link, S/8 = 37,748,736 B, T = 14 × 755,974,720 = 10,583,646,080 ps.
     */
    @Test
    void shouldSpreadAFullMeshAllReduceOverTheMeshRingsAsTrainingDoes() {
        ClusterTopology mesh = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.fullMesh(8, new LinkClass(50e9, 1_000_000))));
        CollectiveFit fit = CollectiveFit.of(mesh, null, CollectiveOperation.ALL_REDUCE, 8, StepOverheads.NONE,
                Generation.HOPPER);
        assertEquals(14 * (125_829_120.0 + 1_000_000), fit.timePs(9L << 25), 1.0);
    }

    /**
     * The same all-reduce on 8 CDNA3 GPUs (MI300X) runs RCCL's 14 distinct rings (rome_model_79), each directed link
     * on 2 of them, so all 7 links of a GPU carry 2/14 of a step's bytes: S/56 a link a step, T = 2(n − 1)·(S/(56·B)
     * + λ) = 14 × (301,989,888/56/50e9 s + 1 µs) = 14 × (107,853,531.4 + 1,000,000) = 1,523,949,440 ps (busbw 346.9
     * GB/s against 297.6 on the 6 link-disjoint rings). The benchmarks' request on the same node, RCCL's 56 channels
     * (each ring 4 times, S/(8·56) a channel, 8 channels a link: the same S/56), gives the same time: one mechanism.
     */
    @Test
    void shouldRunAnInstinctAllReduceOnRcclsRingsAsTheBenchmarksDo() {
        ClusterTopology mesh = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.fullMesh(8, new LinkClass(50e9, 1_000_000))));
        long bytes = 9L << 25;
        CollectiveFit fit = CollectiveFit.of(mesh, null, CollectiveOperation.ALL_REDUCE, 8, StepOverheads.NONE,
                Generation.CDNA3);
        // within 14 ps: each of the 14 steps rounds its time to the picosecond
        assertEquals(14 * (bytes / 56.0 / 50e9 * 1e12 + 1_000_000), fit.timePs(bytes), 14.0);
        double benchmarks = CollectiveEngine.run(mesh, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 8)
                .withGeneration(Generation.CDNA3).withChannels(56).withStepOverheads(StepOverheads.NONE)).timePs();
        assertEquals(benchmarks, fit.timePs(bytes), 2.0);
    }
}
