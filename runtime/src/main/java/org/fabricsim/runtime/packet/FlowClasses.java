package org.fabricsim.runtime.packet;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * Flow classes (the {@link org.fabricsim.runtime.network.NetworkModel}'s unit: w identical flows
 * with one path, size and tag) in arrays indexed by class handle, recycled through a free list,
 * and the running estimate of the run's size, checked against the {@link RunLimits} at every
 * start so an oversized run stops before it simulates, and each flow's packet count against the
 * int range its sequence numbers have ({@link RunEstimate#checkFlow}). O(path length) per class.
 */
final class FlowClasses {
    private final Graph graph;
    private final PacketConfig config;
    private final long switches;
    private int[][] path = new int[64][];
    private int[] tag = new int[64];
    private int[] remaining = new int[64];
    private long[] startPs = new long[64];
    private long[] propagationPs = new long[64];
    private long[] feedbackPs = new long[64];
    private long[] roundTripPs = new long[64];
    private double[] bytesPerFlow = new double[64];
    private int[] free = new int[64];
    private int freeCount;
    private int slots;
    private int active;
    double bytesStarted;
    double bytesDelivered;
    long classesStarted;
    long flowsStarted;
    private double estimatedHops;
    private double startedBytesForEstimate;

    FlowClasses(Graph graph, PacketConfig config) {
        this.graph = graph;
        this.config = config;
        this.switches = RunEstimate.switchCount(graph);
    }

    int open(int[] links, int length, double bytesPerFlow, int multiplicity, int classTag, long nowPs) {
        if (length < 1 || multiplicity < 1 || !(bytesPerFlow >= 0)) {
            throw new IllegalArgumentException("a flow needs a path, a multiplicity and a non-negative size");
        }
        RunEstimate.checkFlow(bytesPerFlow, config.mtuBytes());
        estimatedHops += (Math.ceil(bytesPerFlow / config.mtuBytes()) + 1) * multiplicity * length;
        startedBytesForEstimate += bytesPerFlow * multiplicity;
        flowsStarted += multiplicity;
        long memoryBytes = RunEstimate.of(config, switches, graph.linkCount(), startedBytesForEstimate, flowsStarted, 0)
                .memoryBytes();
        new RunEstimate((long) estimatedHops, memoryBytes).check(config.limits());
        int handle = freeCount > 0 ? free[--freeCount] : slots++;
        if (handle == tag.length) {
            int capacity = handle * 2;
            path = Arrays.copyOf(path, capacity);
            tag = Arrays.copyOf(tag, capacity);
            remaining = Arrays.copyOf(remaining, capacity);
            startPs = Arrays.copyOf(startPs, capacity);
            propagationPs = Arrays.copyOf(propagationPs, capacity);
            feedbackPs = Arrays.copyOf(feedbackPs, capacity);
            roundTripPs = Arrays.copyOf(roundTripPs, capacity);
            this.bytesPerFlow = Arrays.copyOf(this.bytesPerFlow, capacity);
            free = Arrays.copyOf(free, capacity);
        }
        this.bytesPerFlow[handle] = bytesPerFlow;
        path[handle] = Arrays.copyOf(links, length);
        tag[handle] = classTag;
        remaining[handle] = multiplicity;
        startPs[handle] = nowPs;
        long propagation = 0;
        double control = 0;
        double data = 0;
        for (int i = 0; i < length; i++) {
            propagation += graph.linkLatencyPs(links[i]);
            control += Transport.CONTROL_FRAME_BYTES * 1e12 / graph.linkBytesPerSecond(links[i]);
            data += config.packetWireBytes() * 1e12 / graph.linkBytesPerSecond(links[i]);
        }
        propagationPs[handle] = propagation;
        feedbackPs[handle] = propagation + (long) control;
        roundTripPs[handle] = 2 * propagation + (long) (control + data);
        bytesStarted += bytesPerFlow * multiplicity;
        classesStarted++;
        active++;
        return handle;
    }

    /** Sets up {@code flow}, one of class {@code handle}'s, in {@code flows}. */
    void initFlow(Flows flows, int flow, int handle, int priority, double lineBytesPerSecond, int hash) {
        int[] links = path[handle];
        long bytes = Math.round(bytesPerFlow[handle]);
        int packetCount = Math.toIntExact(Math.max(1, (bytes + config.mtuBytes() - 1) / config.mtuBytes()));
        flows.flowClass[flow] = handle;
        flows.setCarried(flow, priority, graph.linkTo(links[links.length - 1]), links);
        flows.firstLink[flow] = links[0];
        flows.bytes[flow] = bytes;
        flows.counters[Flows.packetCount(flow)] = packetCount;
        flows.counters[Flows.lastPayload(flow)] = (int) (bytes - (long) (packetCount - 1) * config.mtuBytes());
        flows.hash[flow] = hash;
        flows.counters[Flows.nextSeq(flow)] = 0;
        flows.counters[Flows.maxSent(flow)] = 0;
        flows.setRate(flow, lineBytesPerSecond);
        flows.pacing[Flows.nextSendPs(flow)] = 0;
        flows.counters[Flows.expected(flow)] = 0;
        flows.counters[Flows.receivedCount(flow)] = 0;
        flows.deliveredBytes[flow] = 0;
        boolean selective = config.recovery() == PacketConfig.Recovery.SELECTIVE_REPEAT;
        flows.received[flow] = selective ? new long[(packetCount + 63) >>> 6] : null;
        flows.resend[flow] = selective ? new long[(packetCount + 63) >>> 6] : null;
        flows.trimmed[flow] = config.trimming() ? new long[(packetCount + 63) >>> 6] : null;
        flows.counters[Flows.resendCount(flow)] = 0;
        flows.resendCursor[flow] = 0;
        flows.recoveredUpTo[flow] = -1;
        flows.recoveryPs[flow] = Long.MIN_VALUE / 2;
        flows.highestReceived[flow] = 0;
        flows.lastNackSeq[flow] = -1;
        flows.nackAllowedPs[flow] = 0;
        flows.cnpAllowedPs[flow] = 0;
        flows.rtoArmed[flow] = false;
        flows.setDone(flow, false);
        flows.counters[Flows.refs(flow)] = 0;
    }

    /** Records a delivered flow of class {@code handle}; true when it was the class's last. */
    boolean flowDone(int handle, long deliveredBytes) {
        bytesDelivered += deliveredBytes;
        return --remaining[handle] == 0;
    }

    void close(int handle) {
        path[handle] = null;
        free[freeCount++] = handle;
        active--;
    }

    int active() {
        return active;
    }

    int tag(int handle) {
        return tag[handle];
    }

    long startPs(int handle) {
        return startPs[handle];
    }

    long propagationPs(int handle) {
        return propagationPs[handle];
    }

    long feedbackPs(int handle) {
        return feedbackPs[handle];
    }

    /** A full packet's trip to the destination plus the feedback's back: the unloaded round trip. */
    long roundTripPs(int handle) {
        return roundTripPs[handle];
    }

    /** The class's given path (not to be modified). */
    int[] path(int handle) {
        return path[handle];
    }

    /** Link {@code hop} of the class's given path (the last link past its end). */
    int pathLink(int handle, int hop) {
        int[] links = path[handle];
        return links[Math.min(hop, links.length - 1)];
    }

    /** The probability that a packet of {@code wireBytes} is corrupted on one link: 1 − (1 − BER)^(8·bytes). */
    double corruption(int wireBytes) {
        return -Math.expm1(8.0 * wireBytes * Math.log1p(-config.bitErrorRate()));
    }
}
