package org.fabricsim.runtime.sharing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.topology.AggregationResources;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * Two jobs on one cluster of 16 single-GPU nodes, 4 per leaf, every link 50 GB/s without latency.
 * At 4:1 each leaf has one uplink to the one spine; a ring all-reduce of 8 ranks puts one flow on
 * each leaf uplink its ring crosses.
 */
class SharedFabricTest {
    private static final long S = 1L << 28;
    private static final int[] EVEN = {0, 2, 4, 6, 8, 10, 12, 14};
    private static final int[] ODD = {1, 3, 5, 7, 9, 11, 13, 15};

    private static ClusterTopology cluster(double oversubscription) {
        LinkClass link = new LinkClass(50e9, 0);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(16, link,
                FatTreeParameters.twoTier(4, oversubscription, link)));
    }

    private static SharedJob ring(String name, int[] nodes) {
        return new SharedJob(name, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, nodes.length)
                .withAlgorithm(Algorithm.RING), nodes);
    }

    @Test
    void shouldRunAJobAsAloneWhenTheOtherUsesDisjointLinks() {
        // Contiguous: A on leaves 0-1, B on leaves 2-3; no link carries both.
        List<SharedResult> results = SharedFabric.run(cluster(4),
                List.of(ring("A", SharedJob.range(0, 8)), ring("B", SharedJob.range(8, 8))), 1);
        for (SharedResult result : results) {
            assertEquals(result.alone().timePs(), result.shared().timePs(), result.name());
        }
    }

    @Test
    void shouldDegradeFragmentedPlacementMoreThanContiguousOnAnOversubscribedTree() {
        // Fragmented: A on even nodes, B on odd ones. Alone, each ring still puts one flow on each
        // leaf uplink (ring edges 2->4, 6->8, 10->12, 14->0) and runs as fast as contiguous. Together,
        // each leaf uplink carries one flow of each ring, so every ring step runs at B/2: twice the
        // time. Contiguous placement keeps the rings on disjoint links: no slowdown.
        List<SharedResult> contiguous = SharedFabric.run(cluster(4),
                List.of(ring("A", SharedJob.range(0, 8)), ring("B", SharedJob.range(8, 8))), 1);
        List<SharedResult> fragmented = SharedFabric.run(cluster(4), List.of(ring("A", EVEN), ring("B", ODD)), 1);
        assertEquals(contiguous.get(0).alone().timePs(), fragmented.get(0).alone().timePs(), 2);
        assertEquals(1.0, contiguous.get(0).slowdown(), 1e-9);
        assertEquals(2.0, fragmented.get(0).slowdown(), 0.02);
        assertEquals(2.0, fragmented.get(1).slowdown(), 0.02);
    }

    @Test
    void shouldNotSlowFragmentedJobsOnANonBlockingTree() {
        // At 1:1 each leaf has 4 uplinks, and ECMP may still put both rings on one: the slowdown is
        // at most the 2x of a shared uplink and the rings do not slow each other on NIC links.
        List<SharedResult> fragmented = SharedFabric.run(cluster(1), List.of(ring("A", EVEN), ring("B", ODD)), 1);
        assertTrue(fragmented.get(0).slowdown() <= 2.0 + 1e-9, String.valueOf(fragmented.get(0).slowdown()));
    }

    @Test
    void shouldGrantTheSecondJobsTreesOnlyWhereTheSwitchesHaveRoom() {
        // At 1:1 a leaf has 4 uplinks; both jobs' tree 0 takes uplink 0 to spine 0, through distinct
        // spine ports. SHARPv3 (one tree per port) grants both; SHARPv2 (one per switch) refuses B at
        // spine 0, which then falls back to NCCL's default algorithms (ring or tree) and takes longer.
        List<SharedJob> jobs = List.of(collNet("A", SharedJob.range(0, 8)), collNet("B", SharedJob.range(8, 8)));
        List<SharedResult> v3 = SharedFabric.run(cluster(1).withAggregation(AggregationResources.SHARP_V3), jobs, 1);
        assertTrue(v3.get(0).inNetwork() && v3.get(1).inNetwork());
        List<SharedResult> v2 = SharedFabric.run(cluster(1).withAggregation(AggregationResources.SHARP_V2), jobs, 1);
        assertTrue(v2.get(0).inNetwork());
        assertFalse(v2.get(1).inNetwork());
        assertTrue(v2.get(1).shared().algorithm() != Algorithm.COLLNET_CHAIN);
        assertTrue(v2.get(1).slowdown() > 1.5, String.valueOf(v2.get(1).slowdown()));
    }

    @Test
    void shouldRefuseOverlappingNodeRanges() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> SharedFabric
                .run(cluster(1), List.of(ring("A", SharedJob.range(0, 8)), ring("B", SharedJob.range(7, 8))), 1));
        assertTrue(error.getMessage().contains("jobs A and B both run on node 7"), error.getMessage());
    }

    @Test
    void shouldRefuseNodesTheClusterLacks() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> SharedFabric
                .run(cluster(1), List.of(ring("A", SharedJob.range(0, 8)), ring("B", SharedJob.range(10, 8))), 1));
        assertTrue(error.getMessage().contains("node 16, but the cluster has nodes 0 to 15"), error.getMessage());
    }

    private static SharedJob collNet(String name, int[] nodes) {
        return new SharedJob(name, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, nodes.length)
                .withAlgorithm(Algorithm.COLLNET_CHAIN), nodes);
    }
}
