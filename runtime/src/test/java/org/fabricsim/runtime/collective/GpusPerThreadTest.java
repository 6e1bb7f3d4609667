package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * nccl-tests' {@code -g}: one thread launches the kernels of the GPUs it drives in turn, and nccl-tests queues the
 * calls back to back, so a call takes max(device time, g × the profile's {@code collective.kernel-launch}, 4.2 µs).
 */
class GpusPerThreadTest {
    /** NVLink3 (A100): 300 GB/s per GPU per direction, datasheet (hardware.md). */
    private static final double NVLINK3_BYTES_PER_SECOND = 300e9;
    private static final long LAUNCH_PS = 4_200_000;

    @Test
    void shouldTakeOneLaunchPerGpuForTinyRingsDrivenByOneThreadAsOnTheDgxA100() {
        // nccl-tests #123's runs: NCCL_ALGO=Ring NCCL_MAX_NCHANNELS=1 all_reduce_perf -b 8 -e 128 -g N on N GPUs of a
        // DGX-A100, NCCL choosing LL. The LL ring's own time at 128 B is NCCL's baseLat 6.6 us + 2(N - 1) steps of
        // 0.6 us (10.2 us at N = 4, 15.0 at N = 8) plus a few ns of bytes, under the N launches of 4.2 us (16.8 to
        // 33.6 us): every call takes exactly N x 4.2 us (measured 16.88, 20.8, 25.2, 29.5, 33.7 us).
        for (int gpus = 4; gpus <= 8; gpus++) {
            assertEquals(gpus * LAUNCH_PS, ringTimePs(gpus, 128, gpus), "-g " + gpus);
        }
    }

    @Test
    void shouldLeaveACallLongerThanItsLaunchesAsOneProcessPerGpuRunsIt() {
        // 1 MiB on 8 A100 of a node: the LL ring's bytes alone, 2 x 7/8 x 1 MiB at LL's per-channel rate, outlast the 8
        // launches of 33.6 us, so -g 8 changes nothing.
        long oneProcessPerGpu = ringTimePs(8, 1 << 20, 1);
        assertEquals(oneProcessPerGpu, ringTimePs(8, 1 << 20, 8));
        assertEquals(true, oneProcessPerGpu > 8 * LAUNCH_PS, () -> oneProcessPerGpu + " ps");
    }

    @Test
    void shouldTimeEveryCallFromOneThreadPerGpuAsBeforeTheLaunchFloor() {
        // g = 1 floors a call at one launch, 4.2 us; NCCL's own latencies (its base latency alone is 6.6 us or more)
        // keep every call above it, so a sweep from 8 B to 1 GiB inside a node and across 2 nodes times each size as
        // the latencies without a floor did.
        for (long size = 8; size <= 1L << 30; size *= 8) {
            for (ClusterTopology cluster : new ClusterTopology[] {node(8), twoNodes()}) {
                CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, size,
                        cluster.accelerators()).withProtocol(Protocol.AUTO).withGeneration(Generation.AMPERE)
                        .withChannels(8)
                        .withReuseSymmetricSteps(true);
                long before = CollectiveEngine.run(cluster,
                        request.withStepOverheads(Calibration.DEFAULT.stepOverheads())).timePs();
                assertEquals(before, CollectiveEngine.run(cluster,
                        request.withStepOverheads(Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 1))).timePs(),
                        size + " B on " + cluster.accelerators() + " GPUs");
            }
        }
    }

    @Test
    void shouldDriveSeveralGpusPerThreadOnlyUnderNcclTests() {
        assertEquals(8 * LAUNCH_PS, Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 8).launchFloorPs());
        assertEquals(0, Calibration.DEFAULT.stepOverheads(Harness.FRAMEWORK_CALL, 1).launchFloorPs());
        assertThrows(IllegalArgumentException.class,
                () -> Calibration.DEFAULT.stepOverheads(Harness.FRAMEWORK_CALL, 8));
        assertThrows(IllegalArgumentException.class, () -> Calibration.DEFAULT.stepOverheads(Harness.IDEAL, 2));
        assertThrows(IllegalArgumentException.class, () -> Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 0));
    }

    private static long ringTimePs(int gpus, long sizeBytes, int gpusPerThread) {
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, sizeBytes, gpus)
                .withAlgorithm(Algorithm.RING).withProtocol(Protocol.AUTO).withGeneration(Generation.AMPERE)
                .withChannels(1)
                .withStepOverheads(Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, gpusPerThread));
        return CollectiveEngine.run(node(gpus), request).timePs();
    }

    private static ClusterTopology node(int gpus) {
        return ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.switched(gpus, nvlink(), false)));
    }

    private static ClusterTopology twoNodes() {
        LinkClass nic = LinkClass.ofGigabitsPerSecond(200, 0).derated(Calibration.DEFAULT.nicEfficiency());
        return ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.switched(8, nvlink(), false), nic,
                FatTreeParameters.singleSwitch(nic)));
    }

    private static LinkClass nvlink() {
        return new LinkClass(NVLINK3_BYTES_PER_SECOND, 0).derated(Calibration.DEFAULT.nvlinkEfficiency());
    }
}
