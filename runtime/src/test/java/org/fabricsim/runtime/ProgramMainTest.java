package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramMainTest {
    private static final StudySpec STUDY = new StudySpec("t", "t.fabric", List.of(new CollectiveBenchmarkSpec("t.Bench",
            TestClusters.singleSwitch(1, 4, 50e9, 500_000L), 1, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1,
            List.of(1L << 20))));

    private static int run(ByteArrayOutputStream err, String... args) {
        return ProgramMain.run(STUDY, args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldKeepAnExistingReportUnlessForced(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("runs.csv");
        Files.writeString(csv, "mine");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(ProgramMain.EXIT_USAGE, run(err, "--csv", csv.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("add --force"));
        assertEquals("mine", Files.readString(csv));
        assertEquals(ProgramMain.EXIT_OK, run(new ByteArrayOutputStream(), "--csv", csv.toString(), "--force"));
        // Header and one run.
        assertEquals(2, Files.readAllLines(csv).size());
    }

    @Test
    void shouldHandTheResultToTheCallerOnlyWhenTheStudyRan() {
        List<StudyResult> results = new ArrayList<>();
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(ProgramMain.EXIT_USAGE, ProgramMain.run(STUDY, new String[] { "--frobnicate" }, quiet, quiet,
                results::add));
        assertEquals(List.of(), results);
        assertEquals(ProgramMain.EXIT_OK, ProgramMain.run(STUDY, new String[0], quiet, quiet, results::add));
        // One benchmark, nothing varied: one run, under the benchmark's name.
        assertEquals(1, results.size());
        assertEquals(List.of("t.Bench"), results.get(0).runs().stream().map(r -> r.name()).toList());
    }

    @Test
    void shouldExitWithTwoAndTheUsageForAnUnknownArgumentOrABadNumber() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(ProgramMain.EXIT_USAGE, run(err, "--frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: java t.Bench [--json FILE]"));
        assertEquals(ProgramMain.EXIT_USAGE, run(new ByteArrayOutputStream(), "--seed", "x"));
    }
}
