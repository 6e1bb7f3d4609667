package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Fat-trees built as stated per tier, in pods and in planes, against hand-derived counts and capacities. */
class TierStructureTest {
    private static final double EFFICIENCY = Calibration.DEFAULT.nicEfficiency();
    /** 400 Gb/s in bytes per second. */
    private static final double G400 = 50e9;
    /** 200 Gb/s in bytes per second. */
    private static final double G200 = 25e9;
    /** A 64 × 400G switch (Tomahawk 4 class, 25.6 Tb/s). */
    private static final SwitchSpec TH4 = new SwitchSpec("t.TH4", "generic", 64, G400, 0, 0, false, false);

    /** Single-accelerator nodes, each with one NIC of {@code ports} ports at {@code portRate}, on {@code topology}. */
    private static ClusterSpec cluster(int nodes, int ports, double portRate, TopologySpec topology) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec("t.N", "generic", ports, portRate, 0, 0);
        FabricSpec ethernet = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", G400, 0,
                true, FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.Node", gpu, 1, null, nic, 1, true);
        return new ClusterSpec("t.C", node, nodes, new ScaleOutSpec(ethernet, topology, ScaleOutSpec.Routing.ECMP), 0,
                null, null);
    }

    private static int count(Graph graph, byte kind) {
        int count = 0;
        for (int node = 0; node < graph.nodeCount(); node++) {
            count += graph.nodeKind(node) == kind ? 1 : 0;
        }
        return count;
    }

    /** Links whose rate is {@code bytesPerSecond} before derating. */
    private static int linksAt(Graph graph, double bytesPerSecond) {
        int count = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            count += Math.abs(graph.linkBytesPerSecond(link) - bytesPerSecond * EFFICIENCY) < 1 ? 1 : 0;
        }
        return count;
    }

    @Test
    void shouldLayOutAPodLargerThanAnyClusterAsOnePod() {
        // pods 2,147,483,647 accelerators (a typo the editor refuses as not dividing the nodes) on 512 ports of TH4
        // leaves at 1:1: 32 ports per leaf, so ⌈(2^31 − 1) ÷ 32⌉ = 67,108,864 leaves per pod and the 16 leaves
        // built make ⌈16 ÷ 67,108,864⌉ = 1 pod, laid out whole (1 × 67,108,864 leaves), whose leaves take one uplink
        // to each of the 32 stated spines. The int arithmetic wrapped ⌈(2^31 − 1) ÷ 32⌉ negative and divided by 0 pods.
        TierStructure structure = new TierStructure(null, new TierStructure.Level(TH4, 32, 0), null, Integer.MAX_VALUE,
                1, 0);
        ClusterSpec spec = cluster(512, 1, G400, new TopologySpec.FatTree(TH4, 3, List.of(1.0, 1.0), structure));
        TierLayout layout = ClusterTopologies.layout(spec, spec.node(), 512);
        assertEquals(1, layout.pods());
        assertEquals(32, layout.tiers().get(0).uplinks());
        assertEquals(67_108_864, layout.tiers().get(0).switches());
    }

    @Test
    void shouldBuildMegaScaleLeavesWith400GUplinksOver200GDownlinks() {
        // MegaScale (NSDI'24 §3.6): a 64 x 400G switch, 32 ports split into 64 x 200G downlinks, 32 x 400G
        // uplinks. 512 NIC ports at 200G: 8 leaves of 64; one uplink from each leaf to each of 32 spines.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 8, G400),
                new TierStructure.Level(TH4, 32, 0), null, 0, 1, 0);
        ClusterSpec spec = cluster(512, 1, G200, new TopologySpec.FatTree(TH4, 2, List.of(1.0), structure));
        ClusterTopology topology = ClusterTopologies.build(spec);
        Graph graph = topology.graph();
        assertEquals(8 + 32, count(graph, Graph.SWITCH));
        // NIC cables 512 x 2 at 200G; leaf-spine 8 x 32 cables x 2 directions at 400G.
        assertEquals(1024, linksAt(graph, G200));
        assertEquals(512, linksAt(graph, G400));
        assertEquals(1536, graph.linkCount());
        // Two ports under different leaves: 32 equal-cost paths, one per spine.
        assertEquals(32, topology.minimalRouteCount(0, 64));
        // A leaf: 64 x 200G = 12.8 Tb/s down, 32 x 400G = 12.8 Tb/s up (1:1), 32 + 32 = 64 ports of the switch.
        TierLayout.Tier leaf = ClusterTopologies.layout(spec, spec.node(), 512).tiers().get(0);
        assertEquals(1.0, leaf.oversubscription(), 1e-12);
        assertEquals(64, leaf.portsUsed());
        assertTrue(leaf.fits());
    }

    @Test
    void shouldReportTheDerivedTreeItBuildsWithUplinksAtTheFabricsRateNotTheSwitchPortRate() {
        // 8 x 800G switch, no count or ratio stated, 32 single-port 400G nodes on a 400G fabric: a 400G NIC port takes
        // c = 400 / 800 = 0.5 switch port (two share one by breakout), so h = 8 x 1 / (2 x 0.5) = 8 NIC ports per leaf
        // (4 ports down), u = ceil(8 x 400G / (1 x 400G)) = 8 uplinks at the fabric's 400G (4 ports up): 4 leaves,
        // 8 spines, 1:1.
        SwitchSpec wide = new SwitchSpec("t.W8", "generic", 8, 2 * G400, 0, 0, false, false);
        ClusterSpec spec = cluster(32, 1, G400, new TopologySpec.FatTree(wide, 2, List.of()));
        Graph graph = ClusterTopologies.build(spec).graph();
        assertEquals(4 + 8, count(graph, Graph.SWITCH));
        // NIC cables 32 x 2, leaf-spine 4 x 8 cables x 2 directions, all at 400G.
        assertEquals(64 + 64, linksAt(graph, G400));
        assertEquals(128, graph.linkCount());
        List<TierLayout.Tier> tiers = ClusterTopologies.layout(spec, spec.node(), 32).tiers();
        assertEquals(List.of(4, 8), tiers.stream().map(TierLayout.Tier::switches).toList());
        assertEquals(8, tiers.get(0).downlinks());
        assertEquals(8, tiers.get(0).uplinks());
        assertEquals(8, tiers.get(0).portsUsed());
        assertEquals(G400, tiers.get(0).upBytesPerSecond());
        assertEquals(1.0, tiers.get(0).oversubscription(), 1e-12);
    }

    @Test
    void shouldFlagALeafTierWhoseLinksNeedMorePortsThanItsSwitchHas() {
        // 4 leaves of 128 x 200G (64 ports) with 32 x 400G up: 96 ports on a 64-port switch.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 4, G400),
                new TierStructure.Level(TH4, 32, 0), null, 0, 1, 0);
        ClusterSpec spec = cluster(512, 1, G200, new TopologySpec.FatTree(TH4, 2, List.of(1.0), structure));
        TierLayout.Tier leaf = ClusterTopologies.layout(spec, spec.node(), 512).tiers().get(0);
        assertEquals(96, leaf.portsUsed());
        assertFalse(leaf.fits());
    }

    @Test
    void shouldJoinFullBisectionPodsAtOneToSeven() {
        // Llama 3 (§3.3.1): 16 GPUs per ToR, pods at full bisection, joined at 1:7. Scaled down: 448 NIC
        // ports at 400G, 28 leaves of 16, pods of 224 (14 leaves). Inside a pod, 1:1: 16 uplinks per leaf,
        // so 16 aggregation switches per pod, each with 14 leaf links; joined at 7:1: ceil(14 / 7) = 2
        // uplinks each, 16 x 2 = 32 cores, each with one link to each of the 2 pods.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 28, 0), null, null, 224, 1, 0);
        ClusterSpec spec = cluster(448, 1, G400, new TopologySpec.FatTree(TH4, 3, List.of(1.0, 7.0), structure));
        ClusterTopology topology = ClusterTopologies.build(spec);
        Graph graph = topology.graph();
        assertEquals(28 + 32 + 32, count(graph, Graph.SWITCH));
        // NIC 448 x 2, leaf up 28 x 16, aggregation down 32 x 14, aggregation up 32 x 2, core down 32 x 2.
        assertEquals(896 + 448 + 448 + 64 + 64, graph.linkCount());
        // Inside a pod: 16 paths (one per aggregation switch); between pods: 16 x 2.
        assertEquals(16, topology.minimalRouteCount(0, 16));
        assertEquals(32, topology.minimalRouteCount(0, 224));
        // A pod's bandwidth to the core: 16 aggregation x 2 uplinks x 400G against 224 x 400G of its NICs: 1:7.
        TierLayout layout = ClusterTopologies.layout(spec, spec.node(), 448);
        assertEquals(2, layout.pods());
        TierLayout.Tier aggregation = layout.tiers().get(1);
        assertEquals(7.0, 224 * G400 / (aggregation.switches() / 2 * aggregation.uplinks() * G400), 1e-12);
        assertEquals(7.0, aggregation.oversubscription(), 1e-12);
    }

    @Test
    void shouldKeepEveryRailOfAPodNodeInItsPod() {
        // 2 rails x 32 nodes, pods of 16 nodes (32 accelerators), 8 nodes per rail leaf: a pod has 2 x 2
        // leaves; node 16's rail-1 port is in pod 1, on its first rail-1 leaf: leaf 4 + 2 = 6.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 8, 0), null, null, 32, 1, 0);
        FatTreeParameters parameters = ClusterTopologies.layout(
                cluster(64, 1, G400, new TopologySpec.RailOptimized(TH4, 2, 3, List.of(1.0, 1.0), structure)),
                railNode(), 64).parameters(new double[] {1, 1}, LinkClass.ofGigabitsPerSecond(400, 0),
                                1);
        GraphBuilder graph = new GraphBuilder();
        ScaleOutFabric fabric = parameters.build(graph, 64, G400);
        int firstLeaf = fabric.attachNode(0);
        assertEquals(firstLeaf + 6, fabric.attachNode(2 * 16 + 1));
        assertEquals(firstLeaf + 4, fabric.attachNode(2 * 16));
    }

    private static NodeSpec railNode() {
        return new NodeSpec("t.Node", new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0), 2, null,
                new NicSpec("t.N", "generic", 1, G400, 0, 0), 2, true);
    }

    @Test
    void shouldSpreadFlowsOverTwoDisjointPlanes() {
        // Alibaba HPN (SIGCOMM'24): each NIC's two 200G ports on two planes. 16 NICs of 2 x 200G; per plane 16
        // ports at 200G, 2 leaves of 8, ceil(8 x 200 / 400) = 4 spines. Per plane 2 x 4 x 2 = 16 fabric links.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 2, 0), null, null, 0, 2, 0);
        ClusterSpec spec = cluster(16, 2, G200, new TopologySpec.FatTree(TH4, 2, List.of(1.0), structure));
        ClusterTopology topology = ClusterTopologies.build(spec);
        Graph graph = topology.graph();
        assertEquals(2 * (2 + 4), count(graph, Graph.SWITCH));
        assertEquals(16, count(graph, Graph.NIC));
        // accelerator-NIC 16 x 2 at 400G, NIC ports 16 x 2 planes x 2 at 200G, fabric 2 x 16 at 400G.
        assertEquals(32 + 32, linksAt(graph, G400));
        assertEquals(64, linksAt(graph, G200));
        assertEquals(2 * 4, topology.minimalRouteCount(0, 8));
        assertEquals(2, topology.minimalRouteCount(0, 1));
        int[] first = new int[topology.maxRouteLinks()];
        int[] last = new int[topology.maxRouteLinks()];
        int hops = topology.route(0, 8, (hop, link, stride, candidates) -> 0, first);
        assertEquals(6, topology.route(0, 8, (hop, link, stride, candidates) -> candidates - 1, last));
        assertEquals(6, hops);
        // The two planes share only the NIC links at both ends.
        assertEquals(first[0], last[0]);
        assertEquals(first[5], last[5]);
        for (int i = 1; i < 5; i++) {
            for (int j = 1; j < 5; j++) {
                assertNotEquals(first[i], last[j]);
            }
        }
        assertEquals(G200 * EFFICIENCY, graph.linkBytesPerSecond(first[1]), 1);
    }
}
