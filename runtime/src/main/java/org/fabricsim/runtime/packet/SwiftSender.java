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

    SwiftSender(Swift parameters, int packetWireBytes) {
        this.parameters = parameters;
        this.packetWireBytes = packetWireBytes;
    }

    void grow(int capacity) {
        windowPackets = Arrays.copyOf(windowPackets, capacity);
        maxWindowPackets = Arrays.copyOf(maxWindowPackets, capacity);
        targetPs = Arrays.copyOf(targetPs, capacity);
        lastDecreasePs = Arrays.copyOf(lastDecreasePs, capacity);
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
        window = Math.max(parameters.minWindowPackets(), Math.min(maxWindowPackets[flow], window));
        windowPackets[flow] = window;
        return Math.min(lineBytesPerSecond, window * packetWireBytes / (Math.max(1, delayPs) * 1e-12));
    }
}
