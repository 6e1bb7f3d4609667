package org.fabricsim.runtime.fabricbehaviour;

import java.util.Arrays;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.Dcqcn;
import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.packet.IbCc;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The first-order behaviour of one fabric combination, as the packet backend measured it, and the
 * flow model's use of it.
 *
 * <p><b>Parameters.</b> {@code utilisation[((s·H + h)·D + i)·M + j]} (H, D, M = {@link #PATH_LINKS}', {@link
 * #INCAST_DEGREES}' and {@link #FLOWS_PER_SENDER}'s lengths): the share of a bottleneck's capacity (after
 * headers) that {@code INCAST_DEGREES[i]} senders converging on it get through, each sending {@code
 * SENDER_BYTES[s]} as {@code FLOWS_PER_SENDER[j]} flows over paths of {@code PATH_LINKS[h]} links: 1 for
 * an ideal fabric, below 1 where congestion control converges late or oscillates, or where
 * drops cost retransmissions and timeouts. The path length matters because congestion control is a
 * feedback loop: its signal (a mark, a BECN, telemetry) reaches the sender one round trip after the queue
 * built, and the round trip grows with the links of the path, so a longer path overshoots and cuts more
 * (IB CC 2:1 over 1 MiB: 0.574 on one switch, 0.441 across a leaf uplink). The bytes per sender matter
 * because a reactive control's cost is a transient (rates cut on the first signals, then recover on
 * timers of hundreds of µs): the longer the transfer, the smaller the transient's share (IB CC 2:1 on one
 * switch: 0.574 over 1 MiB, 0.705 over 4 MiB). The flows per sender matter
 * because congestion control acts per flow (a queue pair's rate, an InfiniBand table index, a window)
 * while a NIC serves all its flows: when one flow is cut, its siblings on the same NIC can take up
 * the slack (and each flow is shorter, which matters where a control's cost has an onset in transfer
 * size). {@code multipathFactor}: the share of the flow model's throughput a 2:1 oversubscribed
 * permutation gets when switches spread one flow's packets over several paths (adaptive routing,
 * spraying), what reordering costs a go-back-N receiver; 1 by definition under per-flow ECMP.
 *
 * <p><b>Use.</b> A link saturated by two flows or more in the ideal max-min solve, whose flows'
 * senders offer it ρ times its capacity with m flows per distinct sender on average ({@link
 * ContentionModel}), delivers c·u(ρ, m, L̄, B)·m_p: in each (B, L) block u bilinear in (log₂ ρ, log₂ m)
 * between u(1, m) = 1 (no overload) and the measured points, held at ρ = 16 and m = 8 above them (m ≥ 1
 * always: a link's flows are at least its senders), and m_p = {@code multipathFactor} on a link between
 * two switches (1 on a NIC's link, which has one path: see {@link #on}). On one switch at 1 MiB per sender
 * and m = 1 this is u(ρ) of the incasts of one flow per sender, to the bit. A tail-drop fabric without congestion control ({@link
 * #dropsOnOverflow()}) reads its overflowing degrees (one flow per sender) as retransmission-timeout
 * delays instead, charged when an episode's queue overflows the buffer ({@link DropTimeouts}): without
 * congestion control every flow runs at line rate, so what it loses depends on the bytes the episode
 * queues, not on how they are split into flows. A link with one flow, or one that is not saturated,
 * keeps c: a fabric without contention runs exactly as the ideal. O(degrees + flow counts) per
 * saturated link per solve, no allocation. The path length L̄ is the link's flows' mean number of links
 * (Σ_f w_f·L_f / Σ_f w_f): u is linear in L̄ between the measured lengths (a round trip is linear in the
 * links it crosses), held at {@code PATH_LINKS}' ends outside (assumption: a three-tier path of 6 links runs
 * as the two-tier one of 4). The bytes per sender B are the link's contention episode's bytes over its
 * distinct senders when it began: u is linear in log₂ B between the measured sizes, held outside (below
 * 1 MiB a control's onset would raise u: held at the 1 MiB value, it errs slow there).
 *
 * @param key             the combination
 * @param utilisation     bottleneck utilisation at each ({@link #SENDER_BYTES}, {@link #PATH_LINKS}, {@link
 *                        #INCAST_DEGREES}, {@link #FLOWS_PER_SENDER}), in that order of significance, in (0, 1]
 * @param multipathFactor throughput factor of per-packet multipath routing against the flow model, in (0, 2]
 * @param dcqcn           the DCQCN parameters the row was measured with, at the scenarios' line rate: the defaults
 *                        for a shipped row, a fabric's stated ones for a {@link TunedBehaviours} row; DCQCN's stall
 *                        past Kmax reads them ({@link DcqcnStall}), every other congestion control ignores them
 * @param ibCc            the InfiniBand congestion control parameters the row was measured with, as {@code dcqcn}: IB
 *                        CC's overshoot and timer recovery reads them ({@link IbCcRecovery}), the others ignore them
 * @param hpcc            HPCC's parameters the row was measured with, as {@code dcqcn}: its pacing of a lone flow
 *                        reads them ({@link HpccPacing}), the others ignore them
 * @param reordering      go-back-N's reordering past an onset on links fed by several choosing switches ({@link
 *                        GoBackNReordering}): {@link GoBackNReordering#NONE} under ECMP and for selective repeat
 */
public record FabricBehaviour(BehaviourKey key, double[] utilisation, double multipathFactor, Dcqcn dcqcn, IbCc ibCc,
        Hpcc hpcc, GoBackNReordering reordering) {
    /** The incast degrees the table measures. */
    static final int[] INCAST_DEGREES = {2, 4, 8, 16};
    /** The flows per sender the table measures at each degree. */
    static final int[] FLOWS_PER_SENDER = {1, 2, 4, 8};
    /** The path lengths, in links, the table measures: an incast on one switch, and one across a leaf uplink. */
    static final int[] PATH_LINKS = {2, 4};
    /** The bytes each incast sender sends, the table measures: 1 MiB (a ring step's chunk of 16 MiB over 16 ranks) and 4 MiB. */
    static final double[] SENDER_BYTES = {1 << 20, 4 << 20};
    /** Utilisations per (bytes per sender, path length). */
    static final int POINTS_PER_PATH = INCAST_DEGREES.length * FLOWS_PER_SENDER.length;
    /** Utilisations per row. */
    static final int POINTS = SENDER_BYTES.length * PATH_LINKS.length * POINTS_PER_PATH;
    /** The scenarios' switch buffer ({@link PacketConfig.Buffer#defaults()}), which the backlog's rules read. */
    private static final PacketConfig.Buffer SCENARIO_BUFFER = PacketConfig.Buffer.defaults();
    /** The scenarios' packet payload, bytes: a credit's size. */
    private static final int SCENARIO_MTU_BYTES = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).mtuBytes();
    /** DCQCN's defaults at the scenarios' line rate. */
    private static final Dcqcn SCENARIO_DCQCN = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).dcqcn();

    public FabricBehaviour {
        if (key == null || utilisation == null || utilisation.length != POINTS) {
            throw new IllegalArgumentException("a behaviour needs its key and one utilisation per bytes per sender "
                    + Arrays.toString(SENDER_BYTES) + ", path length " + Arrays.toString(PATH_LINKS) + ", incast degree "
                    + Arrays.toString(INCAST_DEGREES)
                    + " and flows per sender " + Arrays.toString(FLOWS_PER_SENDER));
        }
        utilisation = utilisation.clone();
        for (double u : utilisation) {
            requireShare("utilisation", u);
        }
        if (!(multipathFactor > 0 && multipathFactor <= 2)) {
            throw new IllegalArgumentException("multipathFactor must be in (0, 2], was " + multipathFactor);
        }
        if (key.routing() == RoutingMode.ECMP && multipathFactor != 1) {
            throw new IllegalArgumentException("per-flow ECMP does not reorder: its multipath factor is 1");
        }
        if (dcqcn == null || ibCc == null || hpcc == null || reordering == null) {
            throw new IllegalArgumentException(
                    "a behaviour needs the DCQCN, IB CC and HPCC parameters it was measured with, and its reordering");
        }
        if (reordering.reorders() && (key.routing() == RoutingMode.ECMP
                || key.recovery() != BehaviourKey.Recovery.GO_BACK_N)) {
            throw new IllegalArgumentException("only go-back-N under per-packet routing reorders: " + key.describe());
        }
    }

    /** A behaviour measured with DCQCN's, IB CC's and HPCC's defaults at the scenarios' line rate (shipped rows). */
    public FabricBehaviour(BehaviourKey key, double[] utilisation, double multipathFactor,
            GoBackNReordering reordering) {
        this(key, utilisation, multipathFactor, SCENARIO_DCQCN, IbCc.defaults(),
                Hpcc.defaults(TrafficPattern.LINE_BYTES_PER_SECOND), reordering);
    }

    /** A shipped-defaults behaviour that does not reorder. */
    public FabricBehaviour(BehaviourKey key, double[] utilisation, double multipathFactor) {
        this(key, utilisation, multipathFactor, GoBackNReordering.NONE);
    }

    /**
     * A behaviour whose {@code oneLength} utilisations (one per ({@link #INCAST_DEGREES}, {@link
     * #FLOWS_PER_SENDER}), degree-major) hold at every path length and transfer size.
     */
    public static FabricBehaviour atEveryPathLength(BehaviourKey key, double[] oneLength, double multipathFactor) {
        return new FabricBehaviour(key, repeatedPerPathLength(oneLength), multipathFactor);
    }

    private static double[] repeatedPerPathLength(double[] oneLength) {
        if (oneLength == null || oneLength.length != POINTS_PER_PATH) {
            throw new IllegalArgumentException("one utilisation per incast degree " + Arrays.toString(INCAST_DEGREES)
                    + " and flows per sender " + Arrays.toString(FLOWS_PER_SENDER));
        }
        double[] u = new double[POINTS];
        for (int block = 0; block < POINTS / POINTS_PER_PATH; block++) {
            System.arraycopy(oneLength, 0, u, block * POINTS_PER_PATH, POINTS_PER_PATH);
        }
        return u;
    }

    private static void requireShare(String name, double value) {
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1], was " + value);
        }
    }

    /** Bottleneck utilisation at {@code INCAST_DEGREES[i]} with one flow per sender. */
    public double utilisation(int i) {
        return utilisation(i, 0);
    }

    /**
     * Bottleneck utilisation on one switch at {@code INCAST_DEGREES[i]} with {@code FLOWS_PER_SENDER[j]} flows
     * per sender, 1 MiB per sender.
     */
    public double utilisation(int i, int j) {
        return utilisation[i * FLOWS_PER_SENDER.length + j];
    }

    /** The utilisations on one switch with one flow per sender, one per {@link #INCAST_DEGREES}. */
    double[] oneFlowPerSender() {
        double[] u = new double[INCAST_DEGREES.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = utilisation(i);
        }
        return u;
    }

    /**
     * The capacity factor u(ρ, m, L̄, B)·m_p of a saturated link between two switches, where per-packet
     * routing chooses among paths, whose flows offer it {@code overload} = ρ times its capacity with
     * {@code flowsPerSender} = m flows per sender over paths of {@code pathLinks} = L̄ links on average,
     * {@code bytesPerSender} = B each (see the class comment); 1 without overload (ρ ≤ 1).
     */
    public double capacityFactor(double overload, double flowsPerSender, double pathLinks, double bytesPerSender) {
        return overload <= 1 ? 1
                : UtilisationGrid.at(utilisation, overload, flowsPerSender, pathLinks, bytesPerSender) * multipathFactor;
    }


    /**
     * The smallest capacity factor of the rate model, min u × min(1, m_p) (a dropping row's timeouts
     * can derate a small episode further: its contention model bounds its factors by 0).
     */
    public double smallestFactor() {
        double smallest = 1;
        for (double u : utilisation) {
            smallest = Math.min(smallest, u);
        }
        return smallest * Math.min(1, multipathFactor);
    }

    /**
     * The behaviour on {@code topology}'s scale-out fabric: its scale-up links (NVLink and the
     * like, which run their own link-level protocol) keep their ideal capacity, and the multipath
     * factor applies only between switches (links from one switch to another, and sprayed link
     * groups): only there does a switch choose a path per packet, so only there do packets of one
     * flow reorder or report several paths' congestion. A NIC's link to or from its leaf has one
     * path: an incast on one switch runs at u(ρ) under every routing. Its switches' stated buffers
     * ({@link ClusterTopology#switchBufferBytes}) set where drops and head-of-line blocking begin
     * ({@link TopologyContention}).
     */
    public ContentionModel on(ClusterTopology topology) {
        return new TopologyContention(this, topology);
    }

    /** Whether every (bytes per sender, path length) block holds the same utilisations: then one block is read. */
    boolean sameAtEveryPathAndSize() {
        for (int point = POINTS_PER_PATH; point < POINTS; point++) {
            if (utilisation[point] != utilisation[point % POINTS_PER_PATH]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the row charges drops per overflowing episode: {@link BehaviourKey#dropsOnOverflow}. */
    public boolean dropsOnOverflow() {
        return key.dropsOnOverflow();
    }

    /**
     * The payload bytes a backlog held back downstream may fill in the next switch before it blocks the
     * link it came over (head-of-line blocking, {@code HeadOfLineBlocking}), from the packet backend's
     * buffer ({@link PacketConfig.Buffer#defaults()}, the scenarios' switch): credits, the link's credit of
     * 64 packets × 4096 B = 256 KiB; PFC, the pause threshold of one ingress queue filling a free buffer S
     * alone, x = (S − x) ≫ shift, x = S / (2^shift + 1) = 12 MiB / 9 = 1.33 MiB (plus its reserve; the
     * headroom, 2 packets and a round trip per port, is left out, under 2% of S). +∞ on a lossy fabric
     * (nothing holds a packet upstream) and under a congestion control that cuts senders on the congested
     * queue's own signal (DCQCN, HPCC, IB CC: they keep it near their marking threshold, IB CC's 64 KiB,
     * below the credit) or schedules every byte (`scheduled`); Swift ({@code uec-cc}) blocks where its standing queue
     * outgrows the ingress ({@link SwiftQueue}: on credits); receiver-driven pull paces senders at the
     * receiver's port, not at a link inside the fabric, so it blocks as without congestion control.
     * Only a link from one switch to another blocks ({@link #on}): its queue is a switch's FIFO of what
     * arrives; a NIC holds each flow's bytes in host memory and picks a flow per packet, so no flow's
     * packets wait behind another's there (with NICs blocking too, the held-out 2:1 all-to-all on credits,
     * which the packet backend runs at the ideal makespan, came out +17.7%).
     */
    public double backlogBufferBytes() {
        return backlogBufferBytes(SCENARIO_BUFFER.switchBytes());
    }

    /**
     * {@link #backlogBufferBytes()} in a switch of {@code switchBytes} shared buffer S, by the same rules:
     * PFC's pause threshold S / 9 plus its reserve. Under Swift ({@code uec-cc}) the backlog is its standing queue
     * at the target delay, which blocks where it outgrows what one ingress admits ({@link SwiftQueue}: on credits,
     * not under PFC in the scenarios' switch). The credit is the link's, 64 packets × 4096 B whatever S:
     * a credit-based port advertises its own receive buffer for the link (InfiniBand's credits count per
     * virtual lane of one port; the packet backend's {@code creditPackets} is set apart from its shared
     * buffer), not a share of the switch's pool.
     */
    double backlogBufferBytes(double switchBytes) {
        double admitted = ingressAdmittedBytes(switchBytes);
        boolean blocks = key.backlogBuilds()
                || key.congestionControl() == CongestionControl.ULTRA_ETHERNET && SwiftQueue.outgrows(admitted);
        return blocks ? admitted : Double.POSITIVE_INFINITY;
    }

    /**
     * The bytes one ingress port of a switch of {@code switchBytes} shared buffer S holds before backpressure
     * stops the link into it, whatever the congestion control: credits 64 packets × 4096 B, PFC the pause
     * threshold S / 9 plus its reserve (see {@link #backlogBufferBytes()}); +∞ on a lossy fabric, which never
     * stops a sender.
     */
    double ingressAdmittedBytes(double switchBytes) {
        PacketConfig.Buffer buffer = SCENARIO_BUFFER;
        return switch (key.flowControl()) {
            case CREDIT -> (double) buffer.creditPackets() * SCENARIO_MTU_BYTES;
            case PFC -> switchBytes / ((1 << buffer.pfcShift()) + 1) + buffer.pfcReserveBytes();
            case LOSSY, TRIMMING -> Double.POSITIVE_INFINITY;
        };
    }

    /** Records compare their arrays by reference; a behaviour is its values. */
    @Override
    public boolean equals(Object other) {
        return other instanceof FabricBehaviour that && key.equals(that.key)
                && Arrays.equals(utilisation, that.utilisation) && multipathFactor == that.multipathFactor
                && dcqcn.equals(that.dcqcn) && ibCc.equals(that.ibCc) && hpcc.equals(that.hpcc)
                && reordering.equals(that.reordering);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * (31 * key.hashCode() + Arrays.hashCode(utilisation)) + Double.hashCode(multipathFactor))
                + dcqcn.hashCode()) + 31 * ibCc.hashCode() + hpcc.hashCode() + 17 * reordering.hashCode();
    }
}
