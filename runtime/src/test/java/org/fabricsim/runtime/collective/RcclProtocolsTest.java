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
 * s = S/n, LL (0, 98,304], LL128 (98,304, 5,046,272]; Simple above, and LL128 overriding LL where both hold.
 */
class RcclProtocolsTest {
    private static final int RANKS = 16;

    private static Protocol rule(CollectiveOperation operation, long perRank, int nodes, boolean ll128) {
        long size = operation == CollectiveOperation.ALL_REDUCE ? perRank : perRank * RANKS;
        return RcclProtocols.protocol(operation, size, RANKS, nodes, ll128);
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
        assertEquals(Protocol.AUTO, RcclProtocols.protocol(CollectiveOperation.REDUCE, 4 << 20, RANKS, 2, true));
        assertEquals(Protocol.AUTO, RcclProtocols.protocol(CollectiveOperation.BROADCAST, 4 << 20, RANKS, 2, true));
    }

    /** All-reduce of {@code bytes} over {@code nodes} nodes of 8 MI300X (RCCL's channels), 8 × 400 Gb/s NICs each. */
    private static CollectiveResult mi300x(long bytes, int nodes, Protocol protocol) {
        LinkClass xgmi = new LinkClass(64e9, 0).derated(0.75);
        ScaleUpParameters node = ScaleUpParameters.fullMesh(8, xgmi);
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0).derated(Calibration.DEFAULT.nicEfficiency());
        ClusterTopology cluster = nodes == 1 ? ClusterTopology.build(ClusterParameters.singleDomain(node))
                : ClusterTopology.build(new ClusterParameters(8 * nodes, node, nic, FatTreeParameters.singleSwitch(nic)));
        return CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 8 * nodes)
                .withAlgorithm(Algorithm.AUTO).withProtocol(protocol).withGeneration(Generation.CDNA3)
                .withChannels(NcclChannels.communicator(Generation.CDNA3, 7 * 64e9, nodes == 1 ? 0 : 8, nodes))
                .withStepOverheads(Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 1))
                .withReuseSymmetricSteps(true));
    }

    @Test
    void shouldRunTheSizeRulesProtocolAcrossMi300xNodesAndTheCostModelsOnOne() {
        // 2 nodes: 1 MiB LL, 4 MiB LL128 (rome_model_81 sets ll128Enabled), 16 MiB Simple, whatever NCCL's estimate
        // would pick; one node keeps the cost model's choice without LL128 (rome_model_79), NCCL's Hopper estimate
        // over LL and Simple (RCCL's own model not built): LL at 4 MiB, as before the rule.
        assertEquals(Protocol.LL, mi300x(1L << 20, 2, Protocol.AUTO).protocol());
        assertEquals(Protocol.LL128, mi300x(4L << 20, 2, Protocol.AUTO).protocol());
        assertEquals(Protocol.SIMPLE, mi300x(16L << 20, 2, Protocol.AUTO).protocol());
        assertEquals(Protocol.LL, mi300x(4L << 20, 1, Protocol.AUTO).protocol());
        // A forced protocol (NCCL_PROTO) is not replaced.
        assertEquals(Protocol.SIMPLE, mi300x(4L << 20, 2, Protocol.SIMPLE).protocol());
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
