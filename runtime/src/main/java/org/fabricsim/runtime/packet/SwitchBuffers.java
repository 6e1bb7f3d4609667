package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.topology.Graph;

/**
 * Output-queued switch ports over one shared buffer per switch, with the admission of the chosen
 * flow control. Queues are per (link, priority) FIFOs of packet handles chained through
 * {@link Packets#next}; all counters are primitive arrays indexed by {@code link·P + priority}.
 *
 * <p><b>Lossy</b> (dynamic threshold, Choudhury–Hahne): a packet of s bytes joins egress queue
 * (ℓ, q) of switch n iff used(n) + s ≤ B and Q(ℓ, q) + s ≤ α·(B − used(n)); otherwise it is tail
 * dropped. <b>PFC</b> (the shared-buffer MMU of the HPCC ns-3 simulator): ingress queue (i, q)
 * counts the bytes in the switch that arrived on link i; the first {@code reserve} bytes are
 * private, the rest use the shared pool while ≤ T = (B − headroom_total − reserve_total −
 * shared_used) ≫ shift, beyond which they go to the port's headroom. Pause is sent upstream when
 * the headroom is in use or shared(i, q) ≥ T; resume when the headroom is empty and shared(i, q) +
 * resume offset ≤ T (or nothing shared). A packet that finds both headroom and shared pool full is
 * dropped and counted ({@link #headroomDrops}; zero when the headroom covers the round trip).
 * <b>Credits</b>: the upstream port holds one credit per packet of downstream buffer and sends only
 * with a credit, so no admission check is needed. <b>Trimming</b>: a packet cut to its headers
 * waits in its egress port's header queue, one FIFO per link served before every data queue and
 * kept outside the shared buffer (NDP's separate header queue; assumed unbounded: headers are
 * 1.5% of a full packet).
 *
 * <p><b>Virtual lanes</b> (P classes that packets move up per hop, {@link Forwarding}): each lane of an ingress port
 * is its own PFC queue with its own reserve and headroom (IEEE 802.1Qbb pauses per priority, so each needs the
 * headroom of a round trip), taken out of the switch's one buffer before the shared pool; so P lanes leave the
 * shared pool P − 1 reserves and headrooms per port smaller. A packet's ingress queue is the lane it arrived on, its
 * egress queue the lane it leaves on.
 *
 * <p>Every operation is O(1).
 */
final class SwitchBuffers {
    private final Graph graph;
    private final PacketConfig config;
    private final Packets packets;
    private final int priorities;
    final int[] head;
    final int[] tail;
    final long[] egressBytes;
    private final long[] linkQueuedBytes;
    private final long[] switchUsed;
    private final long[] sharedUsed;
    private final long[] reservedTotal;
    private final long[] headroomTotal;
    private final long[] headroomPerPort;
    private final long[] ingressBytes;
    private final long[] headroomUsed;
    private final boolean[] pauseSent;
    private final int[] headerHead;
    private final int[] headerTail;
    long headroomDrops;

    SwitchBuffers(Graph graph, PacketConfig config, Packets packets) {
        this.graph = graph;
        this.config = config;
        this.packets = packets;
        this.priorities = config.priorities();
        int queues = graph.linkCount() * priorities;
        head = new int[queues];
        tail = new int[queues];
        java.util.Arrays.fill(head, -1);
        java.util.Arrays.fill(tail, -1);
        egressBytes = new long[queues];
        ingressBytes = new long[queues];
        headroomUsed = new long[queues];
        pauseSent = new boolean[queues];
        linkQueuedBytes = new long[graph.linkCount()];
        headerHead = new int[graph.linkCount()];
        headerTail = new int[graph.linkCount()];
        java.util.Arrays.fill(headerHead, -1);
        java.util.Arrays.fill(headerTail, -1);
        int nodes = graph.nodeCount();
        switchUsed = new long[nodes];
        sharedUsed = new long[nodes];
        reservedTotal = new long[nodes];
        headroomTotal = new long[nodes];
        headroomPerPort = new long[graph.linkCount()];
        for (int link = 0; link < graph.linkCount(); link++) {
            headroomPerPort[link] = headroomBytes(link);
            int node = graph.linkTo(link);
            reservedTotal[node] += config.buffer().pfcReserveBytes() * priorities;
            headroomTotal[node] += headroomPerPort[link] * priorities;
        }
    }

    /**
     * Headroom of an ingress port: the bytes that can still arrive after the pause is sent, two
     * link delays of data at line rate (the pause travels up, the last bytes travel down) plus a
     * packet being sent at each end (the IEEE 802.1Qbb headroom reasoning; assumed, not sourced).
     */
    private long headroomBytes(int link) {
        double inFlight = 2 * graph.linkLatencyPs(link) * 1e-12 * graph.linkBytesPerSecond(link);
        return (long) Math.ceil(inFlight) + 2L * config.packetWireBytes();
    }

    /** Bytes queued at the egress of {@code link}, all priorities. */
    long queuedBytes(int link) {
        return linkQueuedBytes[link];
    }

    /**
     * Admits {@code packet}, which arrived at a switch on ingress queue {@code in} (link·P + lane), to egress queue
     * ({@code outLink}, q) and returns whether it was admitted (false: tail drop). For PFC it also returns
     * whether pause must now be sent upstream through {@link #shouldPause}.
     */
    boolean admit(int packet, int in, int outLink, int priority) {
        int node = graph.linkFrom(outLink);
        long size = packets.wireBytes(packet);
        long bufferBytes = config.buffer().switchBytes();
        int queue = outLink * priorities + priority;
        switch (config.flowControl()) {
            case LOSSY -> {
                long free = bufferBytes - switchUsed[node];
                if (size > free || egressBytes[queue] + size > config.buffer().dynamicAlpha() * free) {
                    return false;
                }
            }
            case PFC -> {
                long threshold = pfcThreshold(node);
                if (headroomUsed[in] + size > headroomPerPort[in / priorities] && shared(in) + size > threshold) {
                    headroomDrops++;
                    return false;
                }
                long reserve = config.buffer().pfcReserveBytes();
                long after = ingressBytes[in] + size;
                if (after <= reserve) {
                    ingressBytes[in] = after;
                } else if (after - reserve > threshold) {
                    headroomUsed[in] += size;
                } else {
                    ingressBytes[in] = after;
                    sharedUsed[node] += Math.min(size, after - reserve);
                }
            }
            case CREDIT -> {
                // Credits reserved the space before the packet was sent.
            }
        }
        packets.setIngress(packet, in);
        packets.setLink(packet, outLink);
        packets.setNext(packet, -1);
        if (tail[queue] < 0) {
            head[queue] = packet;
        } else {
            packets.setNext(tail[queue], packet);
        }
        tail[queue] = packet;
        egressBytes[queue] += size;
        linkQueuedBytes[outLink] += size;
        switchUsed[node] += size;
        return true;
    }

    /** Appends the trimmed {@code packet}, arrived on ingress queue {@code in}, to the header queue of {@code outLink}. */
    void enqueueHeader(int packet, int in, int outLink) {
        packets.setIngress(packet, in);
        packets.setLink(packet, outLink);
        packets.setNext(packet, -1);
        if (headerTail[outLink] < 0) {
            headerHead[outLink] = packet;
        } else {
            packets.setNext(headerTail[outLink], packet);
        }
        headerTail[outLink] = packet;
    }

    /** Removes and returns the head of {@code link}'s header queue, or −1 when it is empty. */
    int dequeueHeader(int link) {
        int packet = headerHead[link];
        if (packet >= 0) {
            headerHead[link] = packets.next(packet);
            if (headerHead[link] < 0) {
                headerTail[link] = -1;
            }
        }
        return packet;
    }

    /** Whether ingress queue (inLink, q) has just crossed the pause condition (and records that pause is sent). */
    boolean shouldPause(int inLink, int priority) {
        int in = inLink * priorities + priority;
        if (pauseSent[in]) {
            return false;
        }
        if (headroomUsed[in] > 0 || shared(in) >= pfcThreshold(graph.linkTo(inLink))) {
            pauseSent[in] = true;
            return true;
        }
        return false;
    }

    /** Whether the ingress queue (inLink·P + q) holds the pause it sent upstream: no resume is on its way. */
    boolean pauseHeld(int in) {
        return pauseSent[in];
    }

    /** Removes the head of queue (outLink, q) for transmission; returns it. */
    int dequeue(int outLink, int priority) {
        int queue = outLink * priorities + priority;
        int packet = head[queue];
        head[queue] = packets.next(packet);
        if (head[queue] < 0) {
            tail[queue] = -1;
        }
        long size = packets.wireBytes(packet);
        int node = graph.linkFrom(outLink);
        egressBytes[queue] -= size;
        linkQueuedBytes[outLink] -= size;
        switchUsed[node] -= size;
        if (config.flowControl() == PacketConfig.FlowControl.PFC) {
            int in = packets.ingress(packet);
            long fromHeadroom = Math.min(headroomUsed[in], size);
            long reserve = config.buffer().pfcReserveBytes();
            long fromShared = Math.min(size - fromHeadroom, Math.max(0, ingressBytes[in] - reserve));
            headroomUsed[in] -= fromHeadroom;
            ingressBytes[in] -= size - fromHeadroom;
            sharedUsed[node] -= fromShared;
        }
        return packet;
    }

    /** Whether ingress queue (inLink, q) may now resume its upstream (and records that resume is sent). */
    boolean shouldResume(int inLink, int priority) {
        int in = inLink * priorities + priority;
        if (!pauseSent[in] || headroomUsed[in] > 0) {
            return false;
        }
        long shared = shared(in);
        if (shared == 0 || shared + config.buffer().pfcResumeOffsetBytes() <= pfcThreshold(graph.linkTo(inLink))) {
            pauseSent[in] = false;
            return true;
        }
        return false;
    }

    private long shared(int in) {
        return Math.max(0, ingressBytes[in] - config.buffer().pfcReserveBytes());
    }

    private long pfcThreshold(int node) {
        long free = config.buffer().switchBytes() - headroomTotal[node] - reservedTotal[node] - sharedUsed[node];
        return Math.max(0, free) >> config.buffer().pfcShift();
    }
}
