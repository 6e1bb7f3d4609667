package org.fabricsim.runtime.spec;

/**
 * What a fabric tells the packet backend beyond its rate, latency, flow control and congestion control; the flow
 * model reads only the MTU's header share ({@link #headerShareAgainstDefault}) and the bit-error rate's goodput
 * ({@code BitErrors}).
 * Every value 0 means "the backend's sourced default" (docs/packet-backend.md).
 *
 * @param mtuBytes          payload bytes of a full packet (the fabric's {@code mtu}), or 0
 * @param bitErrorRate      probability that one bit is corrupted on a link traversal, in [0, 1)
 * @param kminBytes         DCQCN: ECN marking starts above this egress queue, or 0
 * @param kmaxBytes         DCQCN: every packet is marked above this egress queue, or 0
 * @param pmax              DCQCN: the marking probability at Kmax, in (0, 1], or 0
 * @param increaseTimerPs   DCQCN: the rate-increase timer, picoseconds, or 0
 * @param hpccEta           HPCC: the target utilisation η, in (0, 1], or 0
 * @param hpccMaxStage      HPCC: additive-increase stages before a multiplicative step, or 0
 * @param hpccAdditiveBytesPerSecond HPCC: the additive increase R_AI, or 0
 * @param ibCcThresholdBytes InfiniBand congestion control: switches mark FECN above this egress queue, or 0
 * @param ibCcIncrease      InfiniBand congestion control: CCTI_Increase, table entries per BECN, or 0
 * @param ibCcLimit         InfiniBand congestion control: CCTI_Limit, the last table entry, or 0
 * @param ibCcTimerPs       InfiniBand congestion control: CCTI_Timer, one entry back per period, picoseconds, or 0
 * @param creditBytes       scheduled fabric: the worth of one egress credit, bytes, or 0
 * @param virtualLanes      queues per port that packets move up one per hop between switches (deadlock-free
 *                          routing on a lossless fabric, {@code BufferDependencies}), 1 to 8, or 0 for one
 */
public record PacketSettings(int mtuBytes, double bitErrorRate, long kminBytes, long kmaxBytes,
        double pmax, long increaseTimerPs, double hpccEta, int hpccMaxStage, double hpccAdditiveBytesPerSecond,
        long ibCcThresholdBytes, int ibCcIncrease, int ibCcLimit, long ibCcTimerPs, int creditBytes,
        int virtualLanes) {

    /** The most virtual lanes a port keeps: PFC's eight priorities (IEEE 802.1Qbb). */
    public static final int MAX_VIRTUAL_LANES = 8;

    /** The default MTU, payload bytes of a full packet: RoCE's and InfiniBand's largest, 4096 B (IBTA specification). */
    public static final int DEFAULT_MTU_BYTES = 4096;
    /**
     * Header bytes of a packet on the wire: RoCEv2 = Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4
     * (InfiniBand Architecture Specification, Annex A17); preamble and inter-frame gap are not counted.
     */
    public static final int HEADER_BYTES = 62;

    /**
     * Every setting at the backend's default: no bit errors, the default MTU, DCQCN, HPCC, IB CC and scheduled
     * fabric parameters.
     */
    public static final PacketSettings DEFAULTS = new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The same settings on one virtual lane. */
    public PacketSettings(int mtuBytes, double bitErrorRate, long kminBytes, long kmaxBytes, double pmax,
            long increaseTimerPs, double hpccEta, int hpccMaxStage, double hpccAdditiveBytesPerSecond,
            long ibCcThresholdBytes, int ibCcIncrease, int ibCcLimit, long ibCcTimerPs, int creditBytes) {
        this(mtuBytes, bitErrorRate, kminBytes, kmaxBytes, pmax, increaseTimerPs, hpccEta, hpccMaxStage,
                hpccAdditiveBytesPerSecond, ibCcThresholdBytes, ibCcIncrease, ibCcLimit, ibCcTimerPs, creditBytes, 0);
    }

    public PacketSettings {
        Specs.requireNonNegative("mtuBytes", mtuBytes);
        Specs.requireNonNegative("kminBytes", kminBytes);
        Specs.requireNonNegative("kmaxBytes", kmaxBytes);
        Specs.requireNonNegative("increaseTimerPs", increaseTimerPs);
        Specs.requireNonNegative("hpccMaxStage", hpccMaxStage);
        Specs.requireNonNegative("ibCcThresholdBytes", ibCcThresholdBytes);
        Specs.requireNonNegative("ibCcIncrease", ibCcIncrease);
        Specs.requireNonNegative("ibCcLimit", ibCcLimit);
        Specs.requireNonNegative("ibCcTimerPs", ibCcTimerPs);
        Specs.requireNonNegative("creditBytes", creditBytes);
        if (virtualLanes < 0 || virtualLanes > MAX_VIRTUAL_LANES) {
            throw new IllegalArgumentException("a port keeps 1 to " + MAX_VIRTUAL_LANES + " virtual lanes");
        }
        if (!(bitErrorRate >= 0 && bitErrorRate < 1) || !(pmax >= 0 && pmax <= 1) || !(hpccEta >= 0 && hpccEta <= 1)
                || !(hpccAdditiveBytesPerSecond >= 0)) {
            throw new IllegalArgumentException("the bit-error rate is in [0, 1), pmax and HPCC's eta in [0, 1] and"
                    + " HPCC's additive increase non-negative");
        }
    }

    /** The virtual lanes of every port: those stated, or one. */
    public int lanes() {
        return Math.max(1, virtualLanes);
    }

    /**
     * The payload share of a full packet at this MTU against the default's: (m / (m + h)) / (D / (D + h)), with
     * h = {@link #HEADER_BYTES} and D = {@link #DEFAULT_MTU_BYTES}; 1 when no MTU is stated. The profile's NIC
     * efficiency is measured at the default MTU, so this scales it to the fabric's: 1024 B gives 0.957, 9216 B
     * 1.008. O(1).
     */
    public double headerShareAgainstDefault() {
        if (mtuBytes == 0) {
            return 1;
        }
        double stated = (double) mtuBytes / (mtuBytes + HEADER_BYTES);
        double standard = (double) DEFAULT_MTU_BYTES / (DEFAULT_MTU_BYTES + HEADER_BYTES);
        return stated / standard;
    }
}
