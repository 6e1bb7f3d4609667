package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.packet.PacketConfig.Recovery;

/**
 * The receiving end of each flow's reliable transport ({@link Transport} is the sending end).
 *
 * <p>Go-back-N: the receiver accepts only the expected sequence and answers an out-of-order arrival
 * with a NACK, at most one per unloaded round trip for one expected sequence (ns-3 HPCC's NACK
 * interval, there 500 µs, here the round trip so that a lost retransmission is caught at once).
 * Selective repeat: the receiver keeps every packet and NACKs once an arrival is more than
 * {@link Transport#REORDER} sequence numbers beyond the expected one; the NACK carries its bitmap
 * (read when the NACK arrives: optimistic by one feedback delay). Where the NIC places out-of-order packets
 * directly ({@link PacketConfig#outOfOrderPlacement}: ConnectX-5 and later accept them "instead of dropping these
 * packets and triggering retransmissions", NVIDIA's out-of-order data placement; Spectrum-X's SuperNIC reorders what
 * RoCE adaptive routing spreads), no arrival is a loss signal: a hole is resent once it has persisted to the
 * retransmission timeout ({@link Transport#onTimeout}), or at once when a trimmed header names it. A NACK is a
 * 64-byte control frame reaching the sender after the path's feedback delay. A trimmed header (NDP, Ultra Ethernet) is
 * answered at once by a NACK for that one sequence, its handle carrying the sequence back.
 * HPCC and Swift acknowledge every packet, the packet's handle carrying its telemetry or send time
 * back, and the cumulative acknowledgement (the next expected sequence once the packet is taken).
 * Payload that reaches a receiver which already has it counts as duplicate bytes.
 */
final class Receiver {
    private final PacketNetwork network;
    private final PacketConfig config;
    private final Flows flows;
    private final Senders senders;
    long duplicateBytes;

    Receiver(PacketNetwork network, PacketConfig config, Flows flows, Senders senders) {
        this.network = network;
        this.config = config;
        this.flows = flows;
        this.senders = senders;
    }

    /** A data packet reached its destination. */
    void receive(int packet) {
        Packets packets = network.packets;
        int flow = packets.flow(packet);
        int seq = packets.seq(packet);
        boolean marked = (packets.flags(packet) & Packets.MARKED) != 0;
        int payload = packets.payloadBytes(packet);
        if (senders.pulls != null && !flows.done(flow)) {
            senders.pulls.owe(flow, packets.destination(packet), packets.link(packet));
        }
        if ((packets.flags(packet) & Packets.TRIMMED) != 0 && !flows.done(flow)) {
            Flows.set(flows.trimmed[flow], seq);
            network.schedule(network.nowPs() + network.feedbackPs(flow), EventTypes.TRIM_NACK, packet);
            return;
        }
        boolean acknowledged = senders.acknowledgeEveryPacket() && !flows.done(flow);
        if (acknowledged) {
            network.schedule(network.nowPs() + network.feedbackPs(flow), EventTypes.ACK, packet);
        } else {
            packets.release(packet);
            flows.counters[Flows.refs(flow)]--;
        }
        if (flows.done(flow)) {
            duplicateBytes += payload;
            network.releaseIfIdle(flow);
            return;
        }
        if (marked) {
            senders.onMarked(flow);
        }
        boolean selective = config.recovery() == Recovery.SELECTIVE_REPEAT;
        if (selective ? Flows.test(flows.received[flow], seq) : seq < flows.counters[Flows.expected(flow)]) {
            duplicateBytes += payload;
        } else if (selective || seq == flows.counters[Flows.expected(flow)]) {
            accept(flow, seq, payload, selective);
        }
        if (acknowledged) {
            packets.setCumulativeAck(packet, flows.counters[Flows.expected(flow)]);
        }
        if (!flows.done(flow) && !config.outOfOrderPlacement()
                && seq > flows.counters[Flows.expected(flow)] + (selective ? Transport.REORDER : 0)) {
            sendNack(flow);
        }
        network.releaseIfIdle(flow);
    }

    private void accept(int flow, int seq, int payload, boolean selective) {
        flows.counters[Flows.receivedCount(flow)]++;
        flows.deliveredBytes[flow] += payload;
        if (selective) {
            Flows.set(flows.received[flow], seq);
            flows.highestReceived[flow] = Math.max(flows.highestReceived[flow], seq + 1);
            while (flows.counters[Flows.expected(flow)] < flows.counters[Flows.packetCount(flow)]
                    && Flows.test(flows.received[flow], flows.counters[Flows.expected(flow)])) {
                flows.counters[Flows.expected(flow)]++;
            }
        } else {
            flows.counters[Flows.expected(flow)]++;
        }
        if (flows.counters[Flows.receivedCount(flow)] == flows.counters[Flows.packetCount(flow)]) {
            network.complete(flow);
        }
    }

    /** NACKs the expected sequence, unless it was NACKed less than a round trip ago. */
    private void sendNack(int flow) {
        long nowPs = network.nowPs();
        int expected = flows.counters[Flows.expected(flow)];
        if (expected == flows.lastNackSeq[flow] && nowPs < flows.nackAllowedPs[flow]) {
            return;
        }
        flows.lastNackSeq[flow] = expected;
        flows.nackAllowedPs[flow] = nowPs + network.roundTripPs(flow);
        flows.counters[Flows.refs(flow)]++;
        int nack = network.packets.allocate(flow, expected, 0, Transport.CONTROL_FRAME_BYTES);
        network.schedule(nowPs + network.feedbackPs(flow), EventTypes.NACK, nack);
    }
}
