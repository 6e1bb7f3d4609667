package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * RCCL's rings over MI300X nodes (ROCm/rccl 0cbce2a7, rome_models.cc rome_model_79 and rome_model_81) and model 81's
 * tree paths (treeRail, rocm-systems projects/rccl rome_models.cc at 0eb07b24), checked for the properties that decide
 * their bandwidth, counted by hand from the models' lists.
 */
class RcclMeshRingsTest {
    @Test
    void shouldPutEveryDirectedXgmiLinkOfOneNodeOnTwoOfItsFourteenRings() {
        // 14 Hamiltonian cycles of 8 links: 112 link uses over the 8 x 7 = 56 directed links, 2 each when even.
        int[] uses = new int[64];
        for (int c = 0; c < 14; c++) {
            int[] ring = RcclMeshRings.order(8, c);
            for (int i = 0; i < 8; i++) {
                uses[ring[i] * 8 + ring[(i + 1) % 8]]++;
            }
        }
        for (int from = 0; from < 8; from++) {
            for (int to = 0; to < 8; to++) {
                assertEquals(from == to ? 0 : 2, uses[from * 8 + to], from + "->" + to);
            }
        }
    }

    @Test
    void shouldCrossNodesRailToRailOnPathsThatUseEachLinkOnce() {
        // Over 2 nodes the 8 paths enter and leave each node on their ends' own NICs: the hop between nodes joins
        // the same local GPU (no PXN hop), and inside a node the 8 paths' 8 x 7 = 56 directed links are distinct.
        Set<Integer> links = new HashSet<>();
        for (int c = 0; c < 8; c++) {
            int[] ring = RcclMeshRings.order(16, c);
            for (int i = 0; i < 16; i++) {
                int from = ring[i];
                int to = ring[(i + 1) % 16];
                if (from / 8 != to / 8) {
                    assertEquals(from % 8, to % 8, "channel " + c + " crosses from GPU " + from + " to " + to);
                } else if (from < 8) {
                    assertTrue(links.add(from * 8 + to), "link " + from + "->" + to + " on two paths");
                }
            }
        }
        assertEquals(56, links.size());
        // N0 0 1 2 3 4 5 6 7 N7 forward on host 0, reversed on host 1.
        assertArrayEquals(new int[] { 0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8 }, RcclMeshRings.order(16, 0));
    }

    @Test
    void shouldHeadEachTreeChannelOnItsRailOverDirectedLinksOfItsOwn() {
        // rome_model_81's treeRail: path c starts at GPU c, visits all 8 GPUs, and the 8 paths' 8 x 7 = 56 directed
        // links are all distinct.
        int[][] chains = RcclMeshRings.treeChains();
        assertEquals(8, chains.length);
        Set<Integer> links = new HashSet<>();
        for (int c = 0; c < 8; c++) {
            assertEquals(c, chains[c][0]);
            assertEquals(8, Arrays.stream(chains[c]).distinct().count(), "chain " + c);
            for (int i = 1; i < 8; i++) {
                assertTrue(links.add(chains[c][i - 1] * 8 + chains[c][i]), "chain " + c + " step " + i);
            }
        }
        assertEquals(56, links.size());
    }

    @Test
    void shouldSpreadATreeAcrossMi300xNodesOverEveryXgmiLink() {
        // 2 nodes, 8 lanes (64 channels), S = 64 MiB: each lane and tree carries S/16. NCCL's chains (Hopper-tuned)
        // send every lane but x's own from x to x - 1, both trees, in the reduce and back in the broadcast: 7 x 2 x S/16
        // = 7S/8 on one directed link. RCCL's rail paths give each directed link one lane's reduce (2 x S/16) and one
        // lane's broadcast (2 x S/16): S/4; each NIC carries S/8. The schedule keeps every chain edge busy through
        // the pipeline's fill (d + m - 1 steps of 1/m of a lane's bytes), the same factor on both, so the busiest
        // links stand at 7S/8 : S/4 = 3.5.
        long size = 64L << 20;
        LinkClass xgmi = new LinkClass(48e9, 0);
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.fullMesh(8, xgmi),
                nic, FatTreeParameters.singleSwitch(nic)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, size, 16)
                .withAlgorithm(Algorithm.DOUBLE_BINARY_TREE).withProtocol(Protocol.SIMPLE).withChannels(64)
                .withReuseSymmetricSteps(true);
        double rccl = busiest(CollectiveEngine.run(cluster, request.withGeneration(Generation.CDNA3)));
        double nccl = busiest(CollectiveEngine.run(cluster, request.withGeneration(Generation.HOPPER)));
        assertEquals(3.5, nccl / rccl, 1e-9);
    }

    private static double busiest(CollectiveResult result) {
        return Arrays.stream(result.linkBytes()).max().orElse(0);
    }

    @Test
    void shouldApplyOnlyToWholeNodesOfEight() {
        assertTrue(RcclMeshRings.apply(16, 8));
        assertFalse(RcclMeshRings.apply(4, 8));
        assertFalse(RcclMeshRings.apply(8, 4));
    }

    @Test
    void shouldRunAnMi300XNodesAllReduceOnAllSevenLinks() {
        // 1 GiB on 8 GPUs, 64 GB/s links at 81.6%: 52.2 GB/s each. RCCL's rings load all 7 links of a GPU alike, so
        // the ring's bus bandwidth approaches 7 x 52.2 = 365.6 GB/s; the engine's link-disjoint rings (6 links) stop
        // at 6 x 52.2 = 313.3. Hopper-tuned the node runs the latter.
        LinkClass xgmi = new LinkClass(64e9, 0).derated(Calibration.DEFAULT.nvlinkEfficiency());
        ClusterTopology node = ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.fullMesh(8, xgmi)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 30, 8)
                .withAlgorithm(Algorithm.RING).withProtocol(Protocol.SIMPLE).withReuseSymmetricSteps(true);
        double rccl = CollectiveEngine.run(node, request.withGeneration(Generation.CDNA3).withChannels(56)).busbwGBps();
        double mesh = CollectiveEngine.run(node, request.withGeneration(Generation.HOPPER).withChannels(56)).busbwGBps();
        assertTrue(rccl > 313.3 && rccl <= 365.6, "RCCL's rings " + rccl);
        assertTrue(mesh <= 313.3, "mesh rings " + mesh);
    }
}
