package org.fabricsim.runtime.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/** Reading InfraGraph files written elsewhere: device subgraphs, slices, and the mistakes a file can hold. */
class InfraGraphImportTest {
    /**
     * In the style of InfraGraph's two-tier Clos example: 4 servers of 2 xpus each wired to 2 NICs over
     * PCIe (64 GB/s), 2 servers per leaf at 200G, 2 leaves to 2 spines at 400G.
     */
    private static final String CLOS = """
            {"infrastructure": {
              "name": "clos",
              "devices": [
                {"name": "server",
                 "components": [{"name": "xpu", "count": 2, "choice": "xpu"},
                                {"name": "nic", "count": 2, "choice": "nic"}],
                 "links": [{"name": "pcie", "physical": {"bandwidth": {"choice": "gigabytes_per_second",
                            "gigabytes_per_second": 64}}}],
                 "edges": [{"ep1": {"component": "xpu[0:2]"}, "ep2": {"component": "nic[0:2]"},
                            "scheme": "one2one", "link": "pcie"}]},
                {"name": "box", "components": [{"name": "switch", "count": 1, "choice": "switch"}],
                 "links": [], "edges": []}
              ],
              "links": [
                {"name": "eth200", "physical": {"bandwidth": {"choice": "gigabits_per_second",
                 "gigabits_per_second": 200}, "latency": {"choice": "ns", "ns": 600}}},
                {"name": "eth400", "physical": {"bandwidth": {"choice": "gigabits_per_second",
                 "gigabits_per_second": 400}}}
              ],
              "instances": [{"name": "host", "device": "server", "count": 4},
                            {"name": "leaf", "device": "box", "count": 2},
                            {"name": "spine", "device": "box", "count": 2}],
              "edges": [
                {"ep1": {"instance": "host[0:2]", "component": "nic"},
                 "ep2": {"instance": "leaf[0]", "component": "switch[0]"}, "scheme": "many2many", "link": "eth200"},
                {"ep1": {"instance": "host[2:4]", "component": "nic"},
                 "ep2": {"instance": "leaf[1]", "component": "switch[0]"}, "scheme": "many2many", "link": "eth200"},
                {"ep1": {"instance": "leaf", "component": "switch[0]"},
                 "ep2": {"instance": "spine", "component": "switch[0]"}, "scheme": "many2many", "link": "eth400"}
              ]
            }}
            """;

    @Test
    void shouldReadDeviceSubgraphsAndSlicedEdges() throws InfraGraphException {
        ImportedGraph graph = InfraGraphImport.read(CLOS, "clos.json");

        // Nodes: 4·2 xpus, 4·2 NICs, 2 + 2 switches. Cables: 4·2 PCIe inside the servers, 2·2·2 server–leaf,
        // 2·2 leaf–spine = 20, each a link either way.
        assertEquals(8, graph.nodes(Graph.ACCELERATOR));
        assertEquals(8, graph.nodes(Graph.NIC));
        assertEquals(4, graph.nodes(Graph.SWITCH));
        assertEquals(40, graph.graph().linkCount());
        assertEquals(16 * 64e9 + 16 * 25e9 + 8 * 50e9, total(graph.graph()), 1e3);
        assertEquals("clos: 8 accelerators, 4 switches, 8 NICs, 40 links (directed), 14.6 Tb/s in all", graph.summary());
    }

    @Test
    void shouldNameFileLineAndFixWhenAnEdgeDangles() {
        String dangling = CLOS.replace("\"leaf[1]\"", "\"leaf[2]\"");

        InfraGraphException error = assertThrows(InfraGraphException.class,
                () -> InfraGraphImport.read(dangling, "cluster.json"));

        // The second server edge's ep2 starts on line 27 of the file.
        assertTrue(error.getMessage().startsWith("cluster.json:27: "), error.getMessage());
        assertTrue(error.getMessage().contains("'leaf[2]' reaches past the 2 there are"), error.getMessage());
        assertTrue(error.getMessage().contains("raise the count where 'leaf' is defined"), error.getMessage());
    }

    @Test
    void shouldNameAnInstanceOrLinkThatIsNotDefined() {
        InfraGraphException instance = assertThrows(InfraGraphException.class,
                () -> InfraGraphImport.read(CLOS.replace("\"instance\": \"spine\"", "\"instance\": \"core\""), "c.json"));
        InfraGraphException link = assertThrows(InfraGraphException.class,
                () -> InfraGraphImport.read(CLOS.replace("\"link\": \"eth400\"", "\"link\": \"eth800\""), "c.json"));

        assertTrue(instance.getMessage().contains("instance 'core', which the instances do not define"),
                instance.getMessage());
        assertTrue(link.getMessage().contains("link 'eth800', which the links of the infrastructure do not define"),
                link.getMessage());
    }

    @Test
    void shouldNameTheLineOfAJsonSyntaxError() {
        InfraGraphException error = assertThrows(InfraGraphException.class,
                () -> InfraGraphImport.read("{\n \"name\": \"x\",\n \"links\": [,]\n}", "broken.json"));

        assertTrue(error.getMessage().startsWith("broken.json:3: not valid JSON"), error.getMessage());
    }

    @Test
    void shouldRefuseComponentsPastAnIntInWordsAndReadTheSameFileWithSmallCounts() throws InfraGraphException {
        // 8 xpus, then the switches: 2 leaves x 2,147,483,647 = 4,294,967,294, so 4,294,967,302 nodes; wrapped in an
        // int they were negative and the import died "ArrayIndexOutOfBoundsException"
        String huge = CLOS.replace("{\"name\": \"switch\", \"count\": 1,", "{\"name\": \"switch\", \"count\": 2147483647,");
        InfraGraphException error = assertThrows(InfraGraphException.class, () -> InfraGraphImport.read(huge, "c.json"));
        assertEquals("c.json: the infrastructure holds 4,294,967,302 components and up to 0 directed links, more than"
                + " FabricSim's graph numbers (2,147,483,647 of each); check the counts of its instances and devices"
                + " and the slices of its many2many edges", error.getMessage());
        assertEquals(4, InfraGraphImport.read(CLOS, "c.json").nodes(Graph.SWITCH));
    }

    @Test
    void shouldRefuseAGraphPastHalfTheHeapAndCountOneWithin() throws InfraGraphException {
        // 28 B a link: 70,000,000 links are 1.96 GB, within half of 4 GB; 80,000,000 are 2.24 GB, past it, and the
        // advice is 1.5 x the 4.48 GB heap they need = 6.26 GiB, up: 7g
        new ImportBudget("c.json", 4_000_000_000L).addLinks(70_000_000);
        InfraGraphException error = assertThrows(InfraGraphException.class,
                () -> new ImportBudget("c.json", 4_000_000_000L).addLinks(80_000_000));
        assertEquals("c.json: the infrastructure holds 0 components and up to 80,000,000 directed links, about 2.2 GB,"
                + " more than half of the heap's 4.0 GB; check the counts of its instances and devices, or give the"
                + " simulator more memory (JAVA_TOOL_OPTIONS=-Xmx7g)", error.getMessage());
    }

    @Test
    void shouldRefuseANegativeLinkLatency() {
        InfraGraphException error = assertThrows(InfraGraphException.class,
                () -> InfraGraphImport.read(CLOS.replace("\"ns\": 600", "\"ns\": -600"), "c.json"));
        assertTrue(error.getMessage().contains("link 'eth200' states a latency of -600.0 ns; a link's latency is from"
                + " 0 to 1 s"), error.getMessage());
    }

    @Test
    void shouldRefuseAnAllReduceOverAcceleratorsTheLinksDoNotJoinAndRunOneOverJoinedOnes() throws InfraGraphException {
        // hosts 2 and 3 wired to no leaf: host d's xpu k is accelerator 2d + k, so accelerator 4 is the first island
        ImportedGraph islands = InfraGraphImport.read(CLOS.replace("\"host[2:4]\"", "\"host[0:2]\""), "c.json");
        InfraGraphException error = assertThrows(InfraGraphException.class, () -> islands.ringAllReduce(1 << 20));
        assertEquals("clos: accelerator 4 is not joined to accelerator 0 by the imported links, and a collective over"
                + " every accelerator needs a path between each two; add the edges that join them (or check the"
                + " slices of the edges that should)", error.getMessage());
        assertEquals(8, InfraGraphImport.read(CLOS, "c.json").ringAllReduce(1 << 20).ranks());
    }

    @Test
    void shouldRefuseRoutingTablesPastHalfTheHeapAndBuildThemWithin() throws InfraGraphException {
        // CLOS: 20 nodes, 40 links, 8 accelerators: 20 x 12 + 40 x 16 + 8 x 20 x 4 = 240 + 640 + 640 = 1,520 bytes,
        // past half of 3,000 and within half of 4,000; the advice: 1.5 x 3,040 B rounds up to 1 GiB
        ImportedGraph clos = InfraGraphImport.read(CLOS, "c.json");
        InfraGraphException error = assertThrows(InfraGraphException.class, () -> clos.topology(3_000));
        assertEquals("clos: routing a collective over the imported graph needs about 1,520 bytes (a hop-distance"
                + " table of its 20 nodes for each of its 8 accelerators, and its link tables), more than half of the"
                + " heap's 3,000; check the counts of its instances and devices, or give the simulator more memory"
                + " (JAVA_TOOL_OPTIONS=-Xmx1g)", error.getMessage());
        assertEquals(8, clos.topology(4_000).accelerators());
    }

    @Test
    void shouldSayAnAllReduceOnALinkOfOneBitASecondPassesTheClockAsTheFilesFault() throws InfraGraphException {
        // 1 GiB over the 400G links at 1e-9 Gb/s (1 b/s): 8.6e9 s at least, past the clock's 9.2e6 s (106.75 days)
        ImportedGraph slow = InfraGraphImport.read(CLOS.replace("\"gigabits_per_second\": 400}",
                "\"gigabits_per_second\": 0.000000001}"), "c.json");
        InfraGraphException error = assertThrows(InfraGraphException.class, () -> slow.ringAllReduce(1L << 30));
        assertTrue(error.getMessage().startsWith("clos: the simulated time would pass the engine's clock range of 2^63"
                + " ps (106.8 days)"), error.getMessage());
        assertTrue(InfraGraphImport.read(CLOS, "c.json").ringAllReduce(1L << 30).timeSeconds() < 1);
    }

    private static double total(Graph graph) {
        double sum = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            sum += graph.linkBytesPerSecond(link);
        }
        return sum;
    }
}
