package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Point-to-point operations (all-to-all, send-recv, gather, scatter) open the fabric's flows per peer F for every pair
 * of ranks in different domains, whatever the request's channels, as NCCL opens its connections per network peer.
 */
class PointToPointFlowsTest {
    private static final LinkClass LINK = LinkClass.ofGigabitsPerSecond(400, 300_000);
    private static final double MIB = 1 << 20;

    /** 4 single-NIC ranks, 2 per leaf, 1:1: 2 leaves of 2 uplinks each, one to each of 2 spines. */
    private static ClusterTopology smallTree() {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(4, LINK, FatTreeParameters.twoTier(2, 1.0, LINK)));
    }

    /** A 4 MiB all-to-all of the 4 ranks (1 MiB a pair) on 2 channels with {@code flowsPerPeer} flows per peer. */
    private static CollectiveRequest allToAll(int flowsPerPeer, RoutingMode routing) {
        return CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 4L << 20, 4).withAlgorithm(Algorithm.DIRECT)
                .withChannels(2).withFlowsPerPeer(flowsPerPeer).withRouting(routing);
    }

    /** The bytes of every switch-to-switch link (leaf uplinks and spine downlinks) of {@code result}, in MiB. */
    private static double[] switchLinkMib(ClusterTopology topology, CollectiveResult result) {
        Graph graph = topology.graph();
        double[] bytes = result.linkBytes();
        return IntStream.range(0, graph.linkCount())
                .filter(l -> graph.nodeKind(graph.linkFrom(l)) == Graph.SWITCH
                        && graph.nodeKind(graph.linkTo(l)) == Graph.SWITCH)
                .mapToDouble(l -> bytes[l] / MIB).toArray();
    }

    @Test
    void shouldSpreadAnAllToAllPairOverTwoUplinksWithTwoFlowsPerPeerUnderEcmp() {
        // Each leaf sends 2 ranks × 2 peers on the other leaf × 1 MiB = 4 MiB up, and its spines send as much down:
        // the 8 switch-to-switch links carry 4 × 4 MiB = 16 MiB in all, whatever the hash. With 1 flow per peer a
        // pair's 1 MiB is one flow on one path, so every link carries whole MiB. With 2 the pair's 2 queue pairs of
        // 0.5 MiB hash apart, and a link carrying a half MiB holds half a pair, whose other half took the other
        // spine: the seeded hash puts 2.5 and 1.5 MiB on one leaf's uplinks, 1.0 and 3.0 on the other's. Before, the
        // 2 flows per peer went as ⌈2 / 2 channels⌉ = 1 queue pair: whole MiB as with 1.
        ClusterTopology tree = smallTree();
        double[] one = switchLinkMib(tree, CollectiveEngine.run(tree, allToAll(1, RoutingMode.ECMP)));
        double[] two = switchLinkMib(tree, CollectiveEngine.run(tree, allToAll(2, RoutingMode.ECMP)));
        assertEquals(8, one.length);
        assertEquals(16, Arrays.stream(one).sum(), 1e-9);
        assertEquals(16, Arrays.stream(two).sum(), 1e-9);
        assertTrue(Arrays.stream(one).allMatch(mib -> mib == Math.rint(mib)), Arrays.toString(one));
        assertTrue(Arrays.stream(two).anyMatch(mib -> mib != Math.rint(mib)), Arrays.toString(two));
    }

    @Test
    void shouldMergeAPairsFlowsThatShareAPathIntoOneClass() {
        // 4 ranks × 3 peers = 12 pairs: 4 on a leaf (one path, NIC-leaf-NIC) and 8 across (2 paths, one a spine).
        // 2 flows per peer: sprayed, a pair's 2 queue pairs read no key and take the same paths, one class of weight 2:
        // 12 classes. Adaptive, the 2 of a pair on a leaf share its one path (4 classes) and the 2 of a pair across
        // take the two spines (the second goes to the uplink the first left less loaded): 8 × 2 = 16, 20 in all.
        // 1 flow per peer: 12 classes however routed.
        ClusterTopology tree = smallTree();
        assertEquals(12, classes(tree, allToAll(2, RoutingMode.SPRAY)));
        assertEquals(20, classes(tree, allToAll(2, RoutingMode.ADAPTIVE)));
        assertEquals(12, classes(tree, allToAll(1, RoutingMode.ADAPTIVE)));
    }

    @Test
    void shouldOpenAGathersFlowsPerPeerForEachSenderAcrossLeaves() {
        // Gather to rank 0, 2 channels, 2 flows per peer, adaptive: rank 1 shares rank 0's leaf (its 2 queue pairs on
        // one path, 1 class); ranks 2 and 3 send across, 2 queue pairs each on the two spines: 1 + 2 × 2 = 5 classes.
        // Before, ⌈2 / 2 channels⌉ = 1 queue pair: 3 classes.
        CollectiveRequest gather = CollectiveRequest.of(CollectiveOperation.GATHER, 4L << 20, 4)
                .withAlgorithm(Algorithm.DIRECT).withChannels(2).withFlowsPerPeer(2).withRouting(RoutingMode.ADAPTIVE);
        assertEquals(5, classes(smallTree(), gather));
    }

    @Test
    void shouldEstimateAsManyClassesAsTheEngineStartsWhenNoQueuePairsMerge() {
        // The estimate's n × (n − 1) × 1 channel × q × 1 route: sprayed, q = 1 (a pair's queue pairs are one class),
        // 4 × 3 = 12 at 2 and 4 flows per peer, as the engine starts (above); ECMP at 1 flow per peer, 12. 64 ranks
        // of a 16-per-leaf tree sprayed at 2 flows per peer: 64 × 63 = 4,032 both.
        ClusterTopology tree = smallTree();
        for (CollectiveRequest request : new CollectiveRequest[] {allToAll(2, RoutingMode.SPRAY),
                allToAll(4, RoutingMode.SPRAY), allToAll(1, RoutingMode.ECMP)}) {
            assertEquals(12, FlowClassEstimate.of(tree, request).classes());
            assertEquals(12, classes(tree, request));
        }
        ClusterTopology wide = ClusterTopology.build(ClusterParameters.scaleOutOnly(64, LINK,
                FatTreeParameters.twoTier(16, 1.0, LINK)));
        CollectiveRequest sprayed = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 64L << 20, 64)
                .withAlgorithm(Algorithm.DIRECT).withChannels(2).withFlowsPerPeer(2).withRouting(RoutingMode.SPRAY);
        assertEquals(4_032, FlowClassEstimate.of(wide, sprayed).classes());
        assertEquals(4_032, classes(wide, sprayed));
    }

    @Test
    void shouldBoundTheClassesByTheEstimateWhenHashedQueuePairsMerge() {
        // ECMP, 2 flows per peer: the estimate counts 4 × 3 × 2 = 24 classes; the engine starts at most that and at
        // least the 12 pairs: a leaf's 4 pairs merge their 2 queue pairs, as does a pair across whose 2 hash onto one
        // spine (the seeded hash splits 5 of the 8: 4 + 3 + 5 × 2 = 17).
        ClusterTopology tree = smallTree();
        CollectiveRequest request = allToAll(2, RoutingMode.ECMP);
        assertEquals(24, FlowClassEstimate.of(tree, request).classes());
        long started = classes(tree, request);
        assertTrue(started >= 12 && started <= 24, started + " classes");
    }

    private static long classes(ClusterTopology topology, CollectiveRequest request) {
        return CollectiveEngine.run(topology, request).network().flowClassesStarted();
    }
}
