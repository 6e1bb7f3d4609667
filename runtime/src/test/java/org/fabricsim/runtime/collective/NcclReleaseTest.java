package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/** The NCCL release's tuning tables in NCCL's estimate (tuning.cc of v2.26.2-1 to v2.27.7-1 against v2.30.7-1). */
class NcclReleaseTest {
    private static final long MIB16 = 16L << 20;

    private static CollectiveRequest allReduce(long bytes, int ranks, NcclRelease release) {
        return CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, ranks).withProtocol(Protocol.AUTO)
                .withGeneration(Generation.HOPPER).withChannels(16).withStepOverheads(StepOverheads.NCCL)
                .withReuseSymmetricSteps(true).withNcclRelease(release);
    }

    /** Nodes of 8 H100 on an NVSwitch that reduces, 8 NICs of 400 Gb/s each on one switch. */
    private static ClusterTopology h100Nodes(int nodes) {
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0).derated(Calibration.DEFAULT.nicEfficiency());
        return ClusterTopology.build(new ClusterParameters(8 * nodes,
                ScaleUpParameters.switched(8, ReferenceClusters.NVLINK4, true), nic,
                FatTreeParameters.singleSwitch(nic)));
    }

    @Test
    void shouldChargeNvlsTreesNetworkLevelsAtTheReleasesLatency() {
        // hwLatencies[NET][NVLSTree][Simple]: 14 us in 2.26 and 2.27, 20.9 us from 2.28.9. On 8 nodes:
        // 25 + 2 x log2(8) x 14 = 109 us against 25 + 6 x 20.9 = 150.4 us; on 4 nodes 25 + 4 x 14 = 81 us.
        assertEquals(109.0, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 64, NcclRelease.NCCL_2_26),
                Algorithm.IN_NETWORK, Protocol.SIMPLE, 8), 1e-9);
        assertEquals(150.4, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 64, NcclRelease.NCCL_2_30),
                Algorithm.IN_NETWORK, Protocol.SIMPLE, 8), 1e-9);
        assertEquals(81.0, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 32, NcclRelease.NCCL_2_26),
                Algorithm.IN_NETWORK, Protocol.SIMPLE, 4), 1e-9);
    }

    @Test
    void shouldCapNvlsTreePerHeadOnlyFromTheReleaseThatHasTheCap() {
        // With no simulated bandwidth time, 2.30's estimate is its latency plus the per-head cap's time:
        // 16 MiB x 2 x 63/64 = 33,030,144 bus bytes over 8 heads x 45.5 GB/s = 364 GB/s is 90.74 us, so
        // 150.4 + 90.74 = 241.14 us; 2.26 has no such cap (perChMaxNVLSTreeBws came in 2.28.3): 109 us.
        NcclTuning tuning = new NcclTuning(Generation.HOPPER);
        long capped = NcclEstimate.timePs(tuning, allReduce(MIB16, 64, NcclRelease.NCCL_2_30), Algorithm.IN_NETWORK,
                Protocol.SIMPLE, 8, 8, 0);
        long uncapped = NcclEstimate.timePs(tuning, allReduce(MIB16, 64, NcclRelease.NCCL_2_26), Algorithm.IN_NETWORK,
                Protocol.SIMPLE, 8, 8, 0);
        assertEquals(150.4 + 33_030_144 / 364e9 * 1e6, capped / 1e6, 1e-3);
        assertEquals(109.0, uncapped / 1e6, 1e-6);
    }

    @Test
    void shouldTakeNvlsTreeOnFourNodesAtFourMebibytesByTheOlderReleasesTables() {
        // 4 nodes of 8, 4 MiB, the caps on the search graph's 8 channels: the LL128 tree's estimate is
        // 14 + 2 x (7 x 1.25 + 2 x 8.5) = 65.5 us plus 4 MiB x 2 x 31/32 = 8,126,464 bus bytes at 8 x 29.0 =
        // 232 GB/s, corrected x 0.8 (index 16): 43.8 us, so 109.3 us. NVLSTree's is 2.30's 25 + 4 x 20.9 =
        // 108.6 us plus at least the per-head cap's 8,126,464 B / 364 GB/s = 22.3 us, above 130 us, so 2.30
        // takes the tree; 2.26's 81 us plus its simulated bytes (about 22 us), about 103 us, takes NVLSTree.
        ClusterTopology cluster = h100Nodes(4);
        CollectiveResult newer = CollectiveEngine.run(cluster, allReduce(4L << 20, 32, NcclRelease.NCCL_2_30));
        CollectiveResult older = CollectiveEngine.run(cluster, allReduce(4L << 20, 32, NcclRelease.NCCL_2_26));
        assertEquals(Algorithm.DOUBLE_BINARY_TREE, newer.algorithm());
        assertEquals(Protocol.LL128, newer.protocol());
        assertEquals(Algorithm.IN_NETWORK, older.algorithm());
    }

    @Test
    void shouldTakeNvlsTreeOnEightNodesAtSixteenMebibytesByTheOlderReleasesTables() {
        // Issue #309's 8-node row: the LL128 tree's estimate on the graph's 8 channels is 82.5 + 33,030,144 B /
        // (232 GB/s x 0.9) = 240.7 us (NcclEstimateTest); NVLSTree's by 2.26 is 25 + 6 x 14 = 109 us plus its
        // simulated bytes (about 91 us), about 200 us, so NCCL 2.26 runs NVLSTree.
        CollectiveResult chosen = CollectiveEngine.run(h100Nodes(8), allReduce(MIB16, 64, NcclRelease.NCCL_2_26));
        assertEquals(Algorithm.IN_NETWORK, chosen.algorithm());
    }
}
