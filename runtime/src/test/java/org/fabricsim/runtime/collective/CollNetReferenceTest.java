package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.topology.AggregationResources;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * CollNet against validation/reference/innetwork.csv: the NCCL maintainer's estimate of ~110 GB/s
 * algbw for a CollNet all-reduce on DGX A100 with 8 HDR NICs (NVIDIA/nccl issue #320), NVLink-bound
 * because each GPU still moves about twice the buffer over NVLink. An estimate, not a measurement,
 * so the test holds the prediction to 30% and to the bound it names.
 *
 * <p>Model, derived by hand: NVLink3 300 GB/s at the profile's NVLink efficiency 0.816 = 244.8 GB/s
 * per GPU; each GPU moves 2(k−1)/k = 1.75 buffers over it, so algbw ≤ 244.8 / 1.75 = 139.9 GB/s;
 * the 8 NICs at 24 GB/s (25 GB/s HDR at 0.96) allow 192 GB/s. Predicted 139.9 GB/s, +27% against
 * the estimate's ~110 (whose "~2x" rounds 1.75 up); the run gives 139.6 GB/s with latency.
 */
class CollNetReferenceTest {
    private static final double ESTIMATE_ALGBW_GBPS = 110;

    /** Two DGX A100 on a rail-optimized HDR fabric (one leaf per rail, SHARPv2 on every switch). */
    private static ClusterTopology dgxA100() {
        LinkClass nvlink3 = new LinkClass(300e9, 0).derated(Calibration.DEFAULT.nvlinkEfficiency());
        LinkClass hdr = LinkClass.ofGigabitsPerSecond(200, 0).derated(Calibration.DEFAULT.nicEfficiency());
        return ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.switched(8, nvlink3, false), hdr,
                FatTreeParameters.twoTier(2, 1, hdr).withRails(8))).withAggregation(AggregationResources.SHARP_V2);
    }

    @Test
    void shouldBeNvlinkBoundNearTheMaintainersEstimateOnDgxA100() {
        ClusterTopology cluster = dgxA100();
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 4L << 30, 16)
                .withGeneration(Generation.AMPERE).withStepOverheads(StepOverheads.NCCL);
        CollectiveResult collNet = CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.COLLNET_CHAIN));
        double boundGBps = 300 * Calibration.DEFAULT.nvlinkEfficiency() / 1.75;
        System.out.printf("dgx-a100-collnet-8nic algbw: estimate ~%.0f GB/s, predicted %.1f GB/s (%+.0f%%)%n",
                ESTIMATE_ALGBW_GBPS, collNet.algbwGBps(), 100 * (collNet.algbwGBps() / ESTIMATE_ALGBW_GBPS - 1));
        assertEquals(boundGBps, collNet.algbwGBps(), 0.02 * boundGBps);
        assertEquals(ESTIMATE_ALGBW_GBPS, collNet.algbwGBps(), 0.30 * ESTIMATE_ALGBW_GBPS);
        CollectiveResult ring = CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.RING).withChannels(16));
        assertTrue(collNet.algbwGBps() > ring.algbwGBps(), ring.algbwGBps() + " GB/s by ring");
    }
}
