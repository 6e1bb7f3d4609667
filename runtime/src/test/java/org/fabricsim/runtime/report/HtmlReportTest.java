package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the report in headless Chromium (Debian's {@code chromium}; {@code run-tests} installs it)
 * and checks that every chart drew: the page marks each chart {@code data-rendered="true"} on
 * ECharts' {@code finished} event, and the screenshot must not be blank.
 */
public class HtmlReportTest {
    private static final List<String> CHROMIUM_FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
            "--virtual-time-budget=15000", "--window-size=1280,2000");

    @Test
    void shouldBeOneSelfContainedFileThatLoadsNothingFromTheNetwork() {
        String html = HtmlReport.render(ReportFixtures.mixed());
        String markup = html.replaceAll("(?s)(<script[^>]*>).*?</script>", "$1</script>");
        assertFalse(Pattern.compile("<(script|link|img|iframe)[^>]+(src|href)=", Pattern.CASE_INSENSITIVE).matcher(markup)
                .find(), "no external scripts, styles or images");
        assertFalse(markup.contains("http://") || markup.contains("https://"), "no network address in the page");
        assertTrue(html.contains("echarts"), "the charting library is inlined");
    }

    @Test
    void shouldKeepHostileNamesAsDataThatCannotCloseTheScript() {
        RunResult hostile = ReportFixtures.benchmark("q.</script><script>alert(1)</script>", "q.S", "A", 10);
        String html = HtmlReport.render(new StudyResult("t", "m", List.of(hostile)));
        assertFalse(html.contains("<script>alert(1)"));
        assertTrue(html.contains("q.\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"));
    }

    @Test
    void shouldRenderEveryChartInHeadlessChromium(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.render(ReportFixtures.mixed()), StandardCharsets.UTF_8);

        String dom = chromium(dir, "--dump-dom", page.toUri().toString());
        // Charts expected: bandwidth (benchmarks), step breakdown, one heat map (the training run),
        // latency CDFs, and cost for each of the two cost metrics: 6.
        assertEquals("6", attribute(dom, "data-charts-expected"), "charts the page set out to draw");
        assertEquals("6", attribute(dom, "data-charts-rendered"), "charts ECharts finished drawing");
        assertEquals(6, count(dom, "data-rendered=\"true\""));
        assertTrue(count(dom, "<canvas") >= 6, "each chart draws on a canvas");
        assertTrue(dom.contains("at most 6 groups per tier"), "the heat map draws the engine's groups (6 in the nic tier)");
        assertTrue(dom.contains("infeasible: needs 2048 accelerators"), "the failed run's reason is shown");
        assertTrue(dom.contains("+100.0%"), "B's busbw is twice A's: +100%");
        // Bubble 0.7 s of an 8 s step: 8.75 %, shown to one decimal; stage imbalance 0.05: 5.0 %.
        assertTrue(dom.contains("<td>Scale[data=64]</td><td>8.8%</td><td>5.0%</td>"),
                "the pipeline table shows the training run's bubble and stage imbalance");
        // 41 % against 43 %: -2.0 points, within 3; 8 s against 6 s: +33.3 %, outside 10 %.
        assertTrue(dom.contains("t.Scale[data=64]: 1 of 2 MISSED"), "the run's headline counts its misses");
        assertTrue(dom.contains("<td>mfu</td><td>43%</td><td>41%</td><td>-2.0 points</td><td>3 points</td>"
                + "<td class=\"text\">within</td>"), "predicted against expected: the MFU row");
        assertTrue(dom.contains("<td>+33.3%</td><td>10%</td><td class=\"text misses\">MISSES</td>"),
                "predicted against expected: the missed step time");
        String serving = dom.substring(dom.indexOf("id=\"serving-table\""), dom.indexOf("</table>",
                dom.indexOf("id=\"serving-table\"")));
        for (String row : List.of("<td>time to first token p99 (s)</td><td>0.55</td>",
                "<td>inter-token latency p50 (s)</td><td>0.02</td>", "<td>end to end p90 (s)</td><td>4</td>",
                "<td>KV transfer p99 (s)</td><td>0.011</td>", "<td>output tokens/s</td><td>28000</td>",
                "<td>output tokens/s per accelerator</td><td>3500</td>",
                "<td>$ per million output tokens</td><td>0.8</td>",
                "<td>goodput (requests meeting every SLO)</td><td>97.5%</td>",
                "<td>accelerator busy</td><td>90.0%</td>", "<td>MFU</td><td>42.0%</td>")) {
            assertTrue(serving.contains(row), "serving table row " + row);
        }

        Path png = dir.resolve("report.png");
        chromium(dir, "--screenshot=" + png, page.toUri().toString());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1280, image.getWidth());
        Set<Integer> colors = new HashSet<>();
        long coloured = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colors.add(rgb);
                int r = rgb >> 16, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 40) {
                    coloured++;
                }
            }
        }
        assertTrue(colors.size() > 200, "a drawn page has many colours, got " + colors.size());
        assertTrue(coloured > 2000, "chart lines, bars and heat cells are coloured pixels, got " + coloured);
    }

    /** Runs Chromium headless with the given extra arguments and returns its standard output. */
    public static String chromium(Path dir, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(System.getenv().getOrDefault("FABRICSIM_CHROMIUM", "chromium"));
        command.addAll(CHROMIUM_FLAGS);
        command.add("--user-data-dir=" + dir.resolve("profile"));
        command.addAll(List.of(arguments));
        Process process;
        try {
            process = new ProcessBuilder(command).directory(dir.toFile()).redirectError(dir.resolve("chromium.log")
                    .toFile()).start();
        } catch (IOException e) {
            throw new AssertionError("headless Chromium is needed: apt-get install chromium (./run-tests does)", e);
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "chromium timed out");
        assertEquals(0, process.exitValue(), () -> "chromium failed: " + read(dir.resolve("chromium.log")));
        return out;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static String attribute(String dom, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
        assertTrue(m.find(), name + " missing");
        return m.group(1);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
