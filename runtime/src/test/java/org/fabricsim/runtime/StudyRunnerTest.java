package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.RunSeeds;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

class StudyRunnerTest {
    private static final ClusterSpec TWO_NODES = TestClusters.singleSwitch(2, 4, 50e9, 500_000L);
    private static final CollectiveBenchmarkSpec BENCH = new CollectiveBenchmarkSpec("t.Bench", TWO_NODES, 2,
            CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 20));

    /** An engine that records what it was asked and reports the cluster's NIC rate as its metric. */
    private static StudyRunner.Engine echo(List<String> calls) {
        return (workload, profile, seed) -> {
            calls.add(workload.name() + "@" + seed);
            ClusterSpec cluster = ((CollectiveBenchmarkSpec) workload).cluster();
            if (cluster.name().endsWith("Unsupported")) {
                throw new UnsupportedOperationException("ring on " + cluster.name());
            }
            return new RunResult(workload.name(), "collective-benchmark", Map.of(),
                    Map.of("linkGBps", cluster.node().nic().portBytesPerSecond() / 1e9), 0);
        };
    }

    private static ClusterSpec renamed(ClusterSpec c, String name, double bytesPerSecond) {
        ClusterSpec rated = TestClusters.singleSwitch(c.nodes(), c.acceleratorsPerNode(), bytesPerSecond, 500_000L);
        return new ClusterSpec(name, rated.node(), rated.nodes(), rated.scaleOut(), rated.maxOversubscription(),
                rated.cost(), rated.reliability());
    }

    @Test
    void shouldExpandTheCartesianProductWithTheLastAxisVaryingFastest() {
        StudySpec study = new StudySpec("t", "t.fabric", "t.Sweep", List.of(BENCH),
                List.of(new VariationSpec(Parameter.DATA, List.of(1L, 2L)),
                        new VariationSpec(Parameter.TENSOR, List.of(4L, 8L, 16L))), List.of(), List.of(), 7);
        List<StudyRunner.PlannedRun> runs = StudyRunner.expand(study);
        // 2 x 3 = 6 combinations, in the order (1,4) (1,8) (1,16) (2,4) (2,8) (2,16).
        assertEquals(6, study.runCount());
        assertEquals(List.of("t.Sweep[data=1, tensor=4]", "t.Sweep[data=1, tensor=8]", "t.Sweep[data=1, tensor=16]",
                "t.Sweep[data=2, tensor=4]", "t.Sweep[data=2, tensor=8]", "t.Sweep[data=2, tensor=16]"),
                runs.stream().map(StudyRunner.PlannedRun::name).toList());
        assertEquals(List.of(2L, 16L), runs.get(5).values());
    }

    @Test
    void shouldDeriveEachWorkloadsSeedFromTheStudySeedAndItsPositionWithSplitMix64() {
        // Reference outputs of SplitMix64 seeded with 0 (Vigna, splitmix64.c): 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4;
        // the seeds are their top 53 bits.
        assertEquals(0xE220A8397B1DCDAFL >>> 11, RunSeeds.seed(0, 0));
        assertEquals(0x6E789E6AA1B965F4L >>> 11, RunSeeds.seed(0, 1));
        assertTrue(RunSeeds.seed(0, 0) < (1L << 53));
    }

    @Test
    void shouldGiveTheSameResultsInTheSameOrderWhateverThePoolSize() {
        ClusterSpec fast = renamed(TWO_NODES, "t.Fast", 100e9);
        ClusterSpec slow = renamed(TWO_NODES, "t.Slow", 25e9);
        StudySpec study = new StudySpec("t", "t.fabric", "t.Fabrics", List.of(BENCH),
                List.of(new VariationSpec(Parameter.CLUSTER, List.of(TWO_NODES, fast, slow, fast, slow, TWO_NODES))),
                List.of(), List.of(), 42);
        StudyResult serial = new StudyRunner(echo(new ArrayList<>()), 1, StudyRunner.Progress.NONE).run(study);
        StudyResult parallel = new StudyRunner(echo(Collections.synchronizedList(new ArrayList<>())), 4,
                StudyRunner.Progress.NONE).run(study);
        assertEquals(serial, parallel);
        // 50e9, 100e9, 25e9 B/s are 50, 100, 25 GB/s, in the written order.
        assertEquals(List.of(50.0, 100.0, 25.0, 100.0, 25.0, 50.0),
                serial.runs().stream().map(r -> r.metrics().get("linkGBps")).toList());
        // One workload: its six variations share its seed (common random numbers).
        assertEquals(List.of(RunSeeds.seed(42, 0)),
                serial.runs().stream().map(RunResult::seed).distinct().toList());
        assertEquals(Map.of("cluster", "Fast"), serial.runs().get(1).variation());
    }

    @Test
    void shouldReportAFailingRunWithItsReasonAndCompleteTheOthers() {
        ClusterSpec unsupported = renamed(TWO_NODES, "t.Unsupported", 50e9);
        ClusterSpec oneNode = TestClusters.singleSwitch(1, 4, 50e9, 500_000L);
        StudySpec study = new StudySpec("t", "t.fabric", "t.Fabrics", List.of(BENCH),
                List.of(new VariationSpec(Parameter.CLUSTER, List.of(TWO_NODES, unsupported, oneNode))), List.of(), List.of(),
                1);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        StudyResult result = new StudyRunner(echo(new ArrayList<>()), 2,
                (done, total, run) -> progress.add(done + "/" + total)).run(study);
        assertTrue(result.runs().get(0).succeeded());
        assertEquals("not simulated yet: ring on t.Unsupported", result.runs().get(1).error());
        // The benchmark takes 2 nodes; a 1-node cluster cannot hold it.
        assertEquals("infeasible: the benchmark uses 2 nodes but t.C has 1", result.runs().get(2).error());
        assertTrue(result.runs().get(2).metrics().isEmpty());
        assertEquals(3, progress.size());
        assertTrue(progress.contains("3/3"));
    }

    @Test
    void shouldFailOnlyTheRunThatRanOutOfMemoryAndKeepTheOthers() {
        // The engine runs out of heap on the slow cluster only, as the JVM reports it; the study
        // still returns both runs, the first with its metric, the second failed with a reason.
        ClusterSpec slow = renamed(TWO_NODES, "t.Slow", 25e9);
        StudySpec study = new StudySpec("t", "t.fabric", "t.Heap", List.of(BENCH),
                List.of(new VariationSpec(Parameter.CLUSTER, List.of(TWO_NODES, slow))), List.of(), List.of(), 1);
        StudyRunner.Engine echo = echo(new ArrayList<>());
        StudyResult result = new StudyRunner((workload, profile, seed) -> {
            if (workload.cluster().name().equals("t.Slow")) {
                throw new OutOfMemoryError("Java heap space");
            }
            return echo.run(workload, profile, seed);
        }, 1, StudyRunner.Progress.NONE).run(study);
        assertEquals(50.0, result.runs().get(0).metrics().get("linkGBps"));
        assertFalse(result.runs().get(1).succeeded());
        assertTrue(result.runs().get(1).error().startsWith("out of memory: "), result.runs().get(1).error());
        assertTrue(result.runs().get(1).error().contains("JAVA_TOOL_OPTIONS=-Xmx"), result.runs().get(1).error());
        // A benchmark's memory is its busiest phase's flows: the reason names what multiplies them.
        assertTrue(result.runs().get(1).error().contains("reduce what multiplies its flows (nodes, channels,"
                + " flows-per-peer, sprayed paths)"), result.runs().get(1).error());
    }

    @Test
    void shouldRunEachWorkloadOnceWithoutVariationsUnderTheWorkloadsName() {
        StudyResult result = new Simulator().run(new StudySpec("t", "t.fabric", List.of(BENCH)));
        assertEquals(1, result.runs().size());
        RunResult run = result.runs().get(0);
        assertEquals("t.Bench", run.name());
        assertTrue(run.variation().isEmpty());
        assertNull(run.error());
        assertFalse(((List<?>) run.metrics().get("rows")).isEmpty());
    }
}
