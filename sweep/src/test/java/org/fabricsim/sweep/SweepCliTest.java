package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;
import org.fabricsim.generator.cli.Programs;
import org.fabricsim.generator.cli.UserError;
import org.fabricsim.runtime.search.SearchSize;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudySize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCliTest {
    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int sweep(String... args) {
        return FabricCli.execute(new SweepCli(), new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private Path model() throws IOException {
        return Files.writeString(folder.resolve("channels.fabric"), SweepModels.CHANNELS);
    }

    @Test
    void shouldFailFastNamingTheAddressWhenTheMasterIsUnreachable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + closedPort;
        long start = System.nanoTime();
        assertThrows(UserError.class, () -> SparkApps.requireReachable(master));
        // a refused connection answers at once, within the connect timeout (Spark itself retries for a minute)
        assertTrue(System.nanoTime() - start < SparkApps.CONNECT_MILLIS * 1_000_000L);
        assertEquals(ExitCodes.USAGE, sweep(model().toString(), "--master", master));
        assertTrue(err.toString().contains("cannot reach the Spark master at " + master), err::toString);
        assertTrue(err.toString().contains("--master local[*]"), err::toString);
    }

    @Test
    void shouldRefuseToResumeIntoTheModelItselfAndLeaveItAsItIs() throws IOException {
        // '--resume channels.fabric': the old sweep read the model's first bytes as a frame's length and truncated it
        Path model = model();
        assertEquals(ExitCodes.USAGE, sweep(model.toString(), "--resume", model.toString()), err::toString);
        assertTrue(err.toString().contains(model + ": not a partial result that fabric sweep --resume wrote"),
                err::toString);
        assertEquals(SweepModels.CHANNELS, Files.readString(model));
    }

    @Test
    void shouldAskForMaxRunsWhenTheSweepIsLargerThanTheLimit() throws IOException {
        assertEquals(ExitCodes.USAGE, sweep(model().toString(), "--max-runs", "5"));
        // CHANNELS varies 3 channel counts × 2 algorithms
        assertTrue(err.toString().contains("the sweep has 6 runs, more than --max-runs 5"), err::toString);
    }

    @Test
    void shouldCountALargeSweepWithSeparatorsAndSuggestTheLimitAsTyped() throws IOException {
        // 64 channel counts × 2 algorithms × 8 clusters = 1,024 runs ("the sweep has 1024 runs" before session 68)
        String clusters = IntStream.rangeClosed(1, 8).mapToObj(c -> "cluster C" + c
                + " {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n").collect(Collectors.joining());
        Path wide = Files.writeString(folder.resolve("wide.fabric"), SweepModels.CHANNELS
                .replace("vary channels in [1, 2, 4]", "vary channels in [" + values(64) + "]\n    vary cluster in ["
                        + IntStream.rangeClosed(1, 8).mapToObj(c -> "C" + c).collect(Collectors.joining(", ")) + "]")
                .replace("benchmark RingAllReduce", clusters + "benchmark RingAllReduce"));
        assertEquals(ExitCodes.USAGE, sweep(wide.toString(), "--max-runs", "1000"), err::toString);
        assertTrue(err.toString().contains("the sweep has 1,024 runs, more than --max-runs 1000; narrow its vary lines,"
                + " or raise the limit with --max-runs 1024"), err::toString);
    }

    @Test
    void shouldReportASearchOfMoreBaseJobsThanAStudyMayPlanAsAModelError() throws IOException {
        // a training search enumerates the plan; sequence and batch are not searched, so each of their 317 × 317 =
        // 100,489 combinations is a base job planned up front, above StudySize.MAX_RUNS (100,000). The sweep counted
        // every study through StudyRunner.expand, whose refusal escaped as an internal error (exit 4); the editor
        // now counts a search's base axes ('vary sequence' is line 32 of the model, below 'study Plan {' on line 30 and
        // 'simulate Pretrain').
        Path huge = Files.writeString(folder.resolve("huge.fabric"), SweepModels.TRAINING_SEARCH.replace(
                "    search maximize mfu in all refine 1\n", "    vary sequence in [" + values(317) + "]\n    vary batch"
                        + " in [" + values(317) + "]\n    search maximize mfu\n"));
        assertEquals(ExitCodes.MODEL_ERRORS, sweep(huge.toString()), err::toString);
        assertTrue(err.toString().contains("huge.fabric:32:"), err::toString);
        assertTrue(err.toString().contains("This study plans 100,489 runs"), err::toString);
    }

    @Test
    void shouldRefuseAStudyBuiltWithoutTheEditorOfMoreRunsThanOneMayPlanAtItsLineAsARunThatFailed()
            throws IOException {
        // CHANNELS's study with two axes of 317 channel counts, built past the editor: 317 × 317 = 100,489 runs, above
        // StudySize.MAX_RUNS, refused before anything is planned or submitted, in StudySize's words at the study's line
        StudySpec channels = SweepModels.load(folder, "channels.fabric", SweepModels.CHANNELS).get(0);
        List<Object> counts = IntStream.rangeClosed(1, 317).<Object>mapToObj(Long::valueOf).toList();
        StudySpec huge = new StudySpec(channels.model(), channels.source(), channels.name(), channels.workloads(),
                List.of(new VariationSpec(Parameter.CHANNELS, counts), new VariationSpec(Parameter.CHANNELS, counts)),
                List.of(), List.of(), channels.seed());
        Path file = Path.of("channels.fabric");
        UserError refused = assertThrows(UserError.class, () -> SweepCli.runs(file,
                new Programs("sweeptest", List.of(huge), Map.of(huge.name(), 17), Map.of()), List.of(huge)));
        assertEquals(ExitCodes.RUNS_FAILED, refused.exitCode());
        assertEquals("channels.fabric:17: " + StudySize.refusal(huge), refused.getMessage());
        assertTrue(refused.getMessage().startsWith("channels.fabric:17: study sweeptest.Channels plans 100,489 runs"),
                refused::getMessage);
        // the 6 runs of the study as written are counted, not refused
        assertEquals(6, SweepCli.runs(file, new Programs("sweeptest", List.of(channels), Map.of(), Map.of()),
                List.of(channels)));
    }

    private static String values(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }

    @Test
    void shouldReportASearchOfMoreConfigurationsThanOneMayConsiderAsAModelError() throws IOException {
        // a search's six enumerated axes of 40 values: 40^6 = 4,096,000,000 configurations, above
        // SearchSize.MAX_CONFIGURATIONS (1,000,000); --max-runs counted them and advised narrowing, and a search let
        // through enumerated until the heap ran out. The editor now refuses it on its largest axis, the first of 40.
        String axes = String.join("", List.of("tensor", "pipeline", "data", "context", "micro-batch", "virtual-stages")
                .stream().map(p -> "    vary " + p + " in [" + values(40) + "]\n").toList());
        Path huge = Files.writeString(folder.resolve("space.fabric"), SweepModels.TRAINING_SEARCH.replace(
                "    search maximize mfu in all refine 1\n", axes + "    search maximize mfu\n"));
        assertEquals(ExitCodes.MODEL_ERRORS, sweep(huge.toString()), err::toString);
        assertTrue(err.toString().contains("This study searches 4,096,000,000 configurations"), err::toString);
        assertTrue(err.toString().contains("'vary tensor' with 40 values"), err::toString);
    }

    @Test
    void shouldRefuseASearchBuiltWithoutTheEditorOfMoreConfigurationsThanOneMayConsiderAsARunThatFailed()
            throws IOException {
        // the training search's job with 1,001 micro-batches x 1,000 tensor degrees = 1,001,000 configurations, above
        // SearchSize.MAX_CONFIGURATIONS, refused at the study's line in SearchSize's words before anything is submitted
        // (searched without 'in all', whose other axes would count too)
        StudySpec plan = SweepModels.load(folder, "search.fabric", SweepModels.TRAINING_SEARCH).get(0);
        SearchSpec stated = new SearchSpec(plan.search().objective(), false, plan.search().maxAccelerators(),
                plan.search().budgetPerHour(), plan.search().refine());
        StudySpec huge = new StudySpec(plan.model(), plan.source(), plan.name(), plan.workloads(),
                List.of(new VariationSpec(Parameter.MICRO_BATCH, wholes(1_001)),
                        new VariationSpec(Parameter.TENSOR, wholes(1_000))),
                List.of(), List.of(), plan.seed(), plan.calibration(), stated);
        Path file = Path.of("search.fabric");
        UserError refused = assertThrows(UserError.class, () -> SweepCli.runs(file,
                new Programs("searchtest", List.of(huge), Map.of(huge.name(), 30), Map.of()), List.of(huge)));
        assertEquals(ExitCodes.RUNS_FAILED, refused.exitCode());
        assertEquals("search.fabric:30: " + SearchSize.refusal(huge), refused.getMessage());
        assertTrue(refused.getMessage().contains("searches 1,001,000 configurations"), refused::getMessage);
    }

    private static List<Object> wholes(int count) {
        return IntStream.rangeClosed(1, count).<Object>mapToObj(Long::valueOf).toList();
    }

    @Test
    void shouldStopTheSparkApplicationItStartedBesideAModelWithErrors() throws IOException {
        Path broken = Files.writeString(folder.resolve("broken.fabric"), "package broken\n\ncluster Half {\n");
        assertEquals(ExitCodes.MODEL_ERRORS, sweep(broken.toString(), "--master", "local[1]", "--conf",
                "spark.driver.host=127.0.0.1"), err::toString);
        // Spark allows one SparkContext per JVM: starting another fails unless the sweep stopped the one it started
        try (JavaSparkContext next = SparkApps.start("local[1]", Map.of("spark.driver.host", "127.0.0.1"), "next")) {
            assertEquals(1, next.defaultParallelism());
        }
    }

    @Test
    void shouldSweepOnLocalSparkPrintTheTableAndWriteTheCsvWithOneRowPerRun() throws IOException {
        Path csv = folder.resolve("runs.csv");
        assertEquals(ExitCodes.OK, sweep(model().toString(), "--master", "local[2]", "--conf",
                "spark.driver.host=127.0.0.1", "--csv", csv.toString(), "--resume",
                folder.resolve("runs.partial").toString()), err::toString);
        assertTrue(out.toString().contains("Channels"), out::toString);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(1 + 6, lines.size(), () -> String.join("\n", lines));
    }
}
