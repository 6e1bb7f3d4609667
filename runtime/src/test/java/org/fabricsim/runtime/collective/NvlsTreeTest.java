package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * In-switch reduction across nodes, NCCL's NVLSTree: nodes of 8 H100 whose NVSwitch reduces, one
 * 400 Gb/s NIC per GPU. Expected values from NCCL's model (src/graph/tuning.cc): bus bandwidth capped
 * at heads × perChMaxNVLSTreeBws (8 × 57.7 GB/s on 2 Hopper nodes, 8 × 45.5 beyond), latency
 * 25 µs + 2·⌊log₂ D⌋ × 20.9 µs, and the NVLS pipeline's fill 2 / loops.
 */
class NvlsTreeTest {
    private static final long S = 16L << 30;

    private static ClusterTopology nodes(int count, boolean reduces) {
        return ClusterTopology.build(new ClusterParameters(8 * count,
                ScaleUpParameters.switched(8, ReferenceClusters.NVLINK4, reduces), ReferenceClusters.NIC_400G,
                FatTreeParameters.singleSwitch(ReferenceClusters.NIC_400G)));
    }

    private static CollectiveRequest allReduce(long bytes, int ranks, Algorithm algorithm) {
        return CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, ranks).withAlgorithm(algorithm)
                .withGeneration(Generation.HOPPER).withChannels(16).withStepOverheads(StepOverheads.NCCL);
    }

    @Test
    void shouldCapTheBusBandwidthAtEightHeadsOfNcclsPerHeadCeiling() {
        double[][] cases = { { 2, 57.7e9, 1 }, { 4, 45.5e9, 2 } }; // nodes, per-head ceiling, tree levels
        for (double[] c : cases) {
            int ranks = 8 * (int) c[0];
            double busFactor = 2.0 * (ranks - 1) / ranks;
            // 16 GiB: 1 GiB per NVLS channel (16) in loops of 8 heads x 128 KiB chunks: 1,024 loops
            double expectedSeconds = busFactor * S / (8 * c[1]) * (1 + 2.0 / 1024) + (25 + 2 * c[2] * 20.9) * 1e-6;
            CollectiveResult result = CollectiveEngine.run(nodes((int) c[0], true),
                    allReduce(S, ranks, Algorithm.IN_NETWORK));
            assertEquals(expectedSeconds, result.timeSeconds(), 1e-3 * expectedSeconds, c[0] + " nodes");
            assertEquals(8, result.channels(), "one channel per head");
        }
    }

    @Test
    void shouldChargeTwoTreeLevelsOfNetworkLatencyPerDoublingOfNodes() {
        assertEquals(0, NcclTuning.nvlsTreeLatencyPs(1));
        assertEquals(41_800_000, NcclTuning.nvlsTreeLatencyPs(2));
        assertEquals(41_800_000, NcclTuning.nvlsTreeLatencyPs(3));
        assertEquals(83_600_000, NcclTuning.nvlsTreeLatencyPs(4));
        assertEquals(418_000_000, NcclTuning.nvlsTreeLatencyPs(1024));
    }

    @Test
    void shouldReduceInTheSwitchesAcrossTwoNodesOnlyWhereTheirSwitchesReduce() {
        CollectiveRequest request = allReduce(1L << 30, 16, Algorithm.AUTO);
        assertEquals(Algorithm.IN_NETWORK, CollectiveEngine.run(nodes(2, true), request).algorithm());
        assertNotEquals(Algorithm.IN_NETWORK, CollectiveEngine.run(nodes(2, false), request).algorithm());
    }

    @Test
    void shouldLeaveInSwitchReductionAcrossNodesToTheRingWhereTheNetworkSprays() {
        CollectiveRequest request = allReduce(1L << 30, 16, Algorithm.AUTO).withRouting(RoutingMode.SPRAY);
        assertEquals(Algorithm.RING, CollectiveEngine.run(nodes(2, true), request).algorithm());
        assertEquals(Algorithm.IN_NETWORK,
                CollectiveEngine.run(nodes(1, true), allReduce(1L << 30, 8, Algorithm.AUTO)
                        .withRouting(RoutingMode.SPRAY)).algorithm());
    }

    @Test
    void shouldOfferInSwitchReductionAcrossNodesOnlyOverWholeNodes() {
        ClusterTopology cluster = nodes(2, true);
        assertTrue(CollectiveEngine.runs(cluster, allReduce(S, 16, Algorithm.IN_NETWORK)));
        assertFalse(CollectiveEngine.runs(cluster, allReduce(S, 12, Algorithm.IN_NETWORK)));
    }
}
