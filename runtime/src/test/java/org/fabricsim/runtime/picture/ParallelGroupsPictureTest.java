package org.fabricsim.runtime.picture;

import static org.fabricsim.runtime.picture.SvgDom.count;
import static org.fabricsim.runtime.picture.SvgDom.dom;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a training job's groups land, opened in headless Chromium: each group's span as derived by hand. */
class ParallelGroupsPictureTest {
    private static final SwitchSpec SWITCH = new SwitchSpec("t.Switch", "generic", 64, 50e9, 0, 0, false, false);

    /** Nodes of 8 accelerators on an 8-wide NVLink domain, one rail-aligned 400G NIC each, on one switch. */
    private static ClusterSpec cluster(int nodes) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        FabricSpec ethernet = new FabricSpec("t.Ethernet", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", 50e9,
                0, true, FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        FabricSpec nvlink = new FabricSpec("t.NVLink", "generic", FabricSpec.FabricScope.SCALE_UP, false, "", 450e9, 0,
                true, FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.Server", gpu, 8, new ScaleUpSpec(nvlink, ScaleUpSpec.Kind.SWITCHED, 8, 450e9,
                false), new NicSpec("t.N", "generic", 1, 50e9, 0, 0), 8, true);
        return new ClusterSpec("t.C", node, nodes, new ScaleOutSpec(ethernet, new TopologySpec.SingleSwitch(SWITCH),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    /** The text cells of one axis's row, joined by '|'. */
    private static String row(String dom, String axis) {
        Matcher m = Pattern.compile("data-axis=\"" + axis + "\">(.*?)</g>", Pattern.DOTALL).matcher(dom);
        assertTrue(m.find(), axis + " row in " + dom);
        return m.group(1).strip().replaceAll("(?s)<text[^>]*>(.*?)</text>\\s*", "$1|");
    }

    @Test
    void shouldDrawEveryRankOfAnEightNodeJobWithItsGroups(@TempDir Path dir) throws Exception {
        // 4 nodes x 8, TP 8, PP 2, DP 2 in the default order TP, CP, PP, DP: accelerator = tp + 8·pp + 16·dp.
        // TP {0..7}: one node, one NVLink domain. PP {0, 8}: stride 8, nodes 0 and 1, the same rail (8 | 8).
        // DP {0, 16}: stride 16, nodes 0 and 2. CP is one rank at stride 8.
        String dom = dom(dir, ParallelGroupsPicture.render("t.Job", cluster(4),
                new ParallelismSpec(8, 2, 2, 1, 1, false)));
        assertEquals("TP|8|1|1|1|-|scale-up: NVLink|", row(dom, "TP"));
        assertEquals("CP|1|8|1|1|-|none (one rank)|", row(dom, "CP"));
        assertEquals("PP|2|8|2|2|-|Ethernet scale-out, every member on the same rail|", row(dom, "PP"));
        assertEquals("DP|2|16|2|2|-|Ethernet scale-out, every member on the same rail|", row(dom, "DP"));
        assertEquals(32, count(dom, "class=\"rank\""), "every accelerator of the 4 nodes");
        // accelerator 9 = 1 + 8·1: TP 1, PP 1, DP 0; accelerator 17 = 1 + 16·1: TP 1, PP 0, DP 1
        assertTrue(dom.contains("accelerator 9: TP 1, CP 0, PP stage 1, DP rank 0"), dom);
        assertTrue(dom.contains("accelerator 17: TP 1, CP 0, PP stage 0, DP rank 1"), dom);
        assertEquals(16, count(dom, "data-pp=\"1\""), "half the ranks in stage 1");
        assertEquals(4, count(dom, "class=\"tp-group\""), "one TP group per node");
        assertEquals(0, count(dom, "class=\"count\""), "a small job is drawn whole");
    }

    @Test
    void shouldSummarizeASixteenThousandAcceleratorJobAcrossTwoPods(@TempDir Path dir) throws Exception {
        // 2,048 nodes x 8 = 16,384; TP 8, PP 16, DP 128 across 2 pods of 8,192 on a data-centre network.
        // PP {8i, i < 16}: 16 nodes, accelerators up to 120, one pod. DP {128i, i < 128}: node 16i, 128 nodes;
        // pod ⌊128i / 8192⌋ = ⌊i / 64⌋: both pods, 64 ways in each.
        ClusterSpec cluster = cluster(2048);
        cluster = cluster.withDataCentre(new DataCentreSpec(new ScaleOutSpec(cluster.scaleOut().fabric(),
                new TopologySpec.SingleSwitch(SWITCH), ScaleOutSpec.Routing.ECMP), 12.5e9));
        String svg = ParallelGroupsPicture.render("t.Llama", cluster,
                new ParallelismSpec(8, 16, 128, 1, 1, false).withPods(2));
        String dom = dom(dir, svg);
        assertEquals("TP|8|1|1|1|1 of 2|scale-up: NVLink|", row(dom, "TP"));
        assertEquals("PP|16|8|16|16|1 of 2|Ethernet scale-out, every member on the same rail|", row(dom, "PP"));
        assertEquals("DP|128|128|128|128|2 of 2|Ethernet inside a pod (64 ways), data-centre network Ethernet across"
                + " 2 pods|", row(dom, "DP"));
        assertEquals(8 * 8, count(dom, "class=\"rank\""), "the first 8 nodes");
        assertTrue(dom.contains("first 8 of 2048 nodes"), dom);
        assertTrue(svg.length() < 40_000, "O(1) in the cluster: " + svg.length() + " characters");
    }

    @Test
    void shouldFrameATensorGroupOnEveryNodeItSpans(@TempDir Path dir) throws Exception {
        // 8 nodes x 8, TP 16: each group covers two whole nodes, so each of the 8 drawn rows carries one frame.
        String dom = dom(dir, ParallelGroupsPicture.render("t.Wide", cluster(8), new ParallelismSpec(16, 1, 4, 1, 1,
                false)));
        assertEquals(8, count(dom, "class=\"tp-group\""));
        assertEquals("TP|16|1|2|2|-|Ethernet scale-out|", row(dom, "TP"));
    }

    @Test
    void shouldCountTheUnitsAGroupSpans() {
        // {0, 3, 6, 9} over units of 4: 0, 0, 1, 2 → 3 units; {0, 8, 16} over 8: 3.
        assertEquals(3, ParallelGroupsPicture.spanned(4, 3, 4));
        assertEquals(3, ParallelGroupsPicture.spanned(3, 8, 8));
    }
}
