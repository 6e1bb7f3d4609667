package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/** NCCL's protocols and channel counts against NCCL 2.30.7's tuning model, derived by hand. */
class ProtocolSelectionTest {
    /** 8 GPUs on an NVSwitch at 400 GB/s per direction, no path latency. */
    private static final double LINK_BYTES_PER_SECOND = 400e9;
    private static final ClusterTopology NODE = ClusterTopology.build(ClusterParameters.singleDomain(
            ScaleUpParameters.switched(8, new LinkClass(LINK_BYTES_PER_SECOND, 0), false)));

    private static CollectiveResult ring(long bytes) {
        return CollectiveEngine.run(NODE, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 8)
                .withAlgorithm(Algorithm.RING).withProtocol(Protocol.AUTO).withChannels(32)
                .withStepOverheads(StepOverheads.NCCL));
    }

    @Test
    void shouldSwitchFromLlToLl128ToSimpleWhereNcclsModelCrosses() {
        // Ring all-reduce on 8 ranks, 14 steps; the Simple ring's bus bandwidth is the link's, B = 400 GB/s,
        // and T_p = L_p + 1.75 S / B_p with (NCCL 2.30.7 tuning.cc, Hopper, one node, 32 channels):
        //   LL:     L = 6.6 + 14 x 0.6 = 15.0 us,  B = min(0.5 B, llMaxBw 141 GB/s)   = 141 GB/s
        //   LL128:  L = 14 + 14 x 1.9  = 40.6 us,  B = min(0.92 B, 32 x 36.7 GB/s)    = 368 GB/s
        //   Simple: L = 8.4 + 14 x 3.4 = 56.0 us,  B = 400 GB/s
        // LL = LL128 at 1.75 S (1/141 - 1/368) e-9 = 25.6e-6: S = 3.34 MB;
        // LL128 = Simple at 1.75 S (1/368 - 1/400) e-9 = 15.4e-6: S = 40.5 MB.
        double llToLl128 = 25.6e-6 / (1.75 * (1 / 141e9 - 1 / 368e9));
        double ll128ToSimple = 15.4e-6 / (1.75 * (1 / 368e9 - 1 / 400e9));
        assertEquals(3.34e6, llToLl128, 0.01e6);
        assertEquals(40.5e6, ll128ToSimple, 0.1e6);
        for (long bytes = 1L << 16; bytes <= 1L << 30; bytes <<= 1) {
            Protocol expected = bytes < llToLl128 ? Protocol.LL
                    : bytes < ll128ToSimple ? Protocol.LL128 : Protocol.SIMPLE;
            assertEquals(expected, ring(bytes).protocol(), bytes + " bytes");
        }
    }

    @Test
    void shouldLeaveLl128AndOneNodesSimpleTreeOutOfRcclsChoiceOnCdna3() {
        // 16 MiB lies between the crossings above (3.34 and 40.5 MB): NCCL runs LL128. RCCL on gfx942 enables LL128 by
        // default only on gfx90a (tuning.cc 0cbce2a7, lines 509-514), so the choice is LL at 15.0 + 1.75 x 16,777,216 /
        // 141e9 = 223.2 us or Simple at 56.0 + 1.75 x 16,777,216 / 400e9 = 129.4 us: Simple. Forced, LL128 still runs.
        long bytes = 16L << 20;
        assertEquals(Protocol.LL128, ring(bytes).protocol());
        CollectiveRequest cdna3 = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 8)
                .withAlgorithm(Algorithm.RING).withChannels(32).withStepOverheads(StepOverheads.NCCL)
                .withGeneration(Generation.CDNA3);
        assertEquals(Protocol.SIMPLE, CollectiveEngine.run(NODE, cdna3.withProtocol(Protocol.AUTO)).protocol());
        assertEquals(Protocol.LL128, CollectiveEngine.run(NODE, cdna3.withProtocol(Protocol.LL128)).protocol());
        // tuning.cc line 365: no tree with Simple on one gfx94x node; across nodes it stays.
        NcclTuning rccl = new NcclTuning(Generation.CDNA3);
        assertFalse(rccl.enabledByDefault(Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE, 1, false));
        assertTrue(rccl.enabledByDefault(Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE, 2, true));
        assertTrue(new NcclTuning(Generation.HOPPER).enabledByDefault(Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE, 1,
                false));
    }

    @Test
    void shouldCostEachProtocolAsNcclsModel() {
        // 1 MiB with LL: 15.0 us + 1.75 x 1,048,576 / 141e9 s = 28.01 us.
        CollectiveResult result = ring(1L << 20);
        assertEquals(15.0e-6 + 1.75 * (1 << 20) / 141e9, result.timeSeconds(), 1e-9);
        // 1 GiB with Simple: 56.0 us + 1.75 x 2^30 / 400e9 s.
        assertEquals(56.0e-6 + 1.75 * (1L << 30) / 400e9, ring(1L << 30).timeSeconds(), 1e-9);
    }

    @Test
    void shouldRunOnlySimpleAcrossANetworkThatSpraysPackets() {
        // Two nodes over one switch: a sprayed network may reorder the flag and the data of LL and LL128.
        LinkClass nic = new LinkClass(50e9, 0);
        ClusterTopology twoNodes = ClusterTopology.build(new ClusterParameters(16,
                ScaleUpParameters.switched(8, new LinkClass(LINK_BYTES_PER_SECOND, 0), false), nic,
                FatTreeParameters.singleSwitch(nic)));
        CollectiveRequest small = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 16, 16)
                .withAlgorithm(Algorithm.RING).withProtocol(Protocol.AUTO).withChannels(16)
                .withStepOverheads(StepOverheads.NCCL);
        assertEquals(Protocol.LL, CollectiveEngine.run(twoNodes, small).protocol());
        assertEquals(Protocol.SIMPLE, CollectiveEngine.run(twoNodes, small.withRouting(RoutingMode.SPRAY)).protocol());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> CollectiveEngine
                .run(twoNodes, small.withRouting(RoutingMode.SPRAY).withProtocol(Protocol.LL128)));
        assertTrue(error.getMessage().contains("in order"), error.getMessage());
    }

    @Test
    void shouldRefuseLowLatencyProtocolsOnInSwitchReduction() {
        ClusterTopology reducing = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.switched(8, new LinkClass(LINK_BYTES_PER_SECOND, 0), true)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 20, 8)
                .withAlgorithm(Algorithm.IN_NETWORK).withProtocol(Protocol.LL);
        assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(reducing, request));
        assertEquals(Protocol.SIMPLE,
                CollectiveEngine.run(reducing, request.withProtocol(Protocol.AUTO)).protocol());
    }

    @Test
    void shouldGiveADgxH100NcclsChannelCounts() {
        // One node: 18 links x 20.6 = 370.8 GB/s; 6 rings of 60 (360), doubled by the search (12) and by
        // connect.cc: 24, as an H100's NCCL 2.19.3 log prints (NVIDIA/nccl #1367). Across nodes: 8 NICs, doubled: 16.
        assertEquals(24, NcclChannels.communicator(Generation.HOPPER, 450e9, 8, 1));
        assertEquals(16, NcclChannels.communicator(Generation.HOPPER, 450e9, 8, 4));
        // No NIC and no NVLink: one ring, doubled: 2.
        assertEquals(2, NcclChannels.communicator(Generation.HOPPER, 0, 0, 1));
        // NCCL's cost model reads the search graph's channels, before connect.cc doubled them: 16 and 8.
        assertEquals(16, NcclChannels.graph(32));
        assertEquals(8, NcclChannels.graph(16));
        assertEquals(1, NcclChannels.graph(1));
    }

    @Test
    void shouldLowerTheChannelsOfSmallCallsAsNcclEnqueueDoes() {
        // Simple: 512 threads x 64 B = 32 KiB per channel; LL128: 640 x 8 B = 5 KiB; LL on a ring of 8:
        // 512 x 8 x 8 = 32 KiB.
        assertEquals(32, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.SIMPLE, true, 8, 1L << 20));
        assertEquals(4, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.SIMPLE, true, 8, 128L << 10));
        assertEquals(25, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL128, true, 8, 128L << 10));
        assertEquals(4, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL, true, 8, 128L << 10));
        assertEquals(1, NcclChannels.perCall(Generation.HOPPER, 32, Protocol.LL, true, 8, 8));
        assertEquals(4, ring(128L << 10).channels(), "128 KiB runs LL on 4 channels");
    }
}
