package org.fabricsim.runtime.packet;

/**
 * Swift's parameters (Kumar et al., "Swift: Delay is Simple and Effective for Congestion Control in
 * the Datacenter", SIGCOMM 2020), the delay-based congestion control Ultra Ethernet's NSCC follows.
 *
 * <p>The rule is the paper's Algorithm 1, per acknowledgement of one packet with round-trip delay d
 * (the packet leaving its NIC to its acknowledgement reaching the sender) against the flow's target
 * delay t = {@code baseTargetPs} + hops × {@code hopScalingPs}: if d &lt; t the window grows
 * additively, cwnd ← cwnd + ai / cwnd (cwnd ≥ 1) or cwnd + ai (cwnd &lt; 1); otherwise, at most once per
 * round trip (the last decrease at least d ago), cwnd ← cwnd × max(1 − β (d − t) / d, 1 − max_mdf).
 * The window is kept in [{@code minWindowPackets}, the window that fills the line at the target delay].
 * The backend's NICs pace by rate, so the window is sent as the rate cwnd × packet wire bytes / d,
 * at most the line rate (a window of cwnd packets per round trip d; below one packet the paper paces
 * one packet every d / cwnd, the same rate). Flow-count scaling of the target (the paper's §3.5) is
 * not modelled (assumed: it only matters for hundreds of flows per bottleneck).
 *
 * @param baseTargetPs     the target delay of a zero-hop path
 * @param hopScalingPs     target delay added per link of the path
 * @param additivePackets  ai, the window's additive increase per round trip, packets
 * @param beta             β, the multiplicative decrease's gain
 * @param maxDecrease      max_mdf, the largest fraction one decrease takes off the window
 * @param minWindowPackets the smallest window, packets
 */
record Swift(long baseTargetPs, long hopScalingPs, double additivePackets, double beta, double maxDecrease,
        double minWindowPackets) {

    Swift {
        if (baseTargetPs <= 0 || hopScalingPs < 0 || !(additivePackets > 0) || !(beta > 0) || !(maxDecrease > 0)
                || maxDecrease >= 1 || !(minWindowPackets > 0)) {
            throw new IllegalArgumentException("Swift parameters out of range");
        }
    }

    /**
     * The paper publishes the algorithm but not its constants; these are those of the Ultra Ethernet
     * consortium's reference simulator (Broadcom/csg-htsim, {@code sim/swift.cpp}, {@code SwiftSrc}):
     * base target 20 µs, per-hop scaling 20 µs / 6.55 = 3.053 µs, ai = 1 packet, β = 0.8, max_mdf = 0.5.
     * The smallest window, 0.1 packet, is the paper's fs_min_cwnd (the window below which it paces).
     */
    static Swift defaults() {
        return new Swift(20_000_000L, Math.round(20_000_000L / 6.55), 1.0, 0.8, 0.5, 0.1);
    }

    /** The target delay of a path of {@code links} links, picoseconds. */
    long targetPs(int links) {
        return baseTargetPs + links * hopScalingPs;
    }
}
