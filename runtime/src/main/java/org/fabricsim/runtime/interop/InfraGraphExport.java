package org.fabricsim.runtime.interop;

import java.util.ArrayDeque;
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
 * many2many} edge from a single node to a slice. Rates
 * are those of the built graph, that is after the calibration's derating.
 *
 * <p>Cost O(nodes + links) time and memory.
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
        Map<String, Object> infrastructure = new LinkedHashMap<>();
        infrastructure.put("name", name);
        infrastructure.put("description", description + " (exported by FabricSim, InfraGraph " + SCHEMA_VERSION + ")");
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
        Map<String, Integer> linkNames = new LinkedHashMap<>();
        List<Object> links = new ArrayList<>();
        List<Object> edges = new ArrayList<>();
        Run run = null;
        for (int link : pairedLinks(graph)) {
            String key = graph.linkBytesPerSecond(link) + "/" + graph.linkLatencyPs(link);
            Integer linkIndex = linkNames.get(key);
            if (linkIndex == null) {
                linkIndex = linkNames.size();
                linkNames.put(key, linkIndex);
                links.add(link("link" + linkIndex, graph.linkBytesPerSecond(link), graph.linkLatencyPs(link)));
            }
            int from = graph.linkFrom(link);
            int to = graph.linkTo(link);
            Run next = new Run(graph.nodeKind(from), rank[from], graph.nodeKind(to), rank[to], linkIndex);
            if (run == null || !run.extendWith(next)) {
                if (run != null) {
                    edges.add(run.edge());
                }
                run = next;
            }
        }
        if (run != null) {
            edges.add(run.edge());
        }
        infrastructure.put("devices", devices);
        infrastructure.put("links", links);
        infrastructure.put("instances", instances);
        infrastructure.put("edges", edges);
        return Json.write(infrastructure);
    }

    /**
     * The first link of each opposite pair, in handle order. Builders add most pairs back to back
     * (link l + 1 is l reversed), which is checked first; the rest wait in a map keyed by their ends.
     */
    private static List<Integer> pairedLinks(Graph graph) {
        Map<List<Object>, ArrayDeque<Integer>> open = new HashMap<>();
        List<Integer> pairs = new ArrayList<>();
        boolean[] first = new boolean[graph.linkCount()];
        for (int link = 0; link < graph.linkCount(); link++) {
            if (link + 1 < graph.linkCount() && reverses(graph, link, link + 1)) {
                first[link++] = true;
                continue;
            }
            double rate = graph.linkBytesPerSecond(link);
            long latency = graph.linkLatencyPs(link);
            ArrayDeque<Integer> waiting = open.get(List.of(graph.linkTo(link), graph.linkFrom(link), rate, latency));
            if (waiting != null && !waiting.isEmpty()) {
                first[waiting.poll()] = true;
            } else {
                open.computeIfAbsent(List.of(graph.linkFrom(link), graph.linkTo(link), rate, latency),
                        k -> new ArrayDeque<>()).add(link);
            }
        }
        for (ArrayDeque<Integer> waiting : open.values()) {
            if (!waiting.isEmpty()) {
                int link = waiting.peek();
                throw new IllegalArgumentException("link " + link + " (node " + graph.linkFrom(link) + " to node "
                        + graph.linkTo(link) + ") has no link back at its rate and latency; InfraGraph edges are"
                        + " undirected, so only symmetric graphs can be exported");
            }
        }
        for (int link = 0; link < first.length; link++) {
            if (first[link]) {
                pairs.add(link);
            }
        }
        return pairs;
    }

    private static boolean reverses(Graph graph, int link, int back) {
        return graph.linkFrom(link) == graph.linkTo(back) && graph.linkTo(link) == graph.linkFrom(back)
                && graph.linkBytesPerSecond(link) == graph.linkBytesPerSecond(back)
                && graph.linkLatencyPs(link) == graph.linkLatencyPs(back);
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

    /**
     * Consecutive edges of one link class: the ends step by {@code fromStep} and {@code toStep} (each 0 or
     * 1, not both 0) from {@code from} and {@code to}; one2one when both step, else many2many with one
     * end fixed.
     */
    private static final class Run {
        private final byte fromKind;
        private final int from;
        private final byte toKind;
        private final int to;
        private final int linkIndex;
        private int count = 1;
        private int fromStep = -1;
        private int toStep = -1;

        Run(byte fromKind, int from, byte toKind, int to, int linkIndex) {
            this.fromKind = fromKind;
            this.from = from;
            this.toKind = toKind;
            this.to = to;
            this.linkIndex = linkIndex;
        }

        boolean extendWith(Run next) {
            if (next.fromKind != fromKind || next.toKind != toKind || next.linkIndex != linkIndex) {
                return false;
            }
            int nextFromStep = next.from - (from + Math.max(0, fromStep) * (count - 1));
            int nextToStep = next.to - (to + Math.max(0, toStep) * (count - 1));
            boolean steps = count == 1 ? isStep(nextFromStep) && isStep(nextToStep) && nextFromStep + nextToStep > 0
                    : nextFromStep == fromStep && nextToStep == toStep;
            if (!steps) {
                return false;
            }
            fromStep = nextFromStep;
            toStep = nextToStep;
            count++;
            return true;
        }

        private static boolean isStep(int step) {
            return step == 0 || step == 1;
        }

        Map<String, Object> edge() {
            Map<String, Object> edge = new LinkedHashMap<>();
            edge.put("ep1", endpoint(fromKind, from, fromStep == 0 ? 1 : count));
            edge.put("ep2", endpoint(toKind, to, toStep == 0 ? 1 : count));
            edge.put("scheme", fromStep == 0 || toStep == 0 ? "many2many" : "one2one");
            edge.put("link", "link" + linkIndex);
            return edge;
        }

        private static Map<String, Object> endpoint(byte kind, int first, int count) {
            String slice = count == 1 ? "[" + first + "]" : "[" + first + ":" + (first + count) + "]";
            return ordered("instance", NodeKinds.name(kind) + slice, "component", NodeKinds.component(kind) + "[0]");
        }
    }
}
