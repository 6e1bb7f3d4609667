package org.fabricsim.runtime.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.fabricsim.runtime.topology.TorusParameters;
import org.junit.jupiter.api.Test;

/** Scale-up domains recovered from imported graphs, which InfraGraph does not mark. */
class ScaleUpDomainsTest {
    private static final long MIB = 1L << 20;

    /**
     * 4 servers, each 4 xpus on one NVSwitch at 450 GB/s and each xpu on its own NIC over PCIe (64 GB/s),
     * every NIC on one 400G top-of-rack switch: by hand, 4 domains of 4 consecutive xpus.
     */
    private static final String SERVERS = """
            {"name": "servers",
             "devices": [
               {"name": "server",
                "components": [{"name": "xpu", "count": 4, "choice": "xpu"},
                               {"name": "nvsw", "count": 1, "choice": "switch"},
                               {"name": "nic", "count": 4, "choice": "nic"}],
                "links": [{"name": "nvlink", "physical": {"bandwidth": {"choice": "gigabytes_per_second",
                           "gigabytes_per_second": 450}}},
                          {"name": "pcie", "physical": {"bandwidth": {"choice": "gigabytes_per_second",
                           "gigabytes_per_second": 64}}}],
                "edges": [{"ep1": {"component": "xpu"}, "ep2": {"component": "nvsw[0]"}, "scheme": "many2many",
                           "link": "nvlink"},
                          {"ep1": {"component": "xpu"}, "ep2": {"component": "nic"}, "link": "pcie"}]},
               {"name": "box", "components": [{"name": "asic", "count": 1, "choice": "switch"}],
                "links": [], "edges": []}],
             "links": [{"name": "eth400", "physical": {"bandwidth": {"choice": "gigabits_per_second",
                        "gigabits_per_second": 400}}}],
             "instances": [{"name": "host", "device": "server", "count": 4},
                           {"name": "tor", "device": "box", "count": 1}],
             "edges": [{"ep1": {"instance": "host", "component": "nic"}, "ep2": {"instance": "tor[0]",
                        "component": "asic[0]"}, "scheme": "many2many", "link": "eth400"}]}
            """;

    @Test
    void shouldRecoverTheNvSwitchDomainsOfAnImportedServerGraph() throws InfraGraphException {
        ClusterTopology topology = InfraGraphImport.read(SERVERS, "servers.json").topology();

        assertEquals(ScaleUpParameters.Kind.IN_GRAPH, topology.scaleUpKind());
        assertEquals(4, topology.domainSize());
        assertTrue(topology.sameDomain(12, 15));
        assertFalse(topology.sameDomain(3, 4));
        assertTrue(InfraGraphImport.read(SERVERS, "servers.json").summary().endsWith(", scale-up domains of 4"));
    }

    @Test
    void shouldTimeAnAllReduceInsideAnImportedDomainAsOnTheBuiltDomain() throws InfraGraphException {
        // The same server built natively: a switched domain of 4 at 450 GB/s, NICs into one switch. Inside
        // the domain both routes are xpu → NVSwitch → xpu at 450 GB/s without latency, and a recovered
        // domain pays NVLink's step latency as the built one does (an undetected one paid the network's).
        ClusterTopology built = ClusterTopology.build(new ClusterParameters(16,
                ScaleUpParameters.switched(4, new LinkClass(450e9, 0), false), new LinkClass(50e9, 0),
                FatTreeParameters.singleSwitch(new LinkClass(50e9, 0))));
        ClusterTopology imported = InfraGraphImport.read(SERVERS, "servers.json").topology();
        CollectiveRequest allReduce = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 64 * MIB, 4)
                .withAlgorithm(Algorithm.RING);

        assertEquals(CollectiveEngine.run(built, allReduce).timePs(), CollectiveEngine.run(imported, allReduce).timePs());
    }

    @Test
    void shouldTellANodesSwitchFromAScaleOutSwitchThatAlsoLinksToAcceleratorsOnly() throws InfraGraphException {
        // Exported from a built cluster: 2 domains of 8 on NVSwitches at 450 GB/s, every accelerator also
        // linked straight to one scale-out switch at 50 GB/s. Both switches link to accelerators only; the
        // faster links are the domain's.
        ClusterTopology built = ClusterTopology.build(new ClusterParameters(16,
                ScaleUpParameters.switched(8, new LinkClass(450e9, 0), false), new LinkClass(50e9, 0),
                FatTreeParameters.singleSwitch(new LinkClass(50e9, 0))));
        ClusterTopology imported = InfraGraphImport.read(InfraGraphExport.write(built.graph(), "two", "test"),
                "two.json").topology();

        assertEquals(8, imported.domainSize());
        assertFalse(imported.sameDomain(7, 8));
    }

    @Test
    void shouldFindNoDomainInATorusWhoseLinksJoinEveryAccelerator() throws InfraGraphException {
        ClusterTopology torus = ClusterTopology.build(ClusterParameters.direct(16,
                new TorusParameters(new int[] {4, 4}, new LinkClass(50e9, 0))));
        ClusterTopology imported = InfraGraphImport.read(InfraGraphExport.write(torus.graph(), "torus", "test"),
                "torus.json").topology();

        assertEquals(ScaleUpParameters.Kind.NONE, imported.scaleUpKind());
        assertEquals(1, imported.domainSize());
    }
}
