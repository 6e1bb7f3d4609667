package org.fabricsim.runtime.interop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.Json;
import org.fabricsim.runtime.topology.Graph;

/**
 * Writes a built {@link Graph} as an InfraGraph {@code Infrastructure} object (schema 2.4.0 of
 * github.com/Keysight/infragraph, {@code artifacts/openapi.yaml}), the input of InfraGraph's
 * {@code set_graph}.
 *
 * <p>Mapping: one device per node kind, each of one component ({@code accelerator} with an {@code
 * xpu}, {@code switch} with a {@code switch}, {@code nic} with a {@code nic}), and one instance per
 * kind whose index is the node's rank among the nodes of its kind (handle order). Each pair of
 * opposite graph links (a → b and b → a at the same rate and latency) is one undirected InfraGraph
 * edge; one InfraGraph link is written per distinct (rate, latency), its rate in Gb/s, its latency in
 * ns. A run of edges (in link handle order) whose ends both step by one is written as one {@code
 * one2one} edge over two slices; a run where one end stays and the other steps by one as one {@code
 * many2many} edge from a single node to a slice. Rates are those of the built graph, that is after the calibration's derating.
 *
 * <p>Cost O(nodes + links) time and memory: the pairs are found without boxing ({@link
 * OppositeLinks}), the edges written straight to text from primitive runs ({@link EdgeRuns}), and only
 * the few devices, links and instances go through {@link Json}'s maps.
 */
public final class InfraGraphExport {
    /** The InfraGraph schema version the export follows. */
    public static final String SCHEMA_VERSION = "2.4.0";

    private InfraGraphExport() {
    }

    /**
     * The InfraGraph JSON of {@code graph}.
     *
     * @throws IllegalArgumentException when a link has no opposite link, which InfraGraph's undirected
     *                                  edges cannot state
     */
    public static String write(Graph graph, String name, String description) {
        int[] rank = new int[graph.nodeCount()];
        int[] perKind = new int[NodeKinds.COUNT];
        for (int node = 0; node < graph.nodeCount(); node++) {
            rank[node] = perKind[graph.nodeKind(node)]++;
        }
        List<Object> devices = new ArrayList<>();
        List<Object> instances = new ArrayList<>();
        for (byte kind = 0; kind < NodeKinds.COUNT; kind++) {
            if (perKind[kind] > 0) {
                devices.add(device(kind));
                instances.add(ordered("name", NodeKinds.name(kind), "device", NodeKinds.name(kind), "count",
                        perKind[kind]));
            }
        }
        // Edges go to their own text first: the link classes they name are known only after them.
        StringBuilder edgeText = new StringBuilder(graph.linkCount() * 16);
        EdgeRuns runs = new EdgeRuns(edgeText);
        Map<LinkKey, Integer> linkNames = new HashMap<>();
        List<Object> links = new ArrayList<>();
        boolean[] first = OppositeLinks.firstOfPairs(graph);
        LinkKey last = null;
        int lastIndex = -1;
        for (int link = 0; link < first.length; link++) {
            if (!first[link]) {
                continue;
            }
            if (last == null || last.bytesPerSecond() != graph.linkBytesPerSecond(link)
                    || last.latencyPs() != graph.linkLatencyPs(link)) {
                last = new LinkKey(graph.linkBytesPerSecond(link), graph.linkLatencyPs(link));
                lastIndex = linkNames.computeIfAbsent(last, key -> {
                    links.add(link("link" + links.size(), key.bytesPerSecond(), key.latencyPs()));
                    return links.size() - 1;
                });
            }
            int from = graph.linkFrom(link);
            int to = graph.linkTo(link);
            runs.add(graph.nodeKind(from), rank[from], graph.nodeKind(to), rank[to], lastIndex);
        }
        int edges = runs.finish();
        Map<String, Object> head = ordered("name", name, "description",
                description + " (exported by FabricSim, InfraGraph " + SCHEMA_VERSION + ")", "devices", devices,
                "links", links, "instances", instances);
        StringBuilder out = new StringBuilder(edgeText.length() + 4096);
        Json.write(head, out, 0);
        out.setLength(out.length() - 2); // reopen the object: drop the newline and '}' that close it
        out.append(',');
        Json.newline(out, 1);
        out.append("\"edges\": ");
        if (edges == 0) {
            out.append("[]");
        } else {
            out.append('[').append(edgeText);
            Json.newline(out, 1);
            out.append(']');
        }
        Json.newline(out, 0);
        return out.append("}\n").toString();
    }

    /** A link class of the export: one InfraGraph link. */
    private record LinkKey(double bytesPerSecond, long latencyPs) {
    }

    /** A map of the given name, value pairs in that order (the written document is deterministic). */
    private static Map<String, Object> ordered(Object... namesAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    private static Map<String, Object> device(byte kind) {
        Map<String, Object> component = ordered("name", NodeKinds.component(kind), "count", 1, "choice",
                NodeKinds.component(kind));
        return ordered("name", NodeKinds.name(kind), "components", List.of(component), "links", List.of(), "edges",
                List.of());
    }

    private static Map<String, Object> link(String name, double bytesPerSecond, long latencyPs) {
        Map<String, Object> bandwidth = ordered("choice", "gigabits_per_second", "gigabits_per_second",
                bytesPerSecond * 8 / 1e9);
        Map<String, Object> latency = ordered("choice", "ns", "ns", latencyPs / 1e3);
        return ordered("name", name, "physical", ordered("bandwidth", bandwidth, "latency", latency));
    }
}
