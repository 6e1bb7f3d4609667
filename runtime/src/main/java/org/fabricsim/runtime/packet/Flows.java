package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * Per-flow state of the transport in primitive arrays indexed by flow handle, recycled through a
 * free list once a flow has finished and nothing in flight refers to it ({@link #refs}: packets,
 * feedback and timers pending). Sender and receiver state of one flow sit side by side: the
 * receiver's state is read only by events that model its feedback.
 */
final class Flows {
    int[] flowClass = new int[256];
    int[] firstLink = new int[256];
    int[] packetCount = new int[256];
    int[] lastPayload = new int[256];
    long[] bytes = new long[256];
    int[] hash = new int[256];
    /** Sender: the next new sequence number (go-back-N rewinds it). */
    int[] nextSeq = new int[256];
    /** Sender: one past the highest sequence ever sent. */
    int[] maxSent = new int[256];
    double[] rateBytesPerSecond = new double[256];
    long[] nextSendPs = new long[256];
    /** Receiver: the cumulative next expected sequence. */
    int[] expected = new int[256];
    int[] receivedCount = new int[256];
    long[] deliveredBytes = new long[256];
    /** Receiver (selective repeat): received bitmap; sender: packets to retransmit. */
    long[][] received = new long[256][];
    long[][] resend = new long[256][];
    /** Receiver (trimming): sequences whose trimmed header arrived and were NACKed one by one. */
    long[][] trimmed = new long[256][];
    int[] resendCount = new int[256];
    int[] resendCursor = new int[256];
    int[] recoveredUpTo = new int[256];
    int[] highestReceived = new int[256];
    int[] nackSeq = new int[256];
    int[] lastNackSeq = new int[256];
    long[] nackAllowedPs = new long[256];
    long[] cnpAllowedPs = new long[256];
    /** Sender: when the current recovery episode (go-back-N rewind, selective-repeat hole scan) began. */
    long[] recoveryPs = new long[256];
    int[] rtoProgress = new int[256];
    boolean[] rtoArmed = new boolean[256];
    /**
     * Whether each flow has been delivered, one bit per flow: the check every forwarding hop and
     * every NIC scan makes, so it is kept dense (128 KiB for a million flows) to stay in cache.
     */
    private long[] doneBits = new long[256 / 64];
    int[] refs = new int[256];
    /**
     * What a packet carries from its flow, one block of {@link #carriedStride} ints per flow: priority,
     * destination, the given path's length, then under PATH routing the path itself ({@link #fitPath}
     * widens the blocks). The block has the order of a packet's record from {@link Packets#CARRIED}, so that
     * a send copies it from one or two cache lines where separate arrays cost a miss per field.
     */
    int[] carried = new int[256 * CARRIED_FIELDS];
    private int carriedStride = CARRIED_FIELDS;
    private boolean carriesPaths;
    /** Sender (receiver-driven pull, {@link Pulls}): packets it may still send, or null under another control. */
    int[] pullCredits;
    private int[] free = new int[256];
    private int freeCount;
    private int slots;

    /** A fresh handle; {@code grown} is told the new capacity when the arrays grow. */
    int allocate(java.util.function.IntConsumer grown) {
        if (freeCount > 0) {
            return free[--freeCount];
        }
        if (slots == flowClass.length) {
            grow(slots * 2);
            grown.accept(slots * 2);
        }
        return slots++;
    }

    void release(int flow) {
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = flow;
        received[flow] = null;
        resend[flow] = null;
        trimmed[flow] = null;
    }

    /** Fields of a carried block before the path: priority, destination, path length (as a packet's record has them). */
    static final int CARRIED_FIELDS = 3;

    /** Where {@code flow}'s carried block begins in {@link #carried}. */
    int carriedAt(int flow) {
        return flow * carriedStride;
    }

    int priority(int flow) {
        return carried[flow * carriedStride];
    }

    /**
     * Sets what {@code flow}'s packets carry: its priority, the destination (the end of the path's last
     * link, {@code destination}) and, once {@link #fitPath} was called, the path {@code links}.
     */
    void setCarried(int flow, int priority, int destination, int[] links) {
        int at = flow * carriedStride;
        carried[at] = priority;
        carried[at + 1] = destination;
        carried[at + 2] = links.length;
        if (carriesPaths) {
            System.arraycopy(links, 0, carried, at + CARRIED_FIELDS, links.length);
        }
    }

    /**
     * Widens every carried block to hold a path of at least {@code length} links, keeping the blocks
     * already set; from now on {@link #setCarried} copies paths. O(flows × stride) when it widens.
     */
    void fitPath(int length) {
        carriesPaths = true;
        int wider = CARRIED_FIELDS + length;
        if (wider <= carriedStride) {
            return;
        }
        int capacity = flowClass.length;
        int[] widened = new int[capacity * wider];
        for (int flow = 0; flow < slots; flow++) {
            System.arraycopy(carried, flow * carriedStride, widened, flow * wider, carriedStride);
        }
        carried = widened;
        carriedStride = wider;
    }

    /** Handles ever used: the bound of a scan over flows. */
    int slots() {
        return slots;
    }

    /** Whether the sender has a packet to send (new or to resend) and, under receiver-driven pull, a pull to send it on. */
    boolean hasData(int flow) {
        return !done(flow) && (nextSeq[flow] < packetCount[flow] || resendCount[flow] > 0)
                && (pullCredits == null || pullCredits[flow] > 0);
    }

    boolean done(int flow) {
        return test(doneBits, flow);
    }

    void setDone(int flow, boolean value) {
        if (value) {
            set(doneBits, flow);
        } else {
            clear(doneBits, flow);
        }
    }

    static boolean test(long[] bits, int index) {
        return (bits[index >>> 6] & 1L << index) != 0;
    }

    static void set(long[] bits, int index) {
        bits[index >>> 6] |= 1L << index;
    }

    static void clear(long[] bits, int index) {
        bits[index >>> 6] &= ~(1L << index);
    }

    private void grow(int capacity) {
        if (pullCredits != null) {
            pullCredits = Arrays.copyOf(pullCredits, capacity);
        }
        flowClass = Arrays.copyOf(flowClass, capacity);
        firstLink = Arrays.copyOf(firstLink, capacity);
        packetCount = Arrays.copyOf(packetCount, capacity);
        lastPayload = Arrays.copyOf(lastPayload, capacity);
        bytes = Arrays.copyOf(bytes, capacity);
        carried = Arrays.copyOf(carried, capacity * carriedStride);
        hash = Arrays.copyOf(hash, capacity);
        nextSeq = Arrays.copyOf(nextSeq, capacity);
        maxSent = Arrays.copyOf(maxSent, capacity);
        rateBytesPerSecond = Arrays.copyOf(rateBytesPerSecond, capacity);
        nextSendPs = Arrays.copyOf(nextSendPs, capacity);
        expected = Arrays.copyOf(expected, capacity);
        receivedCount = Arrays.copyOf(receivedCount, capacity);
        deliveredBytes = Arrays.copyOf(deliveredBytes, capacity);
        received = Arrays.copyOf(received, capacity);
        resend = Arrays.copyOf(resend, capacity);
        trimmed = Arrays.copyOf(trimmed, capacity);
        resendCount = Arrays.copyOf(resendCount, capacity);
        resendCursor = Arrays.copyOf(resendCursor, capacity);
        recoveredUpTo = Arrays.copyOf(recoveredUpTo, capacity);
        highestReceived = Arrays.copyOf(highestReceived, capacity);
        nackSeq = Arrays.copyOf(nackSeq, capacity);
        lastNackSeq = Arrays.copyOf(lastNackSeq, capacity);
        nackAllowedPs = Arrays.copyOf(nackAllowedPs, capacity);
        cnpAllowedPs = Arrays.copyOf(cnpAllowedPs, capacity);
        recoveryPs = Arrays.copyOf(recoveryPs, capacity);
        rtoProgress = Arrays.copyOf(rtoProgress, capacity);
        rtoArmed = Arrays.copyOf(rtoArmed, capacity);
        doneBits = Arrays.copyOf(doneBits, (capacity + 63) >>> 6);
        refs = Arrays.copyOf(refs, capacity);
    }
}
