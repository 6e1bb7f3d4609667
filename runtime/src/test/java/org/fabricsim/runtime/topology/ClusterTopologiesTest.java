package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class ClusterTopologiesTest {
    private static final FabricSpec NVLINK = new FabricSpec("t.NVLink", "generic", FabricSpec.FabricScope.SCALE_UP,
            false, "", 25e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);

    private static double scaleUpRate(double measuredEfficiency) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 989e12, 0, 80L << 30, 3.35e12, 0.803, 0, 200e9,
                measuredEfficiency);
        NodeSpec node = new NodeSpec("t.Node", gpu, 8,
                new ScaleUpSpec(NVLINK, ScaleUpSpec.Kind.SWITCHED, 8, 200e9, false), null, 0, false);
        ClusterTopology topology = ClusterTopologies.build(new ClusterSpec("t.C", node, 1, null, 0, null, null));
        return topology.graph().linkBytesPerSecond(topology.scaleUpUplink(0));
    }

    @Test
    void shouldDerateTheScaleUpLinkByThePartsMeasuredEfficiency() {
        // H800-like: 8 x 25 GB/s = 200 GB/s per direction, 80% measured (160 GB/s, DeepSeek-V3 §3.2.2).
        assertEquals(160e9, scaleUpRate(0.80), 1e-3);
    }

    @Test
    void shouldUseTheEnginesDefaultWhenThePartHasNoMeasurement() {
        // 200 GB/s x the default NVLink efficiency: NCCL's ring busbw on 8 x H200, 367.2 / 450 = 0.816.
        assertEquals(200e9 * Calibration.DEFAULT.nvlinkEfficiency(), scaleUpRate(0), 1e-3);
        assertEquals(163.2e9, scaleUpRate(0), 1e-3);
    }

    /** 16 single-accelerator nodes, one 50 GB/s NIC each, on {@code topology} with links of the same rate. */
    private static ClusterTopology scaleOut(TopologySpec topology, ScaleOutSpec.Routing routing) {
        return ClusterTopologies.build(sixteenNodes(topology, routing));
    }

    private static ClusterSpec sixteenNodes(TopologySpec topology, ScaleOutSpec.Routing routing) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec("t.N", "generic", 1, 50e9, 0, 0);
        FabricSpec ethernet = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", 50e9, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.Node", gpu, 1, null, nic, 1, true);
        return new ClusterSpec("t.C", node, 16, new ScaleOutSpec(ethernet, topology, routing), 0, null, null);
    }

    private static int switches(ClusterTopology topology) {
        int count = 0;
        for (int node = 0; node < topology.graph().nodeCount(); node++) {
            count += topology.graph().nodeKind(node) == Graph.SWITCH ? 1 : 0;
        }
        return count;
    }

    @Test
    void shouldBuildADragonflyWithEveryPairOfGroupsJoinedEqually() {
        // 4 groups x 2 routers, 3 global links per router: 6 per group, 2 to each of the 3 other groups.
        ClusterTopology fly = scaleOut(new TopologySpec.Dragonfly(null, 4, 2, 3), ScaleOutSpec.Routing.MINIMAL);
        // 16 NIC ports over 8 routers: 2 per router. Links: 16 x 2 NIC links, 4 groups x 2 x 1 local,
        // 4 groups x 6 global = 32 + 8 + 24 = 64.
        assertEquals(8, switches(fly));
        assertEquals(64, fly.graph().linkCount());
        assertTrue(fly.describe().contains("dragonfly, 4 groups x 2 routers x 2 endpoints"), fly.describe());
        // accelerator 0 (group 0) to accelerator 4 (group 1): two parallel global links between the groups.
        assertEquals(2, fly.minimalRouteCount(0, 4));
    }

    @Test
    void shouldKeepAJobOnTheFirstNodesOfADragonflyOnTheRoutersTheyHaveInTheWholeCluster() {
        // The 16 nodes above sit 2 per router (⌈16 / 8⌉): nodes 0-3 on routers 0 and 1, group 0. The first 4
        // keep that placement, 2 per router, not ⌈4 / 8⌉ = 1 (which put node 3 on router 3, in group 1): so
        // nodes 0 and 3 share a group, one minimal route, where groups apart have 2 parallel global links.
        ClusterSpec whole = sixteenNodes(new TopologySpec.Dragonfly(null, 4, 2, 3), ScaleOutSpec.Routing.MINIMAL);
        ClusterTopology first4 = ClusterTopologies.build(whole.withNodes(4));
        assertTrue(first4.describe().contains("dragonfly, 4 groups x 2 routers x 2 endpoints"), first4.describe());
        assertEquals(1, first4.minimalRouteCount(0, 3));
        // The whole cluster, cut or not, is built as before.
        assertEquals(whole, whole.withNodes(16));
        assertEquals(ClusterTopologies.build(whole).describe(), ClusterTopologies.build(whole.withNodes(16)).describe());
    }

    @Test
    void shouldApplyTheTopTiersRatioToTheLinksIntoIt() {
        // Llama 3 writes 1:1, 1:1, 7:1 for three tiers: the top tier has no uplinks, so its 7:1 sets the
        // spine-to-core links, the same tree as 1:1, 7:1, and fewer links than 1:1, 1:1 (nothing applied).
        SwitchSpec fourPorts = new SwitchSpec("t.S4", "generic", 4, 50e9, 0, 0, false, false);
        ClusterTopology llama = scaleOut(new TopologySpec.FatTree(fourPorts, 3, List.of(1.0, 1.0, 7.0)),
                ScaleOutSpec.Routing.ECMP);
        ClusterTopology two = scaleOut(new TopologySpec.FatTree(fourPorts, 3, List.of(1.0, 7.0)), ScaleOutSpec.Routing.ECMP);
        ClusterTopology none = scaleOut(new TopologySpec.FatTree(fourPorts, 3, List.of(1.0, 1.0)),
                ScaleOutSpec.Routing.ECMP);
        assertEquals(two.graph().linkCount(), llama.graph().linkCount());
        assertEquals(switches(two), switches(llama));
        assertTrue(llama.graph().linkCount() < none.graph().linkCount(),
                llama.graph().linkCount() + " links at 7:1, " + none.graph().linkCount() + " at 1:1");
    }

    @Test
    void shouldBuildATorusInTheAcceleratorsWithoutSwitchesOrNics() {
        // 2 x 2 x 4 = 16 accelerators, each its own router: a + and a - link per dimension, 16 x 3 x 2 = 96
        // links, no switch, no NIC link (the old torus had 16 routers and 32 NIC links more).
        ClusterTopology torus = scaleOut(new TopologySpec.Torus(List.of(2, 2, 4)), ScaleOutSpec.Routing.DIMENSION_ORDER);
        assertEquals(0, switches(torus));
        assertEquals(96, torus.graph().linkCount());
        assertTrue(!torus.hasNics());
    }

    @Test
    void shouldCutATorusToTheLeadingDimensionsABenchmarksNodesFill() {
        // 2 x 2 x 4 chips, one a node: the first 4 are the 2 x 2 torus of the first two dimensions, wrap links
        // and stated rates included (4 chips x 2 dimensions x 2 directions = 16 links, no switch).
        ClusterSpec cluster = sixteenNodes(new TopologySpec.Torus(List.of(2, 2, 4), List.of(50e9, 50e9, 100e9)),
                ScaleOutSpec.Routing.DIMENSION_ORDER);
        ClusterSpec plane = cluster.withNodes(4);
        assertEquals(new TopologySpec.Torus(List.of(2, 2), List.of(50e9, 50e9)), plane.scaleOut().topology());
        assertEquals(16, ClusterTopologies.build(plane).graph().linkCount());
        // the first 8 fill no leading dimensions (2, 4 or 16 do): a torus cut open, left whole for the
        // validator to refuse (fabric.physical.torus-benchmark-nodes)
        assertEquals(cluster.scaleOut().topology(), cluster.withNodes(8).scaleOut().topology());
        assertThrows(IllegalArgumentException.class, () -> ClusterTopologies.build(cluster.withNodes(8)));
    }

    @Test
    void shouldBuildAMeshWithoutWrapLinksAndCutItToLeadingDimensionsStillOpen() {
        // 2 x 2 x 4, every dimension open: a line of k chips has k - 1 links each way, so dimensions 0 and 1 have
        // 8 lines of 1 x 2 links and dimension 2 has 4 lines of 3 x 2: 16 + 16 + 24 = 56 links (the torus 96).
        List<Boolean> open = List.of(true, true, true);
        ClusterSpec cluster = sixteenNodes(new TopologySpec.Torus(List.of(2, 2, 4), List.of(), open),
                ScaleOutSpec.Routing.DIMENSION_ORDER);
        assertEquals(56, ClusterTopologies.build(cluster).graph().linkCount());
        // the first 4 chips: the 2 x 2 mesh, still open, 2 dimensions x 2 lines x 1 x 2 = 8 links (the torus 16)
        ClusterSpec plane = cluster.withNodes(4);
        assertEquals(new TopologySpec.Torus(List.of(2, 2), List.of(), List.of(true, true)), plane.scaleOut().topology());
        assertEquals(8, ClusterTopologies.build(plane).graph().linkCount());
    }

    @Test
    void shouldRunEachTorusDimensionAtItsStatedRateDeratedLikeTheFabric() {
        // Dimension 2 at 100 GB/s stated, 0 and 1 at the fabric's 50 GB/s; all at the NIC efficiency.
        ClusterTopology torus = scaleOut(new TopologySpec.Torus(List.of(2, 2, 4), List.of(50e9, 50e9, 100e9)),
                ScaleOutSpec.Routing.DIMENSION_ORDER);
        int[] path = new int[torus.maxRouteLinks()];
        assertEquals(1, torus.route(0, 4, (hop, first, stride, candidates) -> 0, path));
        assertEquals(100e9 * Calibration.DEFAULT.nicEfficiency(), torus.graph().linkBytesPerSecond(path[0]), 1e-3);
        assertEquals(1, torus.route(0, 1, (hop, first, stride, candidates) -> 0, path));
        assertEquals(50e9 * Calibration.DEFAULT.nicEfficiency(), torus.graph().linkBytesPerSecond(path[0]), 1e-3);
    }

    @Test
    void shouldRunARingAllReduceOnADragonflyNoFasterThanTheNicsAndOnATorusNoFasterThanTwoLinks() {
        // Upper bounds: on the dragonfly ring all-reduce busbw <= the NIC's rate, 50 GB/s x 0.96 = 48 GB/s; on
        // the torus every chip drives at most its two links of a dimension at once (bidirectional rings): 96 GB/s.
        for (TopologySpec topology : List.of(new TopologySpec.Dragonfly(null, 4, 2, 3),
                new TopologySpec.Torus(List.of(2, 2, 4)))) {
            CollectiveResult ring = CollectiveEngine.run(scaleOut(topology, ScaleOutSpec.Routing.ECMP),
                    CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 30, 16).withAlgorithm(Algorithm.RING));
            int links = topology instanceof TopologySpec.Torus ? 2 : 1;
            assertTrue(ring.busbwGBps() > 0 && ring.busbwGBps() <= links * 50 * Calibration.DEFAULT.nicEfficiency() + 1e-9,
                    topology + ": " + ring.busbwGBps());
            assertEquals(ring.bytesInjected(), ring.bytesDelivered(), 1e-3 * ring.bytesInjected());
        }
    }
}
