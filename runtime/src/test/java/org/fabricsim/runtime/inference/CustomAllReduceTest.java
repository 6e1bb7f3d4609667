package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * The framework's own all-reduce ({@link CustomAllReduce}) against its closed forms: one-shot t₁ = α + (N − 1)·S ÷ B,
 * two-shot t₂ = α + 2·(N − 1)·S ÷ (N·s₂·B), α = 7.18 µs, s₂ = 0.775, B what one rank reads from its N − 1 peers at
 * once; NCCL's curve at and above the framework's limit.
 */
class CustomAllReduceTest {
    /** A stand-in for NCCL/RCCL's curve: 1 ms at every size, so a switch to it is unmistakable. */
    private static final CollectiveFit NCCL = bytes -> 1e9;
    /** 8 MI300X on the Infinity Fabric full mesh: 448 GB/s over 7 links, 64 GB/s a pair, 75% usable = 48 GB/s. */
    private static final ClusterTopology MI300X = ClusterTopologies.build(
            HeldOutAcceleratorServingTest.cluster(HeldOutAcceleratorServingTest.MI300X));

    @Test
    void shouldReadTheWholeMessageFromEveryPeerInOneShotBelowTheKernelsThreshold() {
        CollectiveFit allReduce = CustomAllReduce.of(NCCL, MI300X, 8, PoolFeatures.AITER_CUSTOM_ALL_REDUCE_MAX_BYTES);
        // 128 KiB at 8 ranks (under 256 KiB: one-shot): B = 7 × 48 GB/s = 336 GB/s;
        // 7.18 µs + 7 × 131,072 B ÷ 336 GB/s = 7.18 + 2.730667 µs = 9.910667 µs
        assertEquals(9.910667e6, allReduce.timePs(131_072), 1);
        // 2 ranks always one-shot, over one pair link: 4 MiB ÷ 48 GB/s = 87.381333 µs, + 7.18 µs = 94.561333 µs
        assertEquals(94.561333e6, CustomAllReduce.of(NCCL, MI300X, 2, PoolFeatures.AITER_CUSTOM_ALL_REDUCE_MAX_BYTES)
                .timePs(4 << 20), 1);
    }

    @Test
    void shouldReduceScatterThenAllGatherInTwoShotAboveTheKernelsThreshold() {
        CollectiveFit allReduce = CustomAllReduce.of(NCCL, MI300X, 8, PoolFeatures.AITER_CUSTOM_ALL_REDUCE_MAX_BYTES);
        // 4 MiB at 8 ranks: s₂·B = 0.775 × 336 = 260.4 GB/s;
        // 7.18 µs + 2 × 7 × 4,194,304 B ÷ 8 ÷ 260.4 GB/s = 7.18 + 28.187527 µs = 35.367527 µs
        assertEquals(35.367527e6, allReduce.timePs(4 << 20), 1);
        // 48 MiB (a 70B decode step's message at 3,072 sequences): 7.18 + 338.250323 µs = 345.430323 µs
        assertEquals(345.430323e6, allReduce.timePs(48 << 20), 1);
    }

    @Test
    void shouldMatchVllmsMeasuredTwoShotOnFourMi300xOutsideTheSizesItsShareCameFrom() {
        // vllm-project/vllm PR 19744, TP 4 "baseline" (vLLM's custom all-reduce on MI300X): 2 MiB 36.64 µs, 4 MiB
        // 63.86 µs; s₂ came from the same table's 8 and 16 MiB. Closed form: 7.18 µs + 2 × 3 × S ÷ 4 ÷ (0.775 × 3 ×
        // 48 GB/s) = 35.37 µs (−3.5%) and 63.56 µs (−0.5%)
        CollectiveFit allReduce = CustomAllReduce.of(NCCL, MI300X, 4, PoolFeatures.AITER_CUSTOM_ALL_REDUCE_MAX_BYTES);
        assertEquals(36.64e6, allReduce.timePs(2 << 20), 0.05 * 36.64e6);
        assertEquals(63.86e6, allReduce.timePs(4 << 20), 0.05 * 63.86e6);
    }

    @Test
    void shouldReadPeersThroughTheAcceleratorsOwnSwitchLinkOnNvlink() {
        ClusterTopology dgx = ClusterTopologies.build(ServingFixtures.dgxH100(1, 0));
        // switched: B is the accelerator's one link to the NVSwitch, 450 GB/s × the default NVLink efficiency, at
        // any rank count; one-shot at 4 ranks and 256 KiB: 7.18 µs + 3 × 262,144 B ÷ B
        double linkBytesPerSecond = 450e9 * Calibration.DEFAULT.nvlinkEfficiency();
        assertEquals(7.18e6 + 3 * 262_144 / linkBytesPerSecond * 1e12,
                CustomAllReduce.of(NCCL, dgx, 4, PoolFeatures.VLLM_CUSTOM_ALL_REDUCE_MAX_BYTES).timePs(262_144), 1);
    }

    @Test
    void shouldRunNcclFromTheFrameworksLimitUp() {
        CollectiveFit vllm = CustomAllReduce.of(NCCL, MI300X, 8, PoolFeatures.VLLM_CUSTOM_ALL_REDUCE_MAX_BYTES);
        // vLLM: inp_size < max_size (8 MiB) runs the kernel, 8 MiB itself goes to NCCL
        // 8 MiB − 16 B, two-shot: 7.18 µs + 2 × 7 × 8,388,592 B ÷ 8 ÷ 260.4 GB/s = 7.18 + 56.374946 µs
        assertEquals(63.554946e6, vllm.timePs((8 << 20) - 16), 1);
        assertEquals(1e9, vllm.timePs(8 << 20));
        CollectiveFit aiter = CustomAllReduce.of(NCCL, MI300X, 8, PoolFeatures.AITER_CUSTOM_ALL_REDUCE_MAX_BYTES);
        assertEquals(1e9, aiter.timePs(64 << 20));
    }

    @Test
    void shouldLeaveNcclWhereTheKernelCannotRun() {
        // no custom all-reduce stated, an odd rank count, more than 8 ranks, one rank (no collective)
        assertSame(NCCL, CustomAllReduce.of(NCCL, MI300X, 8, PoolFeatures.NO_CUSTOM_ALL_REDUCE));
        assertSame(NCCL, CustomAllReduce.of(NCCL, MI300X, 3, PoolFeatures.VLLM_CUSTOM_ALL_REDUCE_MAX_BYTES));
        ClusterTopology twoNodes = ClusterTopologies.build(ServingFixtures.dgxH100(2, 0));
        assertSame(NCCL, CustomAllReduce.of(NCCL, twoNodes, 16, PoolFeatures.VLLM_CUSTOM_ALL_REDUCE_MAX_BYTES));
        assertEquals(null, CustomAllReduce.of(null, MI300X, 1, PoolFeatures.VLLM_CUSTOM_ALL_REDUCE_MAX_BYTES));
    }
}
