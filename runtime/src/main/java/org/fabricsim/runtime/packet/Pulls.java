package org.fabricsim.runtime.packet;

/**
 * Receiver-driven pull (NDP: Handley et al., "Re-architecting datacenter networks and stacks for low latency and
 * high performance", SIGCOMM 2017; Ultra Ethernet's receiver-credit mode, EQDS, works the same way). A sender
 * starts with one bandwidth-delay product of its unloaded path in pull credits (NDP's first window at line
 * rate) and then sends one packet per PULL. A receiver answers every arrival of a flow it has not finished, data
 * or trimmed header, with one PULL, queued FIFO per receiving node ({@link FlowQueues}) and sent at most one per full packet's time on
 * the link it arrived on (the receiver paces the pulls at its line rate, so the senders' packets together arrive
 * at that rate); a PULL reaches the sender one feedback delay later. A trimmed header is also NACKed
 * ({@link Transport}), so the PULL it earns resends it. A retransmission timeout grants a credit for every hole it
 * queues (a packet lost outright earned no PULL). O(1) per arrival, tick and PULL; the queues grow, never shrink.
 */
final class Pulls {
    private final PacketNetwork network;
    private final Flows flows;
    private final int packetWireBytes;
    /** Per receiving node: the flows owed a PULL. */
    private final FlowQueues queue;
    /** Per receiving node: when the next PULL may leave, and whether a tick is scheduled. */
    private final long[] nextPullPs;
    private final boolean[] ticking;
    private final long[] spacingPs;

    Pulls(PacketNetwork network, Flows flows, int nodes, int packetWireBytes) {
        this.network = network;
        this.flows = flows;
        this.packetWireBytes = packetWireBytes;
        flows.pullCredits = new int[flows.flowClass.length];
        queue = new FlowQueues(nodes);
        nextPullPs = new long[nodes];
        ticking = new boolean[nodes];
        spacingPs = new long[nodes];
    }

    /**
     * A new flow may send one bandwidth-delay product at once: ⌈line rate × unloaded round trip / full packet⌉
     * packets, at least one.
     */
    void reset(int flow, double lineBytesPerSecond, long roundTripPs) {
        flows.pullCredits[flow] = (int) Math.max(1,
                Math.ceil(lineBytesPerSecond * roundTripPs * 1e-12 / packetWireBytes));
    }

    /** A packet of {@code flow} (data or trimmed header) reached node {@code receiver} over {@code link}: owe it a PULL. */
    void owe(int flow, int receiver, int link) {
        if (spacingPs[receiver] == 0) {
            spacingPs[receiver] = (long) (packetWireBytes * 1e12 / network.lineRate(link) + 0.5);
        }
        queue.add(receiver, flow);
        flows.counters[Flows.refs(flow)]++;
        if (!ticking[receiver]) {
            ticking[receiver] = true;
            network.schedule(Math.max(network.nowPs(), nextPullPs[receiver]), EventTypes.PULL_TICK, receiver);
        }
    }

    /** Node {@code receiver} sends its next PULL (skipping flows finished meanwhile), then waits a packet time. */
    void tick(int receiver) {
        while (!queue.isEmpty(receiver)) {
            int flow = queue.poll(receiver);
            if (!flows.done(flow)) {
                long nowPs = network.nowPs();
                network.schedule(nowPs + network.feedbackPs(flow), EventTypes.PULL, flow);
                nextPullPs[receiver] = nowPs + spacingPs[receiver];
                if (!queue.isEmpty(receiver)) {
                    network.schedule(nextPullPs[receiver], EventTypes.PULL_TICK, receiver);
                } else {
                    ticking[receiver] = false;
                }
                return;
            }
            flows.counters[Flows.refs(flow)]--;
            network.releaseIfIdle(flow);
        }
        ticking[receiver] = false;
    }

    /** A PULL reached the sender of {@code flow}: one more packet may leave. */
    void onPull(int flow) {
        flows.counters[Flows.refs(flow)]--;
        if (!flows.done(flow)) {
            flows.pullCredits[flow]++;
            network.tryTransmit(flows.firstLink[flow]);
        }
        network.releaseIfIdle(flow);
    }

    /** A retransmission timeout queued {@code holes} resends: credit them (lost packets earned no PULL). */
    void grant(int flow, int holes) {
        flows.pullCredits[flow] += holes;
    }

    /** The sender spent a credit on a packet. */
    void spend(int flow) {
        flows.pullCredits[flow]--;
    }
}
