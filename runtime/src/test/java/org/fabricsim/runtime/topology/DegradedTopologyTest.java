package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class DegradedTopologyTest {
    private static final LinkClass LINK = new LinkClass(50e9, 100_000);

    private static ClusterTopology scaleOut(int accelerators, FabricParameters fabric) {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(accelerators, LINK, fabric));
    }

    /**
     * Every route between every pair, under random choices, is a connected path from source to
     * destination that never touches switch {@code avoided}, nor the cable between switches
     * {@code cableEnd} and {@code cableOtherEnd} (−1 for none).
     */
    private static void assertRoutesAvoid(ClusterTopology cluster, int avoided, int cableEnd, int cableOtherEnd) {
        Graph graph = cluster.graph();
        int[] path = new int[cluster.maxRouteLinks()];
        SplittableRandom random = new SplittableRandom(5);
        PathChoice anyChoice = (hop, firstLink, stride, candidates) -> random.nextInt(candidates);
        for (int src = 0; src < cluster.accelerators(); src++) {
            for (int dst = 0; dst < cluster.accelerators(); dst++) {
                int length = cluster.route(src, dst, anyChoice, path);
                int at = src;
                for (int i = 0; i < length; i++) {
                    int from = graph.linkFrom(path[i]);
                    int to = graph.linkTo(path[i]);
                    assertEquals(at, from, "hop " + i + " of " + src + " -> " + dst);
                    assertNotEquals(avoided, to, src + " -> " + dst + " enters the failed switch");
                    boolean cable = from == cableEnd && to == cableOtherEnd || from == cableOtherEnd && to == cableEnd;
                    assertEquals(false, cable, src + " -> " + dst + " takes the failed cable");
                    at = to;
                }
                assertEquals(src == dst ? src : dst, at);
            }
        }
    }

    @Test
    void shouldCountThePartsAboveTheLeavesAsReroutable() {
        // Two tiers, 4 hosts per leaf, non-blocking: 32 ports on 8 leaves of 4 uplinks to 4 spines.
        ClusterTopology twoTier = scaleOut(32, FatTreeParameters.twoTier(4, 1.0, LINK));
        assertEquals(8 * 4, twoTier.reroutableLinks());
        assertEquals(4, twoTier.reroutableSwitches());
        // Three tiers, 4 hosts per leaf, 4 leaves per pod: 64 ports, 16 leaves in 4 pods, 4 uplinks per
        // leaf (16 aggregation switches), 4 per aggregation switch (16 cores): 64 + 64 cables, 16 + 16 switches.
        ClusterTopology threeTier = scaleOut(64, FatTreeParameters.threeTier(4, 4, 1.0, 1.0, LINK));
        assertEquals(64 + 64, threeTier.reroutableLinks());
        assertEquals(16 + 16, threeTier.reroutableSwitches());
        // 2:1 at the leaf with 2 hosts: one uplink, nothing to re-route over.
        assertEquals(0, scaleOut(16, FatTreeParameters.twoTier(2, 2.0, LINK)).reroutableLinks());
    }

    @Test
    void shouldRouteAroundAFailedCableAndSwitchWithOnePathFewer() {
        // 32 ports: nodes 0-31, leaves 32-39, spines 40-43. The failed cable joins leaf 32 and spine 40.
        ClusterTopology intact = scaleOut(32, FatTreeParameters.twoTier(4, 1.0, LINK));
        ClusterTopology cableDown = DegradedTopologies.withoutCable(intact);
        assertRoutesAvoid(cableDown, -1, 32, 40);
        assertEquals(4, intact.minimalRouteCount(0, 4));
        assertEquals(3, cableDown.minimalRouteCount(0, 4), "leaf 0 keeps 3 of its 4 spines");
        assertEquals(3, cableDown.minimalRouteCount(4, 0), "spine 0 no longer reaches leaf 0");
        assertEquals(4, cableDown.minimalRouteCount(4, 8), "other leaves keep all 4");
        ClusterTopology switchDown = DegradedTopologies.withoutSwitch(intact);
        assertRoutesAvoid(switchDown, 40, -1, -1);
        assertEquals(3, switchDown.minimalRouteCount(4, 8), "every leaf loses spine 0");
    }

    @Test
    void shouldRouteAroundFailuresInThreeTiers() {
        // 64 ports, 16 leaves (64-79), 16 aggregation switches (80-95), 16 cores (96-111).
        ClusterTopology intact = scaleOut(64, FatTreeParameters.threeTier(4, 4, 1.0, 1.0, LINK));
        assertRoutesAvoid(DegradedTopologies.withoutCable(intact), -1, 64, 80);
        assertRoutesAvoid(DegradedTopologies.withoutSwitch(intact), 80, -1, -1);
        // Leaf 0 to a leaf of another pod: 4 planes x 4 cores intact; without the cable, 3 planes.
        assertEquals(16, intact.minimalRouteCount(0, 16));
        assertEquals(12, DegradedTopologies.withoutCable(intact).minimalRouteCount(0, 16));
    }
}
