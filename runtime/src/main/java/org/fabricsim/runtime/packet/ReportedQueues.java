package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.topology.Graph;

/**
 * The egress queue depths a switch reports to the switches upstream of it for their adaptive routing (InfiniBand's
 * adaptive routing notifications, CONGA's feedback between leaves: docs/fabric-behaviour.md, "Packet adaptive routing
 * that sees the next tier"): a reader sees a queue's depth as a report of it says, refreshed at most once a link
 * latency. The first reading after a report has stood for a latency {@code d} of the link the reader sends on samples
 * the queue anew, and readings for the next {@code d} see that sample: a depth between 0 and {@code d} old, where the
 * queue the reader's own port feeds is read as it is. The report's flight is not charged; a stream of reports at
 * least {@code d} old, one in flight at a time, was measured too (docs, same section). Reports cost no events: they
 * are settled when read, O(1) each, two longs a link.
 */
final class ReportedQueues {
    private final Graph graph;
    private final SwitchBuffers buffers;
    /** The depth, bytes, of each egress queue as its report says. */
    private final long[] reportedBytes;
    /** When each report stops standing, ps (0: none yet). */
    private final long[] standsUntilPs;

    ReportedQueues(Graph graph, SwitchBuffers buffers) {
        this.graph = graph;
        this.buffers = buffers;
        reportedBytes = new long[graph.linkCount()];
        standsUntilPs = new long[graph.linkCount()];
    }

    /**
     * The depth, bytes, of the egress queue of {@code queueLink} as reported at {@code nowPs} to a switch that would
     * send into its switch over {@code overLink}.
     */
    long bytes(int queueLink, int overLink, long nowPs) {
        if (nowPs >= standsUntilPs[queueLink]) {
            reportedBytes[queueLink] = buffers.queuedBytes(queueLink);
            standsUntilPs[queueLink] = nowPs + graph.linkLatencyPs(overLink);
        }
        return reportedBytes[queueLink];
    }
}
