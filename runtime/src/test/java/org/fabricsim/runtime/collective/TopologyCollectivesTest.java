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
        // The ring all-reduce runs as bidirectional rings per dimension: two links' worth. An all-to-all drives all 6.
        assertSound(torus, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 64).withAlgorithm(Algorithm.RING), 2);
        CollectiveResult allToAll = CollectiveEngine.run(torus, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 64));
        assertTrue(allToAll.busbwGBps() > 50, "a chip sends over more than one link: " + allToAll.busbwGBps());
        assertSound(torus, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, S, 64), 6);
    }

    @Test
    void shouldAllReduceOnATorusDimensionByDimensionAtTheClosedForm() {
        // 4 x 4 x 4 chips, 50 GB/s per link and direction. Reduce-scatter then all-gather along each dimension
        // in bidirectional rings: T = Σ_d 2(k - 1)/k · S_d/(2B) = (3/4)(1 + 1/4 + 1/16) · S/B, S_d shrinking by
        // 4 per dimension; busbw = 2(n - 1)/n · S/T = (126/64) / 0.984375 · B = 100 GB/s. Step latencies (18
        // steps) and link latency make the engine's figure a little lower, never higher.
        ClusterTopology torus = ClusterTopology.build(ClusterParameters.direct(64,
                new TorusParameters(new int[] {4, 4, 4}, LINK)));
        long size = 1L << 30;
        CollectiveResult ring = CollectiveEngine.run(torus,
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, size, 64).withAlgorithm(Algorithm.RING));
        double closedForm = (126.0 / 64) / (0.75 * (1 + 0.25 + 0.0625)) * 50;
        assertTrue(ring.busbwGBps() <= closedForm * (1 + Precision.EPSILON) && ring.busbwGBps() > 0.9 * closedForm,
                ring.busbwGBps() + " GB/s against the closed form " + closedForm);
        // 18 steps (3 per dimension, each way), not a flat ring's 126.
        assertEquals(18, ring.steps());
    }

    @Test
    void shouldRunExpertParallelKernelsOnATorusWithoutNics() {
        // 64 chips on a 4 x 4 x 4 torus: the normal (deduplicating) kernels report the busiest chip's bytes
        // over its 6 links, so their bandwidth is positive and at most 6 links' worth (6 x 50 GB/s).
        ClusterTopology torus = ClusterTopology.build(ClusterParameters.direct(64,
                new TorusParameters(new int[] {4, 4, 4}, LINK)));
        ExpertKernels normal = new ExpertKernels(false, 256, 1024, 8, 64, true);
        ExpertKernels.Run run = normal.run(torus, 64, true, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 0, 64), 0);
        assertTrue(run.gigabytesPerSecond() > 0 && run.gigabytesPerSecond() <= 6 * 50 * (1 + Precision.EPSILON),
                "normal dispatch on a torus: " + run.gigabytesPerSecond());
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
