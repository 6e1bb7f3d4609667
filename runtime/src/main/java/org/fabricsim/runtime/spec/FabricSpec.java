package org.fabricsim.runtime.spec;

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
 * @param lossless             lossless (credit-based or PFC) rather than lossy
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
 * @param flowControl          how the fabric states its loss ({@code lossless pfc}, {@code lossy}, ...), or
 *                             {@link FlowControl#UNSTATED} when it says nothing: the flow model then runs it as
 *                             the ideal fabric (no fabric behaviour, docs/fabric-behaviour.md)
 */
public record FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
        double linkBytesPerSecond, long latencyPs, boolean lossless, CongestionControl congestionControl,
        boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer,
        double linkEfficiency, FlowControl flowControl) {

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
        if (flowControl == null) {
            throw new IllegalArgumentException("flowControl is required (UNSTATED when the fabric says nothing)");
        }
        if (flowControl != FlowControl.UNSTATED && flowControl.lossless() != lossless) {
            throw new IllegalArgumentException("flowControl " + flowControl + " contradicts lossless = " + lossless);
        }
    }

    /** A fabric that states nothing about its loss and flow control: the flow model's ideal. */
    public FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
            double linkBytesPerSecond, long latencyPs, boolean lossless, CongestionControl congestionControl,
            boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer,
            double linkEfficiency) {
        this(name, vendor, scope, openStandard, acceleratorVendor, linkBytesPerSecond, latencyPs, lossless,
                congestionControl, adaptiveRouting, packetSpraying, inNetworkReduction, flowsPerPeer, linkEfficiency,
                FlowControl.UNSTATED);
    }

    /** A fabric whose links run at the calibration profile's NIC efficiency. */
    public FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
            double linkBytesPerSecond, long latencyPs, boolean lossless, CongestionControl congestionControl,
            boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction, int flowsPerPeer) {
        this(name, vendor, scope, openStandard, acceleratorVendor, linkBytesPerSecond, latencyPs, lossless,
                congestionControl, adaptiveRouting, packetSpraying, inNetworkReduction, flowsPerPeer, 0);
    }

    /** Where a fabric is used. */
    public enum FabricScope {
        SCALE_UP, SCALE_OUT
    }

    /** How a fabric avoids or takes loss, as the language states it. */
    public enum FlowControl {
        /** Nothing stated: the ideal fabric. */
        UNSTATED(false),
        /** 'lossless' without saying how. */
        LOSSLESS(true),
        /** 'lossless pfc': priority flow control pauses (IEEE 802.1Qbb). */
        PFC(true),
        /** 'lossless credit-based': link credits (InfiniBand, Omni-Path, NVLink). */
        CREDIT_BASED(true),
        /** 'lossless link-level-retry': a link replays what it corrupted. */
        LINK_LEVEL_RETRY(true),
        /** 'lossy': switches drop under overload. */
        LOSSY(false);

        private final boolean lossless;

        FlowControl(boolean lossless) {
            this.lossless = lossless;
        }

        /** Whether the fabric never drops a packet under overload. */
        public boolean lossless() {
            return lossless;
        }
    }

    /** Congestion control; proactive schemes avoid congestion, reactive ones respond to it. */
    public enum CongestionControl {
        NONE(false), DCQCN(false), HPCC(false), INFINIBAND(false), ULTRA_ETHERNET(true), RECEIVER_DRIVEN(true),
        SCHEDULED(true);

        private final boolean proactive;

        CongestionControl(boolean proactive) {
            this.proactive = proactive;
        }

        /** Whether senders are paced before congestion forms (credits, scheduling). */
        public boolean proactive() {
            return proactive;
        }
    }
}
