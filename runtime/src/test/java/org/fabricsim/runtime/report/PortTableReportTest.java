package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's table of a packet run's busiest ports, opened in headless Chromium as {@link HtmlReportTest} does. */
class PortTableReportTest {

    @Test
    void shouldTabulateEachSizesBusiestPortsAndSayWhenNoRunHasThem(@TempDir Path dir) throws Exception {
        Map<String, Object> port = new LinkedHashMap<>();
        port.put("link", 7);
        port.put("fromNode", 12);
        port.put("toNode", 3);
        port.put("sentBytes", 16_632_000L);
        port.put("retransmittedBytes", 4096L);
        port.put("drops", 5L);
        port.put("ecnMarks", 120L);
        port.put("pauseSeconds", 2.5e-6);
        port.put("peakQueueBytes", 1_251_558L);
        port.put("meanQueueBytes", 623_668.8);
        port.put("queueP50Bytes", 655_360L);
        port.put("queueP99Bytes", 1_310_720L);
        Map<String, Object> row = Map.of("bytes", 1L << 30, "timeSeconds", 0.05, "busbwGBps", 20.0, "ports",
                List.of(port));
        RunResult packet = new RunResult("q.P", "collective-benchmark", "q.S", Map.of(), 3, Map.of("accelerators", 2),
                Map.of("rows", List.of(row)), 0.01, 0, 0, null);
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", List.of(packet))), StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
        // 623,668.8 B is shown to the byte; 2.5e-6 s as 2.50 µs.
        assertTrue(dom.contains("<h3>q.P at 1 GiB: 1 busiest ports</h3>"), "one table per size");
        assertTrue(dom.contains("<td>7</td><td>12 → 3</td><td>1,251,558 B</td><td>623,669 B</td><td>1,310,720 B</td>"
                + "<td>2.50 µs</td><td>5</td><td>120</td><td>0</td><td>16,632,000 B</td><td>4,096 B</td>"), dom);

        Files.writeString(page, HtmlReport.render(ReportFixtures.mixed()), StandardCharsets.UTF_8);
        assertTrue(HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString())
                .contains("No packet run here"), "a report without packet runs says so");
    }
}
