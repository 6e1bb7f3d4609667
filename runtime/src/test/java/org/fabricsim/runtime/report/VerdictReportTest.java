package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's first section says what a study decides, however many runs it has: before session 68 a study of six
 * fabrics opened on "Every study here sweeps more than 4 runs; read them side by side below."
 */
class VerdictReportTest {

    @Test
    void shouldHeadTheReportWithTheWinnerAndWhatEachOtherRunsGapCostsAYear(@TempDir Path dir) throws Exception {
        // Six fabrics at $89,702 per MFU point a year: [f=0] 33.9 % wins, [f=k] is k × 0.5 points behind,
        // [f=5] 2.5 points: 2.5 × $89,702 = $224,255 a year.
        List<RunResult> runs = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            Map<String, Object> metrics = new LinkedHashMap<>();
            metrics.put("mfu", 0.339 - k * 0.005);
            metrics.put("costPerMfuPointPerYear", 89_702.0);
            runs.add(new RunResult("s.Fabrics[f=" + k + "]", "training", "s.Fabrics", Map.of("f", k), 1, Map.of(),
                    metrics, 0, 0, 0, null));
        }
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", runs)), StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
        String headline = dom.substring(dom.indexOf("id=\"headline\""), dom.indexOf("id=\"runs\""));
        assertTrue(headline.contains(">s.Fabrics: [f=0] wins on MFU, 33.9%</h3>"), headline);
        assertTrue(headline.contains("<td>[f=5]</td><td>2.5 points</td><td>$224,255/year</td>"), headline);
        assertFalse(headline.contains("more than 4 runs"), headline);
    }

    /** A training run of {@code step} seconds on 256 accelerators at $4/h, with its MFU split and exposed communication. */
    private static RunResult fabric(String name, double mfu, double lostToRouting, double step, double exposedDp) {
        return fabric(name, mfu, lostToRouting, step, exposedDp, Map.of());
    }

    /** The same run with {@code more} metrics (a step-time tail). */
    private static RunResult fabric(String name, double mfu, double lostToRouting, double step, double exposedDp,
            Map<String, Object> more) {
        Map<String, Object> metrics = new LinkedHashMap<>(more);
        metrics.put("mfu", mfu);
        metrics.put("stepTimeSeconds", step);
        metrics.put("exposedCommunicationSeconds", Map.of("tp", 1.0, "dp", exposedDp));
        metrics.put("exposedCommunicationFraction", (1.0 + exposedDp) / step);
        metrics.put("mfuLostToBehaviour", 0.0);
        metrics.put("mfuLostToRouting", lostToRouting);
        metrics.put("costPerHour", 1_024.0);
        metrics.put("costPerMfuPointPerYear", 89_702.4);
        // NVLink (NVIDIA) under every fabric: InfiniBand from NVIDIA too is single-vendor, RoCE (IBTA) a seam
        boolean roce = name.equals("roce");
        Map<String, Object> lockIn = Map.of("cluster", "s." + name, "seam", roce, "singleVendor", !roce, "fabrics",
                List.of(Map.of("role", "scale-up", "vendor", "c.NVIDIA"), Map.of("role", "scale-out",
                        "vendor", roce ? "c.IBTA" : "c.NVIDIA")));
        return new RunResult("s.Fabrics[f=" + name + "]", "training", "s.Fabrics", Map.of("f", name), 1,
                Map.of("accelerators", 256, "lockIn", lockIn), metrics, 0, 0, 0, null);
    }

    /**
     * Session 71's network architect read the winner and the dollars on the first screen, but not why a fabric is
     * behind, its step time and exposed communication, its lock-in, or what a point is priced at: those were in the
     * side-by-side table and the lock-in tables below the topology pictures, and the price of a point in no headline.
     */
    @Test
    void shouldSayWhyEachFabricIsBehindItsStepTimeExposedCommunicationLockInAndThePriceOfAPoint(@TempDir Path dir)
            throws Exception {
        // [f=ib]: 5 s steps, 1 s exposed (20.0 %). [f=roce]: 3 points behind, all of them routing (0.03 × 100), 6 s
        // steps with 1 + 0.5 = 1.5 s exposed (25.0 %); 3 × $89,702.40 = $269,107 a year. A point: $1,024/h on 256
        // accelerators is $4/h each, × 8,760 h ÷ 100 = $89,702.
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", List.of(fabric("ib", 0.339, 0, 5, 0),
                fabric("roce", 0.309, 0.03, 6, 0.5)))), StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
        String headline = dom.substring(dom.indexOf("id=\"headline\""), dom.indexOf("id=\"runs\""));
        assertTrue(headline.contains("<th>of which: behaviour (points)</th><th>routing (points)</th>"
                + "<th>switches and links (points)</th><th>step time</th>"), headline);
        assertTrue(headline.contains("<td>[f=ib]</td><td>wins</td><td></td><td></td><td></td><td></td><td>5.00 s</td>"
                + "<td>20.0% (1.00 s)</td><td class=\"text\">single-vendor: NVIDIA</td>"), headline);
        assertTrue(headline.contains("<td>[f=roce]</td><td>3.0 points</td><td>$269,107/year</td><td>0.0</td><td>3.0</td>"
                + "<td>0.0</td><td>6.00 s</td><td>25.0% (1.50 s)</td><td class=\"text\">seam: NVIDIA / IBTA</td>"), headline);
        assertTrue(headline.contains(">an MFU point a year: $89,702 on each cluster (256 accelerators at $4/h,"
                + " × 8,760 h ÷ 100)</p>"), headline);
    }
    /**
     * Issue 16's study asks for each fabric's step-time tail side by side (session 72): with a reliability each run
     * carries one, and the headline gives its p99 and p99.9 after the step time.
     */
    @Test
    void shouldGiveEachFabricsStepTimeTailBesideItsStepTime(@TempDir Path dir) throws Exception {
        // InfiniBand: 1.3% of steps with a spine down at 5.17 s, 0.29% checkpointing at 5.49 s; RoCE's p99 the step.
        RunResult ib = fabric("ib", 0.339, 0, 5, 0, Map.of("stepTimeTail",
                Map.of("p50Seconds", 5.0, "p99Seconds", 5.17, "p999Seconds", 5.49)));
        RunResult roce = fabric("roce", 0.309, 0.03, 6, 0.5, Map.of("stepTimeTail",
                Map.of("p50Seconds", 6.0, "p99Seconds", 6.0, "p999Seconds", 6.49)));
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", List.of(ib, roce))), StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
        String headline = dom.substring(dom.indexOf("id=\"headline\""), dom.indexOf("id=\"runs\""));
        assertTrue(headline.contains("<th>step time</th><th>step time p99 / p99.9 (over steps)</th>"
                + "<th>exposed communication (of the step)</th>"), headline);
        assertTrue(headline.contains("<td>5.00 s</td><td>5.17 s / 5.49 s</td><td>20.0% (1.00 s)</td>"), headline);
        assertTrue(headline.contains("<td>6.00 s</td><td>6.00 s / 6.49 s</td><td>25.0% (1.50 s)</td>"), headline);
    }
}
