package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

class PhasedCollectiveTest {
    private static final LinkClass NVLINK = new LinkClass(400e9, 0);
    private static final LinkClass NIC = new LinkClass(50e9, 0);

    /** Nodes of 4 GPUs on a switch (no in-switch reduction), a rail NIC each, one non-blocking switch. */
    private static ClusterTopology nodes(int count) {
        return nodes(count, ScaleUpParameters.switched(4, NVLINK, false));
    }

    /** Nodes of 4 accelerators with {@code scaleUp} inside, a NIC each, one non-blocking switch. */
    private static ClusterTopology nodes(int count, ScaleUpParameters scaleUp) {
        return ClusterTopology.build(new ClusterParameters(4 * count, scaleUp, NIC,
                FatTreeParameters.singleSwitch(NIC)));
    }

    /** {@code phase} alone, as its operation on S = 1 GB over the 8 ranks of 2 nodes of 4. */
    private static CollectiveResult oneGigabyte(ClusterTopology cluster, CollectivePhase phase) {
        return CollectiveEngine.run(cluster, CollectiveRequest.of(phase.operation(), 1_000_000_000L, 8),
                List.of(phase), 4);
    }

    @Test
    void shouldRunAnAllToAllMadeOfARailPhaseAndANodePhase() {
        // The DeepEP-style dispatch on 2 nodes x 4 GPUs, S = 800 MB per rank, no latency.
        // Phase 1, all-to-all per rail (2 ranks): each rank sends S/2 to its peer over its NIC:
        // 400e6 / 50e9 = 8 ms. Phase 2, all-to-all within the node (4 ranks): each sends S/4 to
        // each of 3 others, 600e6 bytes out of its NVLink port: 600e6 / 400e9 = 1.5 ms.
        // T = 9.5 ms = 9,500,000,000 ps. This used to fail: the benchmark ran as HIERARCHICAL.
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.PER_RAIL),
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.WITHIN_NODE));
        CollectiveResult result = CollectiveEngine.run(nodes(2),
                CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 800_000_000L, 8), phases, 4);
        assertEquals(Algorithm.PHASED, result.algorithm());
        assertEquals(9_500_000_000L, result.timePs());
        assertEquals(8 * (400e6 + 600e6), result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldSizeAScatterAndAGatherPhaseAsNcclTestsDo() {
        // 2 nodes x 4, S = 1 GB per rank, no latency. Phase 1, scatter per rail (groups of 2, root the node-0 rank):
        // the root sends its peer S/2 = 500 MB over the NIC, 500e6 / 50e9 = 10 ms, the 4 rails at once; each rank
        // then holds s = S/2. Phase 2, gather within the node on 4s: the 3 others send local rank 0 their s, an
        // incast of 1.5 GB onto its NVLink port, 1.5e9 / 400e9 = 3.75 ms. T = 13.75 ms; injected
        // 4 x 500 MB + 2 x 3 x 500 MB = 5 GB. Each phase's end rounds to the picosecond: within 1 ps.
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.SCATTER, Algorithm.DIRECT, PhaseScope.PER_RAIL),
                new CollectivePhase(CollectiveOperation.GATHER, Algorithm.AUTO, PhaseScope.WITHIN_NODE));
        CollectiveResult result = CollectiveEngine.run(nodes(2),
                CollectiveRequest.of(CollectiveOperation.GATHER, 1_000_000_000L, 8), phases, 4);
        assertEquals(13.75e9, result.timePs(), 1.0);
        assertEquals(5e9, result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldMatchTheBuiltInHierarchicalAllReduceWhenWrittenAsPhases() {
        // Reduce-scatter in the node on S, all-reduce per rail on S/4, all-gather in the node back
        // to S: exactly the schedule of HIERARCHICAL, so the same time to the picosecond.
        ClusterTopology cluster = nodes(4);
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 30, 16);
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.REDUCE_SCATTER, Algorithm.RING, PhaseScope.WITHIN_NODE),
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.RING, PhaseScope.PER_RAIL),
                new CollectivePhase(CollectiveOperation.ALL_GATHER, Algorithm.RING, PhaseScope.WITHIN_NODE));
        assertEquals(CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.HIERARCHICAL)).timePs(),
                CollectiveEngine.run(cluster, request, phases, 4).timePs());
    }

    @Test
    void shouldRunAnAcrossNodesPhaseOnOneLeaderPerNodeOnly() {
        // 2 nodes x 4 GPUs, S = 1 GB, no latency. Across nodes the one group is ranks {0, 4}: a
        // 2-rank ring all-reduce sends S/2 twice from each leader over its NIC, 2 x 0.5e9 / 50e9 =
        // 20 ms, and 2 x 1e9 bytes in all; the other six ranks send nothing (per rail, all 8 would).
        CollectiveResult result = oneGigabyte(nodes(2),
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.RING, PhaseScope.ACROSS_NODES));
        assertEquals(20_000_000_000L, result.timePs());
        assertEquals(2e9, result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldRunAWithinNodePhaseOverTheNicsWhenTheNodeHasNoScaleUp() {
        // 2 nodes x 4 accelerators without scale-up, a 50 GB/s NIC each on one switch, S = 1 GB,
        // no latency. Within-node groups are the 4 accelerators of each node (not domains of one,
        // where this phase used to move nothing and take 0). A ring reduce-scatter over 4 runs 3
        // steps; in each, every rank sends S/4 = 0.25e9 bytes to its ring successor along NIC
        // uplink -> switch -> NIC downlink, one flow per link: 0.25e9 / 50e9 = 5 ms per step,
        // T = 3 x 5 ms = 15 ms, both nodes at once on disjoint links. Bytes: 8 ranks x 3 x 0.25e9.
        CollectiveResult result = oneGigabyte(nodes(2, ScaleUpParameters.none()),
                new CollectivePhase(CollectiveOperation.REDUCE_SCATTER, Algorithm.RING, PhaseScope.WITHIN_NODE));
        assertEquals(15_000_000_000L, result.timePs());
        assertEquals(6e9, result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldGroupPerRailByNodeWhenTheNodeHasNoScaleUp() {
        // Same cluster, S = 1 GB, all-to-all direct per rail: 4 rails of 2 ranks ({l, l + 4}), each
        // rank sends S/2 to its one peer over its NIC: 0.5e9 / 50e9 = 10 ms, 8 x 0.5e9 bytes. As
        // domains of one, the rail used to be all 8 ranks (S/8 to each of 7 peers: 17.5 ms).
        CollectiveResult result = oneGigabyte(nodes(2, ScaleUpParameters.none()),
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.PER_RAIL));
        assertEquals(10_000_000_000L, result.timePs());
        assertEquals(4e9, result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldRunInNetworkReductionWithinANodeWhoseSwitchReduces() {
        // Each node's reducing switch serves its own 4 GPUs at once, on disjoint links: the phase
        // moves what the built-in in-network all-reduce over one node's 4 GPUs moves. A user-defined
        // phase runs the in-switch schedule without NCCL's NVLS pipeline (NvlsPipeline), which the
        // built-in one pays: 1 GiB over 16 channels x 4 heads, 128 KiB chunks, 64 MiB per channel in
        // loops of 512 KiB, k = 128, so the built-in takes 1 + 2/128 = 65/64 of the phase's time.
        ClusterTopology cluster = nodes(2, ScaleUpParameters.switched(4, NVLINK, true));
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.IN_NETWORK, PhaseScope.WITHIN_NODE));
        long size = 1L << 30;
        long phasePs = CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, size, 8),
                phases, 4).timePs();
        assertEquals(phasePs * 65.0 / 64, CollectiveEngine.run(cluster,
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, size, 4).withAlgorithm(Algorithm.IN_NETWORK))
                .timePs(), 2);
    }

    @Test
    void shouldRefuseInNetworkReductionOutsideANodeInTheLanguagesWords() {
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.IN_NETWORK, PhaseScope.ACROSS_NODES));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(
                nodes(2, ScaleUpParameters.switched(4, NVLINK, true)),
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 20, 8), phases, 4));
        assertEquals("phase all-reduce in-network across-nodes: in-network reduction runs inside a node's scale-up"
                + " switches; use within-node, or another algorithm for across-nodes", refused.getMessage());
    }

    @Test
    void shouldRefuseInNetworkReductionWithinANodeWithoutAReducingSwitch() {
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.IN_NETWORK, PhaseScope.WITHIN_NODE));
        for (ScaleUpParameters scaleUp : List.of(ScaleUpParameters.switched(4, NVLINK, false),
                ScaleUpParameters.none())) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> CollectiveEngine.run(nodes(2, scaleUp),
                            CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 20, 8), phases, 4));
            assertTrue(refused.getMessage().startsWith("phase all-reduce in-network within-node: in-network"
                    + " reduction needs a scale-up switch that reduces and spans the node's 4 accelerators"),
                    refused::getMessage);
        }
    }

    @Test
    void shouldRefuseRanksThatDoNotFillWholeNodes() {
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.RING, PhaseScope.PER_RAIL));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(
                nodes(2), CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 20, 6), phases, 4));
        assertEquals("per-rail needs whole nodes: 6 ranks on nodes of 4 accelerators", refused.getMessage());
    }
}
