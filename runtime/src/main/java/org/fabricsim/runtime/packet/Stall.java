package org.fabricsim.runtime.packet;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.topology.Graph;

/**
 * Why a packet run stopped with flow classes unfinished: its event queue is empty, so no packet is in flight, no
 * pause will be lifted, no credit returned and no timer fire, and nothing can move again. A run that ends so must not
 * report a time ({@link PacketNetwork#nextEventPs} throws what this says).
 *
 * <p><b>Wait-for graph.</b> An egress queue (link ℓ, priority q) that holds packets but may not send (PFC paused, or
 * out of credits) waits on the switch at ℓ's far end, which holds the bytes that came in on ℓ and cannot take more
 * until some leave. They leave by that switch's egress queues: an edge ℓ → ℓ′ for each blocked queue ℓ′ (same
 * priority) holding a packet that arrived on ℓ. A cycle of this graph is a cyclic buffer dependency, PFC's deadlock
 * (Hu et al., "Deadlocks in Datacenter Networks: Why Do They Form, and How to Avoid Them", HotNets 2016): each
 * switch of the cycle waits on the next, and none can send first. Found by depth-first search: O(queued packets +
 * queues), once, when the run stalls.
 */
final class Stall {
    private final Graph graph;
    private final SwitchBuffers buffers;
    private final Packets packets;
    private final PortGates gates;
    private final PortStatistics ports;
    private final int priorities;
    /** CSR of the wait-for edges: queue → the blocked queues its bytes wait in. */
    private int[] first;
    private int[] next;

    Stall(Graph graph, SwitchBuffers buffers, Packets packets, PortGates gates, PortStatistics ports, int priorities) {
        this.graph = graph;
        this.buffers = buffers;
        this.packets = packets;
        this.gates = gates;
        this.ports = ports;
        this.priorities = priorities;
    }

    /**
     * The failure of a run stalled at {@code nowPs} (when its last event, often a retransmission timer, had fired)
     * with {@code unfinished} flow classes and bytes undelivered. Under PFC the deadlock formed when the last port
     * of the cycle was paused, the latest pause among them; credits keep no such time, so the message gives none.
     */
    PacketDeadlockException failure(PacketConfig.FlowControl flowControl, long nowPs, int unfinished,
            double deliveredBytes, double startedBytes) {
        buildWaitFor();
        int[] cycle = cycle();
        String state = String.format(Locale.ROOT, "%d flow classes unfinished, %d of %d bytes delivered, and no event"
                + " left to move them at %.3f us", unfinished, (long) deliveredBytes, (long) startedBytes, nowPs / 1e6);
        if (cycle.length == 0) {
            return new PacketDeadlockException("packet run stalled: " + state + ", with no cycle of blocked ports (a"
                    + " fault of the packet backend, not of the model)");
        }
        boolean credits = flowControl == PacketConfig.FlowControl.CREDIT;
        long formedPs = 0;
        for (int queue : cycle) {
            formedPs = Math.max(formedPs, ports.pausedSincePs(queue));
        }
        return new PacketDeadlockException("packet run deadlocked" + (credits ? "" : String.format(Locale.ROOT,
                " at %.3f us", formedPs / 1e6)) + ": the ports of a cycle are all " + (credits ? "out of credits"
                : "paused") + ", each waiting on the next switch's full buffer: " + describe(cycle) + "; " + state
                + ". A lossless fabric needs routes whose buffers wait on one another in no cycle: deadlock-free"
                + " routing (up*/down*, or a virtual lane per hop), fewer hops (a topology without the ring), or a"
                + " lossy fabric");
    }

    private boolean blocked(int queue) {
        return buffers.head[queue] >= 0 && !gates.open(queue);
    }

    private void buildWaitFor() {
        int queues = buffers.head.length;
        int[] from = new int[16];
        int[] to = new int[16];
        int edges = 0;
        int[] seenBy = new int[queues];
        Arrays.fill(seenBy, -1);
        for (int queue = 0; queue < queues; queue++) {
            if (!blocked(queue)) {
                continue;
            }
            for (int packet = buffers.head[queue]; packet >= 0; packet = packets.next(packet)) {
                int upstream = packets.ingress(packet) * priorities + queue % priorities;
                if (seenBy[upstream] != queue && blocked(upstream)) {
                    seenBy[upstream] = queue;
                    if (edges == from.length) {
                        from = Arrays.copyOf(from, edges * 2);
                        to = Arrays.copyOf(to, edges * 2);
                    }
                    from[edges] = upstream;
                    to[edges++] = queue;
                }
            }
        }
        first = new int[queues + 1];
        for (int e = 0; e < edges; e++) {
            first[from[e] + 1]++;
        }
        for (int queue = 0; queue < queues; queue++) {
            first[queue + 1] += first[queue];
        }
        next = new int[edges];
        int[] fill = Arrays.copyOf(first, queues);
        for (int e = 0; e < edges; e++) {
            next[fill[from[e]]++] = to[e];
        }
    }

    /** The queues of one cycle of the wait-for graph in order, or none. Iterative depth-first search. */
    private int[] cycle() {
        int queues = first.length - 1;
        byte[] colour = new byte[queues];
        int[] stack = new int[queues];
        int[] cursor = new int[queues];
        for (int root = 0; root < queues; root++) {
            if (colour[root] != 0 || first[root] == first[root + 1]) {
                continue;
            }
            int depth = 0;
            stack[0] = root;
            cursor[root] = first[root];
            colour[root] = 1;
            while (depth >= 0) {
                int queue = stack[depth];
                if (cursor[queue] == first[queue + 1]) {
                    colour[queue] = 2;
                    depth--;
                    continue;
                }
                int successor = next[cursor[queue]++];
                if (colour[successor] == 1) {
                    int start = depth;
                    while (stack[start] != successor) {
                        start--;
                    }
                    return Arrays.copyOfRange(stack, start, depth + 1);
                }
                if (colour[successor] == 0) {
                    colour[successor] = 1;
                    cursor[successor] = first[successor];
                    stack[++depth] = successor;
                }
            }
        }
        return new int[0];
    }

    /** "switch a → switch b (link ℓ, n bytes queued) → … → switch a". */
    private String describe(int[] cycle) {
        StringBuilder out = new StringBuilder(node(graph.linkFrom(cycle[0] / priorities)));
        for (int queue : cycle) {
            int link = queue / priorities;
            out.append(" -> ").append(node(graph.linkTo(link))).append(String.format(Locale.ROOT,
                    " (link %d%s, %d bytes queued)", link, priorities > 1 ? " priority " + queue % priorities : "",
                    buffers.egressBytes[queue]));
        }
        return out.toString();
    }

    private String node(int node) {
        return (graph.nodeKind(node) == Graph.SWITCH ? "switch " : "node ") + node;
    }
}
