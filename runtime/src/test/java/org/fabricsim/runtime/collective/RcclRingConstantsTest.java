package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * RCCL's rings carry none of NCCL's ring constants that sit in the non-AMD branches of {@code src/graph/tuning.cc}
 * (ROCm/rccl at 0cbce2a7): {@code ncclTopoTuneModel}'s AMD branch (lines 377 to 381) multiplies the bus bandwidth by
 * the tuning model's {@code bwRatio} alone, where NCCL's (lines 383 to 384) caps a ring's LL at {@code llMaxBw} and its
 * LL128 at nChannels · {@code perChMaxRingLL128Bw}; {@code ncclTopoGetAlgoTime}'s AMD branch applies its correction
 * factors, where NCCL's (line 664) multiplies a Simple ring all-reduce's latency across nodes by the plateau factor
 * 1.4. RCCL's kernels run 256 threads a channel with every protocol ({@code device.h} lines 68 to 70 and 87).
 */
class RcclRingConstantsTest {
    private static final double GB = 1e9;

    @Test
    void shouldLeaveRcclsRingsUncappedWhereNcclCapsThem() {
        for (Generation rccl : new Generation[] { Generation.CDNA3, Generation.CDNA4 }) {
            NcclTuning tuning = new NcclTuning(rccl);
            for (int nodes : new int[] { 1, 2, 4 }) {
                for (Protocol protocol : Protocol.CONCRETE) {
                    assertEquals(Double.POSITIVE_INFINITY,
                            tuning.busBandwidthCapBytesPerSecond(Algorithm.RING, protocol, 64, nodes));
                }
            }
        }
        // NCCL's Hopper rows: llMaxBws 141 GB/s on one node, 39 on 2 and 20.4 beyond (x86 Intel host);
        // perChMaxRingLL128Bws 36.7 GB/s a channel, 64 x 36.7 = 2,348.8 GB/s.
        NcclTuning hopper = new NcclTuning(Generation.HOPPER);
        assertEquals(141 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL, 64, 1), 1);
        assertEquals(39 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL, 64, 2), 1);
        assertEquals(20.4 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL, 64, 4), 1);
        assertEquals(2_348.8 * GB, hopper.busBandwidthCapBytesPerSecond(Algorithm.RING, Protocol.LL128, 64, 2), 1e3);
    }

    @Test
    void shouldKeepMoreChannelsOnSmallCallsWithRcclsTwoHundredFiftySixThreads() {
        // enqueue.cc lowers nc while S < nc · nt · threshold. RCCL, nt = 256: Simple 256 x 64 B = 16 KiB a channel,
        // 128 KiB -> 8 channels (NCCL, 512 threads: 4); LL128 256 x 8 B = 2 KiB, 128 KiB -> 32 of 32 (NCCL, 640
        // threads, 5 KiB: 25); LL on a ring of 8, 256 x 8 x 8 = 16 KiB, 128 KiB -> 8 (NCCL: 4).
        long size = 128L << 10;
        for (Generation rccl : new Generation[] { Generation.CDNA3, Generation.CDNA4 }) {
            assertEquals(8, NcclChannels.perCall(rccl, 32, Protocol.SIMPLE, true, 8, size));
            assertEquals(32, NcclChannels.perCall(rccl, 32, Protocol.LL128, true, 8, size));
            assertEquals(8, NcclChannels.perCall(rccl, 32, Protocol.LL, true, 8, size));
        }
        assertEquals(4, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.SIMPLE, true, 8, size));
        assertEquals(25, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL128, true, 8, size));
        assertEquals(4, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL, true, 8, size));
    }

    @Test
    void shouldRunRcclsSimpleRingAcrossNodesWithoutNcclsPlateau() {
        // A forced Simple ring all-reduce of 64 MiB over 2 nodes of 8 (switched scale-up, so no RCCL mesh rings):
        // NCCL adds (f − 1) · L, L the ring's step latencies, f the profile's plateau; RCCL adds none, so its time at
        // any f is NCCL's at f = 1, and NCCL's excess over f = 1 scales as f − 1 (0.4 at 1.4 against 0.9 at 1.9).
        StepOverheads profile = Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 1);
        long rccl = simpleRingPs(Generation.CDNA3, plateau(profile, 1.4));
        long ncclFlat = simpleRingPs(Generation.HOPPER, plateau(profile, 1.0));
        assertEquals(ncclFlat, rccl);
        assertEquals(ncclFlat, simpleRingPs(Generation.CDNA4, plateau(profile, 1.9)));
        double excess14 = simpleRingPs(Generation.HOPPER, plateau(profile, 1.4)) - ncclFlat;
        double excess19 = simpleRingPs(Generation.HOPPER, plateau(profile, 1.9)) - ncclFlat;
        assertEquals(0.4 / 0.9, excess14 / excess19, 1e-4);
    }

    private static StepOverheads plateau(StepOverheads o, double factor) {
        return new StepOverheads(o.scaleUpPs(), o.scaleOutPs(), o.inNetworkPs(), o.ringBasePs(), factor,
                o.hostCallPs(), o.launchFloorPs());
    }

    private static long simpleRingPs(Generation generation, StepOverheads overheads) {
        LinkClass link = new LinkClass(100e9, 0);
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(16,
                ScaleUpParameters.switched(8, link, false), nic, FatTreeParameters.singleSwitch(nic)));
        return CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 64L << 20, 16)
                .withAlgorithm(Algorithm.RING).withProtocol(Protocol.SIMPLE).withGeneration(generation)
                .withChannels(16).withStepOverheads(overheads).withReuseSymmetricSteps(true)).timePs();
    }
}
