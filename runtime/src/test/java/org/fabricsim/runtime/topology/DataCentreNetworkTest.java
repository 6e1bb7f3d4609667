package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.junit.jupiter.api.Test;

/** A cluster with a data-centre network beside its back-end fabric: built in one graph, and collectives placed on either. */
class DataCentreNetworkTest {
    private static final LinkClass ICI = new LinkClass(50e9, 1_000_000);
    private static final LinkClass DCN_NIC = LinkClass.ofGigabitsPerSecond(100, 2_000_000);
    private static final LinkClass DCN_SWITCH = LinkClass.ofGigabitsPerSecond(100, 1_000_000);
    private static final long GIB = 1L << 30;

    /**
     * Two "pods" of 8 chips, a direct 2 x 2 x 4 torus of ICI links (the pods are its halves along
     * dimension 2, accelerators 0–7 and 8–15), and a data-centre network: one switch, a 100G NIC per chip.
     */
    private static ClusterTopology twoPods() {
        return ClusterTopology.build(ClusterParameters.direct(16, new TorusParameters(new int[] {2, 2, 4}, ICI))
                .withDataCentre(new DataCentreParameters(FatTreeParameters.singleSwitch(DCN_SWITCH), DCN_NIC)));
    }

    @Test
    void shouldBuildTheDataCentreNetworkBesideTheTorus() {
        ClusterTopology cluster = twoPods();
        Graph graph = cluster.graph();

        // 16 chips + 1 data-centre switch; links: 16 chips · 3 dimensions · 2 directions = 96 torus links,
        // then 2 · 16 NIC links into the switch at 100 Gb/s = 12.5 GB/s.
        assertEquals(17, graph.nodeCount());
        assertEquals(96 + 32, graph.linkCount());
        assertTrue(cluster.hasDataCentre());
        assertFalse(cluster.hasNics());
        assertTrue(cluster.onDataCentre().hasNics());
        assertEquals(12.5e9, graph.linkBytesPerSecond(cluster.onDataCentre().nicUplink(0)), 1);
        assertEquals(16, graph.linkTo(cluster.onDataCentre().nicUplink(0)));
    }

    @Test
    void shouldRouteAcrossPodsOnTheNetworkTheCollectiveIsPlacedOn() {
        ClusterTopology cluster = twoPods();
        int[] path = new int[Math.max(cluster.maxRouteLinks(), cluster.onDataCentre().maxRouteLinks())];

        // On the torus, 0 → 8 is two hops along dimension 2 (position 0 to 2 of 4); on the data-centre
        // network, NIC up to the switch and down to chip 8.
        assertEquals(2, cluster.route(0, 8, (hop, first, stride, n) -> 0, path));
        int hops = cluster.onDataCentre().route(0, 8, (hop, first, stride, n) -> 0, path);
        assertEquals(2, hops);
        assertEquals(cluster.onDataCentre().nicUplink(0), path[0]);
        assertEquals(cluster.onDataCentre().nicDownlink(8), path[1]);
    }

    @Test
    void shouldTakeTheClosedFormTimeOfACrossPodAllReduceOnEachNetwork() {
        ClusterTopology cluster = twoPods();
        CollectiveRequest pair = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, GIB, 2)
                .withAlgorithm(Algorithm.RING);
        int[] acrossPods = {0, 8};

        CollectiveResult onDataCentre = CollectiveEngine.runPlaced(cluster.onDataCentre(), pair, acrossPods);
        CollectiveResult onTorus = CollectiveEngine.runPlaced(cluster, pair, acrossPods);

        // A ring all-reduce of n = 2 sends 2(n − 1)/n · S = S each way over the pair's path: S / 12.5 GB/s on
        // the data-centre NICs (85.9 ms), S / 50 GB/s on the torus links (21.5 ms), plus microseconds of latency.
        assertEquals(GIB / 12.5e9, onDataCentre.timeSeconds(), 0.01 * GIB / 12.5e9);
        assertEquals(GIB / 50e9, onTorus.timeSeconds(), 0.01 * GIB / 50e9);
    }

    @Test
    void shouldRefuseToRouteOnADataCentreNetworkTheClusterDoesNotHave() {
        ClusterTopology torusOnly = ClusterTopology.build(ClusterParameters.direct(16,
                new TorusParameters(new int[] {2, 2, 4}, ICI)));

        assertThrows(IllegalStateException.class, torusOnly::onDataCentre);
    }
}
