package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * Packets in flight as int handles, recycled through a free list, so the hot loop allocates nothing
 * once the store has grown to the peak number in flight. A packet is in at most one FIFO at a time;
 * {@code next} chains it there (intrusive list).
 *
 * <p><b>Layout.</b> Each packet's fields sit side by side in one int array, {@link #stride} ints per
 * packet (12 fields, then the carried path): a packet waiting in a deep queue is cold when it moves
 * on, and one record costs one or two cache lines where a field per array cost one line per field
 * (of a packet's 11 fields, a hop reads 8). With the path of up to 4 links a record is 16 ints, 64 bytes.
 */
final class Packets {
    /** Flag: the packet carries an ECN congestion-experienced mark. */
    static final int MARKED = 1;
    /** Flag: a switch trimmed the packet to its headers (no payload left). */
    static final int TRIMMED = 2;
    private static final int FLOW = 0;
    private static final int SEQ = 1;
    private static final int WIRE_BYTES = 2;
    private static final int PAYLOAD_BYTES = 3;
    private static final int LINK = 4;
    private static final int INGRESS = 5;
    private static final int HOP = 6;
    private static final int FLAGS = 7;
    private static final int NEXT = 8;
    private static final int PRIORITY = 9;
    private static final int DESTINATION = 10;
    private static final int PATH_LENGTH = 11;
    /** Where the fields copied from the flow begin: priority, destination, path length, then the path. */
    static final int CARRIED = PRIORITY;
    /** Fields before the carried path. */
    private static final int FIELDS = 12;
    /**
     * Under {@link PacketRouting#PATH}: links of the flow's given path each record carries (the longest
     * path started so far, widened by {@link #fitPath}); 0 under the other routings.
     */
    private int pathStride;
    private int stride = FIELDS;
    private int[] records = new int[1024 * FIELDS];

    int flow(int packet) {
        return records[packet * stride + FLOW];
    }

    int seq(int packet) {
        return records[packet * stride + SEQ];
    }

    int wireBytes(int packet) {
        return records[packet * stride + WIRE_BYTES];
    }

    void setWireBytes(int packet, int value) {
        records[packet * stride + WIRE_BYTES] = value;
    }

    int payloadBytes(int packet) {
        return records[packet * stride + PAYLOAD_BYTES];
    }

    void setPayloadBytes(int packet, int value) {
        records[packet * stride + PAYLOAD_BYTES] = value;
    }

    /** The link the packet is on or queued for. */
    int link(int packet) {
        return records[packet * stride + LINK];
    }

    void setLink(int packet, int value) {
        records[packet * stride + LINK] = value;
    }

    /**
     * The queue it arrived on at the current switch, link·P + the lane it rode (PFC and credit accounting), or −1 at
     * the NIC.
     */
    int ingress(int packet) {
        return records[packet * stride + INGRESS];
    }

    void setIngress(int packet, int value) {
        records[packet * stride + INGRESS] = value;
    }

    /** Index of its link on the flow's given path. */
    int hop(int packet) {
        return records[packet * stride + HOP];
    }

    void setHop(int packet, int value) {
        records[packet * stride + HOP] = value;
    }

    /**
     * The receiver's cumulative acknowledgement (its next expected sequence) that a delivered packet's acknowledgement
     * carries back to the sender, as ns-3 HPCC's ACK does. It is kept in the hop slot, which a delivered packet no
     * longer reads.
     */
    int cumulativeAck(int packet) {
        return records[packet * stride + HOP];
    }

    void setCumulativeAck(int packet, int seq) {
        records[packet * stride + HOP] = seq;
    }

    int flags(int packet) {
        return records[packet * stride + FLAGS];
    }

    void setFlags(int packet, int value) {
        records[packet * stride + FLAGS] = value;
    }

    /** The sum of the first and the last int of {@code packet}'s record: a load of each cache line it may straddle (read-ahead). */
    int touch(int packet) {
        int at = packet * stride;
        return records[at] + records[at + stride - 1];
    }

    /** The next packet in the FIFO it waits in, or −1. */
    int next(int packet) {
        return records[packet * stride + NEXT];
    }

    void setNext(int packet, int value) {
        records[packet * stride + NEXT] = value;
    }

    /**
     * The class (virtual lane) of the queue it rides on its current link: its flow's when it is sent, then as
     * forwarding moves it up ({@link org.fabricsim.runtime.routing.BufferDependencies#nextLane}).
     */
    int priority(int packet) {
        return records[packet * stride + PRIORITY];
    }

    void setPriority(int packet, int value) {
        records[packet * stride + PRIORITY] = value;
    }

    /** The flow's destination node, copied likewise. */
    int destination(int packet) {
        return records[packet * stride + DESTINATION];
    }

    /**
     * In-band telemetry (HPCC), {@link Hpcc#MAX_HOPS} slots per packet: per hop the egress queue
     * left behind, the link's bytes sent so far, the time and the link; null unless {@link #recordTelemetry}.
     */
    int[] telemetryHops;
    long[] telemetryQueueBytes;
    long[] telemetryTxBytes;
    long[] telemetryTimePs;
    int[] telemetryLink;
    private int[] free = new int[1024];
    private int freeCount;
    private int slots;
    private int live;
    private int peakLive;

    int allocate(int flowHandle, int sequence, int payload, int wire) {
        int packet;
        if (freeCount > 0) {
            packet = free[--freeCount];
        } else {
            if (slots == capacity()) {
                grow(slots * 2);
            }
            packet = slots++;
        }
        int at = packet * stride;
        records[at + FLOW] = flowHandle;
        records[at + SEQ] = sequence;
        records[at + WIRE_BYTES] = wire;
        records[at + PAYLOAD_BYTES] = payload;
        records[at + INGRESS] = -1;
        records[at + HOP] = 0;
        records[at + FLAGS] = 0;
        records[at + NEXT] = -1;
        if (telemetryHops != null) {
            telemetryHops[packet] = 0;
        }
        if (++live > peakLive) {
            peakLive = live;
        }
        return packet;
    }

    private int capacity() {
        return records.length / stride;
    }

    /**
     * Widens every record to carry a path of at least {@code length} links, keeping the packets in
     * flight. O(packets × stride) when it widens, which happens only while longer paths first start.
     */
    void fitPath(int length) {
        if (length <= pathStride) {
            return;
        }
        int wider = FIELDS + length;
        int[] widened = new int[capacity() * wider];
        for (int packet = 0; packet < slots; packet++) {
            System.arraycopy(records, packet * stride, widened, packet * wider, stride);
        }
        records = widened;
        pathStride = length;
        stride = wider;
    }

    /**
     * Copies {@code count} ints of a flow's carried block ({@link Flows#carried}, from {@code from}) onto
     * {@code packet} from {@link #CARRIED} on: priority, destination, path length and, under PATH routing,
     * the path ({@link #fitPath} made room).
     */
    void carry(int packet, int[] block, int from, int count) {
        System.arraycopy(block, from, records, packet * stride + CARRIED, count);
    }

    /** Link {@code hop} of the path {@code packet} carries (its last link past its end). */
    int pathLink(int packet, int hop) {
        int at = packet * stride;
        return records[at + FIELDS + Math.min(hop, records[at + PATH_LENGTH] - 1)];
    }

    /** Under Swift: when each packet left its NIC, picoseconds; null otherwise ({@link #recordSendTimes}). */
    long[] sentPs;

    /** Packets record when they leave their NIC from now on. */
    void recordSendTimes() {
        sentPs = new long[capacity()];
    }

    /** Packets carry in-band telemetry from now on. */
    void recordTelemetry() {
        int capacity = capacity();
        telemetryHops = new int[capacity];
        telemetryQueueBytes = new long[capacity * Hpcc.MAX_HOPS];
        telemetryTxBytes = new long[capacity * Hpcc.MAX_HOPS];
        telemetryTimePs = new long[capacity * Hpcc.MAX_HOPS];
        telemetryLink = new int[capacity * Hpcc.MAX_HOPS];
    }

    /** Appends one hop's telemetry to {@code packet} (dropped beyond {@link Hpcc#MAX_HOPS}). */
    void telemetry(int packet, int linkHandle, long queueBytes, long txBytes, long nowPs) {
        int hop = telemetryHops[packet];
        if (hop < Hpcc.MAX_HOPS) {
            int at = packet * Hpcc.MAX_HOPS + hop;
            telemetryQueueBytes[at] = queueBytes;
            telemetryTxBytes[at] = txBytes;
            telemetryTimePs[at] = nowPs;
            telemetryLink[at] = linkHandle;
            telemetryHops[packet] = hop + 1;
        }
    }

    void release(int packet) {
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = packet;
        live--;
    }

    /** The most packets alive at once so far. */
    int peakLive() {
        return peakLive;
    }

    private void grow(int capacity) {
        records = Arrays.copyOf(records, capacity * stride);
        if (sentPs != null) {
            sentPs = Arrays.copyOf(sentPs, capacity);
        }
        if (telemetryHops != null) {
            telemetryHops = Arrays.copyOf(telemetryHops, capacity);
            telemetryQueueBytes = Arrays.copyOf(telemetryQueueBytes, capacity * Hpcc.MAX_HOPS);
            telemetryTxBytes = Arrays.copyOf(telemetryTxBytes, capacity * Hpcc.MAX_HOPS);
            telemetryTimePs = Arrays.copyOf(telemetryTimePs, capacity * Hpcc.MAX_HOPS);
            telemetryLink = Arrays.copyOf(telemetryLink, capacity * Hpcc.MAX_HOPS);
        }
    }
}
