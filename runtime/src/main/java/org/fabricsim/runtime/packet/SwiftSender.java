package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * Swift's sender for every flow, in primitive arrays indexed by flow handle: the window in packets,
 * the flow's target delay, the largest window (the line rate at the target delay) and the time of
 * the last decrease. The rules are {@link Swift}'s; O(1) per acknowledgement.
 */
final class SwiftSender {
    private final Swift parameters;
    private final int packetWireBytes;
    private double[] windowPackets = new double[256];
    private double[] maxWindowPackets = new double[256];
    private long[] targetPs = new long[256];
    private long[] lastDecreasePs = new long[256];
    /** The delay of the flow's latest acknowledgement (its base round trip before the first): Swift's rtt. */
    private long[] lastDelayPs = new long[256];

    SwiftSender(Swift parameters, int packetWireBytes) {
        this.parameters = parameters;
        this.packetWireBytes = packetWireBytes;
    }

    void grow(int capacity) {
        windowPackets = Arrays.copyOf(windowPackets, capacity);
        maxWindowPackets = Arrays.copyOf(maxWindowPackets, capacity);
        targetPs = Arrays.copyOf(targetPs, capacity);
        lastDecreasePs = Arrays.copyOf(lastDecreasePs, capacity);
        lastDelayPs = Arrays.copyOf(lastDelayPs, capacity);
    }

    /**
     * A new flow over {@code links} links with unloaded round trip {@code baseRoundTripPs} starts with the
     * window that sends at line rate over that round trip (assumed: every flow of the backend starts at
     * line rate), and may decrease at once.
     */
    void reset(int flow, double lineBytesPerSecond, int links, long baseRoundTripPs) {
        targetPs[flow] = parameters.targetPs(links);
        maxWindowPackets[flow] = Math.max(parameters.minWindowPackets(),
                lineBytesPerSecond * targetPs[flow] * 1e-12 / packetWireBytes);
        windowPackets[flow] = Math.min(maxWindowPackets[flow],
                Math.max(parameters.minWindowPackets(), lineBytesPerSecond * baseRoundTripPs * 1e-12 / packetWireBytes));
        lastDecreasePs[flow] = Long.MIN_VALUE / 2;
        lastDelayPs[flow] = baseRoundTripPs;
    }

    /**
     * The acknowledgement of one packet of {@code flow}, sent {@code delayPs} ago, reached the sender at
     * {@code nowPs}: returns the flow's new rate, bytes per second, at most {@code lineBytesPerSecond}.
     */
    double onAck(int flow, long delayPs, long nowPs, double lineBytesPerSecond) {
        double window = windowPackets[flow];
        long target = targetPs[flow];
        if (delayPs < target) {
            window += window >= 1 ? parameters.additivePackets() / window : parameters.additivePackets();
        } else if (nowPs - lastDecreasePs[flow] >= delayPs) {
            window *= Math.max(1 - parameters.beta() * (delayPs - target) / delayPs, 1 - parameters.maxDecrease());
            lastDecreasePs[flow] = nowPs;
        }
        lastDelayPs[flow] = delayPs;
        return keep(flow, window, lineBytesPerSecond);
    }

    /**
     * A trimmed packet's NACK reached the sender at {@code nowPs}: a switch's queue was full, a congestion
     * signal as a loss is. Swift's fast recovery (Algorithm 1, "On Fast Recovery"): if the last decrease is at
     * least one rtt old (the latest acknowledgement's delay), cwnd ← (1 − max_mdf) × cwnd. Returns the flow's
     * rate, bytes per second, at most {@code lineBytesPerSecond}. O(1).
     */
    double onTrim(int flow, long nowPs, double lineBytesPerSecond) {
        double window = windowPackets[flow];
        if (nowPs - lastDecreasePs[flow] >= lastDelayPs[flow]) {
            window *= 1 - parameters.maxDecrease();
            lastDecreasePs[flow] = nowPs;
        }
        return keep(flow, window, lineBytesPerSecond);
    }

    /** Keeps {@code window} within its bounds as the flow's and returns its rate over the latest rtt. */
    private double keep(int flow, double window, double lineBytesPerSecond) {
        double kept = Math.max(parameters.minWindowPackets(), Math.min(maxWindowPackets[flow], window));
        windowPackets[flow] = kept;
        return Math.min(lineBytesPerSecond, kept * packetWireBytes / (Math.max(1, lastDelayPs[flow]) * 1e-12));
    }
}
