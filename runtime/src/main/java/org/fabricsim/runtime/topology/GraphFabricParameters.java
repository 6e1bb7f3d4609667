package org.fabricsim.runtime.topology;

/**
 * A fabric given as a whole graph rather than built from a structure: a cluster read from another
 * tool's description (an InfraGraph file), routed by shortest paths ({@link ShortestPathFabric}).
 * The fabric is direct: its accelerators are the given graph's, nodes [0, ports), and whatever joins
 * them (scale-up switches, NICs, leaves, spines) is part of the fabric, copied with every link in
 * handle order at the link's own rate and latency.
 *
 * <p>Link groups of the given graph (a built fabric's spraying groups) are not copied: the physical
 * links are the fabric, and routing knows nothing of how they were built.
 *
 * @param graph the whole cluster: accelerators first, then the other nodes
 */
public record GraphFabricParameters(Graph graph) implements FabricParameters {

    /** The accelerators of the graph: the nodes before its first node of another kind. O(nodes). */
    public int accelerators() {
        int count = 0;
        while (count < graph.nodeCount() && graph.nodeKind(count) == Graph.ACCELERATOR) {
            count++;
        }
        return count;
    }

    /**
     * Copies the graph's other nodes and its links behind the {@code ports} accelerators already in
     * {@code builder}. O(nodes + links).
     *
     * @throws IllegalArgumentException when {@code ports} is not the graph's accelerator count or an
     *                                  accelerator follows another kind of node
     */
    @Override
    public ScaleOutFabric build(GraphBuilder builder, int ports, double nicBytesPerSecond) {
        if (ports != accelerators() || builder.nodeCount() != ports) {
            throw new IllegalArgumentException("the graph has " + accelerators() + " accelerators first, the cluster "
                    + ports);
        }
        for (int node = ports; node < graph.nodeCount(); node++) {
            if (graph.nodeKind(node) == Graph.ACCELERATOR) {
                throw new IllegalArgumentException("node " + node + " is an accelerator after other kinds of node;"
                        + " the accelerators come first");
            }
            builder.addNodes(graph.nodeKind(node), 1, graph.reducesInSwitch(node));
        }
        int firstLink = builder.linkCount();
        for (int link = 0; link < graph.linkCount(); link++) {
            builder.addLink(graph.linkFrom(link), graph.linkTo(link),
                    new LinkClass(graph.linkBytesPerSecond(link), graph.linkLatencyPs(link)));
        }
        return new ShortestPathFabric(graph, ports, firstLink);
    }

    @Override
    public boolean direct() {
        return true;
    }
}
