package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DegradedTopologies;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.MultiPlaneParameters;
import org.junit.jupiter.api.Test;

/** The flow-class and heap estimate made before a collective runs, and the refusal it gives. */
class FlowClassEstimateTest {
    private static final LinkClass LINK = LinkClass.ofGigabitsPerSecond(400, 300_000);

    /** A 1:1 two-tier tree of {@code ranks} single-NIC endpoints, 16 per leaf, so 16 spines. */
    private static ClusterTopology tree(int ranks) {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(ranks, LINK, FatTreeParameters.twoTier(16, 1.0,
                LINK)));
    }

    private static CollectiveRequest allToAll(int ranks, RoutingMode routing) {
        return CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, (long) ranks << 20, ranks)
                .withAlgorithm(Algorithm.DIRECT).withRouting(routing).withChannels(2);
    }

    /** RoCE's measured behaviour: PFC, DCQCN, go-back-N, ECMP. */
    private static FabricBehaviour roce() {
        return BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
    }

    @Test
    void shouldEstimateTheClassesAnAllToAllStartsOnItsOneChannelWhateverTheChannels() {
        // The all-to-all sends every pair's bytes on channel 0, one flow a pair (1 flow per peer: 1 queue pair), so
        // 64 ranks × 63 peers × 1 channel = 4,032 classes with 2 channels and with 4, as many as the engine starts,
        // × 386 B. Before, the estimate counted the request's channels: 8,064 and 16,128, 2× and 4× the 4,032.
        for (int channels : new int[] {2, 4}) {
            CollectiveRequest request = allToAll(64, RoutingMode.ECMP).withChannels(channels);
            FlowClassEstimate estimate = FlowClassEstimate.of(tree(64), request);
            assertEquals(4_032, estimate.classes(), channels + " channels");
            assertEquals(4_032 * FlowClassEstimate.BYTES_PER_CLASS, estimate.bytes(), channels + " channels");
            assertEquals(4_032, CollectiveEngine.run(tree(64), request).network().flowClassesStarted(),
                    channels + " channels");
        }
    }

    @Test
    void shouldKeepCountingARingsClassesPerChannel() {
        // A ring all-reduce sends on every channel: 64 ranks × 2 peers × C channels = 256 classes at 2 channels and
        // 512 at 4, as before; the engine starts at most that many (the channels of an edge that share its path merge).
        for (int channels : new int[] {2, 4}) {
            CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 64L << 20, 64)
                    .withAlgorithm(Algorithm.RING).withChannels(channels);
            FlowClassEstimate estimate = FlowClassEstimate.of(tree(64), request);
            assertEquals(128L * channels, estimate.classes());
            long started = CollectiveEngine.run(tree(64), request).network().flowClassesStarted();
            assertTrue(started >= 64 && started <= estimate.classes(), started + " classes");
        }
    }

    @Test
    void shouldRefuseASprayedRunOnADegradedTreeNamingTheSprayedPaths() {
        // Degraded, the tree sprays per path: 2,048 × 2,047 × 1 channel × 15 surviving spines
        // ≈ 62.9 M classes, ≈ 24.3 GB at 386 B each, against a 2 GB heap.
        ClusterTopology degraded = DegradedTopologies.withoutCable(tree(2048));
        FlowClassEstimate estimate = FlowClassEstimate.of(degraded, allToAll(2048, RoutingMode.SPRAY));
        assertEquals(2048L * 2047 * 15, estimate.classes());
        assertFalse(estimate.fits(2L << 30));
        String reason = estimate.refusal(2L << 30, "benchmark A2A");
        assertTrue(reason.contains("the largest factor is 15 sprayed paths per flow"), reason);
        assertTrue(reason.contains("route it 'adaptive'"), reason);
        assertTrue(reason.contains("JAVA_TOOL_OPTIONS=-Xmx"), reason);
    }

    @Test
    void shouldAdmitTheSameRunSprayedAsOneClassPerFlowOnTheIntactTree() {
        // Intact, a sprayed flow is one class: 2,048 × 2,047 × 1 channel ≈ 4.2 M classes, ≈ 1.6 GB, which
        // fits a 2 GiB heap; the largest factor is then the peers (the all-to-all's 2 channels carry no flows of
        // their own, so fewer would not help).
        FlowClassEstimate estimate = FlowClassEstimate.of(tree(2048), allToAll(2048, RoutingMode.SPRAY));
        assertEquals(2048L * 2047, estimate.classes());
        assertTrue(estimate.fits(2L << 30));
        String reason = estimate.refusal(1L << 30, "benchmark A2A");
        assertTrue(reason.contains("(2,047 peers x 1 channels x 1 queue pairs x 1 sprayed paths per accelerator)"),
                reason);
        assertTrue(reason.contains("the largest factor is 2,047 peers per accelerator"), reason);
    }

    @Test
    void shouldCountTheQueuePairsAFabricsFlowsPerPeerAddAndNameThemWhenLargest() {
        // An all-to-all is point-to-point: its one channel carries a pair's F flows per peer whatever the request's 2
        // channels, so 128 flows per peer are 128 queue pairs: 2,048 × 2,047 × 1 × 128 ≈ 537 M classes, ≈ 207 GB; the
        // fix is fewer flows per peer. With NCCL's default 2 flows per peer: 2 queue pairs, 2,048 × 2,047 × 2 classes.
        // Before session 70, ⌈F / 2 channels⌉: 64 queue pairs and, at F = 2, one flow a pair.
        CollectiveRequest many = allToAll(2048, RoutingMode.ECMP).withFlowsPerPeer(128);
        FlowClassEstimate estimate = FlowClassEstimate.of(tree(2048), many);
        assertEquals(2048L * 2047 * 128, estimate.classes());
        String reason = estimate.refusal(8L << 30, "benchmark A2A");
        assertTrue(reason.contains("the largest factor is 128 queue pairs per channel"), reason);
        assertTrue(reason.contains("state fewer 'flows-per-peer'"), reason);
        assertEquals(2048L * 2047 * 2, FlowClassEstimate.of(tree(2048), allToAll(2048, RoutingMode.ECMP)
                .withFlowsPerPeer(2)).classes());
    }

    /** Two planes of the tree of {@link #tree}, each NIC port at half the NIC rate (8 spines a plane). */
    private static ClusterTopology twoPlanes(int ranks) {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(ranks, LINK,
                new MultiPlaneParameters(2, FatTreeParameters.twoTier(16, 1.0, LINK))));
    }

    @Test
    void shouldCountAFlowOverEveryPlaneOfAMultiPlaneNicAsOneClass() {
        // Two planes of the 2,048-rank tree: under ECMP a flow spreads over both planes as one class (its path the
        // groups of the planes' twin links), so 2,048 × 2,047 × 1 channel = 4,192,256 classes, as on one plane
        // (before: a class a plane, twice that), on paths of 6 links (NIC, port, leaf up, spine down, port, NIC): 386 B
        // + 2 × 12 B = 410 B each. The refusal names no planes, and its largest factor is the 2,047 peers.
        FlowClassEstimate estimate = FlowClassEstimate.of(twoPlanes(2048), allToAll(2048, RoutingMode.ECMP));
        assertEquals(2048L * 2047, estimate.classes());
        assertEquals(4_192_256L * 410, estimate.bytes());
        String reason = estimate.refusal(1L << 30, "benchmark A2A");
        assertTrue(reason.contains("(2,047 peers x 1 channels x 1 queue pairs x 1 sprayed paths per accelerator)"),
                reason);
        assertTrue(reason.contains("the largest factor is 2,047 peers per accelerator"), reason);
    }

    @Test
    void shouldCountASprayedFlowOnTwoPlanesAsOneClass() {
        // Spraying on two planes sprays each flow over both planes' 8 uplinks of its leaf (⌈16 × 25 GB/s ÷ 50 GB/s⌉ a
        // plane) as one class: 2,048 × 2,047 × 1 channel = 4,192,256 classes on paths of 6 links, × 410 B ≈ 1.7 GB
        // against a 1 GiB heap; the factor named is the 2,047 peers. Before, a class per route of one plane: × 8
        // sprayed paths, the factor named the 8 sprayed paths.
        FlowClassEstimate estimate = FlowClassEstimate.of(twoPlanes(2048), allToAll(2048, RoutingMode.SPRAY));
        assertEquals(2048L * 2047, estimate.classes());
        assertEquals(4_192_256L * 410, estimate.bytes());
        String reason = estimate.refusal(1L << 30, "benchmark A2A");
        assertTrue(reason.contains("x 1 sprayed paths per accelerator"), reason);
        assertTrue(reason.contains("the largest factor is 2,047 peers per accelerator"), reason);
    }

    @Test
    void shouldStartAsManyClassesOnTwoPlanesAsOnOne() {
        // 64 ranks on two planes, 2 channels: 64 × 63 × 1 channel = 4,032 classes, as on one plane, and the engine
        // starts as many as on one plane (4,032, the pairs, all on channel 0), in the same time to the picosecond
        // (1,322,405,761 ps: the NICs bind). Before, it started a class a plane: 8,064, against an estimate of 16,128.
        CollectiveRequest request = allToAll(64, RoutingMode.ECMP);
        assertEquals(4_032, FlowClassEstimate.of(twoPlanes(64), request).classes());
        CollectiveResult onePlane = CollectiveEngine.run(tree(64), request);
        CollectiveResult planes = CollectiveEngine.run(twoPlanes(64), request);
        assertEquals(onePlane.network().flowClassesStarted(), planes.network().flowClassesStarted());
        assertEquals(onePlane.timePs(), planes.timePs());
    }

    @Test
    void shouldMergeTheQueuePairsOfAFlowSprayedPerPathIntoOneClassAPath() {
        // The tree of 64 without one cable sprays per path. 8 flows per peer: each all-to-all transfer goes as 8 queue
        // pairs on its one channel, and spraying reads no flow key, so a path's 8 queue pairs are 8 identical flows of
        // an eighth of the bytes: one class of weight 8, the classes of 2 flows per peer (2 queue pairs), 4 x the flows,
        // the same time. The estimate counts them once too: 64 x 63 x 1 channel x 1 x 15 routes = 60,480 either way.
        // Before, the queue pairs came path after path within each queue pair, apart: 4 x the classes.
        ClusterTopology degraded = DegradedTopologies.withoutCable(tree(64));
        CollectiveRequest onePair = allToAll(64, RoutingMode.SPRAY).withFlowsPerPeer(2);
        CollectiveRequest fourPairs = allToAll(64, RoutingMode.SPRAY).withFlowsPerPeer(8);
        CollectiveResult one = CollectiveEngine.run(degraded, onePair);
        CollectiveResult four = CollectiveEngine.run(degraded, fourPairs);
        assertEquals(one.network().flowClassesStarted(), four.network().flowClassesStarted());
        assertEquals(4 * one.network().flowsStarted(), four.network().flowsStarted());
        assertEquals(one.timePs(), four.timePs());
        assertEquals(60_480, FlowClassEstimate.of(degraded, fourPairs).classes());
        assertEquals(60_480, FlowClassEstimate.of(degraded, onePair).classes());
    }

    @Test
    void shouldSplitOnlyTheTransfersThatLeaveAScaleUpDomainIntoQueuePairs() {
        // 16 ranks on one leaf of the tree, 2 channels: with 8 flows per peer each all-to-all transfer goes as 8
        // queue pairs, but on one leaf every route is NIC, leaf, NIC, so the flows of a pair share one
        // path, merge into one class each and the all-to-all takes the same time to the picosecond.
        ClusterTopology leaf = tree(16);
        CollectiveRequest request = allToAll(16, RoutingMode.ECMP);
        assertEquals(CollectiveEngine.run(leaf, request).timePs(),
                CollectiveEngine.run(leaf, request.withFlowsPerPeer(8)).timePs());
    }

    @Test
    void shouldRefuseWithFlowAndCongestionControlARunWhoseIdealTwinFitsTheHeap() {
        // 2,048 × 2,047 × 1 channel = 4,192,256 classes on paths of 4 links. Ideal: × 386 B = 1,618,210,816 B, which
        // fits a 1.75 GiB heap (1,879,048,192 B). With PFC and DCQCN the flow model derates and keeps a fix log:
        // × (386 + 111) B = 2,083,551,232 B, which does not; the advice is ⌈2,083,551,232 × 1.5 / 2^30⌉ = 3 GiB.
        long heap = 7L << 28;
        CollectiveRequest request = allToAll(2048, RoutingMode.ECMP).withFabricBehaviour(roce());
        FlowClassEstimate estimate = FlowClassEstimate.of(tree(2048), request);
        assertTrue(estimate.derated());
        assertEquals(4_192_256, estimate.classes());
        assertEquals(2_083_551_232L, estimate.bytes());
        assertFalse(estimate.fits(heap));
        assertTrue(FlowClassEstimate.of(tree(2048), allToAll(2048, RoutingMode.ECMP)).fits(heap));
        String reason = estimate.refusal(heap, "benchmark A2A");
        assertTrue(reason.contains("about 2.1 GB of memory with the fabric's flow and congestion control"), reason);
        assertTrue(reason.contains("JAVA_TOOL_OPTIONS=-Xmx3g"), reason);
    }

    @Test
    void shouldNeverAdmitTheMeasuredDeratedAllToAllInAHeapItDiesIn() {
        // docs/performance.md: the 2,048-endpoint ECMP all-to-all, 1 channel (2,048 × 2,047 = 4,192,256 classes),
        // with RoCE's behaviour runs in 1,192 MiB and dies in 1,184 MiB; its estimate, 4,192,256 × 497 B =
        // 2,083,551,232 B (1,987 MiB), admits it in no heap it dies in.
        CollectiveRequest request = allToAll(2048, RoutingMode.ECMP).withChannels(1).withFabricBehaviour(roce());
        FlowClassEstimate estimate = FlowClassEstimate.of(tree(2048), request);
        assertEquals(2_083_551_232L, estimate.bytes());
        assertTrue(estimate.bytes() >= 1_192L << 20);
        assertFalse(estimate.fits(1_184L << 20));
    }

    @Test
    void shouldKeepTheIdealEstimateWithoutAFabricBehaviour() {
        // The same all-to-all on the ideal fabric: 4,192,256 × 386 B = 1,618,210,816 B, inside a 2 GiB heap.
        FlowClassEstimate estimate = FlowClassEstimate.of(tree(2048), allToAll(2048, RoutingMode.ECMP));
        assertFalse(estimate.derated());
        assertEquals(1_618_210_816L, estimate.bytes());
        assertTrue(estimate.fits(2L << 30));
        String reason = estimate.refusal(1L << 30, "benchmark A2A");
        assertTrue(reason.contains("about 1.6 GB of memory, more than the heap's 1.1 GB"), reason);
    }
}
