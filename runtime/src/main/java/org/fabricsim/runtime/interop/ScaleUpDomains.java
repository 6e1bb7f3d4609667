package org.fabricsim.runtime.interop;

import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * The scale-up domains of an imported graph, which InfraGraph does not mark: an accelerator's
 * scale-up links are its fastest links to other accelerators (a full mesh) or to switches that link
 * to accelerators only (NVSwitch-like), and a domain is a group of accelerators those links join.
 * Assumptions: a scale-up fabric is faster than the accelerator's way out (NVLink 450 GB/s against a
 * 50 GB/s NIC), which tells a node's NVSwitches from a single scale-out switch that also links to
 * accelerators only; a group that spans every accelerator is the scale-out fabric (a torus, a single
 * switch), not a domain. The domains are taken only when they are equal groups of consecutive
 * accelerators, as the engine numbers them ({@link ScaleUpParameters}); otherwise there are none.
 * O(nodes + links) time and memory.
 */
final class ScaleUpDomains {
    private ScaleUpDomains() {
    }

    /** The domains of {@code graph}, whose first {@code accelerators} nodes are its accelerators; none when not found. */
    static ScaleUpParameters of(Graph graph, int accelerators) {
        boolean[] acceleratorsOnly = acceleratorOnlySwitches(graph, accelerators);
        double[] fastest = new double[accelerators];
        for (int link = 0; link < graph.linkCount(); link++) {
            int from = graph.linkFrom(link);
            if (from < accelerators && acceleratorsOnly[graph.linkTo(link)]) {
                fastest[from] = Math.max(fastest[from], graph.linkBytesPerSecond(link));
            }
        }
        JoinedNodes joined = new JoinedNodes(graph.nodeCount());
        int domainLink = -1;
        for (int link = 0; link < graph.linkCount(); link++) {
            int from = graph.linkFrom(link);
            int to = graph.linkTo(link);
            if (from < accelerators && acceleratorsOnly[to] && graph.linkBytesPerSecond(link) == fastest[from]
                    && (to >= accelerators || graph.linkBytesPerSecond(link) == fastest[to])) {
                joined.join(from, to);
                domainLink = domainLink < 0 && from == 0 ? link : domainLink;
            }
        }
        int size = 1;
        while (size < accelerators && joined.root(size) == joined.root(0)) {
            size++;
        }
        if (size < 2 || size == accelerators || accelerators % size != 0) {
            return ScaleUpParameters.none();
        }
        boolean[] taken = new boolean[graph.nodeCount()];
        for (int e = 0; e < accelerators; e++) {
            int domain = joined.root(e);
            if (domain != joined.root(e - e % size) || e % size == 0 && taken[domain]) {
                return ScaleUpParameters.none();
            }
            taken[domain] = true;
        }
        return ScaleUpParameters.inGraph(size,
                new LinkClass(graph.linkBytesPerSecond(domainLink), graph.linkLatencyPs(domainLink)));
    }

    /** Nodes an accelerator's scale-up link may reach: accelerators, and switches linked to accelerators only. */
    private static boolean[] acceleratorOnlySwitches(Graph graph, int accelerators) {
        boolean[] only = new boolean[graph.nodeCount()];
        for (int node = 0; node < only.length; node++) {
            only[node] = node < accelerators || graph.nodeKind(node) == Graph.SWITCH;
        }
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.linkTo(link) >= accelerators) {
                only[graph.linkFrom(link)] &= graph.linkFrom(link) < accelerators;
            }
        }
        return only;
    }
}
