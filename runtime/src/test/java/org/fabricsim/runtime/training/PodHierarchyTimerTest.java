package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DataCentreParameters;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.TorusParameters;
import org.junit.jupiter.api.Test;

/** Data parallelism across two pods: in-pod rings on the torus, the cross-pod part on the data-centre network. */
class PodHierarchyTimerTest {
    private static final double ICI_BYTES_PER_SECOND = 50e9;
    private static final double DCN_BYTES_PER_SECOND = 12.5e9;
    private static final LinkClass ICI = new LinkClass(ICI_BYTES_PER_SECOND, 1_000_000);
    private static final LinkClass DCN = new LinkClass(DCN_BYTES_PER_SECOND, 1_000_000);
    private static final double GIB = 1L << 30;

    /** Two pods of 8 chips on a ring torus each (the cluster: a ring of 16), joined by one data-centre switch. */
    private static PodHierarchyTimer twoPods() {
        ClusterTopology cluster = ClusterTopology.build(ClusterParameters.direct(16,
                new TorusParameters(new int[] {16}, ICI))
                .withDataCentre(new DataCentreParameters(FatTreeParameters.singleSwitch(DCN), DCN)));
        ClusterTopology pod = ClusterTopology.build(ClusterParameters.direct(8, new TorusParameters(new int[] {8}, ICI)));
        FabricCollectiveTimer inPod = new FabricCollectiveTimer(pod,
                Placement.of(new ParallelismSpec(1, 1, 8, 1, 1, false)), RoutingMode.ECMP, 1, 1);
        FabricCollectiveTimer crossPod = new FabricCollectiveTimer(cluster.onDataCentre(),
                Placement.of(new ParallelismSpec(8, 1, 2, 1, 1, false)), RoutingMode.ECMP, 1, 1);
        return new PodHierarchyTimer(inPod, crossPod, 16, 2);
    }

    @Test
    void shouldReduceScatterInThePodThenAcrossPodsOnTheShard() {
        double seconds = twoPods().ringSeconds(Axis.DATA, 16, GIB, 0);

        // In the pod, a bidirectional ring of 8 on the torus: 7 steps of S/8 bytes, half each way at 50 GB/s,
        // 7/16 · S/50 GB/s = 9.40 ms. Across pods, the 1/8 shard reduce-scattered between the two pods: one
        // step of (S/8)/2 per rank through its 12.5 GB/s data-centre NIC, S/16 / 12.5 GB/s = 5.37 ms; every
        // pair at once through the non-blocking switch. Plus microseconds of step latency.
        double expected = 7.0 / 16 * GIB / ICI_BYTES_PER_SECOND + GIB / 16 / DCN_BYTES_PER_SECOND;
        assertEquals(expected, seconds, 0.02 * expected);
    }

    @Test
    void shouldKeepOtherAxesAndSmallerGroupsInsideThePod() {
        PodHierarchyTimer timer = twoPods();

        // A group of 8 data ranks is one pod's: the bidirectional ring alone, 7/16 · S/50 GB/s.
        double expected = 7.0 / 16 * GIB / ICI_BYTES_PER_SECOND;
        assertEquals(expected, timer.ringSeconds(Axis.DATA, 8, GIB, 0), 0.02 * expected);
        assertEquals(0, timer.ringSeconds(Axis.TENSOR, 1, GIB, 0));
    }

    @Test
    void shouldAddNoRingPlateauToAnAllReduceOfTorusPods() {
        // TPU pods run XLA's collectives, not NCCL's: no "plateau effect of ring" in the pod or across pods.
        assertEquals(0, twoPods().allReducePlateauSeconds(Axis.DATA, 16));
    }
}
