package org.fabricsim.runtime.picture;

import static org.fabricsim.runtime.picture.SvgDom.count;
import static org.fabricsim.runtime.picture.SvgDom.dom;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topology picture, opened in headless Chromium: the elements a reader needs are drawn, and a large cluster is summarized. */
class TopologyPictureTest {
    private static final SwitchSpec TH4 = new SwitchSpec("t.TH4", "generic", 64, 50e9, 0, 0, false, false);
    private static final SwitchSpec CHASSIS = new SwitchSpec("t.Chassis", "generic", 576, 50e9, 0, 0, false, false);

    private static ClusterSpec cluster(int nodes, int nicPorts, double portRate, TopologySpec topology) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        FabricSpec ethernet = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", portRate, 0,
                true, FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.Server", gpu, 8, null, new NicSpec("t.N", "generic", nicPorts, portRate, 0, 0),
                8, true);
        return new ClusterSpec("t.C", node, nodes, new ScaleOutSpec(ethernet, topology, ScaleOutSpec.Routing.ECMP), 0,
                null, null);
    }

    @Test
    void shouldDrawEverySwitchRailAndPlaneOfAnEightNodeDualPlaneCluster(@TempDir Path dir) throws Exception {
        // 8 nodes x 8 accelerators, each a 2 x 200G NIC; 8 rails, 2 planes. Per plane: one leaf per rail (8 NIC
        // ports each, 8 x 200G = 1.6T down), ceil(1.6T / 400G) = 4 uplinks each, so 4 spines of 8 links.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 8, 50e9), null, null, 0, 2, 64);
        String dom = dom(dir, TopologyPicture.render(cluster(8, 2, 25e9,
                new TopologySpec.RailOptimized(TH4, 8, 2, List.of(1.0), structure))));
        assertEquals(2, count(dom, "class=\"plane\""));
        assertEquals(2, count(dom, "data-role=\"leaf\" data-switches=\"8\""));
        assertEquals(2, count(dom, "data-role=\"spine\" data-switches=\"4\""));
        assertEquals(2 * 8, count(dom, "class=\"switch leaf\""));
        assertEquals(2 * 4, count(dom, "class=\"switch spine\""));
        // every leaf-spine cable of a plane: 8 x 4, twice
        assertEquals(2 * 32, count(dom, "class=\"link\""));
        assertEquals(2 * 8, count(dom, "class=\"node\""));
        assertEquals(8, count(dom, "class=\"rail\""));
        assertTrue(dom.contains(">8 × 200G down, 4 × 400G up<"), "the leaf's links");
        assertEquals(2, count(dom, "class=\"oversubscription\""), "one ratio per plane: the leaves' (the spines are the top)");
        assertTrue(dom.contains(">1:1<"));
        assertEquals(0, count(dom, "class=\"count\""), "a small cluster is drawn whole");
    }

    @Test
    void shouldSummarizeA24KClusterInPodsWithTheirCounts(@TempDir Path dir) throws Exception {
        // Llama 3 (§3.3.1): 3,072 servers of 8, 16 per ToR (1,536 leaves), 8 pods of 3,072 GPUs (192 leaves,
        // 16 spines each), cores 448 = 16 x 28: a spine's 192 leaf links over its 28 core links is 6.86:1.
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 1536, 0),
                new TierStructure.Level(CHASSIS, 128, 0), new TierStructure.Level(CHASSIS, 448, 0), 3072, 1, 24576);
        String svg = TopologyPicture.render(cluster(3072, 1, 50e9,
                new TopologySpec.FatTree(TH4, 3, List.of(1.0, 7.0), structure)));
        assertTrue(svg.length() < 100_000, "summarized: " + svg.length() + " characters");
        String dom = dom(dir, svg);
        assertEquals(4, count(dom, "class=\"pod\""));
        assertTrue(dom.contains(">+4 pods<"));
        assertTrue(dom.contains(">pod 1 of 8: 3072 accelerators<"));
        assertTrue(dom.contains("data-role=\"leaf\" data-switches=\"1536\""));
        assertTrue(dom.contains("data-role=\"core\" data-switches=\"448\""));
        assertTrue(dom.contains(">×192<"), "each pod's leaf row gives its count");
        assertTrue(dom.contains(">×3072<"), "the node row gives its count");
        assertTrue(dom.contains(">6.86:1<"), "the spines' ratio to the core");
        assertEquals(4 * 8, count(dom, "class=\"switch leaf\""));
    }

    @Test
    void shouldDrawEachNodeTypesLeafOfAMixedClusterAndNodesOfEveryGroup(@TempDir Path dir) throws Exception {
        // 4 nodes of 8 x 400G NICs, then 4 of 8 x 800G, on a 2-tier fat-tree of 64 x 400G switches at 1:1. The
        // leaves are sized for the faster NIC (c = 800 / 400 = 2 switch ports): h = 64 x 1 / (2 x 2) = 16 NIC ports
        // each, 64 / 16 = 4 leaves. A 400G group's leaf: ceil(16 x 400 / 400) = 16 uplinks, 1:1; an 800G group's
        // ceil(16 x 800 / 400) = 32, 12.8T down over 12.8T up, also 1:1. Before session 69 the picture drew the first
        // group's leaf alone (16 x 400G down, 16 x 400G up) and the first 8 nodes, all of the first group.
        ClusterSpec slow = cluster(4, 1, 50e9, new TopologySpec.FatTree(TH4, 2, List.of(1.0)));
        NodeSpec fast = new NodeSpec("t.Fast", slow.node().accelerator(), 8, null,
                new NicSpec("t.N800", "generic", 1, 100e9, 0, 0), 8, true);
        ClusterSpec mixed = new ClusterSpec("t.Mixed", slow.node(), 8, slow.scaleOut(), 0, null, null,
                List.of(new NodeGroupSpec(slow.node(), 4), new NodeGroupSpec(fast, 4)));
        String dom = dom(dir, TopologyPicture.render(mixed));
        assertTrue(dom.contains("data-role=\"leaf\" data-switches=\"4\""), dom);
        assertTrue(dom.contains(">Server: 16 × 400G down, 16 × 400G up<"), dom);
        assertTrue(dom.contains(">Fast: 16 × 800G down, 32 × 400G up<"), dom);
        assertEquals(2, count(dom, ">1:1<"), "each node type's leaf ratio, and none for the top tier");
        assertTrue(dom.contains("node 5: Fast") && dom.contains("node 1: Server"), "nodes of both groups drawn: " + dom);
        // One node type alone: 400G ports on 400G switches (c = 1), h = 64 / 2 = 32, a single unnamed line.
        assertTrue(TopologyPicture.render(slow).contains(">32 × 400G down, 32 × 400G up<"),
                "one node type keeps its single unnamed line");
    }

    @Test
    void shouldSayATorusIsDirectWithItsDimensions() {
        // 16 nodes of 8 = 128 chips on 4 x 4 x 8: the summary names the shape and that no switch is drawn.
        String svg = TopologyPicture.render(cluster(16, 1, 50e9, new TopologySpec.Torus(List.of(4, 4, 8))));
        assertTrue(svg.contains("direct torus 4 x 4 x 8 (routers in the accelerators, no switch)"), svg);
        assertEquals(0, count(svg, "class=\"switch"), svg);
    }

    @Test
    void shouldLabelTheDataCentreNetworkAsATierBelowThePlanes(@TempDir Path dir) throws Exception {
        // 16 nodes of 8 on a 4 x 4 x 8 torus, joined by a single-switch data-centre network at 1.65 GB/s a
        // chip (13.2 Gb/s, drawn as 13G): one more tier, labelled with its fabric, shape and NICs.
        ClusterSpec torus = cluster(16, 1, 50e9, new TopologySpec.Torus(List.of(4, 4, 8)));
        ClusterSpec twoPods = torus.withDataCentre(new DataCentreSpec(new ScaleOutSpec(torus.scaleOut().fabric(),
                new TopologySpec.SingleSwitch(CHASSIS), ScaleOutSpec.Routing.ECMP), 1.65e9));
        String dom = dom(dir, TopologyPicture.render(twoPods));
        assertEquals(1, count(dom, "data-role=\"data-centre\""));
        assertTrue(dom.contains(">data-centre network: E single switch<"), dom);
        assertTrue(dom.contains(">128 × 13G NICs, one per accelerator, joining the pods<"), dom);
        assertEquals(0, count(TopologyPicture.render(torus), "data-centre"), "no band without the network");
    }
}
