package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.fabricsim.runtime.reliability.JobSizeEttr;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's uptime section in headless Chromium: where the wall time goes, the step-time tail, ETTR against job
 * size, time to train.
 */
class UptimeReportTest {

    @Test
    void shouldDrawEttrAgainstJobSizeWithTheClosedFormAtEachSize(@TempDir Path dir) throws Exception {
        // The job of JobSizeEttrTest: λ = 1.016 f per hour at f times its 1,024 accelerators, τ = 1,800 s,
        // C = 60 s, R = 600 s, so ETTR = 1,800 / ((e^(1,860 λ) − 1)(1/λ + 600)) = 91.7%, 86.9%, 78.0%,
        // 62.9%, 40.9% at 128, 256, 512, 1,024, 2,048 accelerators.
        ReliabilitySpec spec = new ReliabilitySpec("t.R", List.of(Rate.ofMtbf(Component.ACCELERATOR, 1024 * 3600.0),
                Rate.perThousandNodeDays(Component.SOFTWARE, 3)), 1800, 60, 600, 0, 0, 0, 1, 0);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("stepTimeSeconds", 8.0);
        metrics.put("wallTimeShares", Map.of("productive", 0.6293, "checkpoint", 0.021, "lostWork", 0.25,
                "restart", 0.0997));
        metrics.put("ettrByJobSize", JobSizeEttr.points(spec, new PartCounts(1024, 1024, 128, 0, 0)));
        // The step-time tail as the engine writes it (StepTimeTail.toJson): 2% of the steps checkpoint, 60 s more.
        metrics.put("stepTimeTail", Map.of("p50Seconds", 8.0, "p99Seconds", 68.0, "p999Seconds", 68.0,
                "meanSeconds", 9.2, "slowStepShare", 0.02));
        metrics.put("timeToTrainDays", 41.25);
        metrics.put("timeToTrainCost", 4_055_040.0);
        RunResult run = new RunResult("t.Big", "training", "t.Big", Map.of(), 1, Map.of(), metrics, 0.1, 0, 0, null);
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", List.of(run))), StandardCharsets.UTF_8);

        String dom = HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
        // Charts: where the wall time goes, ETTR against job size, and the cost section's timeToTrainCost.
        assertTrue(dom.contains("data-charts-expected=\"3\""), "three charts set out");
        assertTrue(dom.contains("data-charts-rendered=\"3\""), "three charts drawn");
        String table = dom.substring(dom.indexOf("id=\"ettr-size-table\""),
                dom.indexOf("</table>", dom.indexOf("id=\"ettr-size-table\"")));
        String[][] rows = {{"0.125×", "128", "91.7%"}, {"0.25×", "256", "86.9%"}, {"0.5×", "512", "78.0%"},
                {"1×", "1,024", "62.9%"}, {"2×", "2,048", "40.9%"}};
        for (String[] row : rows) {
            String cells = "<td>" + row[0] + "</td><td>" + row[1] + "</td><td>[^<]+</td><td>" + row[2] + "</td></tr>";
            assertTrue(Pattern.compile(Pattern.quote("<td>" + row[0] + "</td><td>" + row[1] + "</td><td>")
                    + "[^<]+" + Pattern.quote("</td><td>" + row[2] + "</td></tr>")).matcher(table).find(),
                    "row " + cells + " in " + table);
        }
        assertEquals(5, table.split("<tr>").length - 2, "one row per size after the header");
        assertTrue(dom.contains("<td>8.00 s</td><td>8.00 s</td><td>68.0 s</td><td>68.0 s</td><td>9.20 s</td>"
                + "<td>2.0%</td></tr>"), "the step-time tail row");
        // 41.25 days; $4 × 1,024 accelerators × 990 h = $4,055,040.
        assertTrue(dom.contains("<td>41.3</td><td>4,055,040</td>"), "the time-to-train row");
    }
}
