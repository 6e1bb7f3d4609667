package org.fabricsim.runtime.interop;

import org.fabricsim.runtime.topology.Graph;

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

    /** A one-line summary: nodes per kind, links and their total rate. */
    public String summary() {
        double bytesPerSecond = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            bytesPerSecond += graph.linkBytesPerSecond(link);
        }
        return String.format("%s: %d accelerators, %d switches, %d NICs, %d links (directed), %.1f Tb/s in all",
                name, nodes(Graph.ACCELERATOR), nodes(Graph.SWITCH), nodes(Graph.NIC), graph.linkCount(),
                bytesPerSecond * 8 / 1e12);
    }
}
