package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.packet.PacketConfig.Recovery;

/**
 * The sending end of each flow's reliable transport ({@link Receiver} is the receiving end): NIC
 * injection, retransmission and the congestion controls' {@link Senders}.
 *
 * <p><b>Injection</b> is {@link NicPorts}': round robin over a NIC port's eligible flows.
 *
 * <p><b>Recovery.</b> Go-back-N: a NACK rewinds the sender to the sequence it names, unless the
 * sender already rewound there less than a round trip ago (the NACK is stale). Selective repeat:
 * the sender retransmits each hole of the NACK's bitmap once per recovery episode of one round trip
 * (IRN), counting a hole lost only {@link #REORDER} packets behind the highest arrival. Both arm a
 * retransmission timeout when their last new packet leaves: with no progress by then, go-back-N
 * rewinds to the cumulative acknowledgement and selective repeat resends every hole (HPCC's window arms it
 * too when it holds the sender back, since a window lost whole earns no feedback). Feedback
 * (NACK, CNP) reaches the sender after the path's propagation plus a 64-byte frame per hop, on the
 * highest priority, without queueing (assumed).
 *
 * <p><b>Trimming</b> (NDP, Ultra Ethernet): the NACK of a trimmed packet names that one sequence,
 * which the sender resends as soon as its NIC is free (ahead of new data; on a scheduled fabric once
 * the credit it requests for it is granted) and under Swift takes as a congestion signal
 * ({@link SwiftSender#onTrim}); the hole-scanning NACK of selective repeat skips a sequence already
 * NACKed this way, so a trimmed packet is resent once per trim. The timeout still resends every hole.
 */
final class Transport {
    static final int CONTROL_FRAME_BYTES = 64;
    /**
     * Selective repeat takes a hole for a loss once packets 3 or more sequence numbers beyond it
     * have arrived, TCP's duplicate-acknowledgement threshold (RFC 5681), so that the mild
     * reordering of adaptive routing and spraying is absorbed instead of retransmitted. Not read where the NICs place
     * out-of-order packets ({@link PacketConfig#outOfOrderPlacement}): no NACK is sent there.
     */
    static final int REORDER = 3;
    private final PacketNetwork network;
    private final PacketConfig config;
    final Flows flows = new Flows();
    final Senders senders;
    private final double[] lineBytesPerSecond;
    final NicPorts nics;
    final Receiver receiver;
    long retransmittedBytes;
    long timeouts;

    Transport(PacketNetwork network, PacketConfig config, double[] lineBytesPerSecond) {
        int links = lineBytesPerSecond.length;
        this.network = network;
        this.config = config;
        this.lineBytesPerSecond = lineBytesPerSecond;
        this.senders = new Senders(network, config, flows, lineBytesPerSecond);
        nics = new NicPorts(network, flows, links);
        receiver = new Receiver(network, config, flows, senders);
    }

    /** Adds a started flow to its NIC port. */
    void activate(int flow) {
        int link = flows.firstLink[flow];
        nics.add(link, flow);
        senders.reset(flow, link);
    }

    /** The per-flow arrays of the congestion controls follow the flows' capacity. */
    void grow(int capacity) {
        senders.grow(capacity);
    }

    /** The next packet NIC port {@code link} sends now, or −1 ({@link NicPorts#next}). */
    int nextPacket(int link) {
        int flow = nics.next(link);
        return flow < 0 ? -1 : send(flow, network.nowPs());
    }

    private int send(int flow, long nowPs) {
        int seq;
        if (flows.counters[Flows.resendCount(flow)] > 0) {
            seq = nextResend(flow);
        } else {
            seq = flows.counters[Flows.nextSeq(flow)]++;
        }
        int payload = seq == flows.counters[Flows.packetCount(flow)] - 1 ? flows.counters[Flows.lastPayload(flow)] : config.mtuBytes();
        int wire = payload + config.headerBytes();
        if (seq < flows.counters[Flows.maxSent(flow)]) {
            retransmittedBytes += payload;
        } else {
            flows.counters[Flows.maxSent(flow)] = seq + 1;
        }
        flows.pacing[Flows.nextSendPs(flow)] = nowPs + (long) (wire * 1e12 / flows.rate(flow) + 0.5);
        flows.counters[Flows.refs(flow)]++;
        senders.spend(flow, wire);
        armTimeoutIfWaiting(flow);
        int packet = network.packets.allocate(flow, seq, payload, wire);
        network.carry(packet, flow);
        return packet;
    }

    private int nextResend(int flow) {
        long[] bits = flows.resend[flow];
        int seq = flows.resendCursor[flow];
        while (!Flows.test(bits, seq)) {
            seq++;
        }
        Flows.clear(bits, seq);
        flows.counters[Flows.resendCount(flow)]--;
        flows.resendCursor[flow] = seq + 1;
        return seq;
    }

    /**
     * Arms the retransmission timeout of a sender that now waits on acknowledgements alone, unless one is armed (an
     * armed timer re-arms until the flow is done): its last new packet has left, or HPCC's window holds it back. The
     * window holds it after a send that reaches the window's end, and also after an acknowledgement whose lower rate
     * shrinks W = R·T below the packets already in flight ({@link Senders#slideWindow}): without a timer then, a
     * window whose packets were all dropped would earn no acknowledgement, no NACK and no further send.
     */
    private void armTimeoutIfWaiting(int flow) {
        if ((flows.counters[Flows.nextSeq(flow)] >= flows.counters[Flows.packetCount(flow)] || flows.windowBound(flow))
                && !flows.rtoArmed[flow]) {
            armTimeout(flow);
        }
    }

    private void armTimeout(int flow) {
        flows.rtoArmed[flow] = true;
        flows.rtoProgress[flow] = flows.counters[Flows.receivedCount(flow)];
        flows.counters[Flows.refs(flow)]++;
        network.scheduleAfter(config.retransmitTimeoutPs(), EventTypes.TIMEOUT, flow);
    }

    /**
     * A NACK (a handle carrying the sequence it names, so a later NACK in flight cannot change it)
     * reached the sender: go back, or queue the holes for retransmission.
     */
    void onNack(int nack) {
        int flow = network.packets.flow(nack);
        int seq = network.packets.seq(nack);
        network.packets.release(nack);
        flows.counters[Flows.refs(flow)]--;
        if (!flows.done(flow)) {
            int unsent = unsent(flow);
            long nowPs = network.nowPs();
            boolean newEpisode = nowPs >= flows.recoveryPs[flow] + network.roundTripPs(flow);
            if (config.recovery() == Recovery.GO_BACK_N) {
                if (newEpisode || seq != flows.recoveredUpTo[flow]) {
                    flows.counters[Flows.nextSeq(flow)] = Math.min(flows.counters[Flows.nextSeq(flow)], seq);
                    flows.recoveredUpTo[flow] = seq;
                    flows.recoveryPs[flow] = nowPs;
                }
            } else {
                if (newEpisode) {
                    flows.recoveredUpTo[flow] = flows.counters[Flows.expected(flow)];
                    flows.recoveryPs[flow] = nowPs;
                }
                int from = Math.max(flows.counters[Flows.expected(flow)], flows.recoveredUpTo[flow]);
                markHoles(flow, from, flows.highestReceived[flow] - REORDER, true);
            }
            senders.requeued(flow, unsent(flow) - unsent);
            network.tryTransmit(flows.firstLink[flow]);
        }
        network.releaseIfIdle(flow);
    }

    /**
     * The NACK of a trimmed packet (the packet's handle carries it back) reached the sender: resend
     * that sequence unless it has arrived meanwhile or is already queued for resending.
     */
    void onTrimNack(int packet) {
        Packets packets = network.packets;
        int flow = packets.flow(packet);
        int seq = packets.seq(packet);
        packets.release(packet);
        flows.counters[Flows.refs(flow)]--;
        if (!flows.done(flow) && !Flows.test(flows.received[flow], seq) && !Flows.test(flows.resend[flow], seq)) {
            Flows.set(flows.resend[flow], seq);
            flows.counters[Flows.resendCount(flow)]++;
            flows.resendCursor[flow] = Math.min(flows.resendCursor[flow], seq);
            senders.requeued(flow, 1);
            senders.onTrimNack(flow, lineBytesPerSecond[flows.firstLink[flow]]);
            network.tryTransmit(flows.firstLink[flow]);
        }
        network.releaseIfIdle(flow);
    }

    /** An acknowledgement reached the sender (HPCC with in-band telemetry, Swift with the send time): set the flow's rate. */
    void onAck(int packet) {
        Packets packets = network.packets;
        int flow = packets.flow(packet);
        if (!flows.done(flow)) {
            double rate = senders.onAck(packets, packet, flow, lineBytesPerSecond);
            if (rate > 0) {
                CongestionEvents.setRate(network, flows, flow, rate);
            }
            senders.slideWindow(packets, packet, flow);
            armTimeoutIfWaiting(flow);
        }
        packets.release(packet);
        flows.counters[Flows.refs(flow)]--;
        network.releaseIfIdle(flow);
    }

    /** Packets {@code flow} still has to send: new ones and those queued for resending. */
    private int unsent(int flow) {
        return flows.counters[Flows.packetCount(flow)] - flows.counters[Flows.nextSeq(flow)]
                + flows.counters[Flows.resendCount(flow)];
    }

    /** Queues the holes in [from, to) for resending; a NACK's scan ({@code skipTrimmed}) leaves those NACKed one by one. */
    private void markHoles(int flow, int from, int to, boolean skipTrimmed) {
        long[] received = flows.received[flow];
        long[] resend = flows.resend[flow];
        long[] trimmed = skipTrimmed ? flows.trimmed[flow] : null;
        for (int seq = from; seq < to; seq++) {
            if (!Flows.test(received, seq) && !Flows.test(resend, seq)
                    && (trimmed == null || !Flows.test(trimmed, seq))) {
                Flows.set(resend, seq);
                flows.counters[Flows.resendCount(flow)]++;
                flows.resendCursor[flow] = Math.min(flows.resendCursor[flow], seq);
            }
        }
        flows.recoveredUpTo[flow] = Math.max(flows.recoveredUpTo[flow], to);
    }

    /** The retransmission timer fired. */
    void onTimeout(int flow) {
        flows.counters[Flows.refs(flow)]--;
        flows.rtoArmed[flow] = false;
        if (!flows.done(flow)) {
            if (flows.counters[Flows.receivedCount(flow)] == flows.rtoProgress[flow]) {
                int unsent = unsent(flow);
                timeouts++;
                if (config.flowControl() == PacketConfig.FlowControl.PFC) {
                    Stall.failIfHeld(network);
                }
                if (config.recovery() == Recovery.GO_BACK_N) {
                    flows.counters[Flows.nextSeq(flow)] = flows.counters[Flows.expected(flow)];
                } else {
                    int queued = flows.counters[Flows.resendCount(flow)];
                    markHoles(flow, flows.counters[Flows.expected(flow)], flows.counters[Flows.maxSent(flow)], false);
                    if (senders.pulls != null) {
                        senders.pulls.grant(flow, flows.counters[Flows.resendCount(flow)] - queued);
                    }
                }
                senders.requeued(flow, unsent(flow) - unsent);
                network.tryTransmit(flows.firstLink[flow]);
            }
            armTimeout(flow);
        }
        network.releaseIfIdle(flow);
    }
}
