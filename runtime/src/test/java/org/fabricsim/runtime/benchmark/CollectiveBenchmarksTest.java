package org.fabricsim.runtime.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.PhaseScope;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.junit.jupiter.api.Test;

class CollectiveBenchmarksTest {

    private static Map<?, ?> row(RunResult run, int index) {
        return (Map<?, ?>) ((List<?>) run.metrics().get("rows")).get(index);
    }

    @Test
    void shouldApproachTheCalibratedLinkRateForLargeRingAllReduces() {
        // 2 nodes x 4 accelerators on one switch at B = 100 GB/s. The engine's one calibration
        // derates NIC links to eta = Calibration.DEFAULT.nicEfficiency() (0.96), so an ideal ring's busbw
        // tends to B * eta = 96 GB/s; at 8 GiB the 14 latency terms (tens of us) against a
        // ~157 ms transfer cost well under 1%.
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(2, 4, 100e9, 500_000L), 2,
                CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(8L << 30, 1024L));
        RunResult run = new Simulator().run(bench);
        double ceilingGBps = 100 * Calibration.DEFAULT.nicEfficiency();
        double large = (Double) row(run, 0).get("busbwGBps");
        assertTrue(large <= ceilingGBps && large >= 0.99 * ceilingGBps, () -> "busbw " + large);
        // 1 KiB is latency-bound: far below the link rate.
        assertTrue((Double) row(run, 1).get("busbwGBps") < 0.01 * ceilingGBps);
        assertEquals(8, run.parameters().get("accelerators"));
        assertTrue(run.events() > 0 && run.flows() > 0, "the engine, not a formula, produced the rows");
    }

    @Test
    void shouldGiveNodesWithoutScaleUpTheChannelsOfOneAcceleratorPerNode() {
        // The quickstart's shape: 2 nodes x 8 accelerators, no scale-up, one 50 GB/s NIC each on one switch. Every ring
        // hop crosses the network, so NCCL sees 16 one-NIC nodes: one ring per NIC, doubled, 2 channels (the 8 NICs of
        // one node would give 16, rings that cross each node once). LL's proxy floor at 1 MiB is then 2 x 15 steps x
        // ceil(2 x 2 / 1) = 4 posts x 1 us = 120 us; with 16 channels it was 2 x 15 x 32 posts = 960 us at 1 MiB and at
        // 16 MiB alike (LL128: one loop of 16 x 16 x 576,000 B), the two sizes taking the same time.
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(2, 8, 50e9,
                1_000_000L), 2, 0, CollectiveOperation.ALL_REDUCE, Algorithm.RING, Protocol.AUTO, 0,
                List.of(1L << 20, 16L << 20), List.of());
        assertEquals(2, CollectiveBenchmarks.defaultChannels(bench, Generation.HOPPER));
        RunResult run = new Simulator().run(bench);
        double oneMiB = (Double) row(run, 0).get("timeSeconds");
        double sixteenMiB = (Double) row(run, 1).get("timeSeconds");
        assertTrue(oneMiB < 960e-6 && sixteenMiB > 2 * oneMiB, () -> oneMiB + " s, " + sixteenMiB + " s");
        // 16 MiB cannot beat its bytes: each NIC sends 2 x 15/16 of them at 50 GB/s x 0.96, 655 us.
        assertTrue(sixteenMiB > 2.0 * 15 / 16 * (16 << 20) / (50e9 * 0.96), () -> sixteenMiB + " s");
    }

    @Test
    void shouldAddTheFrameworkCallCostToEverySizeOfAFrameworkTimedBenchmark() {
        // The same sweep timed by one synchronised framework call instead of nccl-tests' queued calls:
        // every size takes exactly the profile's collective.framework-call-overhead longer (17.9 us).
        CollectiveBenchmarkSpec nccl = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(2, 4, 100e9,
                500_000L), 2, 0, CollectiveOperation.ALL_REDUCE, Algorithm.RING, Protocol.AUTO, 1,
                List.of(1L << 20, 1024L), List.of());
        CollectiveBenchmarkSpec torch = new CollectiveBenchmarkSpec(nccl.name(), nccl.cluster(), 2, 0,
                nccl.operation(), nccl.algorithm(), nccl.protocol(), 1, nccl.sizesBytes(), List.of(),
                Harness.FRAMEWORK_CALL);
        RunResult queued = new Simulator().run(nccl);
        RunResult called = new Simulator().run(torch);
        for (int i = 0; i < 2; i++) {
            double extra = (Double) row(called, i).get("timeSeconds") - (Double) row(queued, i).get("timeSeconds");
            assertEquals(17.9e-6, extra, 1e-12);
        }
        assertEquals("framework-call", called.parameters().get("harness"));
        assertEquals("nccl-tests", queued.parameters().get("harness"));
    }

    @Test
    void shouldLetOneThreadDriveOnlyAWholeShareOfANodesGpusAndOnlyUnderNcclTests() {
        // nccl-tests -g: a process's thread drives GPUs of one node, so g divides the 4 ranks on each node; the other
        // harnesses have no such thread. The result names g where a thread drives more than one GPU.
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(2, 4, 100e9,
                500_000L), 2, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1024L));
        CollectiveBenchmarkSpec four = bench.withGpusPerThread(4);
        assertEquals(4, four.withSizes(List.of(8L)).withNetwork(NetworkKind.ANALYTICAL).withAlgorithm(Algorithm.AUTO, 2)
                .gpusPerThread(), "every copy keeps the GPUs per thread");
        assertEquals(4, new Simulator().run(four).parameters().get("gpusPerThread"));
        assertTrue(!new Simulator().run(bench).parameters().containsKey("gpusPerThread"));
        assertThrows(IllegalArgumentException.class, () -> bench.withGpusPerThread(3));
        assertThrows(IllegalArgumentException.class, () -> bench.withGpusPerThread(0));
        assertThrows(IllegalArgumentException.class, () -> new CollectiveBenchmarkSpec("t.B", bench.cluster(), 2, 0,
                bench.operation(), bench.algorithm(), bench.protocol(), 1, bench.sizesBytes(), List.of(),
                Harness.FRAMEWORK_CALL, NetworkKind.MAX_MIN, NetworkPlacement.SCALE_OUT, 2));
    }

    @Test
    void shouldListTheBusiestPortsOfAPacketRunInItsRowsAndNoneOfAFlowRun() {
        // 2 nodes x 4 accelerators on one switch, a ring all-reduce of 1 MiB: every rank sends to its
        // ring neighbour, so each of the 8 NIC uplinks and 8 switch downlinks carries the same bytes
        // and, with one flow per port, no switch port ever queues more than the packet being
        // forwarded: no drop, no pause, no mark on any of the 16 ports.
        CollectiveBenchmarkSpec flow = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(2, 4, 100e9,
                500_000L), 2, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 20));
        RunResult packet = new Simulator().run(flow.withNetwork(NetworkKind.PACKET));
        List<?> ports = (List<?>) row(packet, 0).get("ports");
        assertEquals(16, ports.size());
        for (Object o : ports) {
            Map<?, ?> port = (Map<?, ?>) o;
            assertEquals(0L, port.get("drops"));
            assertEquals(0.0, port.get("pauseSeconds"));
            assertEquals(0L, port.get("ecnMarks"));
            assertTrue((Long) port.get("sentBytes") > 0 && (Long) port.get("peakQueueBytes") <= 4158, port::toString);
        }
        assertTrue(!row(new Simulator().run(flow), 0).containsKey("ports"), "the flow model has no ports");
    }

    @Test
    void shouldRunOnlyOnTheNodesTheBenchmarkAsksFor() {
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(4, 8, 50e9, 1_000_000L), 2,
                CollectiveOperation.ALL_GATHER, Algorithm.RING, 1, List.of(1L << 20));
        assertEquals(16, new Simulator().run(bench).parameters().get("accelerators"));
    }

    @Test
    void shouldRunAUserDefinedAllToAllAsItsPhasesGroupedByTheSpecsNodes() {
        // Used to fail with "HIERARCHICAL cannot run ALL_TO_ALL"; then, on this cluster without
        // scale-up, it grouped by domains of one: the within-node phase moved nothing. Now the
        // phases group by the spec's nodes of 4. S = 1 MiB, B = 100 GB/s NICs derated to
        // B·eta (eta = Calibration.DEFAULT.nicEfficiency()), no hop latency, NCCL's overheads: each direct
        // phase is one step paying one scale-out step overhead. Per rail (2 ranks): S/2 out of each
        // NIC; within the node (4 ranks): 3 x S/4 out of each NIC, over the switch.
        // T = (S/2 + 3S/4) / (B·eta) + 2 x Calibration.DEFAULT.netStepPs().
        List<CollectivePhase> phases = List.of(
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.PER_RAIL),
                new CollectivePhase(CollectiveOperation.ALL_TO_ALL, Algorithm.DIRECT, PhaseScope.WITHIN_NODE));
        long sizeBytes = 1L << 20;
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", TestClusters.singleSwitch(2, 4, 100e9, 0L), 2,
                0, CollectiveOperation.ALL_TO_ALL, Algorithm.AUTO, Protocol.AUTO, 1, List.of(sizeBytes), phases);
        RunResult run = new Simulator().run(bench);
        assertEquals("phased", run.parameters().get("algorithm"));
        assertEquals("phased", row(run, 0).get("algorithm"));
        double expectedSeconds = 1.25 * sizeBytes / (100e9 * Calibration.DEFAULT.nicEfficiency())
                + 2 * Calibration.DEFAULT.netStepPs() / 1e12;
        // Each of the two phases ends on a whole picosecond: within 2 ps.
        assertEquals(expectedSeconds, (Double) row(run, 0).get("timeSeconds"), 2e-12);
    }

    @Test
    void shouldRejectPhasedAsTheAlgorithmOfABenchmarkOrOfAPhase() {
        // PHASED only names the result of a user-defined collective; a spec names a built-in algorithm.
        assertThrows(IllegalArgumentException.class, () -> new CollectiveBenchmarkSpec("t.B",
                TestClusters.singleSwitch(2, 4, 100e9, 0L), 2, CollectiveOperation.ALL_REDUCE, Algorithm.PHASED, 1,
                List.of(1L << 20)));
        assertThrows(IllegalArgumentException.class, () -> new CollectivePhase(CollectiveOperation.ALL_REDUCE,
                Algorithm.PHASED, PhaseScope.GLOBAL));
    }
}
