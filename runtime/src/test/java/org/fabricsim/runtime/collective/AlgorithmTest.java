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

class AlgorithmTest {
    private static final long S = 1L << 30;

    @Test
    void shouldMoveSPlusSOverNEachWayInOneStepWithInSwitchReduction() {
        // 8 GPUs on a reducing switch, 100 GB/s per direction, no latency. NVLS all-reduce: each GPU
        // carries S + S/8 up (ld_reduce loads + its reduced slice's store) and S/8 + S down, at
        // eta = NVLS_EFFICIENCY (0.85) of the port: T = (9/8) S / (0.85 x 100e9) s
        // = 1,207,959,552 / 85e9 s = 14,211,288,847.06 ps (the engine rounds up to the next ps). NCCL's
        // NVLS pipeline (16 channels, 8 heads, 128 KiB chunks at 1 GiB: 64 MiB per channel in loops of
        // 1 MiB, k = 64) adds its fill of 2/k: x 33/32 = 14,655,391,623.4 ps.
        // A ring needs 2(n-1)/n S/B = 1.75 S/B = 18,790,481,920 ps, so NVLS is faster and AUTO takes it.
        ClusterTopology node = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.switched(8, new LinkClass(100e9, 0), true)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 8);
        CollectiveResult inNetwork = CollectiveEngine.run(node, request.withAlgorithm(Algorithm.IN_NETWORK));
        CollectiveResult ring = CollectiveEngine.run(node, request.withAlgorithm(Algorithm.RING));
        assertEquals(14_655_391_623L, inNetwork.timePs(), 2);
        assertEquals(18_790_481_920L, ring.timePs(), 1);
        assertEquals(2.0 * 8 * S * 9 / 8 / Calibration.DEFAULT.nvlsEfficiency(), inNetwork.bytesInjected(), 1e-3);
        assertEquals(Algorithm.IN_NETWORK, CollectiveEngine.select(node, request));
    }

    @Test
    void shouldRefuseInSwitchReductionWhereTheSwitchCannotReduce() {
        ClusterTopology node = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.switched(8, new LinkClass(100e9, 0), false)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(node,
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 8).withAlgorithm(Algorithm.IN_NETWORK)));
        assertTrue(refused.getMessage().startsWith("algorithm in-network cannot run all-reduce over 8 ranks"),
                "in the language's words: " + refused.getMessage());
    }

    @Test
    void shouldMatchTheHierarchicalClosedFormAndBeatAFlatRingOnSlowNics() {
        // 4 nodes x 8 GPUs: NVLink 400 GB/s, NIC 50 GB/s, no latency, one non-blocking switch.
        // Hierarchical: 7 intra steps of S/8 at 400 GB/s, 6 inter steps of S/32 at 50 GB/s, 7 intra steps:
        // T = 14 x 134,217,728 / 400e9 + 6 x 33,554,432 / 50e9 s = 4,697,620,480 + 4,026,531,840 ps.
        LinkClass nic = new LinkClass(50e9, 0);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(32,
                ScaleUpParameters.switched(8, new LinkClass(400e9, 0), false), nic, FatTreeParameters.singleSwitch(nic)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 32);
        CollectiveResult hierarchical = CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.HIERARCHICAL));
        CollectiveResult flat = CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.RING));
        assertEquals(4_697_620_480L + 4_026_531_840L, hierarchical.timePs());
        assertTrue(hierarchical.timePs() < flat.timePs());
        // The flat ring with 8 rail-spread channels is NIC-bound at 8 x 50 GB/s of busbw.
        CollectiveResult channels = CollectiveEngine.run(cluster,
                request.withAlgorithm(Algorithm.RING).withChannels(8));
        assertEquals(400.0, channels.busbwGBps(), 0.5);
    }

    @Test
    void shouldChooseByCostLikeNccl() {
        // 64 ranks on one switch, 10 us per step: tiny messages favour the tree's 2 log n steps over
        // the ring's 2(n-1); large ones favour the ring's bandwidth.
        ClusterTopology cluster = Clusters.singleSwitch(64, 50e9, 0);
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1024, 64)
                .withStepOverheads(new StepOverheads(10_000_000, 10_000_000, 0));
        assertEquals(Algorithm.DOUBLE_BINARY_TREE, CollectiveEngine.select(cluster, request));
        assertEquals(Algorithm.RING, CollectiveEngine.select(cluster, request.withSize(4L << 30)));
        assertEquals(Algorithm.DIRECT, CollectiveEngine.select(cluster,
                CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 1 << 20, 64)));
    }

    @Test
    void shouldRunPairwiseAllToAllInNMinusOneRounds() {
        // 8 ranks, S per rank: 7 rounds of S/8 at B each, no contention on one switch.
        ClusterTopology cluster = Clusters.singleSwitch(8, 50e9, 0);
        CollectiveResult result = CollectiveEngine.run(cluster,
                CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 8).withAlgorithm(Algorithm.PAIRWISE));
        assertEquals(7 * 2_684_354_560L, result.timePs());
        assertEquals(7, result.steps());
    }

    @Test
    void shouldReduceAlongAChainTowardsTheRoot() {
        ClusterTopology cluster = Clusters.singleSwitch(8, 50e9, 0);
        CollectiveResult result = CollectiveEngine.run(cluster,
                CollectiveRequest.of(CollectiveOperation.REDUCE, 64L << 20, 8).withEndpoints(3, 0));
        // Same pipeline as the broadcast: 7 + 128 - 1 steps of 512 KiB at 50 GB/s.
        assertEquals(134L * 10_485_760, result.timePs());
        assertEquals(Algorithm.RING, result.algorithm());
    }

    @Test
    void shouldOfferOnlyAlgorithmsThatServeTheOperationAndNameThemWhenRefusing() {
        // 4 domains of 8 on one switch, 32 ranks (a power of two, whole domains, no reducing switch, no torus):
        // of the all-reduce algorithms ring, the trees, halving-doubling and hierarchical apply; in-network, CollNet
        // and bucket need a reducing switch, SHARP or a torus. All-to-all has direct and pairwise, send-recv direct.
        LinkClass nic = new LinkClass(50e9, 0);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(32,
                ScaleUpParameters.switched(8, new LinkClass(400e9, 0), false), nic, FatTreeParameters.singleSwitch(nic)));
        for (CollectiveOperation operation : CollectiveOperation.values()) {
            for (Algorithm candidate : AlgorithmSelector.candidates(cluster, CollectiveRequest.of(operation, S, 32),
                    null)) {
                assertTrue(candidate.serves(operation), candidate + " offered for " + operation);
            }
        }
        assertEquals(List.of(Algorithm.RING, Algorithm.DOUBLE_BINARY_TREE, Algorithm.HALVING_DOUBLING,
                Algorithm.HIERARCHICAL), AlgorithmSelector.candidates(cluster,
                        CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 32), null));
        assertEquals(List.of(Algorithm.DIRECT, Algorithm.PAIRWISE), Algorithm.serving(CollectiveOperation.ALL_TO_ALL));
        assertEquals(List.of(Algorithm.DIRECT), Algorithm.serving(CollectiveOperation.SEND_RECV));
        // NCCL runs gather and scatter as grouped sends and receives, no ring or tree: direct alone.
        assertEquals(List.of(Algorithm.DIRECT), Algorithm.serving(CollectiveOperation.GATHER));
        assertEquals(List.of(Algorithm.DIRECT), Algorithm.serving(CollectiveOperation.SCATTER));
        IllegalArgumentException ring = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(
                cluster, CollectiveRequest.of(CollectiveOperation.GATHER, S, 32).withAlgorithm(Algorithm.RING)));
        assertTrue(ring.getMessage().contains("(gather runs on 'direct'); choose another algorithm"),
                ring.getMessage());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(
                cluster, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 32).withAlgorithm(Algorithm.RING)));
        assertTrue(refused.getMessage().contains(
                "(all-to-all runs on 'direct' or 'pairwise'); choose another algorithm"), refused.getMessage());
    }

    @Test
    void shouldNameTheServingAlgorithmsInTheLanguagesWordsJoinedWithOr() {
        // Algorithm.serves: all-reduce has ring, the trees, halving-doubling, hierarchical, in-network, CollNet and
        // bucket in declaration order; send-recv only direct (no "or"); all-to-all direct and pairwise.
        assertEquals("all-reduce runs on 'ring', 'double-binary-tree', 'halving-doubling', 'hierarchical',"
                + " 'in-network', 'collnet-direct', 'collnet-chain' or 'bucket'",
                Algorithm.runsOn(CollectiveOperation.ALL_REDUCE));
        assertEquals("send-recv runs on 'direct'", Algorithm.runsOn(CollectiveOperation.SEND_RECV));
        assertEquals("scatter runs on 'direct'", Algorithm.runsOn(CollectiveOperation.SCATTER));
        assertEquals("all-to-all runs on 'direct' or 'pairwise'", Algorithm.runsOn(CollectiveOperation.ALL_TO_ALL));
    }
}
