package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class MetricsTest {

    @Test
    void shouldFlattenNestedMapsAndRowsToDottedKeys() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("bytes", 1L << 20);
        row.put("busbwGBps", 12.5);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("mfu", 0.4);
        metrics.put("ttftSeconds", Map.of("p99", 0.5));
        metrics.put("rows", List.of(row));
        metrics.put("linkUtilization", Map.of("fabric", Map.of("links", 1, "mean", 0.5, "max", 0.5, "p99", 0.5,
                "groups", List.of(0.5))));
        assertEquals(Map.of("mfu", 0.4, "ttftSeconds.p99", 0.5, "rows[1 MiB].busbwGBps", 12.5), Metrics.scalars(metrics));
    }

    @Test
    void shouldLeaveAPacketRunsPortTableOutOfTheComparedScalars() {
        Map<String, Object> port = new LinkedHashMap<>();
        port.put("link", 7);
        port.put("drops", 3L);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("bytes", 1L << 20);
        row.put("busbwGBps", 40.0);
        row.put("ports", List.of(port));
        Map<String, Double> scalars = Metrics.scalars(Map.of("rows", List.of(row)));
        assertEquals(Map.of("rows[1 MiB].busbwGBps", 40.0), scalars);
    }

    @Test
    void shouldMatchReportedMetricNamesToEngineKeys() {
        assertTrue(Metrics.reports("step-time", "stepTimeSeconds"));
        assertTrue(Metrics.reports("exposed-communication", "exposedCommunicationSeconds.tp"));
        assertTrue(Metrics.reports("busbw", "rows[1 GiB].busbwGBps"));
        assertTrue(!Metrics.reports("mfu", "stepTimeSeconds"));
    }

    @Test
    void shouldReportThroughputAsTokensPerSecondOfTrainingAndServingRuns() {
        assertTrue(Metrics.reports("throughput", "tokensPerSecond"));
        assertTrue(Metrics.reports("throughput", "outputTokensPerSecond"));
        assertTrue(Metrics.reports("throughput", "inputTokensPerSecond"));
        assertFalse(Metrics.reports("throughput", "outputTokensPerSecondPerAccelerator"));
        assertFalse(Metrics.reports("throughput", "stepTimeSeconds"));
        assertTrue(Metrics.reports("mfu", "modelFlopsUtilization"));
        assertFalse(Metrics.reports("mfu", "costPerMfuPointPerYear"));
    }

    @Test
    void shouldDeriveTheStepBreakdownFromStepTimeBubbleAndExposedCommunication() {
        Map<String, Object> exposed = new LinkedHashMap<>();
        exposed.put("tp", 0.5);
        exposed.put("dp", 1.0);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("stepTimeSeconds", 10.0);
        metrics.put("bubbleFraction", 0.1);
        metrics.put("exposedCommunicationSeconds", exposed);
        // bubble = 0.1 x 10 = 1 s; compute = 10 - 1 - (0.5 + 1.0) = 7.5 s.
        Map<String, Double> expected = new LinkedHashMap<>();
        expected.put("compute", 7.5);
        expected.put("exposed-tp", 0.5);
        expected.put("exposed-dp", 1.0);
        expected.put("bubble", 1.0);
        assertEquals(expected, Metrics.stepBreakdown(metrics));
        assertNull(Metrics.stepBreakdown(Map.of("mfu", 0.4)));
    }

    @Test
    void shouldWriteOneCsvRowPerRunWithQuotingAndNoFormulas() {
        RunResult ok = new RunResult("s[x=1]", "training", "s", Map.of("x", 1L), 1, Map.of(), Map.of("mfu", 0.5), 0, 0, 0,
                null);
        RunResult failed = RunResult.failed("=s[x=2]", "training", "s", Map.of("x", 2L), 2, "infeasible: a, \"b\"", 0);
        String csv = Csv.render(new StudyResult("t", "m", List.of(ok, failed)));
        assertEquals("study,run,kind,status,seed,x,mfu,error\r\n"
                + "s,s[x=1],training,ok,1,1,0.5,\r\n"
                + "s,'=s[x=2],training,failed,2,2,,\"infeasible: a, \"\"b\"\"\"\r\n", csv);
    }

    @Test
    void shouldCompareAgainstTheFirstSuccessfulRun() {
        RunResult failed = RunResult.failed("s[x=0]", "training", "s", Map.of(), 1, "infeasible", 0);
        RunResult base = new RunResult("s[x=1]", "training", "s", Map.of(), 2, Map.of(), Map.of("mfu", 0.40), 0, 0, 0, null);
        RunResult better = new RunResult("s[x=2]", "training", "s", Map.of(), 3, Map.of(), Map.of("mfu", 0.44), 0, 0, 0,
                null);
        Comparison c = Comparison.of("s", List.of(failed, base, better), List.of("mfu", "cost"));
        assertEquals("s[x=1]", c.baseline());
        // (0.44 - 0.40) / 0.40 = +10%; cost is reported by no run: a row of nulls.
        assertEquals(0.1, c.rows().get(0).deltas().get(2), 1e-12);
        assertEquals("cost", c.rows().get(1).metric());
        assertTrue(c.rows().get(1).values().stream().allMatch(v -> v == null));
    }

    @Test
    void shouldSplitTheMfuGapIntoBehaviourRoutingAndTheRest() {
        // $350,400 a point. Baseline: MFU 0.40, 0.1 point lost to behaviour, none to routing; the run: 0.36, 2 points
        // to behaviour, 1 to routing. Gap 4 points = $1,401,600: behaviour (2 − 0.1) points = $665,760, routing 1
        // point = $350,400, and the rest is the ideal fabrics' difference, (0.40 + 0.001) − (0.36 + 0.02 + 0.01) =
        // 1.1 points = $385,440.
        RunResult base = new RunResult("s[c=a]", "training", "s", Map.of(), 1, Map.of(), Map.of("mfu", 0.40,
                "costPerMfuPointPerYear", 350_400.0, "mfuLostToBehaviour", 0.001, "mfuLostToRouting", 0.0), 0, 0, 0,
                null);
        RunResult worse = new RunResult("s[c=b]", "training", "s", Map.of(), 1, Map.of(), Map.of("mfu", 0.36,
                "costPerMfuPointPerYear", 350_400.0, "mfuLostToBehaviour", 0.02, "mfuLostToRouting", 0.01), 0, 0, 0,
                null);
        List<Comparison.Row> rows = Comparison.of("s", List.of(base, worse), List.of("mfu", "cost")).rows();
        Map<String, Double> second = new java.util.HashMap<>();
        rows.forEach(r -> second.put(r.metric(), r.values().get(1)));
        assertEquals(1_401_600.0, second.get(Comparison.MFU_GAP), 1e-6);
        assertEquals(665_760.0, second.get(Comparison.MFU_GAP_BEHAVIOUR), 1e-6);
        assertEquals(350_400.0, second.get(Comparison.MFU_GAP_ROUTING), 1e-6);
        assertEquals(385_440.0, second.get(Comparison.MFU_GAP_OTHER), 1e-6);
        assertEquals(0.0, rows.get(rows.size() - 1).values().get(0), 1e-9, "the baseline's own gap is 0");
    }

    @Test
    void shouldPriceEachRunsMfuDifferenceFromTheBaselinePerYear() {
        // A point of MFU is worth $350,400 a year on 1,000 GPUs at $4/h (4 x 1,000 x 8,760 / 100). The second
        // run's MFU is 2 points lower: (0.40 - 0.38) x 100 x 350,400 = $700,800 a year; the baseline's gap is 0.
        RunResult base = new RunResult("s[c=a]", "training", "s", Map.of(), 1, Map.of(),
                Map.of("mfu", 0.40, "costPerMfuPointPerYear", 350_400.0), 0, 0, 0, null);
        RunResult worse = new RunResult("s[c=b]", "training", "s", Map.of(), 1, Map.of(),
                Map.of("mfu", 0.38, "costPerMfuPointPerYear", 350_400.0), 0, 0, 0, null);
        Comparison c = Comparison.of("s", List.of(base, worse), List.of("mfu", "cost"));
        Comparison.Row gap = c.rows().get(c.rows().size() - 1);
        assertEquals(Comparison.MFU_GAP, gap.metric());
        assertEquals(0.0, gap.values().get(0), 1e-9);
        assertEquals(700_800.0, gap.values().get(1), 1e-6);
        assertTrue(Comparison.of("s", List.of(base, worse), List.of("mfu")).rows().stream()
                .noneMatch(r -> r.metric().equals(Comparison.MFU_GAP)), "no price unless the cost is reported");
    }

    /** Whole with separators from 100, three significant digits below, whole numbers exact. */
    @Test
    void shouldWriteCountsAndRatesWholeFromAHundredAndToThreeDigitsBelow() {
        assertEquals("40,000", Metrics.count(40_000));
        assertEquals("255", Metrics.count(255.4));
        assertEquals("55.4", Metrics.count(55.3569));
        assertEquals("2.43", Metrics.count(2.4267));
        assertEquals("0.532", Metrics.count(0.5323));
        assertEquals("64", Metrics.count(64));
        assertEquals("0", Metrics.count(0));
    }
}
