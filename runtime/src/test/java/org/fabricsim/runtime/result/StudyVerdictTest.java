package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;

/**
 * A study of several runs ends with what it decides: the winner, the runs tied with it and each other run's gap, for a
 * training study in MFU points and dollars a year on its cluster (session 68's capacity planner found the answer only
 * by reading a 200-column table that compares against the first run).
 */
class StudyVerdictTest {

    static RunResult training(String name, double mfu, double dollarsPerPoint) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("mfu", mfu);
        metrics.put("costPerMfuPointPerYear", dollarsPerPoint);
        return new RunResult(name, "training", "s.Fabrics", Map.of(), 1, Map.of(), metrics, 0, 0, 0, null);
    }

    /** A serving run of 1,000 output tokens/s for 100 s that costs {@code dollars} on every pool. */
    private static RunResult serving(String name, double dollars, double decodeShare, boolean met) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("costDollars", dollars);
        metrics.put("costPerMillionOutputTokens", decodeShare);
        metrics.put("outputTokensPerSecond", 1000.0);
        metrics.put("makespanSeconds", 100.0);
        metrics.put("slos", List.of(Map.of("metric", "ttft", "met", met)));
        return new RunResult(name, "inference", "s.Pools", Map.of(), 1, Map.of(), metrics, 0, 0, 0, null);
    }

    @Test
    void shouldNameTheHighestMfuAndPriceEachOtherRunsGapOnItsCluster() {
        // The winner is [f=ib] at 33.90 %; [f=uec] at 33.88 % is 0.02 points behind, under the 0.05 a table's 0.1 shows:
        // tied. [f=roce] at 30.60 % is 3.3 points behind: 3.3 × $89,702 = $296,016.6 a year; [f=opa] at 31.70 % on a
        // dearer cluster ($100,000 a point) 2.2 points: $220,000 a year. A failed run has no verdict.
        RunResult failed = RunResult.failed("s.Fabrics[f=x]", "training", "s.Fabrics", Map.of(), 1, "infeasible", 0);
        StudyResult result = new StudyResult("t", "m", List.of(training("s.Fabrics[f=roce]", 0.3060, 89_702),
                training("s.Fabrics[f=ib]", 0.3390, 89_702), failed, training("s.Fabrics[f=opa]", 0.3170, 100_000),
                training("s.Fabrics[f=uec]", 0.3388, 89_702)));
        List<StudyVerdict> verdicts = StudyVerdict.of(result);
        assertEquals(1, verdicts.size());
        assertEquals("""
                # s.Fabrics: [f=ib] wins on MFU, 33.9% (tied: [f=uec]); behind it:
                    [f=opa]   2.2 points, $220,000/year on its cluster
                    [f=roce]  3.3 points, $296,017/year on its cluster
                """, verdicts.get(0).text());
        String console = ConsoleTable.render(result);
        assertTrue(console.endsWith(verdicts.get(0).text() + "\n"), "the console ends with the verdict: " + console);
        Map<String, Object> json = verdicts.get(0).toJsonMap();
        assertEquals("s.Fabrics[f=ib]", json.get("best"));
        Map<?, ?> roce = (Map<?, ?>) ((List<?>) json.get("behind")).get(1);
        assertEquals(3.3 * 89_702, (Double) roce.get("dollarsPerYear"), 1e-6);
        assertEquals("$296,017/year", roce.get("dollarsPerYearText"));
    }

    @Test
    void shouldWriteTheVerdictIntoTheJsonResultWithItsFiguresAsNumbers() {
        // A script comparing fabrics reads the console's headline from the --json file (session 69: it was console
        // and HTML only). [f=ib] wins at 0.339; [f=roce] at 0.306 is (0.339 − 0.306) × 100 = 3.3 points behind, at
        // $89,702 a point $296,016.6 a year.
        StudyResult result = new StudyResult("t", "m", List.of(training("s.Fabrics[f=roce]", 0.306, 89_702),
                training("s.Fabrics[f=ib]", 0.339, 89_702)));
        Map<String, Object> json = new Gson().fromJson(result.toJson(), new TypeToken<Map<String, Object>>() { }.getType());
        List<?> verdicts = (List<?>) json.get("verdicts");
        assertEquals(1, verdicts.size());
        Map<?, ?> verdict = (Map<?, ?>) verdicts.get(0);
        assertEquals("s.Fabrics", verdict.get("study"));
        assertEquals("mfu", verdict.get("metric"));
        assertEquals("s.Fabrics[f=ib]", verdict.get("best"));
        assertEquals(0.339, (Double) verdict.get("bestValue"), 1e-12);
        Map<?, ?> roce = (Map<?, ?>) ((List<?>) verdict.get("behind")).get(0);
        assertEquals("s.Fabrics[f=roce]", roce.get("run"));
        assertEquals(0.306, (Double) roce.get("value"), 1e-12);
        assertEquals(3.3, (Double) roce.get("mfuPoints"), 1e-9);
        assertEquals(3.3 * 89_702, (Double) roce.get("dollarsPerYear"), 1e-6);
        assertEquals(List.of(), ((List<?>) ((Map<?, ?>) new Gson().fromJson(new StudyResult("t", "m",
                List.of(training("s.Fabrics[f=ib]", 0.339, 1))).toJson(), Map.class)).get("verdicts")),
                "one run decides nothing: an empty list, never a missing key");
    }

    @Test
    void shouldNameTheCheapestServingRunThatMeetsItsSlosAndSetApartOneThatMisses() {
        // Every pool's dollars ÷ 100,000 output tokens × 10⁶: $0.04 is $0.40 per million but misses its TTFT SLO, so
        // $0.05 ($0.50) wins; $0.06 ($0.60) is $0.10 (+20.0 %) behind, though its decode pool's share ($0.20, the
        // run's costPerMillionOutputTokens) is the lowest: it pays for a larger prefill pool.
        StudyResult result = new StudyResult("t", "m", List.of(serving("s.Pools[r=1]", 0.04, 0.30, false),
                serving("s.Pools[r=2]", 0.05, 0.45, true), serving("s.Pools[r=3]", 0.06, 0.20, true)));
        assertEquals("""
                # s.Pools: [r=2] wins on cost per million output tokens (every pool), $0.50/M output tokens; behind it:
                    [r=3]  +$0.10/M output tokens (+20.0%)
                    misses an SLO: [r=1]
                """, StudyVerdict.of(result).get(0).text());
        Map<String, Object> json = StudyVerdict.of(result).get(0).toJsonMap();
        assertEquals("dollarsPerMillionOutputTokens", json.get("metric"));
        assertEquals(0.50, (Double) json.get("bestValue"), 1e-12);
        Map<?, ?> r3 = (Map<?, ?>) ((List<?>) json.get("behind")).get(0);
        assertEquals(0.60, (Double) r3.get("value"), 1e-12);
        assertEquals(null, r3.get("mfuPoints"), "a serving run is behind in dollars, not MFU points");
    }

    @Test
    void shouldNameEachRunByWhatSetsItApartAsTheTableHeadsItsColumn() {
        // A search's refined plans all say schedule=1f1b: the verdict names them by tensor and pipeline alone.
        StudyResult result = new StudyResult("t", "m", List.of(
                training("s.Fabrics[tensor=4, pipeline=16, schedule=1f1b]", 0.43, 100),
                training("s.Fabrics[tensor=8, pipeline=16, schedule=1f1b]", 0.40, 100),
                training("s.Fabrics[tensor=4, pipeline=8, schedule=1f1b]", 0.38, 100)));
        assertEquals("""
                # s.Fabrics: [tensor=4, pipeline=16] wins on MFU, 43.0%; behind it:
                    [tensor=8, pipeline=16]  3.0 points, $300/year on its cluster
                    [tensor=4, pipeline=8]   5.0 points, $500/year on its cluster
                """, StudyVerdict.of(result).get(0).text());
    }

    @Test
    void shouldGiveNoVerdictWithoutTwoRunsThatSucceededOrForALoadSweepWithoutCost() {
        RunResult load = new RunResult("s.Load[rate=1]", "inference", "s.Load", Map.of(), 1, Map.of(),
                Map.of("outputTokensPerSecond", 1000.0), 0, 0, 0, null);
        RunResult load2 = new RunResult("s.Load[rate=2]", "inference", "s.Load", Map.of(), 1, Map.of(),
                Map.of("outputTokensPerSecond", 2000.0), 0, 0, 0, null);
        assertEquals(List.of(), StudyVerdict.of(new StudyResult("t", "m", List.of(load, load2,
                training("s.Fabrics[f=ib]", 0.339, 1)))));
    }

    /**
     * A serving study on a cluster without a cost ended with its table and no word of a verdict, though the README
     * says the output ends with what each study decides (session 70): it now says why there is none and what to add.
     * A training study of one run, a serving study with a cost (which has its verdict) and a search add no such line.
     */
    @Test
    void shouldSayWhyAServingStudyWithoutCostHasNoVerdict() {
        RunResult load = new RunResult("s.Load[rate=1]", "inference", "s.Load", Map.of(), 1, Map.of(),
                Map.of("outputTokensPerSecond", 1000.0), 0, 0, 0, null);
        RunResult load2 = new RunResult("s.Load[rate=2]", "inference", "s.Load", Map.of(), 1, Map.of(),
                Map.of("outputTokensPerSecond", 2000.0), 0, 0, 0, null);
        String console = ConsoleTable.render(new StudyResult("t", "m", List.of(load, load2,
                training("s.Fabrics[f=ib]", 0.339, 1))));
        assertTrue(console.endsWith("# s.Load: no verdict: no cost stated, so no run wins on cost per million output"
                + " tokens (the most tokens per second would only name the highest load); add `cost ...` to the"
                + " cluster for dollars\n"), console);
        assertEquals("", StudyVerdict.undecided(new StudyResult("t", "m", List.of(serving("s.Pools[r=1]", 1, 1, true),
                serving("s.Pools[r=2]", 2, 1, true)))));
        // a search of the same runs names its best plan in its own lines (SearchConsole): no such line
        StudyResult.StudyInfo search = new StudyResult.StudyInfo("s.Load", "", 1, List.of(), List.of(),
                Map.of("objective", "throughput"));
        assertEquals("", StudyVerdict.undecided(new StudyResult("t", "m", List.of(search), List.of(load, load2))));
    }
}
