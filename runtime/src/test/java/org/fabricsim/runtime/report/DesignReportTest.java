package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.analysis.LockIn.FabricLock;
import org.fabricsim.runtime.analysis.LockIn.Verdict;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's memory chart and lock-in section, rendered in headless Chromium against the runs they come from. */
class DesignReportTest {

    private static final LockIn NVIDIA = new LockIn("t.C", "cat.NVIDIA", List.of(
            new FabricLock("scale-up", "cat.NVLink4", "cat.NVIDIA", false, "cat.NVIDIA", Verdict.ACCELERATOR_LOCK),
            new FabricLock("scale-out", "cat.NDR", "cat.NVIDIA", false, "", Verdict.SINGLE_SOURCE)), false, true);
    private static final LockIn OPEN = new LockIn("t.Open", "cat.AMD", List.of(
            new FabricLock("scale-up", "cat.UALink", "cat.UALinkConsortium", true, "", Verdict.OPEN),
            new FabricLock("scale-out", "cat.NVLinkFusion", "cat.NVIDIA", false, "cat.NVIDIA",
                    Verdict.ACCELERATOR_MISMATCH)), true, false);

    @Test
    void shouldDrawEachTrainingRunsMemoryByComponentAgainstCapacity(@TempDir Path dir) throws Exception {
        String dom = render(dir, List.of(
                training("t.A", NVIDIA, parts(10e9, 5e9, 20e9, 22e9, 3e9), 141e9),
                training("t.B", OPEN, parts(40e9, 20e9, 80e9, 30e9, null), 141e9),
                training("t.A2", NVIDIA, parts(10e9, 5e9, 20e9, 22e9, 3e9), 141e9)));
        assertEquals("1", attribute(dom, "data-charts-rendered"), "the memory chart drew");
        String rows = between(dom, "class=\"memory-table\"", "</table>");
        // A: 10 + 5 + 20 + 22 + 3 = 60 GB of 141 GB = 42.6 %. B: 40 + 20 + 80 + 30 = 170 GB, 170/141 = 120.6 %,
        // and no runtime component ('–').
        assertTrue(rows.contains("<td>A</td><td>10.0 GB</td><td>5.00 GB</td><td>20.0 GB</td><td>22.0 GB</td>"
                + "<td>3.00 GB</td><td>60.0 GB</td><td>141 GB</td><td>42.6%</td>"), rows);
        assertTrue(rows.contains("<td>B</td><td>40.0 GB</td><td>20.0 GB</td><td>80.0 GB</td><td>30.0 GB</td>"
                + "<td>–</td><td>170 GB</td><td>141 GB</td><td>120.6%</td>"), rows);
    }

    @Test
    void shouldShowEachClustersLockInOnceWithEveryFabricsSupplierAndVerdict(@TempDir Path dir) throws Exception {
        String dom = render(dir, List.of(
                training("t.A", NVIDIA, parts(10e9, 5e9, 20e9, 22e9, 3e9), 141e9),
                training("t.B", OPEN, parts(40e9, 20e9, 80e9, 30e9, null), 141e9),
                training("t.A2", NVIDIA, parts(10e9, 5e9, 20e9, 22e9, 3e9), 141e9)));
        String section = between(dom, "<section id=\"lockin\">", "</section>");
        assertEquals(2, count(section, "class=\"lockin-table\""), "t.C once although two runs used it, and t.Open");
        assertTrue(section.contains("<h3>C: single-vendor: both fabrics from one supplier</h3>"), section);
        assertTrue(section.contains("<td class=\"text\">scale-up</td><td class=\"text\">NVLink4</td><td class=\"text\">"
                + "NVIDIA</td><td class=\"text\">proprietary</td><td class=\"text\">NVIDIA only</td>"
                + "<td class=\"text\">tied to the accelerators</td>"), section);
        assertTrue(section.contains("<h3>Open: seam between scale-up and scale-out: two lock-in decisions</h3>"), section);
        assertTrue(section.contains("<td class=\"text\">UALinkConsortium</td><td class=\"text\">open</td>"
                + "<td class=\"text\">any</td><td class=\"text\">open</td>"), section);
        assertTrue(section.contains("<td class=\"text misses\">cannot work: wrong accelerators</td>"), section);
    }

    @Test
    void shouldSayWhenNoRunCarriesMemoryOrLockIn(@TempDir Path dir) throws Exception {
        RunResult serving = new RunResult("s.Serve", "inference", Map.of(), Map.of("outputTokensPerSecond", 100.0), 0.1);
        String dom = render(dir, List.of(serving));
        assertTrue(between(dom, "<section id=\"memory\">", "</section>")
                .contains("No training run here reports its memory per accelerator."));
        assertTrue(between(dom, "<section id=\"lockin\">", "</section>")
                .contains("No run here carries its cluster's lock-in analysis."));
    }

    /** Memory components as the training engine writes them (docs/results-schema.md), null for one left out. */
    private static Map<String, Object> parts(Double weights, Double gradients, Double optimizer, Double activations,
            Double runtime) {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("weights", weights);
        parts.put("gradients", gradients);
        parts.put("optimizerState", optimizer);
        parts.put("activations", activations);
        if (runtime != null) {
            parts.put("runtime", runtime);
        }
        return parts;
    }

    private static RunResult training(String name, LockIn lockIn, Map<String, Object> parts, double capacityBytes) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("memoryPerAcceleratorBytes", parts.values().stream().mapToDouble(v -> (Double) v).sum());
        metrics.put("memoryCapacityBytes", capacityBytes);
        metrics.put("memoryBreakdownBytes", parts);
        return new RunResult(name, "training", Map.of("lockIn", lockIn.toJson()), metrics, 1.0);
    }

    private static String render(Path dir, List<RunResult> runs) throws Exception {
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", runs)), StandardCharsets.UTF_8);
        return HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
    }

    private static String attribute(String dom, String name) {
        int at = dom.indexOf(name + "=\"");
        assertTrue(at >= 0, name + " missing");
        int from = at + name.length() + 2;
        return dom.substring(from, dom.indexOf('"', from));
    }

    private static String between(String text, String from, String to) {
        int at = text.indexOf(from);
        assertTrue(at >= 0, from + " missing");
        int end = text.indexOf(to, at);
        return text.substring(at, end < 0 ? text.length() : end);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
