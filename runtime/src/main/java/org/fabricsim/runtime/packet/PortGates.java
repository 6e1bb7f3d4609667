package org.fabricsim.runtime.packet;

import java.util.Arrays;

import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.topology.Graph;

/**
 * Whether each (link, priority) queue may send: its PFC pause state and its credits, and the
 * switch side of transmission: picking the next packet of an egress port round robin over the lanes of
 * its open queues (InfiniBand's VL arbitration, and 802.1Qaz's enhanced transmission selection, at equal
 * weights: assumed), then the consequences of its departure (resume or credit upstream, ECN mark, or
 * InfiniBand's FECN above its threshold, at a port starved of credits only where its Victim_Mask bit is set).
 * O(priorities) per dequeue, O(1) otherwise.
 */
final class PortGates {
    private final PacketNetwork network;
    private final Graph graph;
    private final SwitchBuffers buffers;
    private final PortStatistics ports;
    private final PacketConfig config;
    private final Packets packets;
    private final int priorities;
    private final boolean credit;
    private final boolean[] paused;
    private final int[] credits;
    /** InfiniBand congestion control's FECN threshold, bytes of egress queue; no mark under another control. */
    private final long fecnThresholdBytes;
    /** Per queue: it waited with packets and no credit since its last departure (IB CC's victim of congestion). */
    private final boolean[] starved;
    /** Per link: its Victim_Mask bit, whether its port marks FECN while it is a victim ({@link IbCc.VictimMask}). */
    private final boolean[] marksAsVictim;
    /** Per link: the lane whose turn comes first at its next departure (round robin over the lanes). */
    private final int[] firstLane;

    PortGates(PacketNetwork network, Graph graph, SwitchBuffers buffers, PortStatistics ports) {
        this.network = network;
        this.graph = graph;
        this.buffers = buffers;
        this.ports = ports;
        this.config = network.config;
        this.packets = network.packets;
        this.priorities = config.priorities();
        this.credit = config.flowControl() == FlowControl.CREDIT;
        paused = new boolean[graph.linkCount() * priorities];
        credits = new int[graph.linkCount() * priorities];
        // A port's receive buffer is split among its lanes, as InfiniBand splits it among its data VLs.
        Arrays.fill(credits, Math.max(1, config.buffer().creditPackets() / priorities));
        fecnThresholdBytes = config.congestionControl() == PacketConfig.CongestionControl.IB_CC
                ? config.ibCc().thresholdBytes() : Long.MAX_VALUE;
        starved = new boolean[credits.length];
        marksAsVictim = new boolean[graph.linkCount()];
        firstLane = new int[graph.linkCount()];
        for (int link = 0; link < marksAsVictim.length; link++) {
            marksAsVictim[link] = config.ibCc().victimMask() == IbCc.VictimMask.ALL_PORTS
                    || graph.nodeKind(graph.linkTo(link)) != Graph.SWITCH;
        }
    }

    /** Whether queue (link·P + priority) is neither paused nor out of credits. */
    boolean open(int queue) {
        return !paused[queue] && (!credit || credits[queue] > 0);
    }

    /** A packet of the queue starts on the wire: it uses a credit. */
    void take(int queue) {
        if (credit) {
            credits[queue]--;
        }
    }

    void pause(int queue) {
        paused[queue] = true;
        ports.paused(queue, network.nowPs());
    }

    /** A resume frame ({@link EventTypes#RESUME}) or a credit ({@link EventTypes#CREDIT}) arrived. */
    void reopen(int type, int queue) {
        if (type == EventTypes.RESUME) {
            paused[queue] = false;
            ports.resumed(queue, queue / priorities, network.nowPs());
        } else {
            starved[queue] |= credits[queue] == 0 && buffers.head[queue] >= 0;
            credits[queue]++;
        }
    }

    /** The next packet switch port {@code link} sends, or −1: a trimmed header first, then the lanes in turn. */
    int dequeue(int link) {
        int header = buffers.dequeueHeader(link);
        if (header >= 0) {
            return header;
        }
        int first = firstLane[link];
        for (int turn = 0; turn < priorities; turn++) {
            int priority = first + turn < priorities ? first + turn : first + turn - priorities;
            int queue = link * priorities + priority;
            if (buffers.head[queue] < 0 || !open(queue)) {
                continue;
            }
            firstLane[link] = priority + 1 < priorities ? priority + 1 : 0;
            long depth = buffers.egressBytes[queue];
            int packet = buffers.dequeue(link, priority);
            int upstream = packets.ingress(packet);
            int inLink = upstream / priorities;
            long latencyPs = graph.linkLatencyPs(inLink);
            if (config.flowControl() == FlowControl.PFC && buffers.shouldResume(inLink, upstream % priorities)) {
                network.scheduleAfter(latencyPs, EventTypes.RESUME, upstream);
            } else if (credit) {
                network.scheduleAfter(latencyPs, EventTypes.CREDIT, upstream);
            }
            boolean victim = starved[queue];
            starved[queue] = false;
            if (depth > fecnThresholdBytes && (!victim || marksAsVictim[link])
                    || config.ecn() && network.random() < config.dcqcn().markProbability(depth)) {
                packets.setFlags(packet, packets.flags(packet) | Packets.MARKED);
                ports.ecnMarks[link]++;
            }
            return packet;
        }
        return -1;
    }
}
