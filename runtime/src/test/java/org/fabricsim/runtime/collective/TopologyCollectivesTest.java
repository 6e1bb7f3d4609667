package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Precision;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.fabricsim.runtime.topology.TorusParameters;
import org.junit.jupiter.api.Test;

/** Collectives run, conserve bytes and respect injection bounds on every kind of fabric. */
class TopologyCollectivesTest {
    private static final LinkClass LINK = new LinkClass(50e9, 200_000);
    private static final long S = 64L << 20;

    private static void assertSound(ClusterTopology cluster, CollectiveRequest request) {
        assertSound(cluster, request, 1);
    }

    /** Sound, with every rank injecting over at most {@code linksPerRank} links of 50 GB/s. */
    private static void assertSound(ClusterTopology cluster, CollectiveRequest request, int linksPerRank) {
        CollectiveResult result = CollectiveEngine.run(cluster, request);
        assertEquals(result.bytesInjected(), result.bytesDelivered(), Precision.EPSILON * result.bytesInjected());
        // No rank can push more than its links' worth: one NIC, or a torus chip's links.
        assertTrue(result.busbwGBps() <= 50 * linksPerRank * (1 + Precision.EPSILON),
                result.busbwGBps() + " on " + cluster.describe());
        assertTrue(result.linkUsage().maxUtilization() <= 1 + Precision.EPSILON);
    }

    @Test
    void shouldRunRingAndAllToAllOnATorus() {
        ClusterTopology torus = ClusterTopology.build(ClusterParameters.direct(64,
                new TorusParameters(new int[] {4, 4, 4}, LINK)));
        // A flat ring sends to one neighbour at a time: one link's worth. An all-to-all drives all 6 links.
        assertSound(torus, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 64).withAlgorithm(Algorithm.RING));
        CollectiveResult allToAll = CollectiveEngine.run(torus, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 64));
        assertTrue(allToAll.busbwGBps() > 50, "a chip sends over more than one link: " + allToAll.busbwGBps());
        assertSound(torus, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 64), 6);
    }

    @Test
    void shouldMakeValiantRoutingSlowerThanMinimalForNeighbourTrafficOnADragonfly() {
        // Group-to-next-group permutation: minimal routing uses the direct global links; Valiant sends
        // every flow through a random intermediate group, doubling global hops.
        DragonflyParameters minimal = new DragonflyParameters(9, 4, 2, 2, LINK, LINK, false);
        DragonflyParameters valiant = new DragonflyParameters(9, 4, 2, 2, LINK, LINK, true);
        CollectiveRequest shift = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 72)
                .withTrafficMatrixBytes(TrafficMatrices.shift(72, 8, S)).withRouting(RoutingMode.ECMP);
        ClusterTopology minimalCluster = ClusterTopology.build(ClusterParameters.scaleOutOnly(72, LINK, minimal));
        ClusterTopology valiantCluster = ClusterTopology.build(ClusterParameters.scaleOutOnly(72, LINK, valiant));
        assertSound(minimalCluster, shift);
        assertSound(valiantCluster, shift);
        CollectiveResult direct = CollectiveEngine.run(minimalCluster, shift);
        CollectiveResult indirect = CollectiveEngine.run(valiantCluster, shift);
        assertTrue(indirect.bytesInjected() == direct.bytesInjected());
        double[] directBytes = direct.linkBytes();
        double[] indirectBytes = indirect.linkBytes();
        double directTotal = 0;
        double indirectTotal = 0;
        for (int link = 0; link < directBytes.length; link++) {
            directTotal += directBytes[link];
            indirectTotal += indirectBytes[link];
        }
        assertTrue(indirectTotal > directTotal, "Valiant carries more link-bytes: " + indirectTotal + " vs " + directTotal);
    }

    @Test
    void shouldRunOnAFullMeshAndARackScaleDomain() {
        ClusterTopology mesh = ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.fullMesh(8,
                LINK)));
        // Direct all-to-all on a full mesh: every pair has its own link, T = S/8 / B + latency.
        CollectiveResult result = CollectiveEngine.run(mesh, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL,
                S, 8));
        assertEquals(Math.round(S / 8.0 / 50e9 * 1e12) + 200_000, result.timePs(), 1);
        ClusterTopology nvl72 = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.rackScale72(LINK, true)));
        assertSound(nvl72, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 72).withAlgorithm(Algorithm.RING));
        assertEquals(Algorithm.IN_NETWORK,
                CollectiveEngine.run(nvl72, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 72)).algorithm());
    }
}
