package org.fabricsim.runtime.sharing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.junit.jupiter.api.Test;

/** A shared cluster as the simulator runs it from its spec. */
class SharedFabricRunsTest {

    @Test
    void shouldReportEachJobAsItsOwnBenchmarkWhenTheJobsShareNoLink() {
        // 4 nodes of 4 accelerators on one non-blocking switch: each accelerator has its own NIC
        // links, so two jobs on nodes {0, 1} and {2, 3} share none. Each job then takes what its
        // benchmark takes alone on a 2-node cluster, shared or not, at its largest size.
        ClusterSpec cluster = TestClusters.singleSwitch(4, 4, 100e9, 500_000L);
        CollectiveBenchmarkSpec left = new CollectiveBenchmarkSpec("t.Left", cluster, 2, CollectiveOperation.ALL_REDUCE,
                Algorithm.RING, 1, List.of(1L << 20, 1L << 30));
        CollectiveBenchmarkSpec right = new CollectiveBenchmarkSpec("t.Right", cluster, 2,
                CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 30));
        SharedFabricSpec spec = new SharedFabricSpec("t.Both", cluster, List.of(
                new SharedFabricSpec.Job(left, List.of(0, 1)), new SharedFabricSpec.Job(right, List.of(2, 3))));
        RunResult run = new Simulator().run(spec);
        assertEquals("shared-fabric", run.kind());
        List<?> jobs = (List<?>) run.metrics().get("jobs");
        assertEquals(2, jobs.size());
        RunResult alone = new Simulator().run(right);
        List<?> rows = (List<?>) alone.metrics().get("rows");
        double benchmarkSeconds = (Double) ((Map<?, ?>) rows.get(0)).get("timeSeconds");
        for (Object entry : jobs) {
            Map<?, ?> job = (Map<?, ?>) entry;
            assertEquals(1L << 30, job.get("bytes"));
            assertEquals(1.0, (Double) job.get("slowdown"), 1e-12);
            assertEquals(benchmarkSeconds, (Double) job.get("timeAloneSeconds"), 1e-9 * benchmarkSeconds);
        }
    }
}
