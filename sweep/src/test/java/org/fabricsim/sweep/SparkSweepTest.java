package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep on Spark's {@code local[2]}: two executor threads in this JVM, the tasks serialized as on a cluster. */
class SparkSweepTest {
    private static JavaSparkContext spark;

    @TempDir
    Path folder;

    @BeforeAll
    static void startSpark() {
        spark = SparkApps.start("local[2]", Map.of("spark.driver.host", "127.0.0.1"), "SparkSweepTest");
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    @Test
    void shouldGiveTheLocalRunnersResultsValueForValueInExpansionOrder() throws IOException {
        StudySpec study = SweepModels.load(folder, "channels.fabric", SweepModels.CHANNELS).get(0);
        List<Integer> progress = Collections.synchronizedList(new ArrayList<>());
        StudyResult onSpark = new SparkSweep(spark, (done, total, run) -> progress.add(done)).run(study);
        StudyResult local = SweepModels.local(study);
        assertEquals(6, local.runs().size());
        assertTrue(local.runs().stream().allMatch(RunResult::succeeded), () -> local.runs().toString());
        assertEquals(SweepModels.comparable(local), SweepModels.comparable(onSpark));
        assertEquals(local.studies(), onSpark.studies());
        assertEquals(List.of(1, 2, 3, 4, 5, 6), progress);
    }

    @Test
    void shouldSimulateOnlyTheRunsTheResumeFileDoesNotHold() throws IOException {
        StudySpec study = SweepModels.load(folder, "channels.fabric", SweepModels.CHANNELS).get(0);
        Path kept = folder.resolve("channels.partial");
        // A run the file says finished, with a result no engine gives: the sweep must take it as it is.
        RunResult marker = RunResult.failed("from the file", "collective-benchmark", study.name(), Map.of(), 1,
                "kept from an earlier sweep", 0);
        try (ResumeFile file = ResumeFile.open(kept)) {
            file.append(ResumeFile.key(study), 2, Portable.encode(marker));
        }
        // ... and the tail of a frame cut short by a kill, which reopening drops.
        Files.write(kept, new byte[] {0, 0, 1}, StandardOpenOption.APPEND);
        StudyResult resumed;
        try (ResumeFile file = ResumeFile.open(kept)) {
            resumed = new SparkSweep(spark, (done, total, run) -> { }).run(study, file);
        }
        List<RunResult> expected = new ArrayList<>(SweepModels.comparable(SweepModels.local(study)));
        expected.set(2, marker);
        assertEquals(expected, SweepModels.comparable(resumed));
        // The file now holds all six runs: a third sweep simulates none and gives the same result.
        try (ResumeFile file = ResumeFile.open(kept)) {
            assertEquals(6, file.completed(ResumeFile.key(study)).size());
            assertEquals(SweepModels.comparable(resumed), SweepModels.comparable(new SparkSweep(spark,
                    (done, total, run) -> { }).run(study, file)));
        }
    }

    @Test
    void shouldDealTheRunsToTheTasksLikeCards() {
        // Spark slices 10 items into 3 tasks as [0, 3), [3, 6), [6, 10): tasks get runs {0, 3, 6}, {9, 1, 4}, {7, 2, 5, 8}
        assertEquals(List.of(0, 3, 6, 9, 1, 4, 7, 2, 5, 8),
                SparkSweep.dealt(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 3));
    }

    @Test
    void shouldNotReuseTheRunsOfAStudyThatChanged() throws IOException {
        StudySpec study = SweepModels.load(folder, "channels.fabric", SweepModels.CHANNELS).get(0);
        assertEquals(ResumeFile.key(study), ResumeFile.key(study.withSeed(7)));
        assertTrue(!ResumeFile.key(study).equals(ResumeFile.key(study.withSeed(8))));
    }
}
