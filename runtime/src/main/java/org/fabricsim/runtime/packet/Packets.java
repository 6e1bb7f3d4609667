package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * Packets in flight as int handles into parallel primitive arrays, recycled through a free list,
 * so the hot loop allocates nothing once the arrays have grown to the peak number in flight.
 * A packet is in at most one FIFO at a time; {@code next} chains it there (intrusive list).
 */
final class Packets {
    /** Flag: the packet carries an ECN congestion-experienced mark. */
    static final int MARKED = 1;
    /** Flag: a switch trimmed the packet to its headers (no payload left). */
    static final int TRIMMED = 2;

    int[] flow = new int[1024];
    int[] seq = new int[1024];
    int[] wireBytes = new int[1024];
    int[] payloadBytes = new int[1024];
    /** The link the packet is on or queued for. */
    int[] link = new int[1024];
    /** The link it arrived on at the current switch (PFC and credit accounting), or −1 at the NIC. */
    int[] ingress = new int[1024];
    /** Index of its link on the flow's given path (PATH routing). */
    int[] hop = new int[1024];
    int[] flags = new int[1024];
    int[] next = new int[1024];
    /**
     * The flow's priority class and destination node, copied onto the packet when it is sent so that
     * forwarding reads only the packet's own slots (a flow's state is a cache miss when a million flows
     * are active; the packet's slots were touched when it was sent).
     */
    int[] priority = new int[1024];
    int[] destination = new int[1024];
    /**
     * Under {@link PacketRouting#PATH}: the links of the flow's given path, {@link #pathStride} slots
     * per packet (the longest path started so far), and their number; null under the other routings.
     */
    int[] path;
    int[] pathLength;
    private int pathStride;
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
            if (slots == flow.length) {
                grow(slots * 2);
            }
            packet = slots++;
        }
        flow[packet] = flowHandle;
        seq[packet] = sequence;
        payloadBytes[packet] = payload;
        wireBytes[packet] = wire;
        ingress[packet] = -1;
        hop[packet] = 0;
        flags[packet] = 0;
        next[packet] = -1;
        if (telemetryHops != null) {
            telemetryHops[packet] = 0;
        }
        if (++live > peakLive) {
            peakLive = live;
        }
        return packet;
    }

    /** Packets carry their flow's given path from now on, up to {@code stride} links (widened by {@link #fitPath}). */
    void carryPaths(int stride) {
        pathStride = stride;
        path = new int[flow.length * stride];
        pathLength = new int[flow.length];
    }

    /** Widens every packet's path slots to at least {@code length} links, keeping the paths in flight. O(packets × stride) when it widens. */
    void fitPath(int length) {
        if (length <= pathStride) {
            return;
        }
        int[] wider = new int[flow.length * length];
        for (int packet = 0; packet < slots; packet++) {
            System.arraycopy(path, packet * pathStride, wider, packet * length, pathStride);
        }
        path = wider;
        pathStride = length;
    }

    /** Copies the given path {@code links[0..length)} onto {@code packet}. */
    void setPath(int packet, int[] links, int length) {
        System.arraycopy(links, 0, path, packet * pathStride, length);
        pathLength[packet] = length;
    }

    /** Link {@code hop} of the path {@code packet} carries (its last link past its end). */
    int pathLink(int packet, int hop) {
        return path[packet * pathStride + Math.min(hop, pathLength[packet] - 1)];
    }

    /** Under Swift: when each packet left its NIC, picoseconds; null otherwise ({@link #recordSendTimes}). */
    long[] sentPs;

    /** Packets record when they leave their NIC from now on. */
    void recordSendTimes() {
        sentPs = new long[flow.length];
    }

    /** Packets carry in-band telemetry from now on. */
    void recordTelemetry() {
        int capacity = flow.length;
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
        flow = Arrays.copyOf(flow, capacity);
        seq = Arrays.copyOf(seq, capacity);
        wireBytes = Arrays.copyOf(wireBytes, capacity);
        payloadBytes = Arrays.copyOf(payloadBytes, capacity);
        link = Arrays.copyOf(link, capacity);
        ingress = Arrays.copyOf(ingress, capacity);
        hop = Arrays.copyOf(hop, capacity);
        flags = Arrays.copyOf(flags, capacity);
        next = Arrays.copyOf(next, capacity);
        priority = Arrays.copyOf(priority, capacity);
        destination = Arrays.copyOf(destination, capacity);
        if (sentPs != null) {
            sentPs = Arrays.copyOf(sentPs, capacity);
        }
        if (path != null) {
            path = Arrays.copyOf(path, capacity * pathStride);
            pathLength = Arrays.copyOf(pathLength, capacity);
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
