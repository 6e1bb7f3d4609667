package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.junit.jupiter.api.Test;

/** A cluster graph that cannot fit the heap is refused with its size before it is built. */
class GraphEstimateTest {
    /** 64 nodes of 8 accelerators, 400 Gb/s NICs, on a two-tier fat-tree of links at {@code fabricBytesPerSecond}. */
    private static ClusterSpec tree(double fabricBytesPerSecond) {
        ClusterSpec single = TestClusters.singleSwitch(64, 8, 50e9, 1000);
        FabricSpec fabric = new FabricSpec("t.F", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "",
                fabricBytesPerSecond, 1000, true, FabricSpec.CongestionControl.NONE, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER);
        return new ClusterSpec("t.Tree", single.node(), 64, new ScaleOutSpec(fabric,
                new TopologySpec.FatTree(null, 2, List.of(1.0), null), ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    /**
     * 512 accelerators, 2 NIC links each: 1,024. Leaves of the default 64-port switch hold 32 NIC ports at 1:1, so 16
     * leaves; with fabric links as fast as the NICs each has 32 uplinks, 16 × 32 × 2 = 1,024 links between the tiers,
     * 2,048 in all; at 1/100 of the NICs' rate ⌈32 × 100⌉ = 3,200 uplinks, 16 × 3,200 × 2 = 102,400, 103,424 in all.
     * The builder lays down exactly these; the bytes are 76 per link and 4 per accelerator.
     */
    @Test
    void shouldCountTheLinksTheBuilderLaysDown() {
        for (double rate : new double[] {50e9, 5e8}) {
            ClusterSpec cluster = tree(rate);
            GraphEstimate estimate = GraphEstimate.of(cluster);
            assertEquals(rate == 50e9 ? 2_048 : 103_424, estimate.links());
            assertEquals(ClusterTopologies.build(cluster).graph().linkCount(), estimate.links());
            assertEquals(estimate.links() * 76 + 512 * 4, estimate.bytes());
        }
        ClusterSpec single = TestClusters.singleSwitch(4, 8, 50e9, 1000);
        assertEquals(ClusterTopologies.build(single).graph().linkCount(), GraphEstimate.of(single).links());
    }

    /**
     * 2^31 − 1 one-accelerator nodes on one switch: 4,294,967,294 NIC links at 76 B and 2^31 − 1 nodes at 4 B,
     * 335.0 GB, more than any test heap; the run is refused before the build (it died out of memory in it). The same
     * cluster's first 2 nodes run.
     */
    @Test
    void shouldRefuseAGraphLargerThanTheHeapBeforeBuildingIt() {
        ClusterSpec huge = TestClusters.singleSwitch(Integer.MAX_VALUE, 1, 50e9, 1000);
        GraphEstimate estimate = GraphEstimate.of(huge);
        assertEquals(4_294_967_294L, estimate.links());
        assertTrue(!estimate.fits(Runtime.getRuntime().maxMemory()));
        CollectiveBenchmarkSpec all = new CollectiveBenchmarkSpec("t.All", huge, Integer.MAX_VALUE,
                CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 20));
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class, () -> new Simulator().run(all));
        assertTrue(refused.getMessage().startsWith("t.All would build a graph of at least 4,294,967,294 links and"
                + " 2,147,483,647 nodes, about 335.0 GB of memory"), refused.getMessage());
        assertTrue(refused.getMessage().contains("its largest part is 2,147,483,647 accelerators' NIC links. Fix:"
                + " write fewer nodes"), refused.getMessage());
        CollectiveBenchmarkSpec two = new CollectiveBenchmarkSpec("t.Two", huge, 2, CollectiveOperation.ALL_REDUCE,
                Algorithm.RING, 1, List.of(1L << 20));
        assertEquals(1, ((List<?>) new Simulator().run(two).metrics().get("rows")).size());
    }
}
