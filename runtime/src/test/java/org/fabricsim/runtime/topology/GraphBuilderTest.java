package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/** A builder sized for its graph hands its arrays over; one sized otherwise, or growing, builds the same graph. */
class GraphBuilderTest {
    private static final LinkClass FAST = new LinkClass(50e9, 1_000);
    private static final LinkClass SLOW = new LinkClass(25e9, 3_000);

    /**
     * Two accelerators (nodes 0, 1) on a switch (node 2, reducing) with two parallel links each way to node 0 and one
     * to node 1: 6 links, 2 groups (0's uplinks 0 and 1; its downlinks 2 and 3) of 4 members. Group 6 runs at 2 × 50
     * GB/s, the slowest member's latency 1 ns; group 7 at 2 × 25 GB/s (its slowest member), 3 ns. Then {@code
     * moreGroups}, if any.
     */
    private static Graph build(GraphBuilder builder, int[]... moreGroups) {
        builder.addNodes(Graph.ACCELERATOR, 2, false);
        int sw = builder.addNodes(Graph.SWITCH, 1, true);
        builder.addLink(0, sw, FAST);
        builder.addLink(0, sw, FAST);
        builder.addLink(sw, 0, SLOW);
        builder.addLink(sw, 0, FAST);
        builder.addLink(1, sw, FAST);
        builder.addLink(sw, 1, FAST);
        builder.addGroup(new int[] {0, 1});
        builder.addGroup(new int[] {2, 3});
        for (int[] group : moreGroups) {
            builder.addGroup(group);
        }
        return builder.build();
    }

    @Test
    void shouldBuildTheSameGraphWhateverTheBuilderIsSizedFor() {
        List<Supplier<GraphBuilder>> builders = List.of(() -> new GraphBuilder(3, 6, 2, 4),
                () -> new GraphBuilder(0, 0, 0, 0), () -> new GraphBuilder(1, 2, 1, 1),
                () -> new GraphBuilder(9, 20, 5, 30), GraphBuilder::new);
        for (Supplier<GraphBuilder> builder : builders) {
            Graph graph = build(builder.get());
            assertEquals(3, graph.nodeCount());
            assertEquals(Graph.SWITCH, graph.nodeKind(2));
            assertTrue(graph.reducesInSwitch(2));
            assertEquals(6, graph.linkCount());
            assertEquals(8, graph.flowLinkCount());
            assertEquals(25e9, graph.linkBytesPerSecond(2));
            assertEquals(6, graph.groupOf(1));
            assertEquals(-1, graph.groupOf(4));
            assertEquals(100e9, graph.linkBytesPerSecond(6));
            assertEquals(1_000, graph.linkLatencyPs(6));
            assertEquals(50e9, graph.linkBytesPerSecond(7));
            assertEquals(3_000, graph.linkLatencyPs(7));
            assertEquals(2, graph.linkFrom(7));
            assertEquals(0, graph.linkTo(7));
            assertEquals(2, graph.groupSize(7));
        }
    }

    /** The graph owns the builder's arrays: nothing may be added after the build, nor a second graph built. */
    @Test
    void shouldRefuseToGrowAGraphItHasBuilt() {
        GraphBuilder builder = new GraphBuilder(3, 6, 2, 4);
        build(builder);
        assertThrows(IllegalStateException.class, () -> builder.addLink(0, 1, FAST));
        assertThrows(IllegalStateException.class, () -> builder.addNodes(Graph.SWITCH, 1, false));
        assertThrows(IllegalStateException.class, () -> builder.addGroup(new int[] {4}));
        assertThrows(IllegalStateException.class, builder::build);
    }
    /**
     * Groups nest: the graph of {@link #build} with a third group of node 0's four links to and from the switch, {0, 1,
     * 2, 3}, which holds groups 6 and 7 whole: group 8, of 4 members, at 4 × 25 GB/s (its slowest member), enclosing
     * both; a link's groups follow outward (1 in 6 in 8), and a group of links 1 and 4 holds part of group 6 only
     * (link 0 left out) and is refused.
     */
    @Test
    void shouldNestAGroupThatHoldsEarlierGroupsWholeAndRefuseOneThatHoldsPartOfOne() {
        Graph graph = build(new GraphBuilder(), new int[] {0, 1, 2, 3});
        assertEquals(9, graph.flowLinkCount());
        assertEquals(6, graph.groupOf(1));
        assertEquals(8, graph.groupOf(6));
        assertEquals(8, graph.groupOf(7));
        assertEquals(-1, graph.groupOf(8));
        assertEquals(4, graph.groupSize(8));
        assertEquals(100e9, graph.linkBytesPerSecond(8));
        assertThrows(IllegalArgumentException.class, () -> build(new GraphBuilder(), new int[] {1, 4}));
    }
}
