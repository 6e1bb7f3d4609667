package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.PacketConfig;

/**
 * The queue Swift ({@code uec-cc}; the packet backend's {@code Swift}, the delay-based control Ultra Ethernet's NSCC
 * follows) keeps standing at a bottleneck, which decides whether its backlog fills the next switch's ingress and
 * blocks the link into it ({@link FabricBehaviour#backlogBufferBytes(double)}).
 *
 * <p><b>Derivation.</b> Swift grows a flow's window while its round-trip delay d is below the target t = t₀ + L·h
 * (t₀ the base target, h the per-link scaling, L the path's links) and cuts it once per round trip above it, so the
 * senders of a saturated link hold its delay at t: its queue stands at Q = c·(t − d₀), with d₀ the path's unloaded
 * round trip and c the line rate. Unlike DCQCN, HPCC and IB CC, whose marking thresholds (or telemetry target) keep
 * the queue below a credit, Swift's target is a time set for the datacenter's round trips (20 µs), so its queue
 * grows with the line rate. Q is smallest on the shortest path the scenarios measure (one switch, L = 2): with the
 * packet backend's defaults (t₀ = 20 µs, h = 20 µs / 6.55 = 3.053 µs) t = 26.107 µs; d₀ = 2·L·1 µs of propagation
 * plus, per link, a data packet's serialization (4,096 B payload + 62 B headers at 100 Gb/s: 0.333 µs) and its
 * acknowledgement's 64 B frame (0.005 µs), 4.676 µs; Q = 12.5 GB/s × 21.43 µs = 268 KB (the packet backend's 7:1
 * Swift incast holds its mean queue within 15% of it: PacketSwiftTest). That is above a link's credit (64 × 4,096 B
 * = 262 KB: credits block as without congestion control, if by a margin of 2%) and far below PFC's pause threshold in
 * the scenarios' 12 MiB switch (1.33 MiB: PFC does not block; a stated buffer below 9 × (Q − reserve) would). The
 * packet backend agrees: on credits the ideal flow model runs the held-out mixed step 11.8% faster than the packet
 * backend under Swift (16.0% without congestion control, whose backlog blocks), under PFC 2.0%.
 *
 * <p><b>No other mechanism.</b> A lone flow runs at the line: Swift's window is capped at the line rate at the
 * target delay, above the unloaded path's bandwidth-delay product since t &gt; d₀ (unlike HPCC's η, {@link
 * HpccPacing}). Swift reads one end-to-end delay, so sprayed or adaptively routed hops are seen as every other
 * (HPCC's per-hop blindness and hash collisions do not apply). Its window self-clocks: when a crowd leaves, the queue
 * drains and a flow left with a window of w packets sends at w·(wire bytes) / d₀ at once, the line when w ≥ c·d₀ /
 * 4,158 B = 14 packets, else after at most 14 additive round trips of d₀ (66 µs), so nothing is inherited over the
 * held-out patterns' milliseconds (unlike DCQCN's timers, {@link DcqcnInheritedCut}, and IB CC's index, {@link
 * IbCcRecovery}).
 *
 * <p>Assumptions: once it blocks, the link's factor is {@code HeadOfLineBlocking}'s as without congestion control,
 * with the backlog its episode's held bytes would build at line rate; Swift's windows bound the backlog near Q, which
 * holds the block for as long as the link stays saturated, so the two agree once the episode outlasts the first
 * credit's fill (the held-out mixed step above). Q is read at the scenarios' line rate, as the table's rows are
 * measured there; flow-count scaling of the target (Swift's §3.5) is not modelled, as in the packet backend. O(1).
 */
final class SwiftQueue {
    /** The packet backend's base target delay t₀, picoseconds (its {@code Swift.defaults()}). */
    static final long BASE_TARGET_PS = 20_000_000L;
    /** The packet backend's target delay added per link of the path, h, picoseconds. */
    static final long HOP_SCALING_PS = Math.round(20_000_000L / 6.55);
    /** The packet backend's acknowledgement frame, bytes. */
    static final int ACK_FRAME_BYTES = 64;
    /** The links of the shortest path the scenarios measure: one switch. */
    private static final int SHORTEST_PATH_LINKS = FabricBehaviour.PATH_LINKS[0];
    /** {@link #standingBytes()}, computed once: it reads only the scenarios' constants. */
    private static final double STANDING_BYTES = standing();

    private SwiftQueue() {
    }

    /** Q = c·(t − d₀) on the scenarios' shortest path (see the class comment), bytes. */
    static double standingBytes() {
        return STANDING_BYTES;
    }

    private static double standing() {
        PacketConfig scenario = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND);
        double line = TrafficPattern.LINE_BYTES_PER_SECOND;
        double targetPs = BASE_TARGET_PS + SHORTEST_PATH_LINKS * HOP_SCALING_PS;
        double serializationPs = (scenario.packetWireBytes() + ACK_FRAME_BYTES) / line * 1e12;
        double baseRoundTripPs = SHORTEST_PATH_LINKS * (2.0 * TrafficPattern.LATENCY_PS + serializationPs);
        return line * (targetPs - baseRoundTripPs) * 1e-12;
    }

    /** Whether Swift's standing queue outgrows {@code admittedBytes}, what one ingress of the next switch holds. */
    static boolean outgrows(double admittedBytes) {
        return STANDING_BYTES > admittedBytes;
    }
}
