package org.fabricsim.runtime.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.MultiPlaneParameters;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/** Export to InfraGraph and import back keeps the graph: its nodes per kind, its links, their rates and latencies. */
class InfraGraphRoundTripTest {
    private static final LinkClass NVLINK = new LinkClass(450e9, 250_000);
    private static final LinkClass NIC_400G = LinkClass.ofGigabitsPerSecond(400, 1_000_000);
    private static final LinkClass FABRIC_400G = LinkClass.ofGigabitsPerSecond(400, 600_000);
    private static final LinkClass FABRIC_200G = LinkClass.ofGigabitsPerSecond(200, 600_000);

    @Test
    void shouldKeepEveryNodeAndLinkOfATwoTierFatTree() throws InfraGraphException {
        // 64 accelerators in 8 NVSwitch domains of 8; 2-tier fat-tree, 8 NIC ports per leaf, 1:1.
        // Hand count: 8 domain switches; 64 / 8 = 8 leaves, each with ⌈8·400G / 400G⌉ = 8 uplinks, so 8
        // spines and 8·8 = 64 leaf–spine cables. Directed links: 2·64 scale-up + 2·64 NIC + 2·64 fabric = 384.
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(64,
                ScaleUpParameters.switched(8, NVLINK, false), NIC_400G, FatTreeParameters.twoTier(8, 1.0, FABRIC_400G)));
        ImportedGraph back = roundTrip(cluster.graph());

        assertEquals(64, back.nodes(Graph.ACCELERATOR));
        assertEquals(8 + 8 + 8, back.nodes(Graph.SWITCH));
        assertEquals(0, back.nodes(Graph.NIC));
        assertEquals(384, back.graph().linkCount());
        assertEquals(128 * 450e9 + 128 * 50e9 + 128 * 50e9, totalBytesPerSecond(back.graph()), 1e3);
        assertEquals(links(cluster.graph()), links(back.graph()));
    }

    @Test
    void shouldKeepEveryNodeAndLinkOfADualPlaneFabricOfPods() throws InfraGraphException {
        // 32 accelerators, each NIC (400G) with one 200G port on each of 2 planes; a plane is a 3-tier
        // fat-tree, 4 ports per leaf, pods of 2 leaves, 1:1 at both tiers. Hand count per plane: 32 / 4 =
        // 8 leaves in 4 pods; ⌈4·200G / 200G⌉ = 4 aggregation switches per pod (16), each with ⌈2 / 1⌉ = 2
        // uplinks to the 2 cores of its plane (4 · 2 = 8 cores); cables 8·4 leaf–aggregation + 16·2
        // aggregation–core = 64. Both planes: 2·(8 + 16 + 8) = 64 switches, 2·2·64 = 256 directed fabric
        // links; 32 NIC nodes with 2·32·2 = 128 directed port links at 200G; 2·32 NIC links at 400G.
        ClusterTopology cluster = ClusterTopology.build(ClusterParameters.scaleOutOnly(32, NIC_400G,
                new MultiPlaneParameters(2, FatTreeParameters.threeTier(4, 2, 1.0, 1.0, FABRIC_200G))));
        ImportedGraph back = roundTrip(cluster.graph());

        assertEquals(32, back.nodes(Graph.ACCELERATOR));
        assertEquals(64, back.nodes(Graph.SWITCH));
        assertEquals(32, back.nodes(Graph.NIC));
        assertEquals(256 + 128 + 64, back.graph().linkCount());
        assertEquals(64 * 50e9 + (256 + 128) * 25e9, totalBytesPerSecond(back.graph()), 1e3);
        assertEquals(links(cluster.graph()), links(back.graph()));
    }

    @Test
    void shouldKeepTheLinksOfFullMeshDomainsWhoseWayBackComesLater() throws InfraGraphException {
        // 16 accelerators in 2 full-mesh domains of 8 (8·7 = 56 directed links each; i → j and j → i are
        // not added back to back), 2-tier fat-tree of 2 leaves with ⌈8·400G / 400G⌉ = 8 uplinks each to 8
        // spines. Directed links: 2·56 mesh + 2·16 NIC + 2·16 leaf–spine = 176; switches 2 + 8 = 10.
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(16, ScaleUpParameters.fullMesh(8, NVLINK),
                NIC_400G, FatTreeParameters.twoTier(8, 1.0, FABRIC_400G)));
        ImportedGraph back = roundTrip(cluster.graph());

        assertEquals(10, back.nodes(Graph.SWITCH));
        assertEquals(176, back.graph().linkCount());
        assertEquals(links(cluster.graph()), links(back.graph()));
    }

    @Test
    void shouldRefuseToExportALinkWithoutItsWayBack() {
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, 2, false);
        builder.addLink(0, 1, NIC_400G);
        Graph oneWay = builder.build();

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> InfraGraphExport.write(oneWay, "one-way", "test"));

        assertTrue(error.getMessage().contains("link 0 (node 0 to node 1) has no link back"), error.getMessage());
    }

    @Test
    void shouldWriteRunsOfCablesAsSlices() throws InfraGraphException {
        // The 64 NIC cables of the fat-tree above go to 8 leaves in runs of 8: one many2many edge per leaf,
        // far fewer edges than the 64 + 64 + 64 cables.
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(64,
                ScaleUpParameters.switched(8, NVLINK, false), NIC_400G, FatTreeParameters.twoTier(8, 1.0, FABRIC_400G)));
        String json = InfraGraphExport.write(cluster.graph(), "fat-tree", "test");

        assertTrue(json.contains("\"instance\": \"accelerator[0:8]\""), json);
        assertTrue(count(json, "\"ep1\"") < 64, "edges: " + count(json, "\"ep1\""));
    }

    private static ImportedGraph roundTrip(Graph graph) throws InfraGraphException {
        return InfraGraphImport.read(InfraGraphExport.write(graph, "test", "round trip"), "test.json");
    }

    private static double totalBytesPerSecond(Graph graph) {
        double sum = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            sum += graph.linkBytesPerSecond(link);
        }
        return sum;
    }

    /** The links as sorted "from to rate latency" lines: node handles survive since kinds are numbered in order. */
    private static List<String> links(Graph graph) {
        List<String> lines = new ArrayList<>();
        for (int link = 0; link < graph.linkCount(); link++) {
            lines.add(graph.linkFrom(link) + " " + graph.linkTo(link) + " " + Math.round(graph.linkBytesPerSecond(link))
                    + " " + graph.linkLatencyPs(link));
        }
        lines.sort(null);
        return lines;
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
