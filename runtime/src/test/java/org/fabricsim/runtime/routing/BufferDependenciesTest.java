package org.fabricsim.runtime.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * The channel dependency graph of every route between two accelerators: a dragonfly's minimal routes chain its
 * routers' links into a cycle, which two virtual lanes break; a fat tree's up/down routes never form one.
 */
class BufferDependenciesTest {
    private static final LinkClass LINK = new LinkClass(50e9, 600_000);

    /** The dsl tests' Fly: 32 accelerators on 2 groups of 2 routers, one global link a router. */
    private static ClusterTopology fly() {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(32, LINK,
                new DragonflyParameters(2, 2, 8, 1, LINK, LINK, false)));
    }

    @Test
    void shouldFindTheRingOfRoutersInADragonflysMinimalRoutes() {
        // Routers 32-35 form a ring (32 local 33, 33 global 35, 35 local 34, 34 global 32); a minimal route between
        // routers two apart takes two of its links, so each ring link waits on the next in one direction or the
        // other: a cycle of four router-to-router links through all four routers.
        ClusterTopology fly = fly();
        BufferDependencies dependencies = BufferDependencies.ofAllPairs(new Router(fly, RoutingMode.ECMP, 1), 1);
        int[] cycle = dependencies.cycle();
        Graph graph = fly.graph();
        assertEquals(4, cycle.length, dependencies.describe(cycle));
        assertTrue(Arrays.stream(cycle).allMatch(link -> graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH
                && graph.nodeKind(graph.linkTo(link)) == Graph.SWITCH), dependencies.describe(cycle));
        assertEquals(Arrays.asList(32, 33, 34, 35), Arrays.stream(cycle).map(graph::linkFrom).sorted().boxed().toList());
        assertTrue(dependencies.describe(cycle).matches("switch (3[2-5]) -> (switch 3[2-5] \\(link \\d+\\) -> ){3}"
                + "switch \\1 \\(link \\d+\\)"), dependencies.describe(cycle));
    }

    @Test
    void shouldFindNoCycleInTheSameRoutesOnTwoVirtualLanes() {
        // A route's first router-to-router link rides lane 0 and its second lane 1: lane 0 waits only on lane 1.
        assertEquals(0, BufferDependencies.ofAllPairs(new Router(fly(), RoutingMode.ECMP, 1), 2).cycle().length);
    }

    @Test
    void shouldFindNoCycleInAFatTreesUpDownRoutesOverEveryMinimalRoute() {
        // 64 hosts, 8 a leaf, 1:1: every route goes up to a spine and down, so no down link waits on an up link and
        // no cycle can close; spraying takes every minimal route of every pair.
        ClusterTopology tree = ClusterTopology.build(ClusterParameters.scaleOutOnly(64, LINK,
                FatTreeParameters.twoTier(8, 1, LINK)));
        assertEquals(0, BufferDependencies.ofAllPairs(new Router(tree, RoutingMode.SPRAY, 1), 1).cycle().length);
    }
}
