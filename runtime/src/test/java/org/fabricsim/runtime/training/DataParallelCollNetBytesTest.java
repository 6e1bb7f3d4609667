package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.topology.AggregationResources;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * The link bytes a step counts for its data-parallel calls, ring against CollNet, derived by hand. TP 2, DP 4 on 4
 * nodes of 2 GPUs (one 50 GB/s NIC each), a two-tier fat tree of 4 hosts per leaf at 1:1 (nodes 0 and 1 under leaf
 * 0, nodes 2 and 3 under leaf 1), SHARPv3. The 2 DP groups are GPU t of nodes 0 to 3: one GPU per node, n = 4, two
 * heads under each leaf; each call is S per rank.
 *
 * <ul>
 * <li>Ring (nodes 0→1→2→3→0): each rank sends and receives (n − 1)/n·S = 3S/4, so each NIC link 3S/4; hops 1→2 and
 * 3→0 cross the spines, each over a leaf's uplink and a spine's downlink: 2 · 2 · 3S/4 = 3S of fabric bytes a
 * group.</li>
 * <li>CollNet reduce-scatter (k = 1): each NIC sends S up and receives its own S/n = S/4; each leaf sends the
 * partial sum S up to the root spine and receives S/n for each of its 2 heads, S/2: fabric 2S + S = 3S a
 * group.</li>
 * <li>CollNet all-gather: the mirror, each NIC S/4 up and S down, fabric 2 · S/2 + 2S = 3S a group.</li>
 * <li>CollNet all-reduce: each NIC S each way, fabric 2S up and 2S down a group; the ring all-reduce is two rings,
 * 3S/2 each NIC link and 6S of fabric a group.</li>
 * </ul>
 */
class DataParallelCollNetBytesTest {
    private static final double S = 64L << 20;
    private static final int DP = 4;
    private static final Placement PLAN = Placement.of(new ParallelismSpec(2, 1, DP, 1, 1, true));
    private static final ClusterTopology CLUSTER = cluster();

    private static ClusterTopology cluster() {
        LinkClass nic = new LinkClass(50e9, 0);
        return ClusterTopology.build(new ClusterParameters(8,
                ScaleUpParameters.switched(2, new LinkClass(900e9, 0), false), nic,
                FatTreeParameters.twoTier(4, 1, nic))).withAggregation(AggregationResources.SHARP_V3);
    }

    /** {NIC uplink of GPU 0, its NIC downlink, all NIC links, all links between switches} after one call. */
    private static double[] bytes(Algorithm algorithm, CollectiveOperation operation) {
        FabricCollectiveTimer timer = new FabricCollectiveTimer(CLUSTER, PLAN, RoutingMode.ECMP, 1, 1,
                Calibration.DEFAULT, NetworkKind.MAX_MIN, null, null, Generation.HOPPER, true, algorithm);
        timer.countDataParallel(operation, DP, S, 0, 1);
        double[] links = timer.linkBytes();
        double nics = 0;
        double inNodes = 0;
        for (int a = 0; a < CLUSTER.accelerators(); a++) {
            nics += links[CLUSTER.nicUplink(a)] + links[CLUSTER.nicDownlink(a)];
            inNodes += links[CLUSTER.scaleUpUplink(a)] + links[CLUSTER.scaleUpDownlink(a)];
        }
        double all = 0;
        for (double b : links) {
            all += b;
        }
        return new double[] {links[CLUSTER.nicUplink(0)], links[CLUSTER.nicDownlink(0)], nics, all - nics - inNodes};
    }

    private static void assertBytes(double[] expected, double[] actual) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 1e-9 * S, "entry " + i);
        }
    }

    @Test
    void shouldCountARingsBytesOnTheRing() {
        // 8 NIC links of 3S/4 each way; 2 groups of 3S fabric.
        assertBytes(new double[] {0.75 * S, 0.75 * S, 16 * 0.75 * S, 6 * S},
                bytes(Algorithm.RING, CollectiveOperation.REDUCE_SCATTER));
        assertBytes(new double[] {1.5 * S, 1.5 * S, 16 * 1.5 * S, 12 * S},
                bytes(Algorithm.RING, CollectiveOperation.ALL_REDUCE));
    }

    @Test
    void shouldCountCollNetsBytesOnCollNet() {
        // Reduce-scatter: 8 NICs S up and S/4 down (10S); 2 groups of 3S fabric. All-gather the mirror.
        assertBytes(new double[] {S, 0.25 * S, 10 * S, 6 * S},
                bytes(Algorithm.COLLNET_DIRECT, CollectiveOperation.REDUCE_SCATTER));
        assertBytes(new double[] {0.25 * S, S, 10 * S, 6 * S},
                bytes(Algorithm.COLLNET_DIRECT, CollectiveOperation.ALL_GATHER));
        // All-reduce: 8 NICs S each way (16S); 2 groups of 4S fabric, a third less than the rings' 12S.
        assertBytes(new double[] {S, S, 16 * S, 8 * S},
                bytes(Algorithm.COLLNET_DIRECT, CollectiveOperation.ALL_REDUCE));
    }
}
