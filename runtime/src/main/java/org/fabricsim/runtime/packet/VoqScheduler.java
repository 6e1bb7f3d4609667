package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * A scheduled fabric's request/grant virtual output queues ({@link VoqScheduling}). Each flow is the virtual output
 * queue of its sender for its destination's egress port, the last link of its path (assumed: the NIC's port stands
 * for the ingress leaf's VOQ, as every flow of the NIC port has its own queue). The sender sends nothing it holds no
 * credit for: at its start it requests credit for every wire byte it will send (⌈bytes / MTU⌉ packets with their
 * headers), and for one full packet per packet a NACK, a trimmed packet's NACK or a timeout queues again (the
 * credit spent on a packet that was trimmed or lost is gone, and without it the resend would wait forever); a request
 * reaches the egress port's scheduler one feedback delay later. The scheduler keeps the flows whose request it has not yet granted in
 * a FIFO ({@link FlowQueues}) and grants the head one credit, c = {@code creditBytes}, at most every c / r (r the
 * egress link's rate), putting it back at the tail while its request is not exhausted: round robin at the port's
 * rate. A grant reaches the sender one feedback delay later and adds c to its balance; the sender sends a packet
 * while its balance is positive, and the packet's wire bytes come off it (the balance may go below zero by less
 * than a packet; assumed, as DNX dequeues a packet when its credit balance is positive).
 *
 * <p><b>Consequences.</b> One flow on an idle path waits one request-grant round trip, two feedback delays,
 * before its first packet, and is never held back after it: by the time it has sent j full packets of w wire
 * bytes at line rate r, ⌊j·w/c⌋ + 1 credits have arrived, more than j·w. An egress port is offered at most its
 * rate, so its queue stays within the grants that arrive together at different senders: about one credit and a
 * packet per sender; links before it are not scheduled and queue what their flows' grants send through them.
 *
 * <p>O(1) per request, grant and tick; no allocation once the queues have grown.
 */
final class VoqScheduler {
    private final PacketNetwork network;
    private final Flows flows;
    private final int creditBytes;
    private final int packetWireBytes;
    private final int headerBytes;
    /** Per egress link: the flows with a request not yet granted, whether a tick is due and when the next may be. */
    private final FlowQueues waiting;
    private final boolean[] ticking;
    private final long[] nextGrantPs;
    /** Per flow: its egress link, bytes requested but not yet at the scheduler, and bytes the scheduler owes it. */
    private int[] egress = new int[256];
    private long[] unsentRequestBytes = new long[256];
    private long[] owedBytes = new long[256];

    VoqScheduler(PacketNetwork network, Flows flows, PacketConfig config, int links) {
        this.network = network;
        this.flows = flows;
        this.creditBytes = config.scheduling().creditBytes();
        this.packetWireBytes = config.packetWireBytes();
        this.headerBytes = config.headerBytes();
        flows.pullCredits = new int[flows.flowClass.length];
        waiting = new FlowQueues(links);
        ticking = new boolean[links];
        nextGrantPs = new long[links];
    }

    void grow(int capacity) {
        egress = Arrays.copyOf(egress, capacity);
        unsentRequestBytes = Arrays.copyOf(unsentRequestBytes, capacity);
        owedBytes = Arrays.copyOf(owedBytes, capacity);
    }

    /** A new flow to egress link {@code egressLink}: no credit yet; it requests all its wire bytes. */
    void reset(int flow, int egressLink) {
        egress[flow] = egressLink;
        flows.pullCredits[flow] = 0;
        owedBytes[flow] = 0;
        unsentRequestBytes[flow] = 0;
        int packets = flows.counters[Flows.packetCount(flow)];
        request(flow, (long) (packets - 1) * packetWireBytes + flows.counters[Flows.lastPayload(flow)] + headerBytes);
    }

    /** {@code packets} were queued again (a NACK, a trimmed packet's NACK or a timeout): request a full packet's credit for each. */
    void requeued(int flow, int packets) {
        if (packets > 0) {
            request(flow, (long) packets * packetWireBytes);
        }
    }

    /** The sender spent credit on a packet of {@code wireBytes}. */
    void spend(int flow, int wireBytes) {
        flows.pullCredits[flow] -= wireBytes;
    }

    private void request(int flow, long bytes) {
        if (unsentRequestBytes[flow] == 0) {
            flows.counters[Flows.refs(flow)]++;
            network.schedule(network.nowPs() + network.feedbackPs(flow), EventTypes.VOQ_REQUEST, flow);
        }
        unsentRequestBytes[flow] += bytes;
    }

    /** A request ({@link EventTypes#VOQ_REQUEST}), a scheduler's tick ({@link EventTypes#GRANT_TICK}) or a grant. */
    void fire(int type, int id) {
        switch (type) {
            case EventTypes.VOQ_REQUEST -> onRequest(id);
            case EventTypes.GRANT_TICK -> tick(id);
            default -> onGrant(id);
        }
    }

    /** The request of {@code flow} reached its egress scheduler: queue the flow unless it is queued already. */
    private void onRequest(int flow) {
        flows.counters[Flows.refs(flow)]--;
        long bytes = unsentRequestBytes[flow];
        unsentRequestBytes[flow] = 0;
        if (!flows.done(flow)) {
            if (owedBytes[flow] == 0) {
                int link = egress[flow];
                flows.counters[Flows.refs(flow)]++;
                waiting.add(link, flow);
                if (!ticking[link]) {
                    ticking[link] = true;
                    network.schedule(Math.max(network.nowPs(), nextGrantPs[link]), EventTypes.GRANT_TICK, link);
                }
            }
            owedBytes[flow] += bytes;
        }
        network.releaseIfIdle(flow);
    }

    /** Egress link {@code link} grants its next credit (skipping flows finished meanwhile), then waits c / r. */
    private void tick(int link) {
        while (!waiting.isEmpty(link)) {
            int flow = waiting.poll(link);
            if (!flows.done(flow)) {
                long nowPs = network.nowPs();
                network.schedule(nowPs + network.feedbackPs(flow), EventTypes.GRANT, flow);
                owedBytes[flow] = Math.max(0, owedBytes[flow] - creditBytes);
                if (owedBytes[flow] > 0) {
                    // The queue keeps its reference; the grant in flight takes one more.
                    flows.counters[Flows.refs(flow)]++;
                    waiting.add(link, flow);
                }
                nextGrantPs[link] = nowPs + (long) (creditBytes * 1e12 / network.lineRate(link) + 0.5);
                if (waiting.isEmpty(link)) {
                    ticking[link] = false;
                } else {
                    network.schedule(nextGrantPs[link], EventTypes.GRANT_TICK, link);
                }
                return;
            }
            owedBytes[flow] = 0;
            flows.counters[Flows.refs(flow)]--;
            network.releaseIfIdle(flow);
        }
        ticking[link] = false;
    }

    /** A grant reached the sender of {@code flow}: its balance rises by a credit. */
    private void onGrant(int flow) {
        flows.counters[Flows.refs(flow)]--;
        if (!flows.done(flow)) {
            flows.pullCredits[flow] += creditBytes;
            network.tryTransmit(flows.firstLink[flow]);
        }
        network.releaseIfIdle(flow);
    }
}
