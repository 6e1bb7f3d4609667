package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * Per-flow state of the transport in primitive arrays indexed by flow handle, recycled through a
 * free list once a flow has finished and nothing in flight refers to it ({@link #refs}: packets,
 * feedback and timers pending). Sender and receiver state of one flow sit side by side: the
 * receiver's state is read only by events that model its feedback.
 *
 * <p>The eight counters every packet's send or delivery reads ({@link #counters}) sit together in one
 * record of 8 ints (32 bytes) per flow: with a million flows active at once each send touches another
 * flow, and one record costs one cache miss where eight arrays cost eight.
 */
final class Flows {
    /** Sender: the next new sequence number (go-back-N rewinds it). */
    private static final int NEXT_SEQ = 0;
    /** Sender: one past the highest sequence ever sent. */
    private static final int MAX_SENT = 1;
    private static final int PACKET_COUNT = 2;
    private static final int LAST_PAYLOAD = 3;
    /** Sender: sequences queued for retransmission. */
    private static final int RESEND_COUNT = 4;
    /** Packets, feedback and timers in flight that refer to the flow. */
    private static final int REFS = 5;
    /** Receiver: the cumulative next expected sequence. */
    private static final int EXPECTED = 6;
    private static final int RECEIVED_COUNT = 7;
    private static final int COUNTERS = 8;
    /** The per-flow counters, {@value #COUNTERS} ints per flow, indexed by {@link #nextSeq} and its siblings. */
    int[] counters = new int[256 * COUNTERS];
    int[] flowClass = new int[256];
    int[] firstLink = new int[256];
    long[] bytes = new long[256];
    int[] hash = new int[256];
    /**
     * The sender's pacing, two longs per flow side by side (one cache line, which a send reads once): when its
     * next packet may leave ({@link #nextSendPs}, picoseconds) and its current rate R_C in bytes per second (the
     * bits of the double, {@link #rate}).
     */
    long[] pacing = new long[256 * 2];
    long[] deliveredBytes = new long[256];
    /** Receiver (selective repeat): received bitmap; sender: packets to retransmit. */
    long[][] received = new long[256][];
    long[][] resend = new long[256][];
    /** Receiver (trimming): sequences whose trimmed header arrived and were NACKed one by one. */
    long[][] trimmed = new long[256][];
    int[] resendCursor = new int[256];
    int[] recoveredUpTo = new int[256];
    int[] highestReceived = new int[256];
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
    /**
     * What a packet carries from its flow, one block of {@link #carriedStride} ints per flow: priority,
     * destination, the given path's length, then under PATH routing the path itself ({@link #fitPath}
     * widens the blocks). The block has the order of a packet's record from {@link Packets#CARRIED}, so that
     * a send copies it from one or two cache lines where separate arrays cost a miss per field.
     */
    int[] carried = new int[256 * CARRIED_FIELDS];
    private int carriedStride = CARRIED_FIELDS;
    private boolean carriesPaths;
    /**
     * Sender's credit: packets it may still send under receiver-driven pull ({@link Pulls}), wire bytes under a
     * scheduled fabric ({@link VoqScheduler}); null under another control. It sends while this is positive.
     */
    int[] pullCredits;
    /**
     * HPCC's window ({@link HpccSender#windowEndSeq}): one past the last new sequence the sender may send, so that its
     * unacknowledged payload stays under W = R·T; null under another control. Resent sequences do not wait on it.
     */
    int[] windowEndSeq;
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

    /** Index in {@link #counters} of {@code flow}'s next new sequence number (go-back-N rewinds it). */
    static int nextSeq(int flow) {
        return flow * COUNTERS + NEXT_SEQ;
    }

    /** Index of one past the highest sequence {@code flow} ever sent. */
    static int maxSent(int flow) {
        return flow * COUNTERS + MAX_SENT;
    }

    /** Index of the number of packets of {@code flow}. */
    static int packetCount(int flow) {
        return flow * COUNTERS + PACKET_COUNT;
    }

    /** Index of the payload bytes of {@code flow}'s last packet. */
    static int lastPayload(int flow) {
        return flow * COUNTERS + LAST_PAYLOAD;
    }

    /** Index of the number of {@code flow}'s sequences queued for retransmission. */
    static int resendCount(int flow) {
        return flow * COUNTERS + RESEND_COUNT;
    }

    /** Index of the count of packets, feedback and timers in flight that refer to {@code flow} (−1 once released). */
    static int refs(int flow) {
        return flow * COUNTERS + REFS;
    }

    /** Index of {@code flow}'s receiver's cumulative next expected sequence. */
    static int expected(int flow) {
        return flow * COUNTERS + EXPECTED;
    }

    /** Index of the number of distinct packets {@code flow}'s receiver accepted. */
    static int receivedCount(int flow) {
        return flow * COUNTERS + RECEIVED_COUNT;
    }

    /** Index in {@link #pacing} of when {@code flow}'s next packet may leave, picoseconds. */
    static int nextSendPs(int flow) {
        return 2 * flow;
    }

    /** {@code flow}'s current sending rate R_C, bytes per second. */
    double rate(int flow) {
        return Double.longBitsToDouble(pacing[2 * flow + 1]);
    }

    void setRate(int flow, double bytesPerSecond) {
        pacing[2 * flow + 1] = Double.doubleToRawLongBits(bytesPerSecond);
    }

    /** Fields of a carried block before the path: priority, destination, path length (as a packet's record has them). */
    static final int CARRIED_FIELDS = 3;

    /** Where {@code flow}'s carried block begins in {@link #carried}. */
    int carriedAt(int flow) {
        return flow * carriedStride;
    }

    /** The sum of the first and the last int of {@code flow}'s carried block: a load of each cache line it may straddle. */
    int touchCarried(int flow) {
        int at = flow * carriedStride;
        return carried[at] + carried[at + carriedStride - 1];
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

    /**
     * Whether the sender has a packet to send (new, within HPCC's window, or to resend) and, under receiver-driven
     * pull, a pull to send it on.
     */
    boolean hasData(int flow) {
        int at = flow * COUNTERS;
        int next = counters[at + NEXT_SEQ];
        return !done(flow) && (next < counters[at + PACKET_COUNT] && (windowEndSeq == null || next < windowEndSeq[flow])
                || counters[at + RESEND_COUNT] > 0) && (pullCredits == null || pullCredits[flow] > 0);
    }

    /** Whether HPCC's window holds back {@code flow}'s next new packet. */
    boolean windowBound(int flow) {
        return windowEndSeq != null && counters[nextSeq(flow)] >= windowEndSeq[flow];
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
        if (windowEndSeq != null) {
            windowEndSeq = Arrays.copyOf(windowEndSeq, capacity);
        }
        flowClass = Arrays.copyOf(flowClass, capacity);
        firstLink = Arrays.copyOf(firstLink, capacity);
        bytes = Arrays.copyOf(bytes, capacity);
        carried = Arrays.copyOf(carried, capacity * carriedStride);
        counters = Arrays.copyOf(counters, capacity * COUNTERS);
        hash = Arrays.copyOf(hash, capacity);
        pacing = Arrays.copyOf(pacing, capacity * 2);
        deliveredBytes = Arrays.copyOf(deliveredBytes, capacity);
        received = Arrays.copyOf(received, capacity);
        resend = Arrays.copyOf(resend, capacity);
        trimmed = Arrays.copyOf(trimmed, capacity);
        resendCursor = Arrays.copyOf(resendCursor, capacity);
        recoveredUpTo = Arrays.copyOf(recoveredUpTo, capacity);
        highestReceived = Arrays.copyOf(highestReceived, capacity);
        lastNackSeq = Arrays.copyOf(lastNackSeq, capacity);
        nackAllowedPs = Arrays.copyOf(nackAllowedPs, capacity);
        cnpAllowedPs = Arrays.copyOf(cnpAllowedPs, capacity);
        recoveryPs = Arrays.copyOf(recoveryPs, capacity);
        rtoProgress = Arrays.copyOf(rtoProgress, capacity);
        rtoArmed = Arrays.copyOf(rtoArmed, capacity);
        doneBits = Arrays.copyOf(doneBits, (capacity + 63) >>> 6);
    }
}
