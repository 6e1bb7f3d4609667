package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.spec.PacketSettings;

/**
 * The parameters of the packet backend. Every default is sourced (see docs/packet-backend.md):
 *
 * <ul>
 * <li>MTU 4096 B of payload and 62 B of headers per packet: RoCEv2 = Ethernet 14 + IPv4 20 +
 * UDP 8 + BTH 12 + ICRC 4 + FCS 4 (InfiniBand Architecture Specification, Annex A17). Preamble
 * and inter-frame gap are not modelled.</li>
 * <li>Switch buffer 12 MiB shared by all ports, PFC reserve 4 KiB per ingress queue, resume
 * offset 3 KiB and the dynamic PFC threshold (B − headroom − reserve − shared used) ≫ 3: the
 * Broadcom shared-buffer MMU of the HPCC ns-3 simulator (alibaba-edu/High-Precision-Congestion-
 * Control, simulation/src/point-to-point/model/switch-mmu.cc; the shift 3 from scratch/third.cc).</li>
 * <li>Lossy egress admission by dynamic threshold α = 1 (Choudhury and Hahne, "Dynamic queue
 * length thresholds for shared-memory packet switches", IEEE/ACM ToN 1998).</li>
 * <li>DCQCN: {@link Dcqcn#defaults(double)}; HPCC: {@link Hpcc#defaults(double)}, both at the line rate;
 * Swift: {@link Swift#defaults()}; InfiniBand's: {@link IbCc#defaults()}; a scheduled fabric's:
 * {@link VoqScheduling#defaults()}.</li>
 * </ul>
 *
 * @param mtuBytes          payload bytes per full packet, positive
 * @param headerBytes       header bytes per packet on the wire, non-negative
 * @param buffer            switch memory management
 * @param priorities        queue classes of every port, 1 to 8: virtual lanes that a packet moves up one per hop
 *                          between switches from its flow's class on ({@link Forwarding}), served round robin
 *                          ({@link PortGates}); each has its own PFC pause, reserve and headroom
 *                          ({@link SwitchBuffers}) and its share of a port's credits ({@link PortGates})
 * @param flowControl       how the fabric avoids (or takes) loss
 * @param ecn               whether switches mark ECN (RED-like between Kmin and Kmax)
 * @param recovery          how endpoints recover lost packets
 * @param retransmitTimeoutPs retransmission timeout, picoseconds, positive
 * @param bitErrorRate      probability that one bit is corrupted on a link traversal, [0, 1)
 * @param congestionControl the end-to-end congestion control
 * @param dcqcn             DCQCN's parameters (used when congestionControl is DCQCN)
 * @param hpcc              HPCC's parameters (used when congestionControl is HPCC)
 * @param ibCc              InfiniBand congestion control's parameters (used when congestionControl is IB_CC)
 * @param routing           how switches pick the next hop of a packet
 * @param limits            the size of run the backend accepts
 * @param trimming          whether a switch trims a packet it cannot queue to its headers instead of dropping
 *                          it (NDP, Ultra Ethernet); needs selective repeat
 * @param scheduling        a scheduled fabric's credit size (used when congestionControl is SCHEDULED)
 * @param outOfOrderPlacement whether the receiving NIC places a packet that arrives out of order directly in memory
 *                          (ConnectX's out-of-order data placement, Spectrum-X's SuperNIC, Ultra Ethernet's unordered
 *                          delivery): reordering is then no loss signal ({@link Receiver}); needs selective repeat
 */
public record PacketConfig(int mtuBytes, int headerBytes, Buffer buffer, int priorities, FlowControl flowControl,
        boolean ecn, Recovery recovery, long retransmitTimeoutPs, double bitErrorRate,
        CongestionControl congestionControl, Dcqcn dcqcn, Hpcc hpcc, IbCc ibCc, PacketRouting routing, RunLimits limits,
        boolean trimming, VoqScheduling scheduling, boolean outOfOrderPlacement) {

    /** Lossless by PFC, lossless by link credits (InfiniBand, Omni-Path), or lossy tail drop. */
    public enum FlowControl { PFC, CREDIT, LOSSY }

    /** Go-back-N (RoCE NICs) or selective repeat (IRN, Ultra Ethernet). */
    public enum Recovery { GO_BACK_N, SELECTIVE_REPEAT }

    /**
     * End-to-end congestion control: none, DCQCN (ECN), HPCC (in-band telemetry), Swift (delay, {@link Swift}),
     * InfiniBand's (FECN/BECN and the congestion control table, {@link IbCc}), receiver-driven pull (NDP,
     * {@link Pulls}), a scheduled fabric's request/grant virtual output queues ({@link VoqScheduling}).
     */
    public enum CongestionControl { NONE, DCQCN, HPCC, SWIFT, IB_CC, NDP, SCHEDULED }

    /**
     * Shared-buffer memory management of every switch.
     *
     * @param switchBytes         buffer of one switch, shared by its ports
     * @param dynamicAlpha        lossy admission: a queue may hold α × (free buffer)
     * @param pfcReserveBytes     guaranteed bytes per ingress queue before the shared pool is used
     * @param pfcResumeOffsetBytes hysteresis between pause and resume
     * @param pfcShift            the PFC threshold is (free shared buffer) ≫ shift
     * @param creditPackets       credit-based flow control: packets of buffer per link and class
     */
    public record Buffer(long switchBytes, double dynamicAlpha, long pfcReserveBytes, long pfcResumeOffsetBytes,
            int pfcShift, int creditPackets) {
        public Buffer {
            if (switchBytes <= 0 || !(dynamicAlpha > 0) || pfcReserveBytes < 0 || pfcResumeOffsetBytes < 0
                    || pfcShift < 0 || pfcShift > 16 || creditPackets < 1) {
                throw new IllegalArgumentException("buffer parameters out of range");
            }
        }

        /** 12 MiB, α = 1, 4 KiB reserve, 3 KiB resume offset, shift 3, 64 credits (see the class comment). */
        public static Buffer defaults() {
            return new Buffer(12L << 20, 1.0, 4096, 3072, 3, 64);
        }
    }

    public PacketConfig {
        if (mtuBytes <= 0 || headerBytes < 0 || priorities < 1 || priorities > 8 || retransmitTimeoutPs <= 0
                || !(bitErrorRate >= 0) || bitErrorRate >= 1) {
            throw new IllegalArgumentException("packet parameters out of range");
        }
        if (buffer == null || flowControl == null || recovery == null || congestionControl == null || dcqcn == null
                || hpcc == null || ibCc == null || routing == null || limits == null || scheduling == null) {
            throw new IllegalArgumentException("every packet parameter is required");
        }
        if (trimming && recovery != Recovery.SELECTIVE_REPEAT) {
            throw new IllegalArgumentException("packet trimming needs selective repeat: the receiver NACKs each"
                    + " trimmed packet and the sender resends that one packet");
        }
        if (outOfOrderPlacement && recovery != Recovery.SELECTIVE_REPEAT) {
            throw new IllegalArgumentException("out-of-order placement needs selective repeat: go-back-N discards"
                    + " what arrives out of order");
        }
    }

    /**
     * RoCEv2 defaults for links of {@code lineBytesPerSecond}: PFC, no ECN, go-back-N, RTO 4 ms
     * (ns-3 HPCC, the QbbNetDevice retransmission timer is not used; 4 ms is the ConnectX minimum
     * local ACK timeout 4.096 µs × 2^10, assumed), no bit errors, no congestion control, the path
     * the caller gives.
     */
    public static PacketConfig roce(double lineBytesPerSecond) {
        return new PacketConfig(PacketSettings.DEFAULT_MTU_BYTES, PacketSettings.HEADER_BYTES, Buffer.defaults(), 1,
                FlowControl.PFC, false, Recovery.GO_BACK_N,
                4_194_304_000L, 0, CongestionControl.NONE, Dcqcn.defaults(lineBytesPerSecond),
                Hpcc.defaults(lineBytesPerSecond), IbCc.defaults(), PacketRouting.PATH, RunLimits.defaults(), false,
                VoqScheduling.defaults(), false);
    }

    /** Wire bytes of a full packet. */
    public int packetWireBytes() {
        return mtuBytes + headerBytes;
    }

    /** Payload efficiency of full packets, payload / (payload + headers). */
    public double payloadEfficiency() {
        return (double) mtuBytes / (mtuBytes + headerBytes);
    }

    public PacketConfig withMtuBytes(int value) {
        return new PacketConfig(value, headerBytes, buffer, priorities, flowControl, ecn, recovery, retransmitTimeoutPs,
                bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming, scheduling,
                outOfOrderPlacement);
    }

    public PacketConfig withHpcc(Hpcc value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, value, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withIbCc(IbCc value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, value, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withDcqcn(Dcqcn value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, value, hpcc, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withFlowControl(FlowControl value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, value, ecn, recovery, retransmitTimeoutPs,
                bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming, scheduling,
                outOfOrderPlacement);
    }

    public PacketConfig withEcn(boolean value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, value, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withRecovery(Recovery value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, value,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withBitErrorRate(double value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, value, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    /** DCQCN also turns on ECN marking, which it needs. */
    public PacketConfig withCongestionControl(CongestionControl value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl,
                ecn || value == CongestionControl.DCQCN, recovery, retransmitTimeoutPs, bitErrorRate, value, dcqcn,
                hpcc, ibCc, routing, limits, trimming, scheduling, outOfOrderPlacement);
    }

    public PacketConfig withRetransmitTimeoutPs(long value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery, value,
                bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming, scheduling,
                outOfOrderPlacement);
    }

    public PacketConfig withRouting(PacketRouting value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, value, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withBuffer(Buffer value) {
        return new PacketConfig(mtuBytes, headerBytes, value, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    /** Trimming, which needs selective repeat ({@link #withRecovery} first). */
    public PacketConfig withTrimming(boolean value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, value,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withLimits(RunLimits value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, value, trimming,
                scheduling, outOfOrderPlacement);
    }

    /** {@code value} virtual lanes per port ({@code priorities}), 1 to 8. */
    public PacketConfig withVirtualLanes(int value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, value, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                scheduling, outOfOrderPlacement);
    }

    public PacketConfig withScheduling(VoqScheduling value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                value, outOfOrderPlacement);
    }

    /** Out-of-order placement at the receiving NICs ({@link #outOfOrderPlacement}), which needs selective repeat. */
    public PacketConfig withOutOfOrderPlacement(boolean value) {
        return new PacketConfig(mtuBytes, headerBytes, buffer, priorities, flowControl, ecn, recovery,
                retransmitTimeoutPs, bitErrorRate, congestionControl, dcqcn, hpcc, ibCc, routing, limits, trimming,
                scheduling, value);
    }
}
