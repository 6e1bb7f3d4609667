package org.fabricsim.runtime.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** An imported InfraGraph graph is simulated on its own links, routed by shortest paths with ECMP. */
class ImportedGraphSimulationTest {
    private static final LinkClass NIC_400G = LinkClass.ofGigabitsPerSecond(400, 1_000_000);
    private static final LinkClass FABRIC_400G = LinkClass.ofGigabitsPerSecond(400, 600_000);
    private static final long GIB = 1L << 30;

    @Test
    void shouldRunARoundTrippedFatTreesAllReduceInTheBuiltTreesTime() throws InfraGraphException {
        // 32 accelerators on a 2-tier fat-tree (leaves of 8 ports, 8 spines, 1:1), exported and imported.
        ClusterTopology built = ClusterTopology.build(ClusterParameters.scaleOutOnly(32, NIC_400G,
                FatTreeParameters.twoTier(8, 1.0, FABRIC_400G)));
        ImportedGraph imported = InfraGraphImport.read(InfraGraphExport.write(built.graph(), "tree", "test"),
                "tree.json");

        CollectiveResult fromBuilt = CollectiveEngine.run(built,
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, GIB, 32).withAlgorithm(Algorithm.RING));
        CollectiveResult fromImported = imported.ringAllReduce(GIB);

        // The ring's neighbours cross a leaf boundary once per leaf each way, so no two flows share an
        // uplink whichever spine ECMP picks: both runs are bound by the 400G NIC links, and the paths have
        // the same links (NIC, leaf-spine, spine-leaf, NIC), so the same latencies.
        assertEquals(fromBuilt.timePs(), fromImported.timePs());
        // Closed form: a ring all-reduce moves 2(n − 1)/n · S through each NIC link at B = 50 GB/s.
        double bandwidthSeconds = 2.0 * 31 / 32 * GIB / 50e9;
        assertTrue(fromImported.timeSeconds() >= bandwidthSeconds, fromImported.timeSeconds() + " s");
        assertEquals(bandwidthSeconds, fromImported.timeSeconds(), 0.01 * bandwidthSeconds);
    }

    @Test
    void shouldNameTheFixWhenTheGraphHasNoAccelerator() throws InfraGraphException {
        ImportedGraph switchesOnly = InfraGraphImport.read("""
                {"name": "bare", "devices": [{"name": "box", "components": [{"name": "asic", "count": 1,
                  "choice": "switch"}], "links": [], "edges": []}], "links": [],
                 "instances": [{"name": "sw", "device": "box", "count": 2}], "edges": []}
                """, "bare.json");

        InfraGraphException error = assertThrows(InfraGraphException.class, () -> switchesOnly.ringAllReduce(GIB));

        assertTrue(error.getMessage().contains("no accelerator"), error.getMessage());
    }
}
