package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * The full mesh's directed rings ({@link MeshRings}) against the counts of the complete graph's
 * Hamiltonian decomposition: K_k has k(k − 1) directed links; odd k splits into (k − 1)/2 cycles
 * (k − 1 directed rings, every link used), even k ≥ 4 into (k − 2)/2 cycles plus a perfect matching
 * (k − 2 directed rings, all but the matching's k directed links used).
 */
class MeshRingsTest {

    @Test
    void shouldDecomposeTheCompleteGraphIntoLinkDisjointHamiltonianRings() {
        for (int k = 3; k <= 16; k++) {
            int[][] rings = MeshRings.directedRings(k);
            int expectedRings = k % 2 == 1 ? k - 1 : k - 2;
            assertEquals(expectedRings, rings.length, "rings of K_" + k);
            Set<Long> links = new HashSet<>();
            for (int[] ring : rings) {
                assertEquals(k, ring.length);
                Set<Integer> visited = new HashSet<>();
                for (int i = 0; i < k; i++) {
                    visited.add(ring[i]);
                    int from = ring[i];
                    int to = ring[(i + 1) % k];
                    assertTrue(from != to && from >= 0 && from < k && to >= 0 && to < k);
                    assertTrue(links.add((long) from * k + to), "link " + from + " → " + to + " used twice, K_" + k);
                }
                assertEquals(k, visited.size(), "a ring of K_" + k + " visits every vertex once");
            }
            // Odd: all k(k − 1); even: k(k − 1) − k = k(k − 2), the matching's two directions per pair left.
            assertEquals(k % 2 == 1 ? k * (k - 1) : k * (k - 2), links.size(), "links of K_" + k);
        }
    }

    @Test
    void shouldUseBothLinksOfAPairAndThe48OfAnMi300XNodes56() {
        // k = 2: the ring 0 → 1 → 0 crosses the one pair's two links. k = 8: three cycles, six
        // directed rings of eight links each, 48 of the 8 · 7 = 56.
        assertArrayEquals(new int[][] {{0, 1}}, MeshRings.directedRings(2));
        assertEquals(6, MeshRings.directedRings(8).length);
        // Walecki's first cycle on Z_6 ∪ {∞ = 6, ∞' = 7}: ∞, then the zigzag 0, 1, 5, 2, 4, 3 with ∞'
        // inserted into its diameter {5, 2} (difference q = 3, the third step).
        assertArrayEquals(new int[] {6, 0, 1, 5, 7, 2, 4, 3}, MeshRings.directedRings(8)[0]);
    }

    @Test
    void shouldKeepTheSwitchedDomainsOrderAShiftOfTheLocalIndices() {
        // A switched domain's ring for channel c starts at local c mod k and counts up, wrapping: with
        // domains of 4 over 8 ranks, channel 5 → 1, 2, 3, 0 then 5, 6, 7, 4.
        int[] identity = RingSchedules.localOrders(8, 4, false)[0];
        assertArrayEquals(new int[] {1, 2, 3, 0, 5, 6, 7, 4}, RingSchedules.order(8, 4, 5, identity));
        assertEquals(1, RingSchedules.localOrders(8, 4, false).length);
    }

    /**
     * The rule training's ring steps and serving's collectives share: a group inside one full-mesh domain spreads
     * over every directed ring of its K_g (g − 1 for odd g, g − 2 for even g ≥ 4; above), a pair over its one ring; a
     * switched domain, whose accelerators have one link to the switch whatever the peer, and a group larger than the
     * domain keep one.
     */
    @Test
    void shouldSpreadAGroupOverTheMeshRingsOnlyInsideOneFullMeshDomain() {
        LinkClass link = new LinkClass(50e9, 1_000_000);
        ClusterTopology mesh = ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.fullMesh(8, link)));
        assertEquals(6, MeshRings.spread(mesh, 8, Generation.HOPPER));
        assertEquals(6, MeshRings.spread(mesh, 7, Generation.HOPPER));
        assertEquals(2, MeshRings.spread(mesh, 4, Generation.HOPPER));
        assertEquals(1, MeshRings.spread(mesh, 2, Generation.HOPPER));
        assertEquals(1, MeshRings.spread(mesh, 16, Generation.HOPPER));
        ClusterTopology switched = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.switched(8, link, false)));
        assertEquals(1, MeshRings.spread(switched, 8, Generation.HOPPER));
    }

    /**
     * On CDNA3 a group filling a full mesh of 8 spreads over RCCL's 14 distinct rings (rome_model_79's 28 listed
     * twice), not the 6 link-disjoint ones; a group of 4 or 7 matches no RCCL model and keeps the mesh's 2 and 6; a
     * switched domain keeps one.
     */
    @Test
    void shouldSpreadAFullInstinctNodeOverRcclsRings() {
        LinkClass link = new LinkClass(50e9, 1_000_000);
        ClusterTopology mesh = ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.fullMesh(8, link)));
        assertEquals(14, MeshRings.spread(mesh, 8, Generation.CDNA3));
        assertEquals(6, MeshRings.spread(mesh, 7, Generation.CDNA3));
        assertEquals(2, MeshRings.spread(mesh, 4, Generation.CDNA3));
        ClusterTopology switched = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.switched(8, link, false)));
        assertEquals(1, MeshRings.spread(switched, 8, Generation.CDNA3));
        // training's successor tables are the same rings: 14 tables on which each of the 56 directed links (i -> j,
        // i != j) appears exactly twice (14 rings x 8 hops = 112 = 2 x 56); none off the mesh
        int[][] next = MeshRings.successors(mesh, 8, Generation.CDNA3);
        assertEquals(14, next.length);
        int[][] uses = new int[8][8];
        for (int[] ring : next) {
            for (int i = 0; i < 8; i++) {
                uses[i][ring[i]]++;
            }
        }
        for (int i = 0; i < 8; i++) {
            for (int j = 0; j < 8; j++) {
                assertEquals(i == j ? 0 : 2, uses[i][j], i + " -> " + j);
            }
        }
        assertEquals(null, MeshRings.successors(switched, 8, Generation.CDNA3));
    }

    /**
     * A group of 2 whole CDNA3 nodes spreads over rome_model_81's 8 paths: every directed mesh link of each node on one
     * of them (8 paths x 7 hops = 56 = the node's directed links), and each rank's one crossing to the other node
     * lands on the same local index (its NIC rail), once per path exit, 8 per node. Hopper keeps one channel.
     */
    @Test
    void shouldSpreadTwoInstinctNodesOverRcclsRailToRailPaths() {
        LinkClass link = new LinkClass(50e9, 1_000_000);
        ClusterTopology nodes = ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.fullMesh(8, link),
                link, FatTreeParameters.singleSwitch(link)));
        assertEquals(8, MeshRings.spread(nodes, 16, Generation.CDNA3));
        assertEquals(1, MeshRings.spread(nodes, 16, Generation.HOPPER));
        // MI355X (CDNA4) under RCCL as MI300X: the same 8 paths across nodes and 14 rings in one (serving, training).
        assertEquals(8, MeshRings.spread(nodes, 16, Generation.CDNA4));
        assertEquals(14, MeshRings.spread(nodes, 8, Generation.CDNA4));
        assertEquals(Generation.CDNA4, Generation.of("cdna4").forServing());
        int[][] next = MeshRings.successors(nodes, 16, Generation.CDNA3);
        int[][] uses = new int[16][16];
        int crossings = 0;
        for (int[] path : next) {
            for (int i = 0; i < 16; i++) {
                uses[i][path[i]]++;
                if (i / 8 != path[i] / 8) {
                    assertEquals(i % 8, path[i] % 8, "rail of " + i + " -> " + path[i]);
                    crossings++;
                }
            }
        }
        assertEquals(16, crossings);
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                boolean mesh = i / 8 == j / 8 && i != j;
                assertTrue(!mesh || uses[i][j] == 1, i + " -> " + j);
            }
        }
    }
}
