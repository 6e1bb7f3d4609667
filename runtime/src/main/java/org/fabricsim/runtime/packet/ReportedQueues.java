package org.fabricsim.runtime.packet;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * The egress queue depths a switch reports to its neighbours for their adaptive routing: a neighbour sees a queue as
 * it was one report ago, never as it is. Each egress queue has one report in flight at a time; the report crossing
 * link {@code l} takes l's latency {@code d_l}, and the next leaves when the last lands (the stream a switch's load
 * messages or credit returns form). A reader at time t sees the depth sampled at some t' ≤ t − d_l: at least one
 * latency old, about one to two under steady reading. Reports cost no events: they are settled when read, O(1) each,
 * three longs a link.
 */
final class ReportedQueues {
    private final Graph graph;
    private final SwitchBuffers buffers;
    /** The depth, bytes, of each egress queue as its last landed report says (the depth at the first reading until a report lands). */
    private final long[] landedBytes;
    /** The depth the report in flight carries, and when it lands (ps; {@code Long.MIN_VALUE}: none in flight). */
    private final long[] flyingBytes;
    private final long[] landsAtPs;

    ReportedQueues(Graph graph, SwitchBuffers buffers) {
        this.graph = graph;
        this.buffers = buffers;
        int links = graph.linkCount();
        landedBytes = new long[links];
        flyingBytes = new long[links];
        landsAtPs = new long[links];
        Arrays.fill(landsAtPs, Long.MIN_VALUE);
    }

    /**
     * The depth, bytes, of the egress queue of {@code queueLink} as reported at {@code nowPs} over {@code overLink}
     * (the link into its switch the reader sends on, latency d): a report due by now lands first and the next is
     * sampled and sent. Where the one in flight landed a latency or more ago, the stream would have landed a later
     * one that no reader asked for; the queue's depth now stands for it (the only later sample kept).
     */
    long bytes(int queueLink, int overLink, long nowPs) {
        long latencyPs = graph.linkLatencyPs(overLink);
        long landsAt = landsAtPs[queueLink];
        if (nowPs >= landsAt) {
            long depth = buffers.queuedBytes(queueLink);
            landedBytes[queueLink] = landsAt == Long.MIN_VALUE || nowPs - landsAt >= latencyPs ? depth
                    : flyingBytes[queueLink];
            flyingBytes[queueLink] = depth;
            landsAtPs[queueLink] = nowPs + latencyPs;
        }
        return landedBytes[queueLink];
    }
}
