package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        return ClusterTopology.build(new ClusterParameters(4 * count, ScaleUpParameters.switched(4, NVLINK, false), NIC,
                FatTreeParameters.singleSwitch(NIC)));
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
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.WITHIN_DOMAIN));
        CollectiveResult result = CollectiveEngine.run(nodes(2),
                CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 800_000_000L, 8), phases);
        assertEquals(Algorithm.PHASED, result.algorithm());
        assertEquals(9_500_000_000L, result.timePs());
        assertEquals(8 * (400e6 + 600e6), result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldMatchTheBuiltInHierarchicalAllReduceWhenWrittenAsPhases() {
        // Reduce-scatter in the node on S, all-reduce per rail on S/4, all-gather in the node back
        // to S: exactly the schedule of HIERARCHICAL, so the same time to the picosecond.
        ClusterTopology cluster = nodes(4);
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 30, 16);
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.REDUCE_SCATTER, Algorithm.RING, PhaseScope.WITHIN_DOMAIN),
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.RING, PhaseScope.PER_RAIL),
                new CollectivePhase(CollectiveOperation.ALL_GATHER, Algorithm.RING, PhaseScope.WITHIN_DOMAIN));
        assertEquals(CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.HIERARCHICAL)).timePs(),
                CollectiveEngine.run(cluster, request, phases).timePs());
    }

    @Test
    void shouldRunAnAcrossDomainsPhaseOnOneLeaderPerDomainOnly() {
        // 2 nodes x 4 GPUs, S = 1 GB, no latency. Across domains the one group is ranks {0, 4}: a
        // 2-rank ring all-reduce sends S/2 twice from each leader over its NIC, 2 x 0.5e9 / 50e9 =
        // 20 ms, and 2 x 1e9 bytes in all; the other six ranks send nothing (per rail, all 8 would).
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.RING, PhaseScope.ACROSS_DOMAINS));
        CollectiveResult result = CollectiveEngine.run(nodes(2),
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1_000_000_000L, 8), phases);
        assertEquals(20_000_000_000L, result.timePs());
        assertEquals(2e9, result.bytesInjected(), 1e-3);
    }

    @Test
    void shouldRefuseInSwitchReductionOutsideADomain() {
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.IN_NETWORK, PhaseScope.PER_RAIL));
        assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(nodes(2),
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 20, 8), phases));
    }
}
