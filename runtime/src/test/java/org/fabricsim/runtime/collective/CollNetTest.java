package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.topology.AggregationResources;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * CollNet (SHARP) all-reduce across nodes against closed forms derived by hand. Links have no
 * latency and the requests no step overheads, so a call costs its bandwidth time plus NCCL's
 * CollNet latency (NCCL 2.30.7 tuning.cc): with one GPU per node 14 µs (the tree's network latency);
 * CollNet-direct with 8 GPUs per node 2·(3.7 + 7·0.4) + 31 = 44 µs.
 */
class CollNetTest {
    private static final double NIC = 50e9;
    private static final long S = 1L << 30;

    /** 16 single-GPU nodes on a two-tier fat tree of 4 hosts per leaf, all links at 50 GB/s. */
    private static ClusterTopology flat(double oversubscription) {
        LinkClass link = new LinkClass(NIC, 0);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(16, link,
                FatTreeParameters.twoTier(4, oversubscription, link)));
    }

    /** {@code nodes} nodes of 8 GPUs on an NVLink switch at {@code nvlink} B/s, one 50 GB/s NIC per GPU. */
    private static ClusterTopology dgx(int nodes, double nvlink, int hostsPerLeaf, double oversubscription) {
        LinkClass nic = new LinkClass(NIC, 0);
        return ClusterTopology.build(new ClusterParameters(8 * nodes,
                ScaleUpParameters.switched(8, new LinkClass(nvlink, 0), false), nic,
                FatTreeParameters.twoTier(hostsPerLeaf, oversubscription, nic)));
    }

    private static CollectiveResult allReduce(ClusterTopology cluster, Algorithm algorithm, int ranks) {
        return CollectiveEngine.run(cluster,
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, ranks).withAlgorithm(algorithm));
    }

    @Test
    void shouldSendEachNicItsBufferOnceAndIgnoreAnOversubscribedTier() {
        // One GPU per node: every NIC carries S up and the sum S down, every tree link S once, so
        // T = S/B + 14 us = 1,073,741,824 / 50e9 s + 14 us = 21,474,836,480 + 14,000,000 ps, whatever
        // the leaves' oversubscription (each leaf sends one partial sum up).
        long expectedPs = 21_474_836_480L + 14_000_000L;
        for (double oversubscription : new double[] {1, 4}) {
            ClusterTopology cluster = flat(oversubscription).withAggregation(AggregationResources.SHARP_V3);
            assertEquals(expectedPs, allReduce(cluster, Algorithm.COLLNET_CHAIN, 16).timePs(), 2);
        }
    }

    @Test
    void shouldMoveAboutHalfTheBytesOfARingPerNic() {
        // Ring: 2(n-1)/n S = 1.875 S through every NIC; CollNet: S.
        ClusterTopology cluster = flat(1).withAggregation(AggregationResources.SHARP_V3);
        CollectiveResult ring = allReduce(cluster, Algorithm.RING, 16);
        CollectiveResult collNet = allReduce(cluster, Algorithm.COLLNET_CHAIN, 16);
        int nicUplink = cluster.nicUplink(0);
        assertEquals(1.875 * S, ring.linkBytes()[nicUplink], 1e-6 * S);
        assertEquals(S, collNet.linkBytes()[nicUplink], 1e-6 * S);
    }

    @Test
    void shouldBeBoundByNvlinkWhenTheHeadsScatterAndGatherFasterThanTheNicsStream() {
        // Direct, 8 GPUs per node on Hopper: each GPU's NVLink uplink carries 7 slices of S/8 to the
        // heads and 7 back, 1.75 S; each NIC S/8. At 400 GB/s NVLink: 1.75 S / 400e9 = 4,697,620,480 ps
        // against S/8 / 50e9 = 2,684,354,560 ps, so NVLink bounds it; NCCL's factor 0.85 from Hopper
        // on: 4,697,620,480 / 0.85 = 5,526,612,329 ps, plus 44 us.
        CollectiveResult slow = allReduce(dgx(4, 400e9, 16, 1).withAggregation(AggregationResources.SHARP_V3),
                Algorithm.COLLNET_DIRECT, 32);
        assertEquals(5_526_612_329L + 44_000_000L, slow.timePs(), 2);
        // At 900 GB/s NVLink (1.75 S / 900e9 = 2,087,831,324 ps) the NIC bounds it:
        // 2,684,354,560 / 0.85 = 3,158,064,188 ps, plus 44 us.
        CollectiveResult fast = allReduce(dgx(4, 900e9, 16, 1).withAggregation(AggregationResources.SHARP_V3),
                Algorithm.COLLNET_DIRECT, 32);
        assertEquals(3_158_064_188L + 44_000_000L, fast.timePs(), 2);
    }

    @Test
    void shouldLeaveCollNetToAnExplicitChoiceAsNcclDoesByDefault() {
        // NCCL_COLLNET_ENABLE defaults to 0: auto keeps to ring and tree even where the switches
        // reduce, and CollNet, asked for, is the faster all-reduce at a large buffer (each NIC moves
        // S/8 each way against the ring's 2(n-1)/n of it).
        ClusterTopology sharp = dgx(4, 900e9, 16, 1).withAggregation(AggregationResources.SHARP_V3);
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 32);
        CollectiveResult auto = CollectiveEngine.run(sharp, request);
        assertFalse(auto.algorithm().collNet(), auto.algorithm().label());
        CollectiveResult collNet = CollectiveEngine.run(sharp, request.withAlgorithm(Algorithm.COLLNET_DIRECT));
        assertTrue(collNet.timePs() < auto.timePs(), collNet.timePs() + " ps against " + auto.timePs());
    }

    @Test
    void shouldRefuseCollNetWhereTheSwitchesDoNotReduce() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> allReduce(dgx(4, 900e9, 16, 1), Algorithm.COLLNET_DIRECT, 32));
        assertTrue(error.getMessage().contains("do not reduce in the network"), error.getMessage());
    }

    @Test
    void shouldRefuseTreesTheSwitchesCannotHost() {
        // 8 trees (one per local GPU) from leaves of 16 hosts. SHARPv3 allows one tree per port:
        // with 16 uplinks per leaf tree t takes uplink t, all distinct; at 4:1 a leaf has 4 uplinks,
        // so trees 0 and 4 share one and the second is refused. SHARPv2 allows one tree per switch,
        // and all 8 trees meet at every leaf.
        assertTrue(CollNetSchedules.applicable(dgx(4, 900e9, 16, 1).withAggregation(AggregationResources.SHARP_V3),
                32, Algorithm.COLLNET_DIRECT, null));
        assertFalse(CollNetSchedules.applicable(dgx(4, 900e9, 16, 4).withAggregation(AggregationResources.SHARP_V3),
                32, Algorithm.COLLNET_DIRECT, null));
        assertFalse(CollNetSchedules.applicable(dgx(4, 900e9, 16, 1).withAggregation(AggregationResources.SHARP_V2),
                32, Algorithm.COLLNET_DIRECT, null));
    }
}
