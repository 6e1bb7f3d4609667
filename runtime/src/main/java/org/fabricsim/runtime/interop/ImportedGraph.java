package org.fabricsim.runtime.interop;

import java.util.Locale;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.sim.ClockRangeException;
import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphFabricParameters;

/**
 * A graph read from an InfraGraph file: its nodes in {@link Graph} order (accelerators first, then
 * switches, then NICs) and a directed link each way for every InfraGraph edge.
 *
 * @param name  the infrastructure's name
 * @param graph the checked graph
 */
public record ImportedGraph(String name, Graph graph) {

    /** The nodes of {@code kind} ({@link Graph#ACCELERATOR}, {@link Graph#SWITCH}, {@link Graph#NIC}). O(nodes). */
    public int nodes(byte kind) {
        int count = 0;
        for (int node = 0; node < graph.nodeCount(); node++) {
            count += graph.nodeKind(node) == kind ? 1 : 0;
        }
        return count;
    }

    /**
     * The graph as a cluster the engine simulates: its accelerators joined by the graph itself,
     * routed on the imported links by shortest paths with ECMP ({@link GraphFabricParameters}), its
     * scale-up domains found from its fastest links ({@link ScaleUpDomains}) so that collectives and
     * tensor parallelism treat them as domains. O(nodes + links).
     *
     * @throws InfraGraphException when the graph has no accelerator, or one its links do not join to the first
     */
    public ClusterTopology topology() throws InfraGraphException {
        return topology(Runtime.getRuntime().maxMemory());
    }

    /** {@link #topology()} in a heap of {@code heapBytes}, whose graph share its routing tables must fit. */
    ClusterTopology topology(long heapBytes) throws InfraGraphException {
        int accelerators = new GraphFabricParameters(graph).accelerators();
        if (accelerators == 0) {
            throw new InfraGraphException(name + ": the graph has no accelerator (component of choice xpu) to run"
                    + " a collective on; mark the accelerators' components with \"choice\": \"xpu\"");
        }
        int apart = unjoined(accelerators);
        if (apart >= 0) {
            throw new InfraGraphException(name + ": accelerator " + apart + " is not joined to accelerator 0 by the"
                    + " imported links, and a collective over every accelerator needs a path between each two; add"
                    + " the edges that join them (or check the slices of the edges that should)");
        }
        long routingBytes = routingBytes(accelerators);
        if (routingBytes > HeapAdvice.graphShareBytes(heapBytes)) {
            throw new InfraGraphException(String.format(Locale.ROOT, "%s: routing a collective over the imported graph"
                    + " needs about %,d bytes (a hop-distance table of its %,d nodes for each of its %,d accelerators,"
                    + " and its link tables), more than half of the heap's %,d; check the counts of its instances and"
                    + " devices, or %s", name, routingBytes, graph.nodeCount(), accelerators, heapBytes,
                    HeapAdvice.moreMemoryForGraph(routingBytes)));
        }
        return ClusterTopology.build(new ClusterParameters(accelerators, ScaleUpDomains.of(graph, accelerators), null,
                new GraphFabricParameters(graph)));
    }

    /**
     * The first accelerator below {@code accelerators} that no chain of links joins to accelerator 0, or −1 when
     * every one is joined (an edge is a link each way, so joined is connected): union-find over the links ({@link
     * JoinedNodes}), O(links · α(nodes)). Session 64's campaign imported an edge whose slice {@code
     * accelerator[-1:32]} reached only the last accelerator: its eight-accelerator domains were islands, and the
     * all-reduce ended in an internal error ("no path from accelerator 0 to accelerator 8").
     */
    private int unjoined(int accelerators) {
        JoinedNodes joined = new JoinedNodes(graph.nodeCount());
        for (int link = 0; link < graph.linkCount(); link++) {
            joined.join(graph.linkFrom(link), graph.linkTo(link));
        }
        for (int accelerator = 1; accelerator < accelerators; accelerator++) {
            if (joined.root(accelerator) != joined.root(0)) {
                return accelerator;
            }
        }
        return -1;
    }

    /**
     * The heap the shortest-path routing of the graph holds at least ({@code ShortestPathFabric}): per node its two
     * CSR offsets and a queue entry (12 B), per link its ends and its places in both CSRs (16 B), and, since a
     * collective over every accelerator routes to each, a hop-distance table of every node per accelerator (4 B).
     * Session 64's campaign imported 99,999,999 instances of a one-switch device beside 32 accelerators: 12.8 GB of
     * tables, and the all-reduce died out of memory with a stack trace.
     */
    private long routingBytes(int accelerators) {
        long nodes = graph.nodeCount();
        return nodes * 12 + (long) graph.linkCount() * 16 + accelerators * nodes * 4;
    }

    /**
     * A ring all-reduce of {@code sizeBytes} over every accelerator of the graph ({@link #topology}),
     * one channel, hashed ECMP, on the flow-level network, the rates as imported (an export's rates are
     * already calibrated, so none is derated again).
     */
    public CollectiveResult ringAllReduce(long sizeBytes) throws InfraGraphException {
        ClusterTopology topology = topology();
        try {
            return CollectiveEngine.run(topology, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, sizeBytes,
                    topology.accelerators()).withAlgorithm(Algorithm.RING));
        } catch (ClockRangeException e) {
            // a link of 0.000000001 Gb/s in the file: said as the file's, where it ended in an internal error
            throw new InfraGraphException(name + ": " + e.getMessage());
        }
    }

    /** A one-line summary: nodes per kind, links and their total rate, and the scale-up domains found. */
    public String summary() {
        double bytesPerSecond = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            bytesPerSecond += graph.linkBytesPerSecond(link);
        }
        int domainSize = ScaleUpDomains.of(graph, new GraphFabricParameters(graph).accelerators()).domainSize();
        return String.format("%s: %d accelerators, %d switches, %d NICs, %d links (directed), %.1f Tb/s in all%s",
                name, nodes(Graph.ACCELERATOR), nodes(Graph.SWITCH), nodes(Graph.NIC), graph.linkCount(),
                bytesPerSecond * 8 / 1e12, domainSize > 1 ? ", scale-up domains of " + domainSize : "");
    }
}
