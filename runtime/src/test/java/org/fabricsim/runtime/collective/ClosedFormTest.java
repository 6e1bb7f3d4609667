package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * Collectives on a non-blocking single switch against their closed forms. Every link runs at B =
 * 50e9 B/s with λ = 1 µs, so a step costs α = 2λ = 2 µs (up to the switch and down). Sizes are
 * chosen so every per-step transfer time is a whole number of picoseconds.
 */
class ClosedFormTest {
    private static final double B = 50e9;
    private static final long LAMBDA_PS = 1_000_000;
    private static final long ALPHA_PS = 2 * LAMBDA_PS;
    private static final long S = 1L << 30;
    private static final int N = 8;

    private final ClusterTopology cluster = Clusters.singleSwitch(N, B, LAMBDA_PS);

    private CollectiveResult run(CollectiveOperation operation, Algorithm algorithm, long size) {
        return CollectiveEngine.run(cluster, CollectiveRequest.of(operation, size, N).withAlgorithm(algorithm));
    }

    @Test
    void shouldMatchTheRingAllReduceClosedForm() {
        // T = 2(n-1)/n * S/B + 2(n-1) * alpha = 14 * (134217728 B / 50e9 B/s + 2 us)
        //   = 14 * (2,684,354,560 + 2,000,000) ps = 37,608,963,840 ps.
        CollectiveResult result = run(CollectiveOperation.ALL_REDUCE, Algorithm.RING, S);
        assertEquals(37_608_963_840L, result.timePs());
        assertEquals(RingAllReduce.timePs(S, N, B, ALPHA_PS), result.timePs());
    }

    @Test
    void shouldMatchTheRingAllReduceClosedFormWithChannelsSharingEachLink() {
        // Four channels on the same ring edges share each link four ways, the time is unchanged.
        CollectiveResult result = CollectiveEngine.run(cluster, CollectiveRequest
                .of(CollectiveOperation.ALL_REDUCE, S, N).withAlgorithm(Algorithm.RING).withChannels(4));
        assertEquals(RingAllReduce.timePs(S, N, B, ALPHA_PS), result.timePs());
    }

    @Test
    void shouldMatchTheAllGatherAndReduceScatterClosedForm() {
        // T = (n-1)/n * S/B + (n-1) * alpha = 7 * (2,684,354,560 + 2,000,000) ps = 18,804,481,920 ps.
        assertEquals(18_804_481_920L, run(CollectiveOperation.ALL_GATHER, Algorithm.RING, S).timePs());
        assertEquals(18_804_481_920L, run(CollectiveOperation.REDUCE_SCATTER, Algorithm.RING, S).timePs());
    }

    @Test
    void shouldMatchTheHalvingDoublingClosedForm() {
        // T = 2 log2(n) alpha + 2(n-1)/n S/B: steps move S/2, S/4, S/8 then S/8, S/4, S/2.
        // S/2/B = 10,737,418,240 ps; S/4/B = 5,368,709,120 ps; S/8/B = 2,684,354,560 ps.
        // T = 2 * (10,737,418,240 + 5,368,709,120 + 2,684,354,560) + 6 * 2,000,000 = 37,592,963,840 ps.
        CollectiveResult result = run(CollectiveOperation.ALL_REDUCE, Algorithm.HALVING_DOUBLING, S);
        assertEquals(37_592_963_840L, result.timePs());
        assertEquals(Math.round(2 * 3 * ALPHA_PS + 2.0 * (N - 1) / N * S / B * 1e12), result.timePs());
        // Reduce-scatter alone: half of it.
        assertEquals(37_592_963_840L / 2,
                run(CollectiveOperation.REDUCE_SCATTER, Algorithm.HALVING_DOUBLING, S).timePs());
    }

    @Test
    void shouldMatchTheDoubleBinaryTreePipelineClosedForm() {
        // 64 MiB over 8 single-accelerator nodes: each tree carries 32 MiB in m = 64 chunks of 512 KiB;
        // depth d = 3 for n = 8. Ranks 1..6 send in both trees, so a sender's uplink (and rank 0's
        // downlink) is shared by two flows at B/2: a chunk takes 524,288 B / 25e9 B/s = 20,971,520 ps.
        // NCCL's model runs a tree all-reduce at 0.92 of its link bandwidth (tuning.cc, NCCL 2.30.7),
        // and only the pipeline's depth pays alpha (the chunks behind overlap it), so
        // T = 2 phases * [(d + m - 1) * 20,971,520 / 0.92 + d * 2,000,000] ps. With 8 channels NCCL's
        // per-channel tree limit (8 x 38.7 GB/s on Hopper) lies above the links' 25 GB/s.
        CollectiveResult result = CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE,
                64L << 20, N).withAlgorithm(Algorithm.DOUBLE_BINARY_TREE).withChannels(8));
        assertEquals(2 * (66 * 20_971_520 / 0.92 + 3 * 2_000_000), result.timePs(), 1.0);
    }

    @Test
    void shouldSendPointToPointAtTheLinkRate() {
        // S/B + alpha = 21,474,836,480 + 2,000,000 ps.
        CollectiveResult result = CollectiveEngine.run(cluster,
                CollectiveRequest.of(CollectiveOperation.SEND_RECV, S, N).withEndpoints(2, 5));
        assertEquals(21_476_836_480L, result.timePs());
        assertEquals(1.0 * S, result.bytesDelivered());
    }

    @Test
    void shouldGatherAtTheRootsDownlinkRate() {
        // nccl-tests' gather: each of the n - 1 = 7 other ranks sends its S/n = 134,217,728 B to root 0 at once.
        // Every sender has its own uplink; the root's downlink carries all 7 slices, so max-min gives each B/7 and
        // T = (n-1)(S/n)/B + alpha = 7 x 2,684,354,560 + 2,000,000 = 18,792,481,920 ps (the root's own slice moves
        // no byte). busbw = S/T (n-1)/n = 939,524,096 B / 18.79248192 ms = 49.99468 GB/s: the root's link at B,
        // less the one alpha.
        CollectiveResult result = run(CollectiveOperation.GATHER, Algorithm.DIRECT, S);
        assertEquals(18_792_481_920L, result.timePs());
        assertEquals(7.0 * S / N, result.bytesDelivered());
        assertEquals(49.99468, result.busbwGBps(), 1e-5);
    }

    @Test
    void shouldScatterAtTheRootsUplinkRate() {
        // The mirror image: the root's uplink carries the 7 slices, each receiver's downlink one; the same
        // T = 7 x 2,684,354,560 + 2,000,000 = 18,792,481,920 ps. Root 3 for a change: the same time.
        CollectiveResult result = CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.SCATTER, S, N)
                .withAlgorithm(Algorithm.DIRECT).withEndpoints(3, 0));
        assertEquals(18_792_481_920L, result.timePs());
        assertEquals(7.0 * S / N, result.bytesDelivered());
    }

    @Test
    void shouldLeaveAGathersIncastToTheFlowModelAndCostOneSliceAnalytically() {
        // The alpha-beta model lets no two flow classes contend, so each sender's slice runs alone at B:
        // (S/n)/B + alpha = 2,684,354,560 + 2,000,000 ps, the (n-1)-fold incast of the root's downlink unseen.
        CollectiveResult analytical = CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.GATHER,
                S, N).withNetwork(NetworkKind.ANALYTICAL));
        assertEquals(2_686_354_560L, analytical.timePs());
    }

    @Test
    void shouldPipelineABroadcastChain() {
        // 64 MiB in m = 128 chunks of 512 KiB down a chain of 8: n - 1 + m - 1 = 134 steps of
        // 524,288 B / 50e9 B/s = 10,485,760 ps, of which the chain's n - 1 = 7 pay alpha.
        CollectiveResult result = run(CollectiveOperation.BROADCAST, Algorithm.RING, 64L << 20);
        assertEquals(134L * 10_485_760 + 7 * ALPHA_PS, result.timePs());
    }

    @Test
    void shouldAgreeWithTheAnalyticalModelWhenNothingContends() {
        for (Algorithm algorithm : new Algorithm[] {Algorithm.RING, Algorithm.HALVING_DOUBLING}) {
            CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 3_000_000_001L, N)
                    .withAlgorithm(algorithm);
            CollectiveResult maxMin = CollectiveEngine.run(cluster, request);
            CollectiveResult analytical = CollectiveEngine.run(cluster,
                    request.withNetwork(NetworkKind.ANALYTICAL));
            assertEquals(analytical.timePs(), maxMin.timePs(), algorithm.name());
        }
    }

    @Test
    void shouldChargeAPipelinedRingTheMeanHopLatencyAndNcclsRingTerms() {
        // 2 domains x 4 ranks, one channel, hop latency 1 us inside a domain and 10 us across.
        // The ring's 8 edges: 2 leave a domain, 6 stay inside, so each of its 2(n-1) = 14 pipelined
        // steps pays the mean (2 x 10 + 6 x 1) / 8 = 3.25 us: 14 x 3.25 = 45.5 us over the same run
        // without software latency (NCCL: (nsteps - nInterSteps) intraLat + nInterSteps interLat).
        // With a base latency of 5 us and a plateau factor of 2 (S / (1 channel x 8 ranks) >= 64 B):
        // 5 + 2 x 45.5 = 96 us.
        ClusterTopology nodes = ClusterTopology.build(new ClusterParameters(8,
                ScaleUpParameters.switched(4, new LinkClass(400e9, 0), false), new LinkClass(B, 0),
                FatTreeParameters.singleSwitch(new LinkClass(B, 0))));
        CollectiveRequest ring = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 8).withAlgorithm(Algorithm.RING);
        long bare = CollectiveEngine.run(nodes, ring).timePs();
        long hops = CollectiveEngine.run(nodes, ring.withStepOverheads(new StepOverheads(1_000_000, 10_000_000, 0)))
                .timePs();
        long nccl = CollectiveEngine.run(nodes,
                ring.withStepOverheads(new StepOverheads(1_000_000, 10_000_000, 0, 5_000_000, 2.0))).timePs();
        assertEquals(45_500_000L, hops - bare);
        assertEquals(96_000_000L, nccl - bare);
    }
}
