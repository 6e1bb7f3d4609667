package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search whose engine runs are Spark tasks on {@code local[2]} (a serving search: its screen and its
 * refinement both run on the engine) gives the local search's result: the same refined runs, value for
 * value, and the same counts, rejections, Pareto front and best.
 */
class SparkSearchTest {
    /** 2 prefill TP × 2 decode replica counts, 1,500 requests (the screen runs the first 1,000), two refined. */
    private static final String SERVING = """
            package searchtest

            import fabric.catalog.nvidia.*

            model Small transformer {
                layers 32
                hidden 4096
                ffn 14336
                heads 32
                kv-heads 8
                head-dim 128
                vocab 128256
                activation swiglu
            }

            cost Rent {
                accelerator-hour $2/h
            }

            cluster OneNode {
                nodes 1 x DGX_H100
                cost Rent
            }

            inference Serve {
                model Small on OneNode
                precision bf16
                prefill pool {
                    replicas 1
                    parallel tensor 1
                    max-batch-tokens 8192
                }
                decode pool {
                    replicas 1
                    parallel tensor 1
                    max-sequences 64
                }
                traffic {
                    arrival poisson 4 /s
                    prompt lognormal median 512 sigma 0.5
                    output lognormal median 64 sigma 0.5
                    requests 1500
                }
                slo ttft p99 2 s, itl p99 100 ms
            }

            study Size {
                simulate Serve
                vary prefill tensor in [1, 2]
                vary decode replicas in [1, 2]
                search minimize cost-per-mtok refine 2
                seed 3
            }
            """;

    private static JavaSparkContext spark;

    @TempDir
    Path folder;

    @BeforeAll
    static void startSpark() {
        spark = SparkApps.start("local[2]", Map.of("spark.driver.host", "127.0.0.1"), "SparkSearchTest");
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    @Test
    void shouldGiveTheLocalSearchsResultWithTheSameSeed() throws IOException {
        StudySpec study = SweepModels.load(folder, "serving.fabric", SERVING).get(0);
        AtomicInteger finished = new AtomicInteger();
        StudyResult onSpark = new SparkSweep(spark, (done, total, run) -> finished.incrementAndGet()).run(study);
        StudyResult local = SweepModels.local(study);
        assertTrue(local.runs().size() >= 2 && local.runs().stream().allMatch(RunResult::succeeded),
                () -> local.runs().toString());
        assertEquals(SweepModels.comparable(local), SweepModels.comparable(onSpark));
        assertEquals(SweepModels.timelessSearch(local), SweepModels.timelessSearch(onSpark));
        assertEquals(4 + local.runs().size(), finished.get(), "4 screen runs and the refined ones, each reported");
    }
}
