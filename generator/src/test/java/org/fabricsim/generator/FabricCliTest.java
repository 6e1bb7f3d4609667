package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class FabricCliTest {

    @Test
    void shouldSimulateTheQuickstartAndWriteTheJsonResult(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        CliRun outcome = CliRun.fabric("simulate", Models.QUICKSTART.toString(), "--json", json.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        // 1 GiB ring all-reduce over 16 ranks on 50 GB/s links. The engine's one calibration derates
        // NIC links to eta = 0.96 (collective.nic-efficiency), so busbw <= B * eta = 48 GB/s. NCCL's
        // latency model adds at most: 30 ring steps x (2 hops x 1 us + 14 us network step latency)
        // = 0.48 ms, the ring base latency 8.4 us, and (plateau 1.4 - 1) x 30 x 14 us = 0.168 ms for a
        // ring all-reduce across nodes: <= 0.66 ms against 1.875 * 2^30 / 48e9 = 41.9 ms of transfer,
        // so busbw >= 48 * 41.9 / 42.6 = 47.2 GB/s.
        double busbw = QuickstartTable.busbwGBps(outcome.out(), 1L << 30);
        assertTrue(busbw >= 47.2 && busbw <= 48.0, () -> "busbw " + busbw + " in\n" + outcome.out());
        JsonObject run = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("runs")
                .get(0).getAsJsonObject();
        assertEquals("quickstart.RingAllReduce", run.get("name").getAsString());
        assertEquals("collective-benchmark", run.get("kind").getAsString());
        assertEquals(16, run.getAsJsonObject("parameters").get("accelerators").getAsInt());
        assertEquals(4, run.getAsJsonObject("metrics").getAsJsonArray("rows").size());
        JsonObject largest = run.getAsJsonObject("metrics").getAsJsonArray("rows").get(3).getAsJsonObject();
        assertEquals("Simple", largest.get("protocol").getAsString());
        // Without scale-up every accelerator is its own node to NCCL, every ring hop a network one: one NIC, doubled.
        assertEquals(2, largest.get("channels").getAsInt(), "NCCL's count: 1 NIC per one-accelerator node, doubled");
    }

    @Test
    void shouldRunTheDgxQuickstartNearNcclTestsOnNcclsChannels() throws Exception {
        // nccl-tests all_reduce_perf on 4 x DGX H100 over RoCE reaches ~380 GB/s busbw at large sizes
        // (issue 14); without a channels line the benchmark runs NCCL's 16 channels (8 NICs, doubled)
        Path dgx = Models.EXAMPLES.resolve("quickstart/dgx-h100-roce.fabric");
        CliRun outcome = CliRun.fabric("simulate", dgx.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        List<String> row = QuickstartTable.row(outcome.out(), 16L << 30);
        double busbw = Double.parseDouble(row.get(3));
        assertTrue(Math.abs(busbw / 380 - 1) <= 0.10, () -> "busbw " + busbw + " in\n" + outcome.out());
        assertEquals(List.of("ring", "Simple", "16"), row.subList(4, 7));
    }

    @Test
    void shouldPrintTheLockInOnceAsTheClustersSummaryAndNameTheClusterABenchmarkRan() throws Exception {
        // DGX H100 (NVLink, NVIDIA only) on RoCEv2: a seam, which validate reports as a warning
        // (ValidateCommandTest); simulate says it once, in the summary after the results.
        CliRun outcome = CliRun.fabric("simulate", Models.EXAMPLES.resolve("quickstart/dgx-h100-roce.fabric").toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertFalse(outcome.err().contains("fabric.lockin."), outcome.err());
        String all = outcome.out() + outcome.err();
        assertEquals(1, all.split("Lock-in of FourDgxH100:", -1).length - 1, all);
        assertEquals(1, all.split("seam", -1).length - 1, all);
        assertTrue(outcome.out().contains("accelerators (4 nodes x 8) of quickstart.FourDgxH100; topology:"), outcome.out());
    }

    @Test
    void shouldPrintTheUnfittedSustainedFractionWarningBesideTheResultsOfAnMi300xRun(@TempDir Path dir)
            throws Exception {
        // The default profile fits Hopper, Ampere and Blackwell only: an MI300X (cdna3) job runs at the measured MAMF,
        // and simulate says so with the editor's warning, on the workload's line, while the run itself completes.
        Path model = dir.resolve("mi300x.fabric");
        Files.writeString(model, """
                import fabric.catalog.amd.*

                cluster OneMi300x {
                    nodes 1 x MI300X_Platform
                }

                model Small transformer {
                    layers 4
                    hidden 4096
                    heads 32
                    vocab 32000
                }

                training Train {
                    model Small on OneMi300x
                    sequence 4096
                    batch 64 sequences
                    parallel data 8
                }
                """);
        Path json = dir.resolve("result.json");
        CliRun outcome = CliRun.fabric("simulate", model.toString(), "--json", json.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains(model + ":15:") && outcome.err().contains("MI300X is a cdna3"
                + " part and the default profile"), outcome.err());
        assertTrue(outcome.err().contains("[fabric.calibration.unfitted-sustained-fraction]"), outcome.err());
        JsonObject run = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("runs")
                .get(0).getAsJsonObject();
        assertEquals("ok", run.get("status").getAsString());
    }

    @Test
    void shouldExitWithOneAndPointAtFileLineAndColumnForModelErrors(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("broken.fabric");
        Files.writeString(model, "cluster C {\n    nodes 2 x accelerators\n    link 1 GB/s latency 1 us\n}\n");
        CliRun outcome = CliRun.fabric("validate", model.toString());
        assertEquals(1, outcome.exitCode());
        assertTrue(outcome.out().contains(model + ":2:15: error: 'x' lacks its value: after it, write the name of a"
                + " node or a whole number."),
                outcome.out());
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }

    @Test
    void shouldExitWithTwoAndNoStackTraceForAMissingFile() {
        CliRun outcome = CliRun.fabric("simulate", "no/such/model.fabric");
        assertEquals(2, outcome.exitCode());
        assertEquals("fabric: no/such/model.fabric: no such file or directory", outcome.err().strip());
    }

    @Test
    void shouldNameTheSweepCommandAndCalibrateRefusalsInTheHelp() {
        // README: `./fabric sweep` is a subcommand of the script (Spark stays out of fabric.jar), and exit code 2
        // covers calibrate refusing its measurements; --help is where a newcomer looks for both.
        CliRun outcome = CliRun.fabric("--help");
        assertEquals(0, outcome.exitCode());
        String help = outcome.out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Also: ./fabric sweep MODEL runs a study's runs on Apache Spark (docs/sweep.md)."), help);
        assertTrue(help.contains("(or calibrate refused its measurements)"), help);
    }

    /** One line that says what to do, not picocli's message followed by 40 lines of help. */
    @Test
    void shouldExitWithTwoForAnUnknownOption() {
        CliRun outcome = CliRun.fabric("simulate", "--frobnicate", Models.QUICKSTART.toString());
        assertEquals(2, outcome.exitCode());
        assertEquals("fabric: Unknown option: '--frobnicate'; see 'fabric simulate --help'", outcome.err().strip());
    }

    /** 'fabric check' (a newcomer's guess) names the command that checks a model, on one line. */
    @Test
    void shouldListTheCommandsForAnUnknownCommand() {
        CliRun outcome = CliRun.fabric("check", Models.QUICKSTART.toString());
        assertEquals(2, outcome.exitCode());
        assertEquals("fabric: unknown command 'check': the commands are validate, generate, simulate, format,"
                + " calibrate, draw, export, import, lsp (validate checks models without simulating them);"
                + " see 'fabric --help'", outcome.err().strip());
    }

    @Test
    void shouldNeverOverwriteAnExistingFileWithoutForce(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("precious.json");
        Files.writeString(json, "my notes");
        CliRun refused = CliRun.fabric("simulate", Models.QUICKSTART.toString(), "--json", json.toString());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.err().contains("already exists"), refused.err());
        assertEquals("my notes", Files.readString(json));

        assertEquals(0, CliRun.fabric("simulate", Models.QUICKSTART.toString(), "--json", json.toString(), "--force").exitCode());
        assertTrue(Files.readString(json).contains("\"runs\""));
    }

    /** Two 2-node clusters behind one switch at 400 and 800 Gb/s, and a study over them. */
    private static Path sweepModel(Path dir) throws Exception {
        Path model = dir.resolve("sweep.fabric");
        Files.writeString(model, """
                package sweep
                cluster Slow { nodes 2 x 4 accelerators link 400 Gb/s latency 1 us }
                cluster Fast { nodes 2 x 4 accelerators link 800 Gb/s latency 1 us }
                cluster Tiny { nodes 1 x 4 accelerators link 800 Gb/s latency 1 us }
                benchmark Ring { all-reduce ring on Slow sizes 1 GiB }
                benchmark Lone { all-reduce ring on Fast sizes 1 MiB }
                study Links { simulate Ring vary cluster in [Slow, Fast, Tiny] report busbw seed 9 }
                """);
        return model;
    }

    @Test
    void shouldRunEveryCombinationOfAStudyAndShowDeltasAgainstTheBaseline(@TempDir Path dir) throws Exception {
        Path model = sweepModel(dir);
        Path csv = dir.resolve("runs.csv");
        Path html = dir.resolve("report.html");
        Path trace = dir.resolve("trace.json");
        Path json = dir.resolve("runs.json");
        CliRun outcome = CliRun.fabric("simulate", model.toString(), "--study", "Links", "--csv", csv.toString(), "--html",
                html.toString(), "--trace", trace.toString(), "--json", json.toString());
        assertEquals(ExitCodes.RUNS_FAILED, outcome.exitCode(), "a failed run fails the command: " + outcome.err());
        assertTrue(outcome.out().contains("sweep.Links: 3 runs side by side"), outcome.out());
        // The delta column is (run - baseline) / baseline of the values the JSON holds; the row is named in words.
        com.google.gson.JsonArray runs = JsonParser.parseString(Files.readString(json)).getAsJsonObject()
                .getAsJsonArray("runs");
        double slow = busbwAt1GiB(runs.get(0).getAsJsonObject());
        double fast = busbwAt1GiB(runs.get(1).getAsJsonObject());
        assertTrue(fast > slow, "twice the link rate, more bus bandwidth");
        String delta = String.format(java.util.Locale.ROOT, "(%+.1f%%)", (fast - slow) / slow * 100);
        assertTrue(outcome.out().lines().anyMatch(l -> l.trim().startsWith("1 GiB busbw ") && l.contains(delta)
                && l.trim().endsWith("-")), delta + " in\n" + outcome.out());
        // The 1-node cluster cannot hold a 2-node benchmark: reported, and the others still ran.
        assertTrue(outcome.out().contains("sweep.Links[cluster=Tiny]: FAILED: infeasible: the benchmark uses 2 nodes"
                + " but sweep.Tiny has 1"), outcome.out());
        assertTrue(outcome.err().contains("1 of 3 run(s) failed"), outcome.err());
        // ... and named at the study's line and column (7:1 in sweepModel's text), the form editors link to the place
        assertTrue(outcome.err().contains(model + ":7:1: error: sweep.Links[cluster=Tiny] failed: infeasible"),
                outcome.err());
        assertFalse(outcome.out().contains("sweep.Lone"), "--study runs only the chosen study");
        List<String> rows = Files.readAllLines(csv);
        assertEquals(4, rows.size());
        assertTrue(rows.get(0).startsWith("study,run,kind,status,seed,cluster,"), rows.get(0));
        assertTrue(rows.get(3).contains(",failed,") && rows.get(3).contains("infeasible"), rows.get(3));
        assertTrue(Files.readString(html).contains("sweep.Links[cluster=Fast]"));
        assertTrue(Files.readString(trace).contains("\"traceEvents\""));
    }

    @Test
    void shouldShowTheRowsThatDifferByDefaultAndEveryRowWithFullComparison(@TempDir Path dir) throws Exception {
        // Links at 400 and 800 Gb/s on 2 nodes: both run the 1 GiB ring on the same NCCL channels, so that row is the
        // same in every run; the time, the bandwidths and the utilisation differ. By default the channels go to the
        // one line of rows the same in every run; --full-comparison prints them as a row of the table, as before
        // session 69. A benchmark study has no verdict: the JSON's verdicts list is empty, not missing.
        Path model = dir.resolve("links.fabric");
        Files.writeString(model, """
                package cmp
                cluster Slow { nodes 2 x 4 accelerators link 400 Gb/s latency 1 us }
                cluster Fast { nodes 2 x 4 accelerators link 800 Gb/s latency 1 us }
                benchmark Ring { all-reduce ring on Slow sizes 1 GiB }
                study Links { simulate Ring vary cluster in [Slow, Fast] }
                """);
        Path json = dir.resolve("links.json");
        CliRun compact = CliRun.fabric("simulate", model.toString(), "--json", json.toString());
        assertEquals(0, compact.exitCode(), compact.err());
        assertTrue(compact.out().lines().anyMatch(l -> l.trim().startsWith("1 GiB busbw ")), compact.out());
        assertTrue(compact.out().lines().anyMatch(l -> l.matches("  the same in every run: 1 GiB channels \\d+")),
                compact.out());
        assertFalse(compact.out().lines().anyMatch(l -> l.trim().startsWith("1 GiB channels ")), compact.out());
        assertEquals(0, JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("verdicts")
                .size());
        CliRun full = CliRun.fabric("simulate", model.toString(), "--full-comparison");
        assertEquals(0, full.exitCode(), full.err());
        assertTrue(full.out().lines().anyMatch(l -> l.trim().startsWith("1 GiB channels ")), full.out());
        assertFalse(full.out().contains("the same in every run"), full.out());
    }

    @Test
    void shouldGiveRunsTheSameSeedsForTheSameSeedOption(@TempDir Path dir) throws Exception {
        Path model = sweepModel(dir);
        Path first = dir.resolve("a.json");
        Path second = dir.resolve("b.json");
        assertEquals(ExitCodes.RUNS_FAILED, CliRun.fabric("simulate", model.toString(), "--seed", "5", "--json",
                first.toString()).exitCode());
        assertEquals(ExitCodes.RUNS_FAILED, CliRun.fabric("simulate", model.toString(), "--seed", "5", "--threads", "1",
                "--json", second.toString()).exitCode());
        JsonObject a = JsonParser.parseString(Files.readString(first)).getAsJsonObject();
        JsonObject b = JsonParser.parseString(Files.readString(second)).getAsJsonObject();
        for (JsonObject root : List.of(a, b)) {
            root.getAsJsonArray("runs").forEach(r -> r.getAsJsonObject().remove("engine"));
        }
        assertEquals(a, b);
        // Every variation of the study's one workload shares its seed (common random numbers).
        for (var run : a.getAsJsonArray("runs")) {
            assertEquals(org.fabricsim.runtime.study.RunSeeds.seed(5, 0), run.getAsJsonObject().get("seed").getAsLong());
        }
    }

    @Test
    void shouldExitWithTwoNamingTheChoicesForAnUnknownStudy(@TempDir Path dir) throws Exception {
        CliRun outcome = CliRun.fabric("simulate", sweepModel(dir).toString(), "--study", "Nope");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("no study or workload named 'Nope'; choose one of [Links, Lone]"), outcome.err());
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }

    @Test
    void shouldGenerateOneProgramPerStudyAndPerUncoveredWorkload(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("gen");
        CliRun outcome = CliRun.fabric("generate", sweepModel(dir).toString(), "-o", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(Files.exists(out.resolve("sweep/Links.java")));
        assertTrue(Files.exists(out.resolve("sweep/Lone.java")));
        assertFalse(Files.exists(out.resolve("sweep/Ring.java")), "Ring is covered by the study Links");
        // Inside the chosen output directory, generating again replaces the files.
        assertEquals(0, CliRun.fabric("generate", sweepModel(dir).toString(), "-o", out.toString()).exitCode());
    }

    private static double busbwAt1GiB(JsonObject run) {
        com.google.gson.JsonArray rows = run.getAsJsonObject("metrics").getAsJsonArray("rows");
        return rows.get(rows.size() - 1).getAsJsonObject().get("busbwGBps").getAsDouble();
    }
}
