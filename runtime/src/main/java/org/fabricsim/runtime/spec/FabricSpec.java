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
 */
public record FabricSpec(String name, String vendor, FabricScope scope, boolean openStandard, String acceleratorVendor,
        double linkBytesPerSecond, long latencyPs, boolean lossless, CongestionControl congestionControl,
        boolean adaptiveRouting, boolean packetSpraying, boolean inNetworkReduction) {

    public FabricSpec {
        Specs.requireName(name);
        Specs.requirePositive("linkBytesPerSecond", linkBytesPerSecond);
        Specs.requireNonNegative("latencyPs", latencyPs);
    }

    /** Where a fabric is used. */
    public enum FabricScope {
        SCALE_UP, SCALE_OUT
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
