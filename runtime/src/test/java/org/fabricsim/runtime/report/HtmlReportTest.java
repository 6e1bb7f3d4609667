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
            "--virtual-time-budget=15000", "--window-size=1280,4000");

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
        // Charts expected: bandwidth (benchmarks), step breakdown, one heat map (the training run), one
        // latency CDF per study and metric (s.Serve: ttft, itl, e2e, kvTransfer; s.Load: ttft, e2e), latency
        // against load (s.Load), and cost for each of the five cost metrics (costPerHour, costPerStep,
        // costPerMillionTokens, costDollarsPerYear, costPerMillionOutputTokens): 1 + 1 + 1 + 6 + 1 + 5 = 15.
        assertEquals("15", attribute(dom, "data-charts-expected"), "charts the page set out to draw");
        assertEquals("15", attribute(dom, "data-charts-rendered"), "charts ECharts finished drawing");
        assertEquals(15, count(dom, "data-rendered=\"true\""));
        assertTrue(count(dom, "<canvas") >= 15, "each chart draws on a canvas");
        assertTrue(dom.contains("at most 6 groups per tier"), "the heat map draws the engine's groups (6 in the nic tier)");
        assertTrue(dom.contains("infeasible: needs 2048 accelerators"), "the failed run's reason is shown");
        assertTrue(dom.contains("+100.0%"), "B's busbw is twice A's: +100%");
        // The comparison names its rows in words, as the console does: rows[1 GiB].busbwGBps reads "1 GiB busbw".
        String comparisons = between(dom, "id=\"comparisons\"", "</section>");
        assertTrue(comparisons.contains("<td>1 GiB busbw</td>") && !comparisons.contains("busbwGBps"), comparisons);
        // Bubble 0.7 s of an 8 s step: 8.75 %, shown to one decimal; stage imbalance 0.05: 5.0 %.
        assertTrue(dom.contains("<td>Scale[data=64]</td><td>8.8%</td><td>5.0%</td>"),
                "the pipeline table shows the training run's bubble and stage imbalance");
        // 41 % against 43 %: -2.0 points, within 3; 8 s against 6 s: +33.3 %, outside 10 %.
        assertTrue(dom.contains("t.Scale[data=64]: 1 of 2 MISSED"), "the run's headline counts its misses");
        assertTrue(dom.contains("<td>mfu</td><td>43%</td><td>41%</td><td>-2.0 points</td><td>3 points</td>"
                + "<td class=\"text\">within</td>"), "predicted against expected: the MFU row");
        assertTrue(dom.contains("<td>+33.3%</td><td>10%</td><td class=\"text misses\">MISSES</td>"),
                "predicted against expected: the missed step time");
        String serving = between(dom, "id=\"serving-table\"", "</table>");
        // 0.55 s is 550 ms, 0.02 s 20.0 ms, 4 s 4.00 s, 0.011 s 11.0 ms; counts get thousands separators.
        for (String row : List.of("<td>time to first token p99</td><td>550 ms</td>",
                "<td>inter-token latency p50</td><td>20.0 ms</td>", "<td>end to end p90</td><td>4.00 s</td>",
                "<td>KV transfer p99</td><td>11.0 ms</td>", "<td>output tokens/s</td><td>28,000</td>",
                "<td>output tokens/s per accelerator</td><td>3,500</td>",
                "<td>$ per million output tokens</td><td>$0.80</td>",
                "<td>goodput (requests meeting every SLO)</td><td>97.5%</td>",
                "<td>accelerator busy</td><td>90.0%</td>", "<td>MFU</td><td>42.0%</td>",
                // 9,990 requests in 370 s: 27 a second; each SLO named with its outcome, the missed
                // TTFT (0.55 s over 0.5 s) beside the met ITL (50 ms at 50 ms), as the console prints them
                "<td>requests/s</td><td>27</td>",
                "<td>SLO ttft p99 &lt;= 500 ms</td><td>550 ms MISSED</td>",
                "<td>SLO itl p99 &lt;= 50.0 ms</td><td>50.0 ms met</td>",
                "<td>completed / rejected</td><td>9,990 / 10</td>", "<td>preemptions</td><td>1,234</td>")) {
            assertTrue(serving.contains(row), "serving table row " + row);
        }
        assertTrue(dom.contains("<div class=\"scroll\"><table id=\"serving-table\">"),
                "the serving table sits in a box that scrolls sideways instead of clipping");
        assertHeadline(dom);
        assertHeatMapNumbers(dom);
        // The CDFs: one chart per study and metric; latency against load for the study that varies the rate.
        // titled in words (until session 68 with the keys: "s.Serve: ttft", "kvTransfer")
        assertTrue(dom.contains("<h3>s.Serve: TTFT (1 run)</h3>") && dom.contains("<h3>s.Load: E2E (3 runs)</h3>")
                && dom.contains("<h3>s.Serve: KV transfer (1 run)</h3>"), "one latency CDF per study and metric");
        assertTrue(dom.contains("<h3>s.Load (3 rates)</h3>"), "latency against load for the study that varies rate");
        // Each cost chart is titled in words, as the console names the row, with the unit the words leave out; until
        // session 68 the titles were the JSON keys ("costPerStep ($ per step)").
        String cost = between(dom, "id=\"cost\"", "</section>");
        for (String title : List.of("<h3>cost per step ($)</h3>", "<h3>cost per hour ($)</h3>",
                "<h3>cost per million tokens ($)</h3>", "<h3>cost per million output tokens ($)</h3>",
                "<h3>cost ($ per year)</h3>")) {
            assertTrue(cost.contains(title), "cost chart " + title + " in " + cost);
        }
        assertFalse(cost.contains("costPer"), "no cost chart is titled with a key");

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

    /**
     * The training run's cards: MFU 41.0 %, HFU 55.0 %, step 8.00 s, 406 TFLOPS (405.6 to three digits),
     * 1,048,576 tokens/s, 60.0 GB of 141 GB (60/141 = 42.6 %), $5.69 a step at $2,560 an hour ($2,560 ÷ 3,600 s
     * ÷ 1,048,576 tokens/s × 1e6 = $0.68 per million tokens, the fixture's figure; written with its cents, $0.80 for
     * the serving run's 0.8, where the page wrote $0.8 before session 68), exposed
     * communication (0.5 s TP + 0.8 s DP) ÷ 8 s = 16.25 %, shown 16.3 %, most of it DP's 800 ms; the
     * cluster and fabrics it ran on; a benchmark's peak busbw (50 GB/s at 1 GiB for cluster B).
     */
    private static void assertHeadline(String dom) {
        String cards = between(dom, "<div class=\"cards\" data-run=\"t.Scale[data=64]\">", "</section>");
        for (String card : List.of("<div class=\"value\">41.0%</div><div class=\"note\">of dense BF16 peak</div>",
                "<div class=\"value\">55.0%</div><div class=\"note\">with recomputation</div>",
                "<div class=\"value\">8.00 s</div>", "<div class=\"value\">406</div>",
                "<div class=\"value\">1,048,576</div>",
                "<div class=\"value\">60.0 GB</div><div class=\"note\">of 141 GB (42.6%)</div>",
                "<div class=\"value\">$5.69</div><div class=\"note\">$2,560 per hour</div>",
                "<div class=\"label\">cost per million tokens</div><div class=\"value\">$0.68</div>",
                "<div class=\"label\">exposed communication</div><div class=\"value\">16.3%</div>"
                        + "<div class=\"note\">1.30 s a step, most in dp: 800 ms</div>")) {
            assertTrue(cards.contains(card), "headline card " + card);
        }
        assertTrue(dom.contains("cluster t.C, scale-up NVLink4, scale-out NDR"), "the cluster and fabrics the run used");
        String bench = between(dom, "<div class=\"cards\" data-run=\"q.Sweep[cluster=B]\">", "</div></div></div>");
        assertTrue(bench.contains("50.0 GB/s</div><div class=\"note\">at 1 GiB"), "peak busbw card");
    }

    /**
     * The heat map's numbers: the busiest groups, 95 % (scale-up group 3), 90 % (scale-up 0), 85 %,
     * 80 %, 75 % (nic group 4), and per tier the links, mean, p99 and max (nic: 6 links, 2.35/6 = 39.2 %).
     */
    private static void assertHeatMapNumbers(String dom) {
        String top = between(dom, "class=\"top-links\"", "</table>");
        assertTrue(top.contains("<td>1</td><td class=\"text\">scale-up</td><td>3</td><td>95.0%</td>"), top);
        assertTrue(top.contains("<td>5</td><td class=\"text\">nic</td><td>4</td><td>75.0%</td>"), top);
        String tiers = between(dom, "class=\"tier-table\"", "</table>");
        assertTrue(tiers.contains("<td>nic</td><td>6</td><td>39.2%</td><td>75.0%</td><td>75.0%</td>"), tiers);
    }

    private static String between(String text, String from, String to) {
        int at = text.indexOf(from);
        assertTrue(at >= 0, from + " missing");
        int end = text.indexOf(to, at);
        return text.substring(at, end < 0 ? text.length() : end);
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
