package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.junit.jupiter.api.Test;

/** A cluster graph is counted as the builder lays it down; one that cannot fit the heap is refused before the build. */
class GraphEstimateTest {
    /** 400 Gb/s, as the NICs of {@link #NODE}. */
    private static final double G400 = 50e9;
    /** 8 accelerators with a 400 Gb/s NIC each, no scale-up. */
    private static final NodeSpec NODE = TestClusters.singleSwitch(1, 8, G400, 1000).node();
    /** A 64-port 400 Gb/s switch. */
    private static final SwitchSpec SWITCH = new SwitchSpec("t.S", "generic", 64, G400, 0, 0, false, false);

    private static FabricSpec fabric(FabricSpec.FabricScope scope, double linkBytesPerSecond) {
        return new FabricSpec("t.F", "generic", scope, true, "", linkBytesPerSecond, 1000, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
    }

    private static ClusterSpec cluster(NodeSpec node, int nodes, TopologySpec topology, double linkBytesPerSecond) {
        return new ClusterSpec("t.C", node, nodes, new ScaleOutSpec(fabric(FabricSpec.FabricScope.SCALE_OUT,
                linkBytesPerSecond), topology, ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    /** 64 nodes of {@link #NODE} on a two-tier fat-tree of the default 64-port switch, links at {@code rate}. */
    private static ClusterSpec tree(double rate) {
        return cluster(NODE, 64, new TopologySpec.FatTree(null, 2, List.of(1.0), null), rate);
    }

    /** {@code cluster} with a data-centre network of one switch and a 100 Gb/s NIC per accelerator. */
    private static ClusterSpec withDataCentre(ClusterSpec cluster, TopologySpec topology) {
        return cluster.withDataCentre(new DataCentreSpec(new ScaleOutSpec(fabric(FabricSpec.FabricScope.SCALE_OUT,
                12.5e9), topology, ScaleOutSpec.Routing.ECMP), 12.5e9));
    }

    /**
     * The estimate counts {@code links} and {@code nodes}, and every count of the built graph, its groups (the flow
     * handles after the links) and their members included: the builder sized from it is full and hands its arrays
     * over uncopied. Bytes: 28 per link (24 in the link arrays, 4 in the group index), 28 per group (the same), 4 per
     * member, 2 per node.
     */
    private static void assertAsBuilt(ClusterSpec cluster, long links, long nodes) {
        GraphEstimate estimate = GraphEstimate.of(cluster);
        Graph built = ClusterTopologies.build(cluster).graph();
        assertEquals(links, estimate.links(), cluster.toString());
        assertEquals(nodes, estimate.nodes(), cluster.toString());
        assertEquals(built.linkCount(), estimate.links(), cluster.toString());
        assertEquals(built.nodeCount(), estimate.nodes(), cluster.toString());
        assertEquals(built.flowLinkCount() - built.linkCount(), estimate.groups(), cluster.toString());
        long members = 0;
        for (int group = built.linkCount(); group < built.flowLinkCount(); group++) {
            members += built.groupSize(group);
        }
        assertEquals(members, estimate.groupMembers(), cluster.toString());
        assertEquals(links * 28 + estimate.groups() * 28 + members * 4 + nodes * 2, estimate.bytes());
    }

    private static void assertGroups(ClusterSpec cluster, long groups, long members) {
        GraphEstimate estimate = GraphEstimate.of(cluster);
        assertEquals(groups, estimate.groups(), cluster.toString());
        assertEquals(members, estimate.groupMembers(), cluster.toString());
    }

    /**
     * 512 accelerators, 2 NIC links each: 1,024. Leaves of the default 64-port switch hold 32 NIC ports at 1:1, so 16
     * leaves; with fabric links as fast as the NICs each has 32 uplinks (32 spines), 16 × 32 × 2 = 1,024 links between
     * the tiers, 2,048 in all, 512 + 16 + 32 = 560 nodes; at 1/100 of the NICs' rate ⌈32 × 100⌉ = 3,200 uplinks and
     * spines, 16 × 3,200 × 2 = 102,400, 103,424 links and 3,728 nodes. 4 one-switch nodes: 64 NIC links, 33 nodes.
     * Spray groups: a leaf's uplinks and the links down into it, 2 × 16 = 32, whose members are the links between the
     * tiers (1,024; 102,400); none on one switch.
     */
    @Test
    void shouldCountTheLinksAndNodesOfATreeAsBuilt() {
        assertAsBuilt(tree(G400), 2_048, 560);
        assertGroups(tree(G400), 32, 1_024);
        assertAsBuilt(tree(G400 / 100), 103_424, 3_728);
        assertGroups(tree(G400 / 100), 32, 102_400);
        assertAsBuilt(TestClusters.singleSwitch(4, 8, G400, 1000), 64, 33);
        assertGroups(TestClusters.singleSwitch(4, 8, G400, 1000), 0, 0);
    }

    /**
     * 32 nodes of 4 chips on a 4 × 4 × 8 torus, dimension 2 open: n = 128; each closed dimension 2n = 256 links, the
     * open one 2n − 2n/8 = 224 (16 lines of 7 links each way), 736 links on 128 nodes (no switch, no NIC link). With a
     * data-centre network of one switch: 2 NIC links per chip more, 992 links, 129 nodes. The 4 × 4 × 8 slice of an 8
     * × 8 × 8 pod of 4 × 4 × 4 optical cubes is a closed torus: 6n = 768 links.
     */
    @Test
    void shouldCountATorusAsBuilt() {
        NodeSpec chips = TestClusters.singleSwitch(1, 4, G400, 1000).node();
        ClusterSpec mesh = cluster(chips, 32, new TopologySpec.Torus(List.of(4, 4, 8), List.of(),
                List.of(false, false, true)), G400);
        assertAsBuilt(mesh, 736, 128);
        assertAsBuilt(withDataCentre(mesh, new TopologySpec.SingleSwitch(null)), 992, 129);
        ClusterSpec pod = cluster(chips, 128, new TopologySpec.Torus(List.of(8, 8, 8), List.of(), List.of(),
                List.of(4, 4, 4), 100_000), G400);
        assertAsBuilt(pod.withSlice(List.of(4, 4, 8)), 768, 128);
        assertAsBuilt(pod, 3_072, 512);
    }

    /**
     * 9 nodes of 8 on a dragonfly of 9 groups × 4 routers, 2 global links per router: 36 routers, 36 × 3 = 108 local
     * and 36 × 2 = 72 global links, 144 NIC links: 324 links, 72 + 36 = 108 nodes. With switched scale-up per node:
     * 2 links per accelerator and a switch per node more, 468 links and 117 nodes. A job on its first 3 nodes keeps
     * every router: 108 + 72 + 48 = 228 links, 24 + 36 = 60 nodes.
     */
    @Test
    void shouldCountADragonflyAsBuilt() {
        TopologySpec.Dragonfly fly = new TopologySpec.Dragonfly(null, 9, 4, 2);
        ClusterSpec cluster = cluster(NODE, 9, fly, G400);
        assertAsBuilt(cluster, 324, 108);
        NodeSpec scaleUp = new NodeSpec("t.Up", NODE.accelerator(), 8, new ScaleUpSpec(fabric(
                FabricSpec.FabricScope.SCALE_UP, 450e9), ScaleUpSpec.Kind.SWITCHED, 8, 450e9, false), NODE.nic(), 8,
                true);
        assertAsBuilt(cluster(scaleUp, 9, fly, G400), 468, 117);
        assertAsBuilt(cluster.withNodes(3), 228, 60);
    }

    /**
     * Alibaba HPN's two planes: 2 nodes of 8 with 400 Gb/s NICs, each NIC's ports at 200 Gb/s on 2 planes of 2 stated
     * leaves. Per plane 16 ports, 8 per leaf, ⌈8 × 25 ÷ 50⌉ = 4 spines: 2 × 4 × 2 = 16 links, 6 switches. Two planes:
     * 32 links and 12 switches, 16 NIC nodes with 2 ports × 2 links each (64), 32 accelerator NIC links: 128 links, 16
     * + 12 + 16 = 44 nodes. Groups: one group of 2 twins for each of a plane's 16 links and 2 for each of the 16 NICs'
     * ports (its 2 up ports, its 2 down ports), 16 + 32 = 48 of 2 members: 96; and one plane's spray groups over both
     * planes, a leaf's uplinks and the links down into it, 2 x 2 = 4 groups of 2 x 4 members: 32. 52 groups, 128
     * members.
     */
    @Test
    void shouldCountAMultiPlaneFabricAsBuilt() {
        TierStructure planes = new TierStructure(new TierStructure.Level(SWITCH, 2, 0), null, null, 0, 2, 0);
        ClusterSpec cluster = cluster(NODE, 2, new TopologySpec.FatTree(SWITCH, 2, List.of(1.0), planes), G400);
        assertAsBuilt(cluster, 128, 44);
        assertGroups(cluster, 52, 128);
        assertAsBuilt(withDataCentre(cluster, new TopologySpec.SingleSwitch(null)), 160, 45);
    }

    /** Rail-optimized and three-tier trees, a tree as the data-centre network and a full mesh: estimate = built. */
    @Test
    void shouldCountEveryOtherShapeAsBuilt() {
        List<ClusterSpec> clusters = List.of(
                cluster(NODE, 64, new TopologySpec.RailOptimized(null, 8, 2, List.of(1.0)), G400),
                cluster(NODE, 64, new TopologySpec.RailOptimized(SWITCH, 8, 3, List.of(2.0, 1.0)), G400 / 4),
                cluster(NODE, 256, new TopologySpec.FatTree(null, 3, List.of(1.0, 2.0)), G400),
                withDataCentre(tree(G400), new TopologySpec.FatTree(null, 3, List.of(3.0, 1.0))),
                cluster(new NodeSpec("t.Mesh", NODE.accelerator(), 8, new ScaleUpSpec(fabric(
                        FabricSpec.FabricScope.SCALE_UP, 64e9), ScaleUpSpec.Kind.FULL_MESH, 8, 448e9, false),
                        NODE.nic(), 8, true), 4, new TopologySpec.SingleSwitch(null), G400));
        for (ClusterSpec cluster : clusters) {
            Graph built = ClusterTopologies.build(cluster).graph();
            assertAsBuilt(cluster, built.linkCount(), built.nodeCount());
        }
    }

    /**
     * 2^31 − 1 one-accelerator nodes on one switch: 4,294,967,294 NIC links at 28 B and 2^31 nodes at 2 B, 124.6 GB,
     * more than any test heap; the run is refused before the build (it died out of memory in it). The same cluster's
     * first 2 nodes run.
     */
    @Test
    void shouldRefuseAGraphLargerThanTheHeapBeforeBuildingIt() {
        ClusterSpec huge = TestClusters.singleSwitch(Integer.MAX_VALUE, 1, G400, 1000);
        GraphEstimate estimate = GraphEstimate.of(huge);
        assertEquals(4_294_967_294L, estimate.links());
        assertFalse(estimate.fits(Runtime.getRuntime().maxMemory()));
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class, () -> new Simulator().run(
                allReduce(huge, Integer.MAX_VALUE)));
        assertTrue(refused.getMessage().startsWith("t.All would build a graph of 4,294,967,294 links and"
                + " 2,147,483,648 nodes, about 124.6 GB of memory at least"), refused.getMessage());
        assertTrue(refused.getMessage().contains("its largest part is 2,147,483,647 accelerators' NIC links. Fix:"
                + " write fewer nodes"), refused.getMessage());
        assertEquals(1, ((List<?>) new Simulator().run(allReduce(huge, 2)).metrics().get("rows")).size());
    }

    /**
     * A 1,024 × 1,024 × 1,024 torus of 4-chip nodes: 2^30 chips, 6 × 2^30 = 6,442,450,944 links at 28 B and 2^30 nodes
     * at 2 B, 182.5 GB. A dragonfly of 10,001 groups × 10,000 routers, 1 global link each: 100,010,000 routers with
     * 9,999 local links and 1 global link each, 1,000,100,000,000 links, with 2 nodes' 32 NIC links and 16 accelerators
     * 28,003.0 GB. Both refused before the build.
     */
    @Test
    void shouldRefuseATorusOrADragonflyLargerThanTheHeapBeforeBuildingIt() {
        NodeSpec chips = TestClusters.singleSwitch(1, 4, G400, 1000).node();
        ClusterSpec torus = cluster(chips, 1 << 28, new TopologySpec.Torus(List.of(1024, 1024, 1024)), G400);
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class, () -> new Simulator().run(
                allReduce(torus, 1 << 28)));
        assertTrue(refused.getMessage().startsWith("t.All would build a graph of 6,442,450,944 links and"
                + " 1,073,741,824 nodes, about 182.5 GB of memory at least"), refused.getMessage());
        assertTrue(refused.getMessage().contains("its largest part is 6,442,450,944 torus links. Fix: write fewer"
                + " nodes"), refused.getMessage());
        ClusterSpec dragonfly = cluster(NODE, 2, new TopologySpec.Dragonfly(null, 10_001, 10_000, 1), G400);
        refused = assertThrows(InfeasibleRunException.class, () -> new Simulator().run(allReduce(dragonfly, 2)));
        assertTrue(refused.getMessage().startsWith("t.All would build a graph of 1,000,100,000,032 links and"
                + " 100,010,016 nodes, about 28003.0 GB of memory at least"), refused.getMessage());
        assertTrue(refused.getMessage().contains("its largest part is 1,000,100,000,000 dragonfly links. Fix: state"
                + " fewer groups"), refused.getMessage());
    }

    private static CollectiveBenchmarkSpec allReduce(ClusterSpec cluster, int nodes) {
        return new CollectiveBenchmarkSpec("t.All", cluster, nodes, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1,
                List.of(1L << 20));
    }
}
