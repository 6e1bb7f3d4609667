package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * Training's ring step inside one full-mesh domain of 8 (a link each way per pair, B = 50 GB/s per direction) deals a
 * rank's bytes over the mesh's rings as the collective engine does: on Hopper (every part but CDNA3) the R(8) = 6
 * link-disjoint directed rings, each directed link carrying 1/6 of a rank's step bytes; on CDNA3 (MI300X) RCCL's 14
 * rings (rome_model_79), each directed link on 2 of them, 2/14 = 1/7 of the bytes, so all 7 links of a GPU work. A
 * step of b bytes a rank costs b/(R·B) plus its latency, so the cost of one more gigabyte a rank, t(2 GB) − t(1 GB),
 * is 1e9/(6 × 50e9) = 3.333 ms on Hopper and 1e9/(7 × 50e9) = 2.857 ms on CDNA3, within 1 µs (the step's other
 * terms add 0.5 µs to the difference on both generations; the rings' count is what tells 3.333 from 2.857).
 */
class MeshRingStepTest {
    private static final ClusterTopology MESH = ClusterTopology.build(ClusterParameters.singleDomain(
            ScaleUpParameters.fullMesh(8, new LinkClass(50e9, 1_000_000))));

    private static double secondsPerGigabyte(Generation generation) {
        FabricCollectiveTimer timer = new FabricCollectiveTimer(MESH, Placement.of(new ParallelismSpec(1, 1, 8, 1, 1,
                false)), RoutingMode.ECMP, 1, 1, Calibration.DEFAULT, NetworkKind.MAX_MIN, null, null, generation,
                false, Algorithm.AUTO);
        return timer.ringStepSeconds(Axis.DATA, 2e9, 0) - timer.ringStepSeconds(Axis.DATA, 1e9, 0);
    }

    @Test
    void shouldSpreadARingStepOverTheSixLinkDisjointRingsOnHopper() {
        assertEquals(1e9 / (6 * 50e9), secondsPerGigabyte(Generation.HOPPER), 1e-6);
    }

    @Test
    void shouldSpreadARingStepOverAllSevenLinksOnRcclsRingsOnCdna3() {
        assertEquals(1e9 / (7 * 50e9), secondsPerGigabyte(Generation.CDNA3), 1e-6);
    }

    /**
     * DP16 over 2 nodes of 8 (the mesh's links and every GPU's NIC at B = 50 GB/s, one switch). On CDNA3 RCCL's 8
     * paths (rome_model_81) carry 1/8 of a rank's bytes each: 7 on distinct xGMI links, 1 out through the rank's own
     * NIC rail, so one more gigabyte a rank costs 1e9/(8 × 50e9) = 2.5 ms. Elsewhere the ring keeps NCCL's layout:
     * the hop to the next local rank carries all of a rank's bytes on one mesh link, 1e9/50e9 = 20 ms.
     */
    private static double secondsPerGigabyteOverTwoNodes(Generation generation) {
        LinkClass link = new LinkClass(50e9, 1_000_000);
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.fullMesh(8, link),
                link, FatTreeParameters.singleSwitch(link)));
        FabricCollectiveTimer timer = new FabricCollectiveTimer(cluster, Placement.of(new ParallelismSpec(1, 1, 16, 1,
                1, false)), RoutingMode.ECMP, 1, 1, Calibration.DEFAULT, NetworkKind.MAX_MIN, null, null, generation,
                false, Algorithm.AUTO);
        return timer.ringStepSeconds(Axis.DATA, 2e9, 0) - timer.ringStepSeconds(Axis.DATA, 1e9, 0);
    }

    @Test
    void shouldCrossBetweenInstinctNodesOnRcclsRailToRailPaths() {
        assertEquals(1e9 / (8 * 50e9), secondsPerGigabyteOverTwoNodes(Generation.CDNA3), 1e-6);
        assertEquals(1e9 / 50e9, secondsPerGigabyteOverTwoNodes(Generation.HOPPER), 1e-6);
    }
}
