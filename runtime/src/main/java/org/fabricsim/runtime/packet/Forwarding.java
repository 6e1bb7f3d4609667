package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.routing.BufferDependencies;
import org.fabricsim.runtime.topology.Graph;

/**
 * The ports' side of the packet backend: a port serializes one packet at a time (wire bytes ÷ rate,
 * rounded to the picosecond), the packet arrives one link latency later, and at a switch it is routed,
 * admitted to the egress queue by {@link SwitchBuffers} (or trimmed, or dropped), and the upstream port
 * is paused when its ingress queue crosses the PFC threshold. A packet crossing a link costs two events
 * (end of serialization, arrival), each O(1) but for the routing choice ({@link NextHops}); nothing is
 * allocated per packet.
 */
final class Forwarding {
    private final PacketNetwork network;
    private final Graph graph;
    private final PacketConfig config;
    private final Packets packets;
    private final SwitchBuffers buffers;
    private final PortGates gates;
    private final PortStatistics ports;
    private final NextHops nextHops;
    /** The switch ports' quality adaptive routing reads (null under the other routings). */
    private final PortQuality quality;
    private final FlowClasses classes;
    private final Transport transport;
    private final int priorities;
    private final double[] psPerByte;
    private final boolean[] busy;
    private final boolean[] fromSwitchOnly;
    private final boolean telemetry;
    /** Whether packets carry their flow's path (PATH routing). */
    private final boolean carriesPaths;
    long packetHops;
    /** How far along its lane {@link #readAhead} reads ahead, in events (between half of it and all of it). */
    static final int LOOKAHEAD = 16;
    /** The sum of the loads {@link #readAhead} makes, kept so that the compiler keeps them. */
    private int touched;

    Forwarding(PacketNetwork network, Graph graph, SwitchBuffers buffers, PortGates gates, PortStatistics ports,
            NextHops nextHops, PortQuality quality, FlowClasses classes, Transport transport) {
        this.network = network;
        this.graph = graph;
        this.config = network.config;
        this.packets = network.packets;
        this.buffers = buffers;
        this.gates = gates;
        this.ports = ports;
        this.nextHops = nextHops;
        this.quality = quality;
        this.classes = classes;
        this.transport = transport;
        this.priorities = config.priorities();
        telemetry = config.congestionControl() == PacketConfig.CongestionControl.HPCC;
        carriesPaths = config.routing() == PacketRouting.PATH;
        int links = graph.linkCount();
        psPerByte = new double[links];
        busy = new boolean[links];
        fromSwitchOnly = new boolean[links];
        for (int link = 0; link < links; link++) {
            psPerByte[link] = 1e12 / graph.linkBytesPerSecond(link);
            fromSwitchOnly[link] = graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH;
        }
    }

    /** Whether packets carry their flow's path (PATH routing). */
    boolean carriesPaths() {
        return carriesPaths;
    }

    /**
     * Reads ahead, so that the memory system fetches what the events {@code later[0..count)} will read while
     * earlier events run ({@link EventQueue#unreadInLane} hands each lane event out once, in batches of about
     * {@value #LOOKAHEAD}/2): for an arrival the packet's record (both cache lines it may straddle) and,
     * on the last link of its path its flow's receiver counters and delivered bytes, before a switch under PATH
     * routing the record of the tail of the queue it will join; for the end of a transmission at a switch port
     * the record at the head of its first queue, at a NIC port the state of the flow its round robin serves next; for DCQCN's α and decrease timers the
     * flow's counters.
     * These waited long enough to leave the cache (a packet crosses a link while thousands of other events run),
     * and the loads of a batch are independent of each other and of the current event's work, so their misses
     * overlap instead of stalling one event each. Changes nothing but the time: the loads' sum goes to
     * {@link #touched}, read by nothing. O(count).
     */
    void readAhead(int[] later, int count) {
        Flows flows = transport.flows;
        int sum = 0;
        for (int i = 0; i < count; i++) {
            int word = later[i];
            int id = EventTypes.id(word);
            int type = EventTypes.type(word);
            if (type == EventTypes.ARRIVE) {
                sum += packets.touch(id);
                if (graph.linkTo(packets.link(id)) == packets.destination(id)) {
                    int flow = packets.flow(id);
                    sum += flows.counters[Flows.nextSeq(flow)] + (int) flows.deliveredBytes[flow];
                } else if (carriesPaths) {
                    int hop = packets.hop(id) + 1;
                    int tail = buffers.tail[packets.pathLink(id, hop) * priorities
                            + BufferDependencies.nextLane(packets.priority(id), hop, priorities)];
                    sum += tail < 0 ? 0 : packets.next(tail);
                }
            } else if (type == EventTypes.TX_DONE) {
                if (fromSwitchOnly[id]) {
                    int head = buffers.head[id * priorities];
                    sum += head < 0 ? 0 : packets.touch(head);
                } else {
                    sum += transport.nics.touchNext(id);
                }
            } else if (type == EventTypes.ALPHA || type == EventTypes.DECREASE) {
                sum += flows.counters[Flows.refs(id)];
            }
        }
        touched += sum;
    }

    /**
     * Copies onto {@code packet}, just made by {@code flow}, what forwarding reads: the flow's priority
     * and destination, under PATH routing its path (one block, {@link Flows#carried}) and under Swift the
     * time. O(path length).
     */
    void carry(int packet, int flow) {
        Flows flows = transport.flows;
        int at = flows.carriedAt(flow);
        int pathLinks = carriesPaths ? flows.carried[at + Flows.CARRIED_FIELDS - 1] : 0;
        packets.carry(packet, flows.carried, at, Flows.CARRIED_FIELDS + pathLinks);
        if (packets.sentPs != null) {
            packets.sentPs[packet] = network.nowPs();
        }
    }

    /** The serialization of {@code link}'s packet ended: the port is free for the next. */
    void transmitted(int link) {
        busy[link] = false;
        tryTransmit(link);
    }

    /** Starts serializing the next packet on {@code link} if the port is idle and has one. */
    void tryTransmit(int link) {
        if (busy[link]) {
            return;
        }
        int packet = fromSwitchOnly[link] ? gates.dequeue(link) : transport.nextPacket(link);
        if (packet < 0) {
            return;
        }
        int priority = packets.priority(packet);
        gates.take(link * priorities + priority);
        busy[link] = true;
        packets.setLink(packet, link);
        int wire = packets.wireBytes(packet);
        long serializationPs = (long) (wire * psPerByte[link] + 0.5);
        ports.sentBytes[link] += wire;
        ports.payloadBytes[link] += packets.payloadBytes(packet);
        if (quality != null && fromSwitchOnly[link]) {
            quality.sent(link, wire, buffers.queuedBytes(link), network.nowPs());
        }
        if (telemetry) {
            packets.telemetry(packet, link, buffers.queuedBytes(link), ports.sentBytes[link], network.nowPs());
        }
        if (!fromSwitchOnly[link] && packets.seq(packet) < transport.flows.counters[Flows.maxSent(packets.flow(packet))] - 1) {
            ports.retransmittedBytes[link] += packets.payloadBytes(packet);
        }
        packetHops++;
        network.scheduleAfter(serializationPs, EventTypes.TX_DONE, link);
        network.scheduleAfter(serializationPs + graph.linkLatencyPs(link), EventTypes.ARRIVE, packet);
    }

    /** {@code packet} reached the far end of its link: delivered to its receiver, or forwarded by the switch. */
    void arrive(int packet) {
        int link = packets.link(packet);
        int priority = packets.priority(packet);
        if (config.bitErrorRate() > 0 && network.random() < classes.corruption(packets.wireBytes(packet))) {
            drop(packet, link, link, priority);
            return;
        }
        int node = graph.linkTo(link);
        int destination = packets.destination(packet);
        if (node == destination || transport.flows.done(packets.flow(packet))) {
            returnCredit(link, priority);
            transport.receiver.receive(packet);
            return;
        }
        int hop = packets.hop(packet) + 1;
        packets.setHop(packet, hop);
        int out = carriesPaths ? packets.pathLink(packet, hop) : nextHop(packet, node, destination, hop);
        int in = link * priorities + priority;
        int lane = BufferDependencies.nextLane(priority, hop, priorities);
        packets.setPriority(packet, lane);
        if ((packets.flags(packet) & Packets.TRIMMED) != 0) {
            buffers.enqueueHeader(packet, in, out);
            tryTransmit(out);
            return;
        }
        ports.depth(out, buffers.queuedBytes(out));
        if (!buffers.admit(packet, in, out, lane)) {
            if (config.trimming()) {
                trim(packet, in, out);
            } else {
                drop(packet, out, link, priority);
            }
            return;
        }
        ports.queued(out, buffers.queuedBytes(out));
        if (quality != null) {
            quality.queued(out, buffers.queuedBytes(out), network.nowPs());
        }
        if (config.flowControl() == FlowControl.PFC && buffers.shouldPause(link, priority)) {
            network.scheduleAfter(graph.linkLatencyPs(link), EventTypes.PAUSE, link * priorities + priority);
        }
        tryTransmit(out);
    }

    /** The link {@code packet} leaves switch {@code node} on under the adaptive routings; the flow's given path where no minimal hop exists. */
    private int nextHop(int packet, int node, int destination, int hop) {
        int flow = packets.flow(packet);
        int out = nextHops.choose(node, destination, transport.flows.hash[flow], packets.seq(packet),
                network.nowPs());
        return out >= 0 ? out : classes.pathLink(transport.flows.flowClass[flow], hop);
    }

    /** Cuts {@code packet}, refused by the queue of {@code out}, to its headers and sends them on ahead of the data. */
    private void trim(int packet, int in, int out) {
        ports.trimmed[out]++;
        packets.setFlags(packet, packets.flags(packet) | Packets.TRIMMED);
        packets.setPayloadBytes(packet, 0);
        packets.setWireBytes(packet, config.headerBytes());
        buffers.enqueueHeader(packet, in, out);
        tryTransmit(out);
    }

    private void returnCredit(int link, int priority) {
        if (config.flowControl() == FlowControl.CREDIT) {
            network.scheduleAfter(graph.linkLatencyPs(link), EventTypes.CREDIT, link * priorities + priority);
        }
    }

    private void drop(int packet, int countedLink, int inLink, int priority) {
        ports.drops[countedLink]++;
        returnCredit(inLink, priority);
        int flow = packets.flow(packet);
        packets.release(packet);
        transport.flows.counters[Flows.refs(flow)]--;
        network.releaseIfIdle(flow);
    }
}
