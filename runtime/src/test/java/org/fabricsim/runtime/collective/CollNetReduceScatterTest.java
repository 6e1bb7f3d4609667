package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.topology.AggregationResources;
import org.fabricsim.runtime.topology.AggregationTrees;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * CollNet (SHARP) reduce-scatter and all-gather, groups of one GPU per node, and the aggregation trees of concurrent
 * groups, against closed forms derived by hand. Links have no latency and the requests no step overheads, so a call
 * costs its bandwidth time over NCCL's 0.9 (tuning.cc: a CollNet-direct reduce-scatter or all-gather runs at
 * ppn·min(bwIntra, 0.9·bwInter)) plus NCCL's CollNet latency: 14 us with one GPU per node (the tree's network
 * latency), 2·(3.7 + 7·0.4) + 31 = 44 us with 8.
 */
class CollNetReduceScatterTest {
    private static final double NIC = 50e9;
    private static final long S = 1L << 30;

    /** {@code nodes} nodes of 8 GPUs on a 900 GB/s NVLink switch, one 50 GB/s NIC per GPU, SHARPv3. */
    private static ClusterTopology dgx(int nodes, int hostsPerLeaf, double oversubscription) {
        LinkClass nic = new LinkClass(NIC, 0);
        return ClusterTopology.build(new ClusterParameters(8 * nodes,
                ScaleUpParameters.switched(8, new LinkClass(900e9, 0), false), nic,
                FatTreeParameters.twoTier(hostsPerLeaf, oversubscription, nic)))
                .withAggregation(AggregationResources.SHARP_V3);
    }

    private static CollectiveRequest request(CollectiveOperation operation, int ranks) {
        return CollectiveRequest.of(operation, S, ranks).withAlgorithm(Algorithm.COLLNET_DIRECT);
    }

    @Test
    void shouldSendTheWholeBufferUpEachNicToReduceScatterWithOneGpuPerNode() {
        // GPU 0 of 8 nodes (k = 1, n = 8): each NIC streams its whole buffer S up its tree and gets back only its
        // own S/8. T = S / B / 0.9 + 14 us = 21,474,836,480 / 0.9 = 23,860,929,422 ps, plus 14,000,000 ps: slower
        // than the ring's (n - 1)/n S / B = 18,790,481,920 ps in bandwidth.
        ClusterTopology cluster = dgx(8, 16, 1);
        CollectiveResult result = CollectiveEngine.runPlaced(cluster,
                request(CollectiveOperation.REDUCE_SCATTER, 8), gpu(0));
        assertEquals(23_860_929_422L + 14_000_000L, result.timePs(), 2);
        assertEquals(S, result.linkBytes()[cluster.nicUplink(0)], 1e-6 * S);
        assertEquals(S / 8.0, result.linkBytes()[cluster.nicDownlink(0)], 1e-6 * S);
    }

    @Test
    void shouldMirrorTheReduceScatterInTheAllGather() {
        // The all-gather sends each rank's S/8 up and multicasts the whole S down every NIC: the same time.
        ClusterTopology cluster = dgx(8, 16, 1);
        CollectiveResult result = CollectiveEngine.runPlaced(cluster, request(CollectiveOperation.ALL_GATHER, 8),
                gpu(0));
        assertEquals(23_860_929_422L + 14_000_000L, result.timePs(), 2);
        assertEquals(S / 8.0, result.linkBytes()[cluster.nicUplink(0)], 1e-6 * S);
        assertEquals(S, result.linkBytes()[cluster.nicDownlink(0)], 1e-6 * S);
    }

    @Test
    void shouldStreamARailPerNicWithEightGpusPerNode() {
        // k = 8 on 4 nodes: each GPU sends 7 rails of S/8 to the heads over NVLink (0.875 S / 900e9 =
        // 1,043,915,662 ps) while each NIC streams S/8 (2,684,354,560 ps), so the NICs bound it:
        // 2,684,354,560 / 0.9 = 2,982,616,178 ps, plus 44 us.
        CollectiveResult result = CollectiveEngine.run(dgx(4, 16, 1),
                request(CollectiveOperation.REDUCE_SCATTER, 32));
        assertEquals(2_982_616_178L + 44_000_000L, result.timePs(), 2);
    }

    @Test
    void shouldGrantAGroupOfOneGpuPerNode() {
        // GPU 3 of each of 8 nodes: NCCL runs CollNet with one local rank (NCCL_COLLNET_NODE_THRESHOLD, 2 nodes).
        // Two GPUs of one node and one of another are not equally many per node, and NCCL's CollNet needs them so.
        ClusterTopology cluster = dgx(8, 16, 1);
        assertTrue(CollNetSchedules.applicable(cluster, 8, Algorithm.COLLNET_DIRECT, gpu(3)));
        assertFalse(CollNetSchedules.applicable(cluster, 3, Algorithm.COLLNET_DIRECT, new int[] {0, 1, 8}));
    }

    @Test
    void shouldRootConcurrentGroupsAtDistinctSpinesUntilTheUplinksRunOut() {
        // 32 nodes of 8 GPUs, 64 hosts (8 nodes) per leaf: the 32 data-parallel groups of TP8 x PP4 x DP8 in the
        // default order (GPU t of nodes p, p + 4, ..., p + 28) each have two nodes under each of the 4 leaves and
        // need one uplink per leaf. SHARPv3 hosts one tree per port: at 2:1 a leaf has 32 uplinks, so all 32
        // groups root at distinct spines; at 4:1 it has 16, so groups 0-15 are granted and 16-31 refused.
        assertEquals(32, granted(dgx(32, 64, 2)));
        assertEquals(16, granted(dgx(32, 64, 4)));
    }

    /** How many of the 32 DP groups, asked for in order, the switches grant a tree, spread over the roots. */
    private static int granted(ClusterTopology cluster) {
        AggregationTrees trees = new AggregationTrees(cluster);
        int granted = 0;
        for (int p = 0; p < 4; p++) {
            for (int t = 0; t < 8; t++) {
                int[] group = new int[8];
                for (int d = 0; d < 8; d++) {
                    group[d] = 8 * (p + 4 * d) + t;
                }
                int[] choices = trees.allocateJob(group, 1, true);
                granted += choices == null ? 0 : 1;
            }
        }
        return granted;
    }

    @Test
    void shouldSpreadASecondGroupToTheNextSpineOnlyWhenAsked() {
        // GPU 0 and GPU 1 of the same 8 nodes (two per leaf of 16 hosts): both ask for tree 0, whose uplink the
        // first holds. Unspread (SharedFabric's grant, the trees its lone schedules run on) the second is refused;
        // spread, it takes choice 1, the next spine.
        ClusterTopology cluster = dgx(8, 16, 1);
        AggregationTrees fixed = new AggregationTrees(cluster);
        assertNotNull(fixed.allocateJob(gpu(0), 1, false));
        assertNull(fixed.allocateJob(gpu(1), 1, false));
        AggregationTrees spread = new AggregationTrees(cluster);
        assertEquals(0, spread.allocateJob(gpu(0), 1, true)[0]);
        assertEquals(1, spread.allocateJob(gpu(1), 1, true)[0]);
    }

    /** GPU {@code local} of each of 8 nodes. */
    private static int[] gpu(int local) {
        int[] group = new int[8];
        for (int d = 0; d < 8; d++) {
            group[d] = 8 * d + local;
        }
        return group;
    }
}
