package org.fabricsim.runtime.packet;

import java.util.List;

/**
 * A read-only view over a {@link PacketNetwork}'s counters, for reports and tests: one port's report, the
 * busiest ports and the run's totals. It copies nothing: each call reads the counters as they stand, so a
 * view taken before a run reports on it after. Nothing here is on the per-packet or per-event path.
 */
public final class PacketCounters {
    private final PacketNetwork network;

    PacketCounters(PacketNetwork network) {
        this.network = network;
    }

    /** The report of the port at the egress of {@code link}. */
    public PortReport port(int link) {
        return network.ports.report(network.graph, link);
    }

    /**
     * The reports of the busiest ports, at most {@value PortStatistics#REPORTED_PORTS}: deepest peak
     * queue first, then pause time, drops, bytes sent (ports that carried nothing are left out).
     */
    public List<PortReport> busiestPorts() {
        return network.ports.busiest(network.graph, PortStatistics.REPORTED_PORTS);
    }

    /** The run's totals: packet-hops, drops, trims, retransmitted and duplicate payload bytes, CNPs, headroom overflows, timeouts. */
    public PacketTotals totals() {
        PortStatistics ports = network.ports;
        Transport transport = network.transport;
        long drops = 0;
        long trimmed = 0;
        for (int link = 0; link < network.graph.linkCount(); link++) {
            drops += ports.drops[link];
            trimmed += ports.trimmed[link];
        }
        return new PacketTotals(network.forwarding.packetHops, drops, trimmed, transport.retransmittedBytes,
                transport.receiver.duplicateBytes, network.cnps, network.buffers.headroomDrops, transport.timeouts,
                network.packets.peakLive());
    }
}
