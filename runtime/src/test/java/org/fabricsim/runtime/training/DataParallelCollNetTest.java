package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.AggregationResources;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * A training's data-parallel groups on NCCL's CollNet: TP 8, PP 4, DP 8 on 32 nodes of 8 GPUs (one 50 GB/s NIC each,
 * links without latency), 64 hosts per leaf, SHARPv3. In the default order (TP, CP, PP, DP) the 32 DP groups are GPU t
 * of nodes p, p + 4, …, p + 28: one GPU per node, two nodes under each of the 4 leaves.
 */
class DataParallelCollNetTest {
    private static final double NIC = 50e9;
    private static final double S = 1L << 30;
    private static final Placement PLAN = Placement.of(new ParallelismSpec(8, 4, 8, 1, 1, true));

    private static ClusterTopology cluster(double oversubscription) {
        LinkClass nic = new LinkClass(NIC, 0);
        return ClusterTopology.build(new ClusterParameters(256,
                ScaleUpParameters.switched(8, new LinkClass(900e9, 0), false), nic,
                FatTreeParameters.twoTier(64, oversubscription, nic))).withAggregation(AggregationResources.SHARP_V3);
    }

    private static FabricCollectiveTimer timer(ClusterTopology cluster, boolean collNet) {
        return timer(cluster, collNet, Algorithm.AUTO);
    }

    private static FabricCollectiveTimer timer(ClusterTopology cluster, boolean collNet, Algorithm forced) {
        return new FabricCollectiveTimer(cluster, PLAN, RoutingMode.ECMP, 1, 1, Calibration.DEFAULT,
                NetworkKind.MAX_MIN, null, null, Generation.HOPPER, collNet, forced);
    }

    @Test
    void shouldGrantEveryGroupOfOneGpuPerNodeItsOwnSpine() {
        // At 2:1 a leaf has 32 uplinks: the 32 groups root at 32 distinct spines (one tree per port).
        DataParallelCollNet collNet = timer(cluster(2), true).collNet();
        assertEquals(32, collNet.groups());
        assertEquals(32, collNet.granted());
        assertTrue(collNet.serves());
    }

    @Test
    void shouldAllReduceOnCollNetAndKeepTheRingForAReduceScatter() {
        // One GPU per node, n = 8. All-reduce: CollNet sends S up and S down each NIC, S / B / 0.85 = 25.26 ms
        // (NCCL's CollNet-direct factor from Hopper on) plus 14 us and the calls' overheads, against the ring's
        // 2 (n - 1)/n S / B = 37.58 ms. Reduce-scatter: CollNet sends S up each NIC (S / B / 0.9 = 23.86 ms) against
        // the ring's (n - 1)/n S / B = 18.79 ms, so NCCL keeps the ring and the time is the ring's.
        FabricCollectiveTimer with = timer(cluster(2), true);
        FabricCollectiveTimer without = timer(cluster(2), false);
        assertEquals(without.ringSeconds(Axis.DATA, 8, S, 0), with.ringSeconds(Axis.DATA, 8, S, 0), 0);
        assertFalse(with.collNet().chosen());
        double allReduce = with.allReduceSeconds(Axis.DATA, 8, S, 0);
        assertEquals(S / NIC / 0.85, allReduce, 0.01 * S / NIC / 0.85);
        assertTrue(without.allReduceSeconds(Axis.DATA, 8, S, 0) > 2 * 7.0 / 8 * S / NIC);
        assertTrue(with.collNet().chosen());
        assertNull(without.collNet());
    }

    @Test
    void shouldFallBackToTheRingWhenTheSwitchesRefuseSomeGroups() {
        // At 4:1 a leaf has 16 uplinks: groups 0-15 are granted, 16-31 refused and run the ring, and the step
        // waits for its slowest group, so the all-reduce is the ring's.
        FabricCollectiveTimer with = timer(cluster(4), true);
        assertEquals(16, with.collNet().granted());
        assertFalse(with.collNet().serves());
        assertEquals(timer(cluster(4), false).allReduceSeconds(Axis.DATA, 8, S, 0),
                with.allReduceSeconds(Axis.DATA, 8, S, 0), 0);
    }

    @Test
    void shouldRunTheReduceScatterOnCollNetWhereNcclAlgoForcesIt() {
        // NCCL_ALGO=CollNetDirect: the reduce-scatter the tuner keeps on the ring (the group alone: 18.79 ms against
        // CollNet's 23.86 ms) runs on CollNet, each NIC sending S: S / B / 0.9 = 23.86 ms plus 14 us and the calls'
        // overheads. The step's 32 rings at once send 32 flows out of each leaf, hashed (ECMP) onto its 32 uplinks at
        // 2:1 so that some carry several, and each ring step waits for its slowest flow: over 3 times CollNet's time
        // (94 ms, docs/fabric-behaviour.md, session 70), which the tuner, seeing one group alone, does not see.
        // Forcing CollNet enables it.
        FabricCollectiveTimer forced = timer(cluster(2), false, Algorithm.COLLNET_DIRECT);
        double ring = timer(cluster(2), true).ringSeconds(Axis.DATA, 8, S, 0);
        double collNet = forced.ringSeconds(Axis.DATA, 8, S, 0);
        assertEquals(S / NIC / 0.9, collNet, 0.01 * S / NIC / 0.9);
        assertTrue(ring > 3 * collNet, collNet + " s against the rings' " + ring + " s");
        assertTrue(forced.collNet().chosen());
    }

    @Test
    void shouldEqualTheTunersRingWhereNcclAlgoForcesTheRing() {
        // NCCL_ALGO=Ring: the reduce-scatter, which the tuner keeps on the ring, takes the same time to the bit; the
        // all-reduce, which the tuner moves to CollNet (25.3 ms), takes the ring's 2 (n - 1)/n S / B and more.
        FabricCollectiveTimer ring = timer(cluster(2), true, Algorithm.RING);
        FabricCollectiveTimer tuner = timer(cluster(2), true);
        assertEquals(tuner.ringSeconds(Axis.DATA, 8, S, 0), ring.ringSeconds(Axis.DATA, 8, S, 0), 0);
        assertEquals(timer(cluster(2), false).allReduceSeconds(Axis.DATA, 8, S, 0),
                ring.allReduceSeconds(Axis.DATA, 8, S, 0), 0);
        assertTrue(ring.allReduceSeconds(Axis.DATA, 8, S, 0) > 1.4 * tuner.allReduceSeconds(Axis.DATA, 8, S, 0));
        assertFalse(ring.collNet().chosen());
    }

    @Test
    void shouldStopWhereCollNetIsForcedAndTheSwitchesRefuseSomeGroups() {
        // At 4:1 groups 16-31 get no tree: NCCL with NCCL_ALGO=CollNetDirect has no algorithm left for them.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> timer(cluster(4), false, Algorithm.COLLNET_DIRECT));
        assertTrue(refused.getMessage().contains("16 of the 32 data-parallel groups cannot run it"),
                refused.getMessage());
    }
}
