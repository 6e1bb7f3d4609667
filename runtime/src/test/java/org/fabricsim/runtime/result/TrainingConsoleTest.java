package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The training block of the console, read as a person reads it. */
class TrainingConsoleTest {

    private static RunResult run(Map<String, Object> parameters) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("stepTimeSeconds", 0.2413);
        metrics.put("mfu", 0.41);
        metrics.put("hfu", 0.41);
        metrics.put("tokensPerSecond", 1_048_576.0);
        metrics.put("bubbleFraction", 0.25);
        metrics.put("exposedCommunicationFraction", 0.01);
        metrics.put("memoryPerAcceleratorBytes", 84.1e9);
        metrics.put("memoryCapacityBytes", 141e9);
        return new RunResult("t.Train", "training", parameters, metrics, 1);
    }

    @Test
    void shouldPrintMemoryAgainstTheAcceleratorsCapacityWithItsShare() {
        // 84.1 GB of 141 GB: 84.1 / 141 = 59.65 %, written to one decimal.
        String text = TrainingConsole.render(run(Map.of()));
        assertTrue(text.contains("memory per GPU      84.1 GB of 141 GB (59.6%)"), text);
    }

    @Test
    void shouldPrintTimesInTheirUnitWithThreeDigitsAndCountsWithSeparators() {
        // step 0.2413 s = 241 ms; bubble 25 % of it = 60.3 ms; exposed 1 % = 2.41 ms; tokens 1,048,576.
        String text = TrainingConsole.render(run(Map.of())).replaceAll(" +", " ");
        assertTrue(text.contains("step time 241 ms"), text);
        assertTrue(text.contains("pipeline bubble 60.3 ms 25.0%"), text);
        assertTrue(text.contains("exposed comm 2.41 ms 1.0%"), text);
        assertTrue(text.contains("tokens/s 1,048,576"), text);
    }

    @Test
    void shouldSayHowManyDataParallelGroupsGotTheirTreesWhenTheJobStatesCollNet() {
        // 16 of 32 granted: the other 16 run their rings, so every DP collective does (the step waits for them).
        RunResult refused = run(Map.of()).withMetric("collnetGroups", 32).withMetric("collnetGroupsGranted", 16)
                .withMetric("collnetChosen", false);
        assertTrue(TrainingConsole.render(refused).contains(
                "  collnet          16 of 32 DP groups granted SHARP trees; DP collectives on rings\n"),
                TrainingConsole.render(refused));
        assertFalse(TrainingConsole.render(run(Map.of())).contains("collnet"), "no line without collnet");
    }

    @Test
    void shouldSayTheCollectivesRunOnCollNetBecauseDpAlgorithmForcesThemThere() {
        RunResult granted = run(Map.of()).withMetric("collnetGroups", 32).withMetric("collnetGroupsGranted", 32)
                .withMetric("collnetChosen", true);
        assertTrue(TrainingConsole.render(granted.withMetric("collnetForced", false)).contains(
                "32 of 32 DP groups granted SHARP trees; DP collectives on CollNet where NCCL would run them\n"));
        assertTrue(TrainingConsole.render(granted.withMetric("collnetForced", true)).contains(
                "32 of 32 DP groups granted SHARP trees; DP collectives on CollNet, as dp-algorithm collnet-direct"
                        + " forces\n"));
    }

    @Test
    void shouldNameTheClusterAndTheFabricsTheRunUsed() {
        Map<String, Object> used = new LinkedHashMap<>();
        used.put("cluster", "fabric.C");
        used.put("scaleUpFabric", "NVLink4");
        used.put("scaleOutFabric", "NDR");
        assertTrue(TrainingConsole.render(run(used)).contains("\n  on cluster fabric.C: scale-up NVLink4, scale-out NDR\n"));
        assertTrue(TrainingConsole.render(run(Map.of("cluster", "fabric.One")))
                .contains("\n  on cluster fabric.One\n"), "a single node without fabrics names only the cluster");
    }

    /** A run with {@code ettr} in closed form and a 30-day Monte Carlo of mean {@code mean} ± 0.001 (95%). */
    private static String reliable(double ettr, double mean) {
        RunResult plain = run(Map.of());
        Map<String, Object> metrics = new LinkedHashMap<>(plain.metrics());
        metrics.put("interruptionsPerDay", 0.38);
        metrics.put("meanTimeToInterruptionHours", 62.5);
        metrics.put("ettr", ettr);
        metrics.put("wallTimeShares", Map.of("checkpoint", 0.0, "lostWork", 1 - ettr, "restart", 0.0));
        metrics.put("goodputTokensPerSecond", 1_048_576.0 * ettr);
        metrics.put("effectiveMfu", 0.41 * ettr);
        metrics.put("checkpointIntervalSeconds", 3.6e15);
        metrics.put("monteCarlo", Map.of("replications", 1000, "windowDays", 30.0, "ettrMean", mean, "ettrLow95",
                mean - 0.001, "ettrHigh95", mean + 0.001, "ettrP5", mean, "ettrP95", mean));
        return TrainingConsole.render(new RunResult(plain.name(), plain.kind(), plain.parameters(), metrics, 1));
    }

    @Test
    void shouldSayWhichEttrItShowsWhenTheMonteCarloDiffers() {
        // MonteCarloTest's far-apart checkpoints: closed form 58.2%, 30-day windows 36.8%; 30 days = 2.592e6 s against
        // a checkpoint every 3.6e15 s (10^12 h) is 7.2e−10 intervals.
        String text = reliable(0.581977, 0.367879);
        assertTrue(text.contains("ETTR                  58.2%  (Monte Carlo 36.79%"), text);
        assertTrue(text.contains("shown: the closed form (long run); the Monte Carlo's 30-day windows start after a"
                + " checkpoint and span 7.20e-10 checkpoint intervals"), text);
    }

    @Test
    void shouldPriceTheWallTimeLostToFailuresOnAClusterWithACost() {
        // ETTR 96.12%: 3.88% of the wall time lost; at $32,768 an hour, 0.0388 × 32,768 × 8,760 h = $11,137,450 a year.
        // Without a cost the line ends with the shares (session 68's capacity planner had to work this out by hand).
        assertTrue(!reliable(0.9612, 0.9611).contains("a year"));
        RunResult plain = run(Map.of());
        Map<String, Object> metrics = new LinkedHashMap<>(plain.metrics());
        metrics.put("costPerHour", 32_768.0);
        metrics.put("costPerMfuPointPerYear", 32_768.0 * 8760 / 100); // as TrainingSimulator writes it beside the rent
        metrics.put("interruptionsPerDay", 0.38);
        metrics.put("meanTimeToInterruptionHours", 62.5);
        metrics.put("ettr", 0.9612);
        metrics.put("wallTimeShares", Map.of("checkpoint", 0.01, "lostWork", 0.0188, "restart", 0.01));
        metrics.put("monteCarlo", Map.of("replications", 1000, "windowDays", 30.0, "ettrMean", 0.9611, "ettrLow95",
                0.9601, "ettrHigh95", 0.9621, "ettrP5", 0.9611, "ettrP95", 0.9611));
        String text = TrainingConsole.render(new RunResult(plain.name(), plain.kind(), plain.parameters(), metrics, 1));
        assertTrue(text.contains("  wall time lost   checkpoints 1.0%, lost work 1.9%, restarts 1.0%: $11,137,450 a year of"
                + " the cluster's cost\n"), text);
    }

    @Test
    void shouldNotExplainTheEttrWhenTheMonteCarloHoldsIt() {
        // 96.12% against 96.11% ± 0.1% (95%): inside the 99.9% interval, ± 0.168%.
        assertTrue(!reliable(0.9612, 0.9611).contains("shown:"));
    }
}
