package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class TopologyTest {
    private static final LinkClass LINK = new LinkClass(50e9, 100_000);
    private static final PathChoice FIRST = (hop, firstLink, stride, candidates) -> 0;

    /** Routes between random pairs are connected paths from the source to the destination. */
    private static void assertRoutesConnect(ClusterTopology cluster) {
        Graph graph = cluster.graph();
        int[] path = new int[cluster.maxRouteLinks()];
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 500; trial++) {
            int src = random.nextInt(cluster.accelerators());
            int dst = random.nextInt(cluster.accelerators());
            PathChoice anyChoice = (hop, firstLink, stride, candidates) -> random.nextInt(candidates);
            int length = cluster.route(src, dst, anyChoice, path);
            if (src == dst) {
                assertEquals(0, length);
                continue;
            }
            int at = src;
            for (int i = 0; i < length; i++) {
                assertEquals(at, graph.linkFrom(path[i]), "hop " + i + " of " + src + " -> " + dst);
                at = graph.linkTo(path[i]);
            }
            assertEquals(dst, at);
        }
    }

    private static ClusterTopology scaleOut(int accelerators, FabricParameters fabric) {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(accelerators, LINK, fabric));
    }

    private static ClusterTopology direct(int accelerators, FabricParameters fabric) {
        return ClusterTopology.build(ClusterParameters.direct(accelerators, fabric));
    }

    @Test
    void shouldRouteEveryFabricAlongConnectedPaths() {
        assertRoutesConnect(scaleOut(16, FatTreeParameters.singleSwitch(LINK)));
        assertRoutesConnect(scaleOut(64, FatTreeParameters.twoTier(8, 2.0, LINK)));
        assertRoutesConnect(scaleOut(250, FatTreeParameters.threeTier(4, 4, 2.0, 1.0, LINK)));
        assertRoutesConnect(scaleOut(128, FatTreeParameters.threeTier(4, 4, 1.0, 1.0, LINK).withRails(8)));
        assertRoutesConnect(direct(64, new TorusParameters(new int[] {4, 4, 4}, LINK)));
        assertRoutesConnect(direct(36, new TorusParameters(new int[] {6, 6}, LINK)));
        assertRoutesConnect(scaleOut(72, new DragonflyParameters(9, 4, 2, 2, LINK, LINK, false)));
        assertRoutesConnect(scaleOut(72, new DragonflyParameters(9, 4, 2, 2, LINK, LINK, true)));
        assertRoutesConnect(ClusterTopology.build(new ClusterParameters(64, ScaleUpParameters.switched(8, LINK, true),
                LINK, FatTreeParameters.twoTier(8, 1.0, LINK).withRails(8))));
        assertRoutesConnect(ClusterTopology.build(new ClusterParameters(32, ScaleUpParameters.fullMesh(8, LINK),
                LINK, FatTreeParameters.singleSwitch(LINK))));
        assertRoutesConnect(ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.rackScale72(LINK, true))));
    }

    @Test
    void shouldSizeLeafUplinksForTheRequestedOversubscription() {
        // 32 hosts, 8 per leaf at 4:1 with equal link rates: 2 uplinks per leaf, 2 spines.
        // Links: 32 x 2 NIC links + 4 leaves x 2 up + 2 spines x 4 down = 64 + 8 + 8.
        ClusterTopology cluster = scaleOut(32, FatTreeParameters.twoTier(8, 4.0, LINK));
        assertEquals(80, cluster.graph().linkCount());
        assertEquals(32 + 4 + 2, cluster.graph().nodeCount());
        // Faster fabric links need fewer uplinks: 8 x 50 GB/s at 1:1 over 200 GB/s links -> 2.
        ClusterTopology fast = ClusterTopology.build(ClusterParameters.scaleOutOnly(32, LINK,
                FatTreeParameters.twoTier(8, 1.0, new LinkClass(200e9, 0))));
        assertEquals(80, fast.graph().linkCount());
    }

    @Test
    void shouldBuildThreeTiersWithPodsAndCorePlanes() {
        // 64 hosts, 4 per leaf, 4 leaves per pod, 1:1 and 1:1: 16 leaves, 4 pods, 4 aggregation
        // switches per pod with 4 core uplinks each, 16 cores.
        ClusterTopology cluster = scaleOut(64, FatTreeParameters.threeTier(4, 4, 1.0, 1.0, LINK));
        assertEquals(64 + 16 + 16 + 16, cluster.graph().nodeCount());
        // Cross-pod route: NIC, leaf->agg, agg->core, core->agg, agg->leaf, NIC = 6 links; 16 minimal routes.
        int[] path = new int[cluster.maxRouteLinks()];
        assertEquals(6, cluster.route(0, 63, FIRST, path));
        assertEquals(16, cluster.minimalRouteCount(0, 63));
        // Same pod, other leaf: 4 links, 4 routes. Same leaf: 2 links.
        assertEquals(4, cluster.route(0, 5, FIRST, path));
        assertEquals(4, cluster.minimalRouteCount(0, 5));
        assertEquals(2, cluster.route(0, 3, FIRST, path));
    }

    @Test
    void shouldKeepSameRailTrafficOnItsRailLeaf() {
        // 8 nodes x 8 GPUs, 4 nodes per leaf, rail-optimized: GPU 0 of node 0 and GPU 0 of node 3 share the
        // rail-0 leaf (2 links); GPU 0 and GPU 1 of different nodes climb to a spine (4 links).
        ClusterTopology cluster = scaleOut(64, FatTreeParameters.twoTier(4, 1.0, LINK).withRails(8));
        int[] path = new int[cluster.maxRouteLinks()];
        assertEquals(2, cluster.route(0, 3 * 8, FIRST, path));
        assertEquals(4, cluster.route(0, 3 * 8 + 1, FIRST, path));
    }

    @Test
    void shouldRouteATorusInDimensionOrderTheShortWayRoundFromChipToChip() {
        // 8 x 8 torus in the accelerators: from (0,0) to (6,3), accelerator 3 x 8 + 6 = 30, dimension 0
        // goes back 2 hops (0 -> 7 -> 6), then dimension 1 forward 3 hops (6 -> 14 -> 22 -> 30); no NIC link.
        ClusterTopology cluster = direct(64, new TorusParameters(new int[] {8, 8}, LINK));
        int[] path = new int[cluster.maxRouteLinks()];
        int length = cluster.route(0, 3 * 8 + 6, FIRST, path);
        assertEquals(5, length);
        Graph graph = cluster.graph();
        assertEquals(0, graph.linkFrom(path[0]));
        int[] visited = {7, 6, 14, 22, 30};
        for (int hop = 0; hop < visited.length; hop++) {
            assertEquals(visited[hop], graph.linkTo(path[hop]), "hop " + hop);
        }
    }

    @Test
    void shouldGiveEveryChipTwoLinksPerTorusDimensionAtThatDimensionsRate() {
        // 4 x 2 x 3 = 24 chips, each with a + and a - link per dimension: 24 x 3 x 2 = 144 links, no
        // switch; the links of dimension d run at its own rate (10, 20, 30 GB/s here).
        LinkClass[] rates = {new LinkClass(10e9, 0), new LinkClass(20e9, 0), new LinkClass(30e9, 0)};
        ClusterTopology cluster = direct(24, new TorusParameters(new int[] {4, 2, 3}, rates));
        Graph graph = cluster.graph();
        assertEquals(24, graph.nodeCount());
        assertEquals(144, graph.linkCount());
        int[] path = new int[cluster.maxRouteLinks()];
        assertEquals(1, cluster.route(0, 1, FIRST, path)); // dimension 0 neighbour
        assertEquals(10e9, graph.linkBytesPerSecond(path[0]), 1e-3);
        assertEquals(1, cluster.route(0, 16, FIRST, path)); // (0,0,2): one hop back round dimension 2
        assertEquals(30e9, graph.linkBytesPerSecond(path[0]), 1e-3);
    }

    @Test
    void shouldTakeAtMostOneGlobalHopMinimallyAndTwoWithValiant() {
        ClusterTopology minimal = scaleOut(72, new DragonflyParameters(9, 4, 2, 2, LINK, LINK, false));
        ClusterTopology valiant = scaleOut(72, new DragonflyParameters(9, 4, 2, 2, LINK, LINK, true));
        int[] path = new int[valiant.maxRouteLinks()];
        SplittableRandom random = new SplittableRandom(5);
        PathChoice anyChoice = (hop, firstLink, stride, candidates) -> random.nextInt(candidates);
        for (int trial = 0; trial < 200; trial++) {
            int src = random.nextInt(72);
            int dst = random.nextInt(72);
            assertTrue(minimal.route(src, dst, anyChoice, path) <= 2 + 3);
            assertTrue(valiant.route(src, dst, anyChoice, path) <= 2 + 5);
        }
    }

    @Test
    void shouldConnectAFullMeshDirectly() {
        ClusterTopology mesh = ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.fullMesh(8, LINK)));
        assertEquals(8 * 7, mesh.graph().linkCount());
        int[] path = new int[mesh.maxRouteLinks()];
        assertEquals(1, mesh.route(2, 6, FIRST, path));
    }

    @Test
    void shouldRejectInconsistentShapes() {
        assertThrows(IllegalArgumentException.class,
                () -> new DragonflyParameters(9, 4, 2, 3, LINK, LINK, false));
        assertThrows(IllegalArgumentException.class, () -> new ClusterParameters(12,
                ScaleUpParameters.switched(8, LINK, false), LINK, FatTreeParameters.singleSwitch(LINK)));
        assertThrows(IllegalArgumentException.class,
                () -> direct(100, new TorusParameters(new int[] {4, 4}, LINK)));
    }
}
