package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's topology section in headless Chromium: the picture of each cluster the runs used. */
class TopologyReportTest {
    private static final SwitchSpec TH4 = new SwitchSpec("t.TH4", "generic", 64, 50e9, 0, 0, false, false);

    /**
     * 4 servers then 4 of a newer type, each 8 accelerators with 8 NICs of 2 x 200G, on 8 rails in 2 planes:
     * per plane one leaf per rail (8 NIC ports, 8 x 200G = 1.6T down, so ceil(1.6T / 400G) = 4 uplinks) and
     * 4 spines; 8 x 4 leaf-spine cables per plane.
     */
    private static ClusterSpec dualPlane() {
        FabricSpec ethernet = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", 25e9, 0,
                true, FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NicSpec nic = new NicSpec("t.N", "generic", 2, 25e9, 0, 0);
        NodeSpec server = new NodeSpec("t.Server", new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0), 8, null,
                nic, 8, true);
        NodeSpec newer = new NodeSpec("t.NewServer", new AcceleratorSpec("t.G2", "generic", 0, 0, 0, 0, 0, 0), 8,
                null, nic, 8, true);
        TierStructure structure = new TierStructure(new TierStructure.Level(TH4, 8, 50e9), null, null, 0, 2, 64);
        return new ClusterSpec("t.Dual", server, 8, new ScaleOutSpec(ethernet,
                new TopologySpec.RailOptimized(TH4, 8, 2, List.of(1.0), structure), ScaleOutSpec.Routing.ECMP), 0, null,
                null, List.of(new NodeGroupSpec(server, 4), new NodeGroupSpec(newer, 4)));
    }

    private static String dom(Path dir, String html) throws Exception {
        Path page = dir.resolve("report.html");
        Files.writeString(page, html, StandardCharsets.UTF_8);
        return HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
    }

    private static String section(String dom) {
        int at = dom.indexOf("<section id=\"topology\">");
        return dom.substring(at, dom.indexOf("</section>", at));
    }

    private static int count(String text, String needle) {
        Matcher m = Pattern.compile(Pattern.quote(needle)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void shouldDrawEachClusterOnceWithItsPlanesSwitchesAndNodeGroups(@TempDir Path dir) throws Exception {
        StudyResult result = new StudyResult("t", "m", List.of(ReportFixtures.benchmark("q.Ring", "q.S", "A", 25)));
        String dom = dom(dir, HtmlReport.render(result, List.of(dualPlane(), dualPlane())));
        String section = section(dom);
        assertEquals(1, count(section, "<svg"), "the cluster two runs share is drawn once");
        assertTrue(section.contains("<h3>t.Dual</h3>"), section);
        assertEquals(2, count(section, "class=\"plane\""));
        assertEquals(2 * 8, count(section, "class=\"switch leaf\""));
        assertEquals(2 * 4, count(section, "class=\"switch spine\""));
        assertEquals(2 * 32, count(section, "class=\"link\""));
        assertTrue(section.contains(">nodes: 4 × Server + 4 × NewServer<"), "the node groups in placement order");
        assertTrue(dom.contains("data-charts-rendered=\"1\""), "the benchmark's chart still draws");
    }

    @Test
    void shouldShowWhereEachTrainingJobsGroupsLandBelowItsCluster(@TempDir Path dir) throws Exception {
        // 8 nodes x 8, TP 8 PP 2 DP 4 in the default order: TP a node, PP {0, 8} two nodes, DP {0, 16, 32, 48}
        // four nodes; 64 ranks, all drawn (8 nodes of 8). The job appears once however many runs it has.
        ClusterSpec cluster = dualPlane();
        TransformerSpec model = new TransformerSpec("t.Gpt", 24, 2048, 8192, 16, 16, 128, 131072, false, 0, 0, 0, 0,
                0, 0, 0);
        TrainingSpec job = new TrainingSpec("t.Job", model, cluster, 64, 2048, 64, 1, Precision.BF16,
                new ParallelismSpec(8, 2, 4, 1, 1, false), TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1,
                TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE, 0);
        StudyResult result = new StudyResult("t", "m", List.of(ReportFixtures.benchmark("q.Ring", "q.S", "A", 25)));
        String section = section(dom(dir, HtmlReport.render(result, List.of(cluster), List.of(job, job))));
        assertEquals(2, count(section, "<svg"), "the cluster, then the job's groups");
        assertTrue(section.contains("<h4>Where the groups of t.Job land</h4>"), section);
        assertEquals(64, count(section, "class=\"rank\""));
        assertTrue(section.contains("data-axis=\"DP\""), section);
        assertTrue(section.contains(">4</text>"), "DP 4 spans 4 nodes");
    }

    /**
     * examples/active-fabric's InfiniBand XDR cluster: 32 nodes of 8 accelerators, one 800G NIC each, on a two-tier
     * fat-tree of 144-port Q3400s at 2:1: 96 ports down and 48 up a leaf, so 3 leaves (256 ports) and 48 spines, of
     * which 8 are drawn, and 8 of the 32 nodes: both rows end in their count, ×48 and ×32.
     */
    private static ClusterSpec infiniBandXdr() {
        FabricSpec xdr = new FabricSpec("t.XDR", "generic", FabricSpec.FabricScope.SCALE_OUT, false, "", 100e9, 0,
                true, FabricSpec.CongestionControl.NONE, true, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.B200Node", new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0), 8, null,
                new NicSpec("t.Cx8", "generic", 1, 100e9, 0, 0), 8, true);
        return new ClusterSpec("t.Xdr", node, 32, new ScaleOutSpec(xdr, new TopologySpec.FatTree(
                new SwitchSpec("t.Q3400", "generic", 144, 100e9, 0, 0, false, false), 2, List.of(2.0)),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    @Test
    void shouldKeepEveryLabelOfThePictureInsideItsFrameInAWindowOf1400Pixels(@TempDir Path dir) throws Exception {
        // Each text's box (getBBox, in the SVG's own units) against its plane's frame, the svg's width and the
        // scrolling box it sits in, measured in the page as Chromium lays it out at 1400 px: the names of any text
        // that crosses an edge, or of a box that must scroll, land in data-clipped.
        String measure = "<script>window.addEventListener('load', function () { var out = [];"
                + " document.querySelectorAll('#topology .scroll').forEach(function (box) {"
                + " if (box.scrollWidth > box.clientWidth) { out.push('scrolls:' + box.scrollWidth); }"
                + " var svg = box.querySelector('svg'); var width = svg.viewBox.baseVal.width;"
                + " svg.querySelectorAll('text').forEach(function (t) { var b = t.getBBox();"
                + " var frame = t.closest('g.plane') ? t.closest('g.plane').querySelector('rect').getBBox() : null;"
                + " var right = frame ? frame.x + frame.width : width;"
                + " if (b.x < 0 || b.x + b.width > right) { out.push(t.textContent + ':' + Math.round(b.x + b.width)); } });"
                + " }); document.body.setAttribute('data-clipped', out.join('|')); });</script></body>";
        StudyResult result = new StudyResult("t", "m", List.of(ReportFixtures.benchmark("q.Ring", "q.S", "A", 25)));
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(result, List.of(infiniBandXdr())).replace("</body>", measure),
                StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--window-size=1400,4000", "--dump-dom", page.toUri().toString());
        String section = section(dom);
        assertTrue(section.contains(">×48<") && section.contains(">×32<"), "both rows give their counts");
        Matcher clipped = Pattern.compile("data-clipped=\"([^\"]*)\"").matcher(dom);
        assertTrue(clipped.find(), "the measurement ran");
        assertEquals("", clipped.group(1), "texts past the frame's edge");
    }

    @Test
    void shouldSayWhenThereIsNoClusterToDraw(@TempDir Path dir) throws Exception {
        StudyResult result = new StudyResult("t", "m", List.of(ReportFixtures.benchmark("q.Ring", "q.S", "A", 25)));
        String dom = dom(dir, HtmlReport.render(result));
        assertTrue(section(dom).contains("No cluster to draw"), "the section says why it is empty");
        assertEquals(0, count(section(dom), "<svg"));
    }
}
