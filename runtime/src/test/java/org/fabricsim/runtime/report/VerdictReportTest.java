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
}
