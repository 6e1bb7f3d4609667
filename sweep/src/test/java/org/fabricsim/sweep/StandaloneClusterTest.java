package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A sweep submitted to a real Spark standalone master, its runs on a worker's executor JVM. */
class StandaloneClusterTest {
    @TempDir
    Path folder;

    @Test
    // 45 s measured while other builds loaded the machine's 2 cores about ten times over
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldGiveTheLocalRunnersResultsOnAStandaloneMasterAndWorker() throws Exception {
        StudySpec study = SweepModels.load(folder, "channels.fabric", SweepModels.CHANNELS).get(0);
        try (LoopbackCluster cluster = new LoopbackCluster(folder.resolve("spark"))) {
            StudyResult onCluster;
            try (JavaSparkContext spark = SparkApps.start(cluster.masterUrl(), Map.of(
                    "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1",
                    "spark.executor.memory", "512m", "spark.cores.max", "2",
                    "spark.executor.extraJavaOptions", String.join(" ", LoopbackCluster.FAST_START),
                    "spark.executor.extraClassPath", LoopbackCluster.classPath()), "StandaloneClusterTest")) {
                onCluster = new SparkSweep(spark, (done, total, run) -> { }).run(study);
            } catch (RuntimeException e) {
                throw new AssertionError("the sweep failed on the cluster; its logs:\n" + cluster.logs(), e);
            }
            assertEquals(SweepModels.comparable(SweepModels.local(study)), SweepModels.comparable(onCluster));
        }
    }
}
