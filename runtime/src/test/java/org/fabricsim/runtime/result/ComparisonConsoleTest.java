package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The console's side-by-side table writes every figure in its unit, as the run blocks above it do, and each change
 * against the baseline in percentage points for a percentage and relatively for everything else.
 */
class ComparisonConsoleTest {

    private static RunResult training(String name, double mfu, double stepSeconds, double memoryBytes,
            double tokensPerSecond, double exposedTpSeconds) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("mfu", mfu);
        metrics.put("stepTimeSeconds", stepSeconds);
        metrics.put("tokensPerSecond", tokensPerSecond);
        metrics.put("exposedCommunicationSeconds", Map.of("tp", exposedTpSeconds));
        metrics.put("memoryPerAcceleratorBytes", memoryBytes);
        metrics.put("costPerMfuPointPerYear", 350_400.0);
        return new RunResult(name, "training", "s", Map.of(), 1, Map.of(), metrics, 0, 0, 0, null);
    }

    /** The table's rows by their label: the label is what precedes the first value's run of two or more spaces. */
    private static Map<String, String> lines(String table) {
        Map<String, String> byMetric = new LinkedHashMap<>();
        table.lines().skip(2).forEach(line -> byMetric.put(line.trim().split("\\s{2,}")[0], line.trim()));
        return byMetric;
    }

    @Test
    void shouldWriteEachFigureOfTheSideBySideTableInItsUnit() {
        // Baseline: MFU 0.3388, step 8.6 s, 73.04 GB, 1,234,567.8 tokens/s, TP exposed 0.0123 s.
        // The other: MFU 0.3517 (+1.29 points), step 8.3 s ((8.3 - 8.6) / 8.6 = -3.5%), 80.5e9 B (+10.2%),
        // 1,279,000 tokens/s (+3.6%), TP exposed 0.0456 s (+270.7%). The MFU gap: (0.3388 - 0.3517) x 100 x
        // $350,400 = -$452,016 a year (the run gains what the baseline loses).
        RunResult base = training("s[f=a]", 0.3388, 8.6, 73.04e9, 1_234_567.8, 0.0123);
        RunResult other = training("s[f=b]", 0.3517, 8.3, 80.5e9, 1_279_000, 0.0456);
        Comparison comparison = Comparison.of("s", List.of(base, other), List.of("mfu", "step-time", "memory",
                "throughput", "exposed-communication", "cost"));
        Map<String, String> rows = lines(ComparisonConsole.render(comparison, true));
        assertEquals("MFU 33.9% 35.2% (+1.3 points)", squeeze(rows.get("MFU")));
        assertEquals("step time 8.60 s 8.30 s (-3.5%)", squeeze(rows.get("step time")));
        assertEquals("memory per accelerator 73.0 GB 80.5 GB (+10.2%)", squeeze(rows.get("memory per accelerator")));
        assertEquals("tokens per second 1,234,568 tokens/s 1,279,000 tokens/s (+3.6%)",
                squeeze(rows.get("tokens per second")));
        assertEquals("exposed communication TP 12.3 ms 45.6 ms (+270.7%)",
                squeeze(rows.get("exposed communication TP")));
        assertEquals("cost per MFU point per year $350,400/year $350,400/year (+0.0%)",
                squeeze(rows.get("cost per MFU point per year")));
        assertEquals("MFU gap $0/year -$452,016/year", squeeze(rows.get("MFU gap")));
        assertTrue(rows.values().stream().noneMatch(line -> line.contains("0.3388")), rows::toString);
    }

    @Test
    void shouldGiveTheHtmlReportTheConsolesTexts() {
        RunResult base = training("s[f=a]", 0.3388, 8.6, 73.04e9, 1_234_567.8, 0.0123);
        RunResult other = training("s[f=b]", 0.3517, 8.3, 80.5e9, 1_279_000, 0.0456);
        Map<String, Object> json = Comparison.of("s", List.of(base, other), List.of("mfu")).toJsonMap();
        Map<?, ?> mfu = (Map<?, ?>) ((List<?>) json.get("rows")).get(0);
        assertEquals("mfu", mfu.get("metric"));
        assertEquals("MFU", mfu.get("label"));
        assertEquals(List.of("33.9%", "35.2%"), mfu.get("texts"));
        assertEquals(java.util.Arrays.asList(null, "+1.3 points"), mfu.get("changes"));
    }

    @Test
    void shouldReadAKeysUnitFromItsLastSegmentThatNamesOne() {
        assertEquals("1.64 s", MetricText.of("ttftSeconds.p99", 1.64));
        assertEquals("26.0 ms", MetricText.of("itlSeconds.p99", 0.026));
        assertEquals("48.3 GB/s", MetricText.of("rows[1 GiB].busbwGBps", 48.27));
        assertEquals("12.5%", MetricText.of("wallTimeShares.checkpoint", 0.125));
        assertEquals("$2.43/M output tokens", MetricText.of("costPerMillionOutputTokens", 2.4321));
        assertEquals("1.20 MB", MetricText.of("rows[1 MiB].bytesPerCopy", 1.2e6));
        assertEquals("412 TFLOPS", MetricText.of("tflopsPerAccelerator", 411.7));
        assertEquals("31.4 days", MetricText.of("timeToTrainDays", 31.43));
        assertEquals("1,000", MetricText.of("completedRequests", 1000));
        assertEquals("0.125", MetricText.of("someRatio", 0.125));
        assertEquals("99.2%", MetricText.of("rows[1 GiB].maxLinkUtilization", 0.992), "a utilization, as MFU is");
    }

    @Test
    void shouldWriteDollarsWithTheirCentsAndOneSpaceBeforeTokens() {
        // Session 68's capacity planner read "$0.702/M  tokens" in the table, "$0.70 per million tokens" in the run
        // block and "$0.7" in the HTML report for one figure. One rule now: from $100 whole, a whole amount as it is,
        // else three significant digits and at least the cents.
        assertEquals("$0.702/M tokens", MetricText.of("costPerMillionTokens", 0.70213));
        assertEquals("$0.75/M tokens", MetricText.of("costPerMillionTokens", 0.75));
        assertEquals("$12.30/step", MetricText.of("costPerStep", 12.3));
        assertEquals("$1.47/step", MetricText.of("costPerStep", 1.4699));
        assertEquals("$0.0123/M output tokens", MetricText.of("costPerMillionOutputTokens", 0.012345));
        assertEquals("$1,024/h", MetricText.of("costPerHour", 1024));
        assertEquals("-$289,643/year", MetricText.of("mfuGapDollarsPerYear", -289_642.6));
        assertEquals("$0/year", MetricText.of("mfuGapDollarsPerYear", 0));
        assertEquals("$100/step", MetricText.of("costPerStep", 99.996));
    }

    @Test
    void shouldNameEachRowInWordsWithoutTheUnitItsValueWrites() {
        // The keys a study of session 66's newcomer printed as they are in the JSON result, and a benchmark's row.
        assertEquals("step time", MetricText.label("stepTimeSeconds"));
        assertEquals("exposed communication TP", MetricText.label("exposedCommunicationSeconds.tp"));
        assertEquals("memory breakdown optimizer state", MetricText.label("memoryBreakdownBytes.optimizerState"));
        assertEquals("1.5 MiB busbw", MetricText.label("rows[1.5 MiB].busbwGBps"));
        assertEquals("pool figures prefill busy fraction", MetricText.label("poolFigures[prefill].busyFraction"));
        assertEquals("E2E p99", MetricText.label("e2eSeconds.p99"));
        assertEquals("time to train", MetricText.label("timeToTrainDays"));
        assertEquals("step-time", MetricText.label("step-time"));
    }

    /** A serving run's SLO rows and count read "SLOS ttft achieved" and "SLOS met", as if SLOS were an acronym. */
    @Test
    void shouldNameAnSloRowInTheSingularAndTheCountAsSlos() {
        assertEquals("SLO ttft achieved", MetricText.label("slos[ttft].achievedSeconds"));
        assertEquals("SLOs met", MetricText.label("slosMet"));
    }

    /** The step-time tail's p99.9 read "step time tail p999" in the active-fabric study's comparison (session 72). */
    @Test
    void shouldWriteTheP999PercentileAsPeopleWriteIt() {
        assertEquals("step time tail p99.9", MetricText.label("stepTimeTail.p999Seconds"));
        assertEquals("step time tail p99", MetricText.label("stepTimeTail.p99Seconds"));
    }

    private static String squeeze(String line) {
        return line == null ? null : line.replaceAll("\\s+", " ");
    }

    @Test
    void shouldHeadEachColumnWithWhatSetsItsRunApartAndNeverANegativeZero() {
        // A serving search's refined runs differ in decode tensor only: the shared prefix "[prefill replicas=2,
        // prefil…" would head both columns alike. Busy 1.0 against 0.99999: -0.001 points, shown +0.0.
        RunResult base = new RunResult("s[prefill replicas=2, prefill tensor=4, decode tensor=2]", "inference", "s",
                Map.of(), 1, Map.of(), Map.of("acceleratorBusyFraction", 1.0), 0, 0, 0, null);
        RunResult other = new RunResult("s[prefill replicas=2, prefill tensor=4, decode tensor=4]", "inference", "s",
                Map.of(), 1, Map.of(), Map.of("acceleratorBusyFraction", 0.99999), 0, 0, 0, null);
        String table = ComparisonConsole.render(Comparison.of("s", List.of(base, other), List.of()), true);
        String header = table.lines().skip(1).findFirst().orElseThrow();
        assertEquals("metric [decode tensor=2] (base) [decode tensor=4]", squeeze(header.trim()));
        assertEquals("accelerator busy fraction 100.0% 100.0% (+0.0 points)",
                squeeze(lines(table).get("accelerator busy fraction")));
    }

    @Test
    void shouldHeadColumnsOfTwoVariedParametersByTheirValuesWhenTheirLabelsPassACell() {
        // Two fabrics by two oversubscriptions: "[fabric=InfiniBand_NDR, oversubscription=1]" is 44 characters, and
        // cut to the cell's 28 both InfiniBand columns read "[fabric=InfiniBand_NDR, ove…", the value that sets them
        // apart cut off. Headed by their values under one line naming the keys, every column is told apart.
        List<RunResult> runs = List.of(
                training("s[fabric=InfiniBand_NDR, oversubscription=1]", 0.536, 15.6, 76e9, 4.03e6, 0),
                training("s[fabric=InfiniBand_NDR, oversubscription=2]", 0.413, 20.2, 76e9, 3.11e6, 0),
                training("s[fabric=SpectrumX, oversubscription=1]", 0.535, 15.6, 76e9, 4.03e6, 0),
                training("s[fabric=SpectrumX, oversubscription=2]", 0.279, 29.9, 76e9, 2.10e6, 0));
        List<String> lines = ComparisonConsole.render(Comparison.of("s", runs, List.of("mfu")), false).lines().toList();
        assertEquals("columns: [fabric, oversubscription]", lines.get(1).trim());
        assertEquals("metric [InfiniBand_NDR, 1] (base) [InfiniBand_NDR, 2] [SpectrumX, 1] [SpectrumX, 2]",
                squeeze(lines.get(2).trim()));
    }

    @Test
    void shouldCutEachValueOfAColumnHeadToItsShareOfTheCell() {
        // Two keys whose values alone make "[RoCEv2_800_Adaptive_Spectrum, 1.5]" (35 characters): each value keeps
        // (28 - 2 - 2) / 2 = 12 characters, the eleventh followed by an ellipsis where it is longer; a head that fits
        // whole ("[InfiniBand_XDR_Rails, 2]", 25 characters) is not cut.
        List<RunResult> runs = List.of(
                training("s[fabric=RoCEv2_800_Adaptive_Spectrum, oversubscription=1.5]", 0.5, 1, 1, 1, 0),
                training("s[fabric=InfiniBand_XDR_Rails, oversubscription=2]", 0.4, 1, 1, 1, 0));
        List<String> lines = ComparisonConsole.render(Comparison.of("s", runs, List.of("mfu")), false).lines().toList();
        assertEquals("metric [RoCEv2_800_…, 1.5] (base) [InfiniBand_XDR_Rails, 2]", squeeze(lines.get(2).trim()));
    }

    @Test
    void shouldWriteAChangeOfTenTimesOrMoreAsAFactor() {
        // TTFT p50 148 ms at 2 requests/s and 93.5 s at 8: 93.5 / 0.148 = 631.8, "×632", not "+63076.4%".
        RunResult base = new RunResult("s[rate=2]", "inference", "s", Map.of(), 1, Map.of(),
                Map.of("ttftSeconds", Map.of("p50", 0.148)), 0, 0, 0, null);
        RunResult loaded = new RunResult("s[rate=8]", "inference", "s", Map.of(), 1, Map.of(),
                Map.of("ttftSeconds", Map.of("p50", 93.5)), 0, 0, 0, null);
        String table = ComparisonConsole.render(Comparison.of("s", List.of(base, loaded), List.of()), false);
        assertEquals("TTFT p50 148 ms 93.5 s (×632)", squeeze(lines(table).get("TTFT p50")));
    }

    /** A training run of a fabric study: its MFU and what its fabric's behaviour and routing lose of it. */
    private static RunResult fabric(String name, double mfu, double lostToBehaviour, double lostToRouting) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("mfu", mfu);
        metrics.put("stepTimeSeconds", 1.0 / mfu);
        Map<String, Object> exposed = new LinkedHashMap<>();
        exposed.put("tp", 0.44);
        exposed.put("pp", 0.00218);
        metrics.put("exposedCommunicationSeconds", exposed);
        metrics.put("costPerHour", 10_240.0);
        metrics.put("costPerMfuPointPerYear", 897_024.0);
        metrics.put("mfuLostToBehaviour", lostToBehaviour);
        metrics.put("mfuLostToRouting", lostToRouting);
        return new RunResult(name, "training", "arch.Fabrics", Map.of(), 1, Map.of(), metrics, 0, 0, 0, null);
    }

    /** Six fabrics for 4,096 H100s, as session 69's network architect compared them (MFU and losses as simulated). */
    private static Comparison sixFabrics() {
        return Comparison.of("arch.Fabrics", List.of(
                fabric("arch.Fabrics[cluster=IbRails3]", 0.29852937693910325, 0, 0),
                fabric("arch.Fabrics[cluster=IbFat3]", 0.29852937693910325, 0, 0),
                fabric("arch.Fabrics[cluster=RoceRails2]", 0.260952539076802, 0.018065658412710073, 0.019511179449591187),
                fabric("arch.Fabrics[cluster=RoceRails2Over]", 0.2778266874432888, 0.010772481486422736,
                        0.009930208009391706),
                fabric("arch.Fabrics[cluster=EthLossy]", 0.11940413929347775, 0.13922865159889003, 0.03989658604673546),
                fabric("arch.Fabrics[cluster=UecRails2]", 0.29, 0.005, 0.0035)), List.of());
    }

    @Test
    void shouldShowTheRowsThatDifferAndTheHeadlineWithinATerminalsWidth() {
        // Six runs whose exposed TP and PP, cost per hour and per MFU point are the same in every run: the default
        // table keeps MFU, step time and the MFU gaps (a row per metric that differs, and the headline), lists the
        // four others on one line with their one value, and wraps the six columns into blocks of at most 120
        // characters. The whole table (everyRow) is one block with every row, wider than a terminal.
        String table = ComparisonConsole.render(sixFabrics(), false);
        assertTrue(table.lines().allMatch(line -> line.length() <= ComparisonConsole.WIDTH), table);
        assertTrue(table.lines().filter(line -> line.trim().matches("MFU\\s{2,}.*")).count() >= 2,
                "the runs wrap into blocks, each with the MFU row: " + table);
        assertTrue(table.lines().noneMatch(line -> line.trim().startsWith("cost per hour")), table);
        assertTrue(table.contains("  the same in every run: exposed communication TP 440 ms; exposed communication PP"
                + " 2.18 ms; cost per hour $10,240/h;"), table);
        assertTrue(table.contains("cost per MFU point per year $897,024/year"), table);
        String whole = ComparisonConsole.render(sixFabrics(), true);
        assertEquals(1, whole.lines().filter(line -> line.trim().matches("MFU\\s{2,}.*")).count(), whole);
        assertTrue(whole.lines().anyMatch(line -> line.trim().startsWith("cost per hour")), whole);
        assertTrue(whole.lines().anyMatch(line -> line.length() > ComparisonConsole.WIDTH), whole);
        assertTrue(!whole.contains("the same in every run"), whole);
    }

    @Test
    void shouldPriceNoOtherGapBetweenFabricsOfTheSameIdealMfu() {
        // The same H100 nodes and switch counts on lossy Ethernet: 0.1194 + 0.1392 lost to behaviour + 0.0399 lost to
        // routing is the baseline's 0.2985 (the ideal fabrics' MFU is the same), so the gap not made by behaviour or
        // routing is $0. The subtraction of the three dollar rows left -9.31e-10, printed -$0.000000000931/year.
        Comparison comparison = sixFabrics();
        Comparison.Row other = comparison.rows().stream().filter(row -> row.metric().equals(Comparison.MFU_GAP_OTHER))
                .findFirst().orElseThrow();
        assertEquals(0.0, other.values().get(4));
        assertEquals("$0/year", other.text(4));
    }
}
