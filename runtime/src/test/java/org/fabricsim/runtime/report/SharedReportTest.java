package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A shared-fabric run's headline: one card per job, shared against alone (docs/results-schema.md). */
class SharedReportTest {

    private static Map<String, Object> latency(double p99) {
        return Map.of("p50", p99 / 4, "p90", p99 / 2, "p99", p99, "mean", p99 / 3);
    }

    @Test
    void shouldShowEachJobSharedAgainstAloneInTheHeadline(@TempDir Path dir) throws Exception {
        Map<String, Object> training = Map.of("job", "t.A", "kind", "training", "slowdown", 1.25,
                "stepTimeAloneSeconds", 2.0, "stepTimeSharedSeconds", 2.5, "mfuAlone", 0.4, "mfuShared", 0.32);
        Map<String, Object> serving = Map.of("job", "t.S", "kind", "inference", "slowdown", 1.0,
                "ttftAloneSeconds", latency(0.185), "ttftSharedSeconds", latency(0.2), "e2eAloneSeconds", latency(1.5),
                "e2eSharedSeconds", latency(1.6));
        RunResult run = new RunResult("t.Mixed", "shared-fabric", Map.of("cluster", "t.C"),
                Map.of("jobs", List.of(training, serving)), 1.0);
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(new StudyResult("t", "m", List.of(run))), StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--dump-dom", page.toUri().toString());
        // 2.5 s against 2.0 s: x1.25; MFU 0.4 and 0.32 to one decimal of a percent.
        assertTrue(dom.contains("<div class=\"label\">t.A: step shared</div><div class=\"value\">2.50 s</div>"
                + "<div class=\"note\">alone 2.00 s (x1.25), MFU 40.0% alone, 32.0% shared</div>"), dom);
        assertTrue(dom.contains("<div class=\"label\">t.S: TTFT p99 shared</div><div class=\"value\">200 ms</div>"
                + "<div class=\"note\">alone 185 ms; E2E p99 1.50 s alone, 1.60 s shared</div>"), dom);
    }
}
