package org.fabricsim.runtime.packet;

import java.util.Locale;

import org.fabricsim.runtime.topology.Graph;

/**
 * The size of a packet run, estimated before it starts: packet-hops H = Σ_flows ⌈S/MTU⌉·(path
 * links), and memory M = 300 B per flow (its state in {@link Flows} and the NIC lists) + 48 B
 * per link and priority (queues, counters) + 2 KiB per link of port histograms + 40 B per packet
 * that the switch buffers can hold at once (the packet arrays' peak) + the selective-repeat
 * bitmaps (2 bits per packet). O(nodes) from a graph; O(1) from its switch and link counts, the
 * form {@link FlowClasses} re-evaluates at every start.
 *
 * @param packetHops estimated packet-hop events
 * @param memoryBytes estimated heap
 */
public record RunEstimate(long packetHops, long memoryBytes) {
    static final long FLOW_BYTES = 300;

    /** The estimate of {@code flows} flows moving {@code totalBytes} over paths of {@code meanPathLinks} links on {@code graph}. */
    public static RunEstimate of(PacketConfig config, Graph graph, double totalBytes, long flows, double meanPathLinks) {
        return of(config, switchCount(graph), graph.linkCount(), totalBytes, flows, meanPathLinks);
    }

    /** The switches of {@code graph}, O(nodes). */
    static long switchCount(Graph graph) {
        long switches = 0;
        for (int node = 0; node < graph.nodeCount(); node++) {
            switches += graph.nodeKind(node) == Graph.SWITCH ? 1 : 0;
        }
        return switches;
    }

    /** As {@link #of(PacketConfig, Graph, double, long, double)} on a graph of {@code switches} switches and {@code links} links. */
    static RunEstimate of(PacketConfig config, long switches, int links, double totalBytes, long flows,
            double meanPathLinks) {
        double packets = Math.ceil(totalBytes / config.mtuBytes()) + flows;
        long hops = (long) Math.min(Long.MAX_VALUE, packets * meanPathLinks);
        long bufferedPackets = switches * config.buffer().switchBytes() / config.packetWireBytes();
        double bitmaps = config.recovery() == PacketConfig.Recovery.SELECTIVE_REPEAT ? packets / 4 : 0;
        double memory = flows * (double) FLOW_BYTES + links * (48.0 * config.priorities() + 2048)
                + 40.0 * bufferedPackets + bitmaps;
        return new RunEstimate(hops, (long) Math.min(Long.MAX_VALUE, memory));
    }

    /**
     * The most packets one flow may have, 2³¹ − 1: a flow's packet count, sequence numbers and receive state are
     * ints ({@code Flows.counters}, one 32-byte record per flow that every send reads; longs would double it). A
     * flow of 512 GiB at a 256 B MTU is 2³¹ packets; at one link per packet it is also past the default limit of
     * 2·10⁹ packet-hops ({@link RunLimits#defaults}), so at the default limits it is refused either way, and with
     * raised limits by this check alone.
     */
    public static final long MAX_PACKETS_PER_FLOW = Integer.MAX_VALUE;

    /**
     * Throws {@link PacketRunTooLargeException} naming the flow's size, the MTU and the limit when one flow of
     * {@code bytesPerFlow} is more than {@link #MAX_PACKETS_PER_FLOW} packets of {@code mtuBytes}.
     */
    static void checkFlow(double bytesPerFlow, int mtuBytes) {
        double packets = Math.ceil(bytesPerFlow / mtuBytes);
        if (packets > MAX_PACKETS_PER_FLOW) {
            throw new PacketRunTooLargeException(String.format(Locale.ROOT,
                    "this packet-level run is too large: one flow of %.0f B (%.4g GiB) at a %d B MTU is %.4g"
                            + " packets, more than the %d packets per flow the packet backend counts (and, at one"
                            + " link per packet, more than its default limit of %.3g packet-hops per run); run it on"
                            + " the flow backend ('network flow'), or use a larger MTU or smaller messages",
                    bytesPerFlow, bytesPerFlow / (1L << 30), mtuBytes, packets, MAX_PACKETS_PER_FLOW,
                    (double) RunLimits.defaults().maxPacketHops()));
        }
    }

    /** Throws {@link PacketRunTooLargeException} with the estimate and the advice when over {@code limits}. */
    public void check(RunLimits limits) {
        if (packetHops > limits.maxPacketHops() || memoryBytes > limits.maxMemoryBytes()) {
            throw new PacketRunTooLargeException(String.format(Locale.ROOT,
                    "this packet-level run is too large: about %.3g packet-hops (limit %.3g) and %.3g GB of memory"
                            + " (limit %.3g GB); run it on the flow backend ('network flow'), or shrink the"
                            + " message sizes or the cluster",
                    (double) packetHops, (double) limits.maxPacketHops(), memoryBytes / 1e9,
                    limits.maxMemoryBytes() / 1e9));
        }
    }
}
