package org.fabricsim.runtime.spec;

import java.util.Locale;

/**
 * A link technology and how it behaves.
 *
 * @param name                 qualified name
 * @param vendor               the maker, or the standards body of an open standard
 * @param scope                where it is used
 * @param openStandard         an open multi-vendor standard (Ethernet/UEC, UALink) rather than single-source
 * @param acceleratorVendor    the only accelerator vendor it works with, or "" when it works with any
 * @param linkBytesPerSecond   rate of one link in one direction, bytes per second
 * @param latencyPs            per-hop link latency, picoseconds
 * @param flowControl          how the fabric avoids or takes loss, as the language states it ({@code lossless pfc},
 *                             {@code lossless credit-based}, {@code lossy}, ...): the one source of both backends
 *                             (the packet backend's PFC, credits or tail drop; the flow model's behaviour-table
 *                             row, or the ideal when the fabric does not say how, docs/fabric-behaviour.md)
 * @param congestionControl    its congestion control
 * @param adaptiveRouting      it can route adaptively
 * @param packetSpraying       it can spray one flow's packets over all paths
 * @param inNetworkReduction   its switches can reduce data (SHARP, NVLS)
 * @param flowsPerPeer         flows a transfer to one network peer is spread over, each hashed onto its own
 *                             equal-cost path (ECMP entropy: connections × queue pairs per connection), in
 *                             [1, {@link #MAX_FLOWS_PER_PEER}]; {@link #DEFAULT_FLOWS_PER_PEER} unless stated
 * @param linkEfficiency       the share of the line rate a transfer achieves on this fabric's links and the NICs
 *                             attached to it, in (0, 1] (the model's {@code efficiency}; 1 is an ideal link for
 *                             cross-checks against closed forms), or 0 for the calibration profile's NIC
 *                             efficiency
 * @param packet               what only the packet backend reads: MTU, bit-error rate, DCQCN's parameters
 * @param recovery             how endpoints resend lost packets, as the language states it ({@code recovery
 *                             selective-repeat}), or {@link Recovery#UNSTATED} for the derived one; both backends
 *                             read it (the behaviour-table row, the packet backend's transport)
 */
public record FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
        double linkBytesPerSecond, long latencyPs, FlowControl flowControl, CongestionControl congestionControl,
        boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer,
        double linkEfficiency, PacketSettings packet, Recovery recovery) {

    /**
     * NCCL's flows per network peer: NCCL_NCHANNELS_PER_NET_PEER = 2 connections (NCCL environment
     * variables documentation) of NCCL_IB_QPS_PER_CONNECTION = 1 queue pair each (same page).
     */
    public static final int DEFAULT_FLOWS_PER_PEER = 2;
    /**
     * NCCL's bound on queue pairs per connection: NCCL_IB_MAX_QPS = 128 (NCCL src/transport/net_ib.cc;
     * net_ib/common.h in later releases).
     */
    public static final int MAX_FLOWS_PER_PEER = 128;

    public FabricSpec {
        Specs.requireName(name);
        Specs.requirePositive("linkBytesPerSecond", linkBytesPerSecond);
        Specs.requireNonNegative("latencyPs", latencyPs);
        if (flowsPerPeer < 1 || flowsPerPeer > MAX_FLOWS_PER_PEER) {
            throw new IllegalArgumentException("flowsPerPeer must be in [1, " + MAX_FLOWS_PER_PEER + "], was "
                    + flowsPerPeer);
        }
        if (!(linkEfficiency >= 0 && linkEfficiency <= 1)) {
            throw new IllegalArgumentException("linkEfficiency must be in [0, 1], was " + linkEfficiency);
        }
        if (flowControl == null || packet == null || recovery == null) {
            throw new IllegalArgumentException("a fabric needs its flow control and recovery (UNSTATED when it says"
                    + " nothing) and its packet settings (PacketSettings.DEFAULTS)");
        }
    }

    /** A fabric that does not state its recovery: each backend derives it ({@link Recovery#UNSTATED}). */
    public FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
            double linkBytesPerSecond, long latencyPs, FlowControl flowControl, CongestionControl congestionControl,
            boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer,
            double linkEfficiency, PacketSettings packet) {
        this(name, vendor, scope, openStandard, acceleratorVendor, linkBytesPerSecond, latencyPs, flowControl,
                congestionControl, adaptiveRouting, packetSpraying, inNetworkReduction, flowsPerPeer, linkEfficiency,
                packet, Recovery.UNSTATED);
    }

    /**
     * A fabric with the packet backend's default settings that states whether it is lossless but not how
     * ({@link FlowControl#LOSSLESS} or {@link FlowControl#UNSTATED}): the flow model runs it as the ideal fabric.
     */
    public FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
            double linkBytesPerSecond, long latencyPs, boolean lossless, CongestionControl congestionControl,
            boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer,
            double linkEfficiency) {
        this(name, vendor, scope, openStandard, acceleratorVendor, linkBytesPerSecond, latencyPs,
                lossless ? FlowControl.LOSSLESS : FlowControl.UNSTATED, congestionControl, adaptiveRouting,
                packetSpraying, inNetworkReduction, flowsPerPeer, linkEfficiency, PacketSettings.DEFAULTS);
    }

    /** A fabric whose links run at the calibration profile's NIC efficiency. */
    public FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
            double linkBytesPerSecond, long latencyPs, boolean lossless, CongestionControl congestionControl,
            boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer) {
        this(name, vendor, scope, openStandard, acceleratorVendor, linkBytesPerSecond, latencyPs, lossless,
                congestionControl, adaptiveRouting, packetSpraying, inNetworkReduction, flowsPerPeer, 0);
    }

    /** This fabric with {@code congestion} for its congestion control, every other setting as it is. */
    public FabricSpec withCongestionControl(CongestionControl congestion) {
        return new FabricSpec(name, vendor, scope, openStandard, acceleratorVendor, linkBytesPerSecond, latencyPs,
                flowControl, congestion, adaptiveRouting, packetSpraying, inNetworkReduction, flowsPerPeer,
                linkEfficiency, packet, recovery);
    }

    /**
     * Whether the flow model's endpoints resend only what was lost: the stated recovery, else selective repeat
     * where the fabric sprays packets, its transport trims and resends selectively (Ultra Ethernet,
     * receiver-driven pull) or the network routes so that flows arrive reordered ({@code reorderingRouting}:
     * adaptive routing or spraying, whether the fabric or the topology states it; out-of-order placement),
     * go-back-N otherwise. O(1).
     */
    public boolean resendsSelectively(boolean reorderingRouting) {
        return switch (recovery) {
            case GO_BACK_N -> false;
            case SELECTIVE_REPEAT -> true;
            case UNSTATED -> needsSelectiveRepeat(packetSpraying, congestionControl) || reorderingRouting;
        };
    }

    /**
     * Whether a fabric's transport resends selectively whatever its routing: it sprays packets (every flow
     * arrives reordered) or runs Ultra Ethernet's or receiver-driven transport (whose trimming needs it). The
     * editor rejects a stated go-back-N where this holds; under adaptive routing alone a stated go-back-N stays
     * valid (a NIC without out-of-order placement). O(1).
     */
    public static boolean needsSelectiveRepeat(boolean packetSpraying, CongestionControl cc) {
        return packetSpraying || cc.trimsAndResendsSelectively();
    }

    /** Whether the fabric never drops a packet under overload (PFC, credits, link-level retry). */
    public boolean lossless() {
        return flowControl.lossless();
    }

    /** Where a fabric is used. */
    public enum FabricScope {
        SCALE_UP, SCALE_OUT
    }

    /**
     * How a fabric avoids or takes loss, as the language states it. Both backends read it: the packet
     * backend runs tail drop when not {@link #lossless()}, link credits when {@link #creditBased()}, PFC
     * otherwise; the flow model takes the behaviour-table row of the same mechanism when {@link #stated()},
     * and the ideal fabric otherwise.
     */
    public enum FlowControl {
        /** Nothing stated: the flow model's ideal fabric; tail drop in the packet backend. */
        UNSTATED(false, false, false),
        /** 'lossless' without saying how: the flow model's ideal fabric; PFC in the packet backend. */
        LOSSLESS(true, false, false),
        /** 'lossless pfc': priority flow control pauses (IEEE 802.1Qbb). */
        PFC(true, false, true),
        /** 'lossless credit-based': link credits (InfiniBand, Omni-Path, NVLink). */
        CREDIT_BASED(true, true, true),
        /**
         * 'lossless link-level-retry': a link replays what it corrupted. Assumption: such a link is kept
         * lossless by link credits, as Omni-Path's "credit-based lossless with link-level replay" is.
         */
        LINK_LEVEL_RETRY(true, true, true),
        /** 'lossy': switches drop under overload. */
        LOSSY(false, false, true);

        private final boolean lossless;
        private final boolean creditBased;
        private final boolean stated;

        FlowControl(boolean lossless, boolean creditBased, boolean stated) {
            this.lossless = lossless;
            this.creditBased = creditBased;
            this.stated = stated;
        }

        /** Whether the fabric never drops a packet under overload. */
        public boolean lossless() {
            return lossless;
        }

        /** Whether link credits (not PFC pauses) keep it lossless. */
        public boolean creditBased() {
            return creditBased;
        }

        /** Whether it says how it handles overload (pauses, credits or drops), which selects its behaviour. */
        public boolean stated() {
            return stated;
        }
    }

    /**
     * How endpoints resend what was lost, as the language states it: go-back-N (the receiver drops everything
     * after a gap and the sender resends from it; RoCE NICs' default, InfiniBand RC) or selective repeat (only
     * the missing packets are resent; IRN on ConnectX-6 Dx and later, Mittal et al., SIGCOMM'18; UEC 1.0).
     */
    public enum Recovery {
        /** Not stated: derived from the transport (selective repeat when it sprays, trims or pulls). */
        UNSTATED,
        /** 'recovery go-back-n'. */
        GO_BACK_N,
        /** 'recovery selective-repeat'. */
        SELECTIVE_REPEAT
    }

    /** Congestion control. */
    public enum CongestionControl {
        NONE, DCQCN, HPCC, INFINIBAND, ULTRA_ETHERNET, RECEIVER_DRIVEN, SCHEDULED;

        /**
         * Whether this congestion control's transport trims on a lossy fabric and resends selectively: Ultra
         * Ethernet's and NDP's (receiver-driven pull), as the packet backend runs them ({@code PacketFabric#at}) and
         * the flow model's behaviour rows assume ({@code FabricBehaviours}).
         */
        public boolean trimsAndResendsSelectively() {
            return this == ULTRA_ETHERNET || this == RECEIVER_DRIVEN;
        }

        /** As the language writes it after 'congestion-control': {@code ib-cc}, {@code uec-cc}, {@code dcqcn}. */
        public String words() {
            return switch (this) {
                case INFINIBAND -> "ib-cc";
                case ULTRA_ETHERNET -> "uec-cc";
                default -> name().toLowerCase(Locale.ROOT).replace('_', '-');
            };
        }
    }
}
