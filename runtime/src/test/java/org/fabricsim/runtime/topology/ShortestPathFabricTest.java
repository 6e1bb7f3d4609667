package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A fabric given as a whole graph is routed on its own links by shortest paths, with ECMP over the ties. */
class ShortestPathFabricTest {
    private static final LinkClass NIC_400G = LinkClass.ofGigabitsPerSecond(400, 1_000_000);
    private static final LinkClass FABRIC_400G = LinkClass.ofGigabitsPerSecond(400, 600_000);
    private static final PathChoice FIRST = (hop, firstLink, stride, candidates) -> 0;
    private static final PathChoice LAST = (hop, firstLink, stride, candidates) -> candidates - 1;

    /** 32 accelerators on a 2-tier fat-tree: leaves of 8 ports, each with ⌈8·400G / 400G⌉ = 8 uplinks to 8 spines. */
    private static ClusterTopology fatTreeAsGraph() {
        Graph built = ClusterTopology.build(ClusterParameters.scaleOutOnly(32, NIC_400G,
                FatTreeParameters.twoTier(8, 1.0, FABRIC_400G))).graph();
        return ClusterTopology.build(ClusterParameters.direct(32, new GraphFabricParameters(built)));
    }

    @Test
    void shouldCrossTwoLinksUnderOneLeafAndFourThroughASpine() {
        ClusterTopology topology = fatTreeAsGraph();
        Graph graph = topology.graph();
        int[] path = new int[topology.maxRouteLinks()];

        // Accelerators 0 and 7 share leaf 0: up and down, one way only.
        assertEquals(2, topology.route(0, 7, FIRST, path));
        assertEquals(1, topology.minimalRouteCount(0, 7));
        // 0 and 31 are under leaves 0 and 3: NIC, leaf → spine, spine → leaf, NIC; any of the 8 spines.
        int hops = topology.route(0, 31, LAST, path);
        assertEquals(4, hops);
        assertEquals(8, topology.minimalRouteCount(0, 31));
        assertEquals(0, graph.linkFrom(path[0]));
        for (int i = 1; i < hops; i++) {
            assertEquals(graph.linkTo(path[i - 1]), graph.linkFrom(path[i]), "the path is connected at hop " + i);
        }
        assertEquals(31, graph.linkTo(path[hops - 1]));
        int[] other = new int[topology.maxRouteLinks()];
        topology.route(0, 31, FIRST, other);
        assertTrue(graph.linkTo(path[1]) != graph.linkTo(other[1]), "the first and last choices take different spines");
    }

    @Test
    void shouldForwardThroughAcceleratorsOfADirectRing() {
        // Six accelerators in a ring with links both ways, no switch: 0 → 3 is three hops either way round
        // (2 shortest paths), 0 → 2 two hops through accelerator 1 (one path).
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, 6, false);
        for (int r = 0; r < 6; r++) {
            builder.addLink(r, (r + 1) % 6, FABRIC_400G);
            builder.addLink((r + 1) % 6, r, FABRIC_400G);
        }
        ClusterTopology ring = ClusterTopology.build(ClusterParameters.direct(6, new GraphFabricParameters(builder.build())));
        int[] path = new int[ring.maxRouteLinks()];

        assertEquals(3, ring.route(0, 3, FIRST, path));
        assertEquals(2, ring.minimalRouteCount(0, 3));
        assertEquals(2, ring.route(0, 2, FIRST, path));
        assertEquals(1, ring.graph().linkTo(path[0]));
        assertEquals(1, ring.minimalRouteCount(0, 2));
    }

    @Test
    void shouldRefuseAGraphWhoseAcceleratorsDoNotComeFirst() {
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, 1, false);
        builder.addNodes(Graph.SWITCH, 1, false);
        builder.addNodes(Graph.ACCELERATOR, 1, false);
        GraphFabricParameters fabric = new GraphFabricParameters(builder.build());

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ClusterTopology.build(ClusterParameters.direct(1, fabric)));

        assertTrue(error.getMessage().contains("node 2 is an accelerator after other kinds of node"), error.getMessage());
    }
}
