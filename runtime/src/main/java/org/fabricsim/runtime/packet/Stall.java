package org.fabricsim.runtime.packet;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.routing.BufferDependencies;
import org.fabricsim.runtime.topology.Graph;

/**
 * Why a packet run stopped with flow classes unfinished: its event queue is empty, so no packet is in flight, no
 * pause will be lifted, no credit returned and no timer fire, and nothing can move again. A run that ends so must not
 * report a time ({@link PacketNetwork#nextEventPs} throws what this says). A deadlock beside events that go on
 * (retransmission timers re-arming for flows whose last packets wait in it) is found by {@link #failIfHeld}.
 *
 * <p><b>Wait-for graph.</b> An egress queue (link ℓ, priority q) that holds packets but may not send (PFC paused, or
 * out of credits) waits on the switch at ℓ's far end, which holds the bytes that came in on ℓ and cannot take more
 * until some leave. They leave by that switch's egress queues: an edge ℓ → ℓ′ for each blocked queue ℓ′ holding a
 * packet that arrived on ℓ (its link and lane, {@link Packets#ingress}). A cycle of this graph is a cyclic buffer dependency, PFC's deadlock
 * (Hu et al., "Deadlocks in Datacenter Networks: Why Do They Form, and How to Avoid Them", HotNets 2016): each
 * switch of the cycle waits on the next, and none can send first. Found by depth-first search: O(queued packets +
 * queues), once, when the run stalls.
 */
final class Stall {
    private final PacketNetwork network;
    private final Graph graph;
    private final SwitchBuffers buffers;
    private final Packets packets;
    private final int priorities;
    /** The queues that can never send again ({@link #held}), or null: every blocked queue, as the run stalled. */
    private boolean[] held;
    /** CSR of the wait-for edges: queue → the blocked queues its bytes wait in. */
    private int[] first;
    private int[] next;

    Stall(PacketNetwork network) {
        this.network = network;
        this.graph = network.graph;
        this.buffers = network.buffers;
        this.packets = network.packets;
        this.priorities = network.priorities();
    }

    /**
     * Fails a PFC run, while its events still run (a retransmission timer that found no progress), if some switch
     * queues can never send again: a set H of paused queues with packets, none with a resume on its way (its
     * downstream ingress still holds its pause) or a packet on its wire (paused for longer than a packet's
     * serialisation and the link's latency), such that every packet that came in on a link of H waits in a queue
     * of H. A resume is sent only when such a packet leaves, so by induction no queue of H ever sends, whatever the
     * other events do. H is the largest such set: start from every candidate and drop a link whose bytes wait
     * anywhere outside, until none is dropped; O(queued packets) a pass, at most one pass per queue dropped.
     */
    static void failIfHeld(PacketNetwork network) {
        Stall stall = new Stall(network);
        if (stall.held()) {
            throw stall.failure();
        }
    }

    private boolean held() {
        int queues = buffers.head.length;
        held = new boolean[queues];
        for (int queue = 0; queue < queues; queue++) {
            int link = queue / priorities;
            // Paused long enough that the packet it was sending as the pause came has arrived: nothing on its wire.
            long settledPs = network.ports.pausedSincePs(queue) + graph.linkLatencyPs(link)
                    + (long) Math.ceil(network.config.packetWireBytes() * 1e12 / graph.linkBytesPerSecond(link));
            held[queue] = buffers.head[queue] >= 0 && !network.gates.open(queue) && buffers.pauseHeld(queue)
                    && network.nowPs() > settledPs;
        }
        boolean dropped = true;
        while (dropped) {
            dropped = false;
            for (int queue = 0; queue < queues; queue++) {
                for (int packet = buffers.head[queue]; packet >= 0; packet = packets.next(packet)) {
                    int upstream = packets.ingress(packet);
                    if (held[upstream] && !held[queue]) {
                        held[upstream] = false;
                        dropped = true;
                    }
                }
            }
        }
        for (boolean queue : held) {
            if (queue) {
                return true;
            }
        }
        return false;
    }

    /**
     * The failure of a run that holds bytes it can never deliver, as it stands now: stalled (no event left, often
     * after the last retransmission timer fired) or {@link #held}. Under PFC the deadlock formed when the last port
     * of the cycle was paused, the latest pause among them; credits keep no such time, so the message gives none.
     */
    PacketDeadlockException failure() {
        buildWaitFor();
        int[] cycle = BufferDependencies.cycle(first, next);
        String state = String.format(Locale.ROOT, "%d flow classes unfinished, %d of %d bytes delivered, and no event"
                + " can move them (at %.3f us)", network.activeFlowClasses(), (long) network.bytesDelivered(),
                (long) network.bytesStarted(), network.nowPs() / 1e6);
        if (cycle.length == 0) {
            return new PacketDeadlockException("packet run stalled: " + state + ", with no cycle of blocked ports (a"
                    + " fault of the packet backend, not of the model)");
        }
        boolean credits = network.config.flowControl() == PacketConfig.FlowControl.CREDIT;
        long formedPs = 0;
        for (int queue : cycle) {
            formedPs = Math.max(formedPs, network.ports.pausedSincePs(queue));
        }
        return new PacketDeadlockException("packet run deadlocked" + (credits ? "" : String.format(Locale.ROOT,
                " at %.3f us", formedPs / 1e6)) + ": the ports of a cycle are all " + (credits ? "out of credits"
                : "paused") + ", each waiting on the next switch's full buffer: " + describe(cycle) + "; " + state
                + ". " + BufferDependencies.FIX);
    }

    private boolean blocked(int queue) {
        return held != null ? held[queue] : buffers.head[queue] >= 0 && !network.gates.open(queue);
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
                int upstream = packets.ingress(packet);
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

    /** "switch a → switch b (link ℓ, n bytes queued) → … → switch a". */
    private String describe(int[] cycle) {
        StringBuilder out = new StringBuilder(BufferDependencies.node(graph, graph.linkFrom(cycle[0] / priorities)));
        for (int queue : cycle) {
            int link = queue / priorities;
            out.append(" -> ").append(BufferDependencies.node(graph, graph.linkTo(link))).append(String.format(Locale.ROOT,
                    " (link %d%s, %d bytes queued)", link, priorities > 1 ? " priority " + queue % priorities : "",
                    buffers.egressBytes[queue]));
        }
        return out.toString();
    }
}
