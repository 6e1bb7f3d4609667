package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep and a training search submitted to a real Spark standalone master, their work on a worker's executor
 * JVM (one cluster and one application for both), give the local runner's results.
 */
// 45 s for the sweep measured while other builds loaded the machine's 2 cores about ten times over
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class StandaloneClusterTest {
    @TempDir
    static Path home;
    private static LoopbackCluster cluster;
    private static JavaSparkContext spark;

    @TempDir
    Path folder;

    @BeforeAll
    static void startCluster() throws IOException, InterruptedException {
        cluster = new LoopbackCluster(home.resolve("spark"));
        spark = SparkApps.start(cluster.masterUrl(), Map.of(
                "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1",
                "spark.executor.memory", "512m", "spark.cores.max", "2",
                "spark.executor.extraJavaOptions", String.join(" ", LoopbackCluster.FAST_START),
                "spark.executor.extraClassPath", LoopbackCluster.classPath()), "StandaloneClusterTest");
    }

    @AfterAll
    static void stopCluster() {
        if (spark != null) {
            spark.stop();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldGiveTheLocalRunnersResultsOnAStandaloneMasterAndWorker() throws Exception {
        StudySpec study = SweepModels.load(folder, "channels.fabric", SweepModels.CHANNELS).get(0);
        StudyResult onCluster = onCluster(() -> new SparkSweep(spark, (done, total, run) -> { }).run(study));
        assertEquals(SweepModels.comparable(SweepModels.local(study)), SweepModels.comparable(onCluster));
    }

    @Test
    void shouldScreenATrainingSearchOnTheExecutorsToTheLocalSearchsResult() throws Exception {
        StudySpec study = SweepModels.load(folder, "plan.fabric", SweepModels.TRAINING_SEARCH).get(0);
        StudyResult onCluster = onCluster(() -> new SparkSweep(spark, (done, total, run) -> { }).run(study));
        StudyResult local = SweepModels.local(study);
        assertTrue(local.runs().size() >= 1 && local.runs().stream().allMatch(RunResult::succeeded),
                () -> local.runs().toString());
        assertTrue((Integer) local.studies().get(0).search().get("feasible") > 1_000,
                () -> "a screen of more than a thousand plans: " + local.studies().get(0).search());
        assertTrue(spark.statusTracker().getJobIdsForGroup(SparkSearchRuns.SCREEN_GROUP).length > 0,
                "the screen ran as a Spark job");
        assertEquals(SweepModels.comparable(local), SweepModels.comparable(onCluster));
        assertEquals(SweepModels.timelessSearch(local), SweepModels.timelessSearch(onCluster));
    }

    private static StudyResult onCluster(Supplier<StudyResult> work) throws IOException {
        try {
            return work.get();
        } catch (RuntimeException e) {
            throw new AssertionError("the work failed on the cluster; its logs:\n" + cluster.logs(), e);
        }
    }
}
