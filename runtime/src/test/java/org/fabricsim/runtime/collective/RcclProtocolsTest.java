package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * RCCL 2.22.3's protocol by size across CDNA3 nodes (tuning_model_5's llProtoRanges, ROCm/rccl tuning.cc at 9e22c79d;
 * rcclUpdateCollectiveProtocol, rccl_wrap.cc at ee075f83), each boundary from the source's table by hand:
 * all-reduce s = S, LL (0, 1,048,576], LL128 (1,048,576, 9,437,184] on 2 nodes, 9,437,184 × 3.8 = 35,861,299.2,
 * truncated to 35,861,299, beyond; reduce-scatter s = S/n, LL (0, 655,360], LL128 (131,072, 3,211,264]; all-gather
 * s = S/n, LL (0, 98,304], LL128 (98,304, 5,046,272]; Simple above, and LL128 overriding LL where both hold. CDNA4
 * (MI350X, MI355X) takes tuning_model_6 (ROCm/rocm-systems projects/rccl/src/graph/tuning.cc at a4cd4445): all-reduce
 * LL (0, 262,144], LL128 (262,144, 70,640,910], × 3.8 = 268,435,458 beyond 2 nodes; reduce-scatter and all-gather LL
 * (0, 65,536], LL128 (65,536, 8,388,608]; reduce LL (0, 16,383], LL128 (16,383, 16,777,216]; broadcast LL (0, 2,048],
 * LL128 (2,048, 16,777,216].
 */
class RcclProtocolsTest {
    private static final int RANKS = 16;

    private static Protocol rule(CollectiveOperation operation, long perRank, int nodes, boolean ll128) {
        long size = operation == CollectiveOperation.ALL_REDUCE ? perRank : perRank * RANKS;
        return RcclProtocols.protocol(Generation.CDNA3, operation, size, RANKS, nodes, ll128);
    }

    private static Protocol model6(CollectiveOperation operation, long perRank, int nodes) {
        boolean perGroup = operation == CollectiveOperation.REDUCE_SCATTER
                || operation == CollectiveOperation.ALL_GATHER;
        return RcclProtocols.protocol(Generation.CDNA4, operation, perGroup ? perRank * RANKS : perRank, RANKS, nodes,
                true);
    }

    @Test
    void shouldRunAllReduceLlThenLl128ThenSimpleAcrossTwoNodes() {
        assertEquals(Protocol.LL, rule(CollectiveOperation.ALL_REDUCE, 1, 2, true));
        assertEquals(Protocol.LL, rule(CollectiveOperation.ALL_REDUCE, 1_048_576, 2, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.ALL_REDUCE, 1_048_577, 2, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.ALL_REDUCE, 9_437_184, 2, true));
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.ALL_REDUCE, 9_437_185, 2, true));
    }

    @Test
    void shouldStretchAllReducesLl128RangeBeyondTwoNodes() {
        assertEquals(Protocol.LL128, rule(CollectiveOperation.ALL_REDUCE, 9_437_185, 4, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.ALL_REDUCE, 35_861_299, 4, true));
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.ALL_REDUCE, 35_861_300, 4, true));
        assertEquals(Protocol.LL, rule(CollectiveOperation.ALL_REDUCE, 1_048_576, 4, true));
    }

    @Test
    void shouldRunReduceScatterAndAllGatherByTheirBytesPerRank() {
        assertEquals(Protocol.LL, rule(CollectiveOperation.REDUCE_SCATTER, 131_072, 2, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.REDUCE_SCATTER, 131_073, 2, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.REDUCE_SCATTER, 3_211_264, 2, true));
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.REDUCE_SCATTER, 3_211_265, 2, true));
        assertEquals(Protocol.LL, rule(CollectiveOperation.ALL_GATHER, 98_304, 2, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.ALL_GATHER, 98_305, 2, true));
        assertEquals(Protocol.LL128, rule(CollectiveOperation.ALL_GATHER, 5_046_272, 2, true));
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.ALL_GATHER, 5_046_273, 2, true));
        // The 3.8 stretch is the all-reduce's only.
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.ALL_GATHER, 5_046_273, 4, true));
    }

    @Test
    void shouldKeepLlsRangeAndSimpleWhereTheTopologyHasNoLl128() {
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.ALL_REDUCE, 1_048_577, 2, false));
        assertEquals(Protocol.LL, rule(CollectiveOperation.REDUCE_SCATTER, 655_360, 2, false));
        assertEquals(Protocol.SIMPLE, rule(CollectiveOperation.REDUCE_SCATTER, 655_361, 2, false));
    }

    @Test
    void shouldLeaveOneNodeReduceAndBroadcastToTheCostModel() {
        assertEquals(Protocol.AUTO, rule(CollectiveOperation.ALL_REDUCE, 4 << 20, 1, false));
        assertEquals(Protocol.AUTO, RcclProtocols.protocol(Generation.CDNA3, CollectiveOperation.REDUCE, 4 << 20, RANKS, 2,
                true));
        assertEquals(Protocol.AUTO, RcclProtocols.protocol(Generation.CDNA3, CollectiveOperation.BROADCAST, 4 << 20, RANKS,
                2, true));
    }

    @Test
    void shouldRunTuningModelSixsRangesOnCdna4() {
        assertEquals(Protocol.LL, model6(CollectiveOperation.ALL_REDUCE, 262_144, 2));
        assertEquals(Protocol.LL128, model6(CollectiveOperation.ALL_REDUCE, 262_145, 2));
        assertEquals(Protocol.LL128, model6(CollectiveOperation.ALL_REDUCE, 70_640_910, 2));
        assertEquals(Protocol.SIMPLE, model6(CollectiveOperation.ALL_REDUCE, 70_640_911, 2));
        assertEquals(Protocol.LL128, model6(CollectiveOperation.ALL_REDUCE, 268_435_458, 4));
        assertEquals(Protocol.SIMPLE, model6(CollectiveOperation.ALL_REDUCE, 268_435_459, 4));
        assertEquals(Protocol.LL, model6(CollectiveOperation.REDUCE_SCATTER, 65_536, 2));
        assertEquals(Protocol.LL128, model6(CollectiveOperation.ALL_GATHER, 65_537, 2));
        assertEquals(Protocol.SIMPLE, model6(CollectiveOperation.ALL_GATHER, 8_388_609, 2));
        // Model 6 defines reduce and broadcast, which model 5 leaves to the cost model.
        assertEquals(Protocol.LL, model6(CollectiveOperation.REDUCE, 16_383, 2));
        assertEquals(Protocol.LL128, model6(CollectiveOperation.REDUCE, 16_777_216, 2));
        assertEquals(Protocol.SIMPLE, model6(CollectiveOperation.BROADCAST, 16_777_217, 2));
        assertEquals(Protocol.AUTO, model6(CollectiveOperation.ALL_REDUCE, 4 << 20, 1));
    }

    /** All-reduce of {@code bytes} over {@code nodes} nodes of 8 MI300X (RCCL's channels), 8 × 400 Gb/s NICs each. */
    private static CollectiveResult mi300x(long bytes, int nodes, Protocol protocol) {
        return instinct(Generation.CDNA3, 64e9 * 0.75, bytes, nodes, protocol);
    }

    /** The same on nodes of {@code generation} whose xGMI links carry {@code linkBytesPerSecond} a direction. */
    private static CollectiveResult instinct(Generation generation, double linkBytesPerSecond, long bytes, int nodes,
            Protocol protocol) {
        LinkClass xgmi = new LinkClass(linkBytesPerSecond, 0);
        ScaleUpParameters node = ScaleUpParameters.fullMesh(8, xgmi);
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0).derated(Calibration.DEFAULT.nicEfficiency());
        ClusterTopology cluster = nodes == 1 ? ClusterTopology.build(ClusterParameters.singleDomain(node))
                : ClusterTopology.build(new ClusterParameters(8 * nodes, node, nic, FatTreeParameters.singleSwitch(nic)));
        return CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 8 * nodes)
                .withAlgorithm(Algorithm.AUTO).withProtocol(protocol).withGeneration(generation)
                .withChannels(NcclChannels.communicator(generation, 7 * linkBytesPerSecond, nodes == 1 ? 0 : 8, nodes))
                .withStepOverheads(Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 1))
                .withReuseSymmetricSteps(true));
    }

    @Test
    void shouldRunTheSizeRulesProtocolAcrossMi300xNodesAndTheCostModelsOnOne() {
        // 2 nodes: 1 MiB LL, 4 MiB LL128 (rome_model_81 sets ll128Enabled), 16 MiB Simple, whatever RCCL's estimate
        // picks (the tree at these sizes, RcclEstimateTest); one node keeps the cost model's choice without LL128
        // (rome_model_79), RCCL's estimate over LL and Simple: Simple from about 378 KiB, so at 4 MiB, and LL at
        // 128 KiB (RcclEstimateTest's crossover).
        assertEquals(Protocol.LL, mi300x(1L << 20, 2, Protocol.AUTO).protocol());
        assertEquals(Protocol.LL128, mi300x(4L << 20, 2, Protocol.AUTO).protocol());
        assertEquals(Protocol.SIMPLE, mi300x(16L << 20, 2, Protocol.AUTO).protocol());
        assertEquals(Protocol.SIMPLE, mi300x(4L << 20, 1, Protocol.AUTO).protocol());
        assertEquals(Protocol.LL, mi300x(128L << 10, 1, Protocol.AUTO).protocol());
        // A forced protocol (NCCL_PROTO) is not replaced.
        assertEquals(Protocol.SIMPLE, mi300x(4L << 20, 2, Protocol.SIMPLE).protocol());
    }

    @Test
    void shouldRunTuningModelSixsProtocolAcrossMi355xNodes() {
        // 2 nodes of 8 MI355X (76.5 GB/s a link at the profile's 81.6%): model 6 runs LL to 256 KiB, LL128 to
        // 70,640,910 B (32 and 64 MiB, where model 5 would run Simple), Simple above; 64 channels, RCCL's rings.
        double link = 76.5e9 * Calibration.DEFAULT.nvlinkEfficiency();
        assertEquals(Protocol.LL, instinct(Generation.CDNA4, link, 256 << 10, 2, Protocol.AUTO).protocol());
        // RCCL's estimate picks the algorithm (RcclEstimateTest): the tree at 32 MiB, the ring at 64 and 128 MiB, which
        // with the rule's protocols are rocm-systems pull request 9406's three "before" rows (tree LL128, ring LL128,
        // ring Simple, 64 channels).
        CollectiveResult at32 = instinct(Generation.CDNA4, link, 32L << 20, 2, Protocol.AUTO);
        assertEquals(Protocol.LL128, at32.protocol());
        assertEquals(Algorithm.DOUBLE_BINARY_TREE, at32.algorithm());
        assertEquals(64, at32.channels());
        CollectiveResult at64 = instinct(Generation.CDNA4, link, 64L << 20, 2, Protocol.AUTO);
        assertEquals(Protocol.LL128, at64.protocol());
        assertEquals(Algorithm.RING, at64.algorithm());
        CollectiveResult at128 = instinct(Generation.CDNA4, link, 128L << 20, 2, Protocol.AUTO);
        assertEquals(Protocol.SIMPLE, at128.protocol());
        assertEquals(Algorithm.RING, at128.algorithm());
        assertEquals(Protocol.SIMPLE, instinct(Generation.CDNA3, link, 32L << 20, 2, Protocol.AUTO).protocol());
    }

    @Test
    void shouldLeaveRcclsLl128RingAcrossNodesWithoutNcclsProxyFloor() {
        // NCCL's floor would be 2 x 15 steps x ceil(2 x 64 / 8) = 16 posts x 1 us = 480 us on 64 channels
        // (NetProxyFloor); RCCL's ring measured below it (MI350X, 2 nodes, 64 channels, 32 MiB: 402 us), so
        // CDNA3 takes none and 4 MiB costs its bytes and latencies only.
        assertEquals(480_000_000L, NetProxyFloor.allReducePs(Protocol.LL128, 4L << 20, 16, 8, 2, 64));
        CollectiveResult ll128 = mi300x(4L << 20, 2, Protocol.LL128);
        assertEquals(64, ll128.channels());
        assertTrue(ll128.timePs() < 480_000_000L, ll128.timePs() + " ps");
    }
}
