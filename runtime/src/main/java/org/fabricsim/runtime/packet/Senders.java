package org.fabricsim.runtime.packet;

/**
 * The fabric's congestion control at the senders, one of DCQCN, HPCC, Swift, InfiniBand CC,
 * receiver-driven pull or a scheduled fabric's request/grant credits (DCQCN's state is always kept: a
 * run without congestion control counts the marks it would have answered). Starts each flow at its line rate, reacts to a marked packet
 * (DCQCN's CNP, at most one per interval; InfiniBand's BECN, one per FECN) and turns an
 * acknowledgement or a trimmed packet's NACK into a rate. O(1) per event, no allocation.
 */
final class Senders {
    final DcqcnSender dcqcn;
    /** HPCC's senders, or null under another congestion control. */
    private final HpccSender hpcc;
    /** Swift's senders, or null under another congestion control. */
    private final SwiftSender swift;
    /** InfiniBand congestion control's sources, or null under another congestion control. */
    final IbCcSender ibCc;
    /** Receiver-driven pull's credits and receivers, or null under another congestion control. */
    final Pulls pulls;
    /** A scheduled fabric's egress credit schedulers, or null under another congestion control. */
    final VoqScheduler scheduler;
    private final PacketNetwork network;
    private final PacketConfig config;
    private final Flows flows;

    Senders(PacketNetwork network, PacketConfig config, Flows flows, double[] lineBytesPerSecond) {
        this.network = network;
        this.config = config;
        this.flows = flows;
        PacketConfig.CongestionControl control = config.congestionControl();
        dcqcn = new DcqcnSender(config.dcqcn());
        hpcc = control == PacketConfig.CongestionControl.HPCC ? new HpccSender(config.hpcc()) : null;
        if (hpcc != null) {
            flows.windowEndSeq = new int[flows.flowClass.length];
        }
        swift = control == PacketConfig.CongestionControl.SWIFT
                ? new SwiftSender(Swift.defaults(), config.packetWireBytes()) : null;
        ibCc = control == PacketConfig.CongestionControl.IB_CC ? new IbCcSender(config.ibCc(), network, flows) : null;
        pulls = control == PacketConfig.CongestionControl.NDP
                ? new Pulls(network, flows, network.nodeCount(), config.packetWireBytes()) : null;
        scheduler = control == PacketConfig.CongestionControl.SCHEDULED
                ? new VoqScheduler(network, flows, config, lineBytesPerSecond.length) : null;
    }

    /** A flow starts on NIC port {@code link}, at its line rate. */
    void reset(int flow, int link) {
        double line = network.lineRate(link);
        dcqcn.reset(flow, line);
        if (hpcc != null) {
            hpcc.reset(flow, line);
            flows.windowEndSeq[flow] = hpcc.windowEndSeq(flow, 0, line, network.roundTripPs(flow), config.mtuBytes());
        }
        if (swift != null) {
            swift.reset(flow, line, network.pathLinks(flow), network.roundTripPs(flow));
        }
        if (ibCc != null) {
            ibCc.reset(flow, line);
        }
        if (pulls != null) {
            pulls.reset(flow, line, network.roundTripPs(flow));
        }
        if (scheduler != null) {
            scheduler.reset(flow, network.egressLink(flow));
        }
    }

    /** The sender sent a packet of {@code wireBytes}: it spends a pull, or a scheduled fabric's credit. */
    void spend(int flow, int wireBytes) {
        if (pulls != null) {
            pulls.spend(flow);
        } else if (scheduler != null) {
            scheduler.spend(flow, wireBytes);
        }
    }

    /**
     * A NACK, a trimmed packet's NACK or a timeout queued {@code packets} more to send: a scheduled fabric's sender
     * requests their credit.
     */
    void requeued(int flow, int packets) {
        if (scheduler != null) {
            scheduler.requeued(flow, packets);
        }
    }

    /** The per-flow arrays follow the flows' capacity. */
    void grow(int capacity) {
        dcqcn.grow(capacity);
        if (hpcc != null) {
            hpcc.grow(capacity);
        }
        if (swift != null) {
            swift.grow(capacity);
        }
        if (ibCc != null) {
            ibCc.grow(capacity);
        }
        if (scheduler != null) {
            scheduler.grow(capacity);
        }
    }

    /** Whether every data packet is acknowledged (HPCC's telemetry, Swift's send time). */
    boolean acknowledgeEveryPacket() {
        return hpcc != null || swift != null;
    }

    /** A marked packet arrived: a CNP to DCQCN's sender (at most one per interval), or InfiniBand's BECN (one per FECN). */
    void onMarked(int flow) {
        if (ibCc != null) {
            network.countCnp();
            ibCc.sendBecn(flow);
            return;
        }
        long nowPs = network.nowPs();
        if (nowPs < flows.cnpAllowedPs[flow]) {
            return;
        }
        flows.cnpAllowedPs[flow] = nowPs + config.dcqcn().cnpIntervalPs();
        network.countCnp();
        if (config.congestionControl() == PacketConfig.CongestionControl.DCQCN) {
            flows.counters[Flows.refs(flow)]++;
            network.schedule(nowPs + network.feedbackPs(flow), EventTypes.CNP, flow);
        }
    }

    /** The rate an acknowledgement sets (HPCC from the telemetry, Swift from the delay), or 0 to keep the rate. */
    double onAck(Packets packets, int packet, int flow, double[] lineBytesPerSecond) {
        double line = lineBytesPerSecond[flows.firstLink[flow]];
        long nowPs = network.nowPs();
        return hpcc != null ? hpcc.onAck(packets, packet, flow, packets.seq(packet), flows.counters[Flows.maxSent(flow)],
                network.roundTripPs(flow), line, lineBytesPerSecond)
                : swift.onAck(flow, nowPs - packets.sentPs[packet], nowPs, line);
    }

    /**
     * HPCC: the acknowledgement {@code packet} moves the flow's window to the cumulative acknowledgement it carries
     * and the flow's rate now ({@link HpccSender#windowEndSeq}); a flow the window held back and no longer holds is
     * offered to its NIC port again (ns-3 triggers the NIC on every acknowledgement). O(1) besides the port's send.
     */
    void slideWindow(Packets packets, int packet, int flow) {
        if (hpcc != null) {
            boolean held = flows.windowBound(flow);
            flows.windowEndSeq[flow] = hpcc.windowEndSeq(flow, packets.cumulativeAck(packet), flows.rate(flow),
                    network.roundTripPs(flow), config.mtuBytes());
            if (held && !flows.windowBound(flow)) {
                network.tryTransmit(flows.firstLink[flow]);
            }
        }
    }

    /** A trimmed packet's NACK reached the sender: Swift takes it as a congestion signal ({@link SwiftSender#onTrim}). */
    void onTrimNack(int flow, double lineBytesPerSecond) {
        if (swift != null) {
            CongestionEvents.setRate(network, flows, flow, swift.onTrim(flow, network.nowPs(), lineBytesPerSecond));
        }
    }
}
