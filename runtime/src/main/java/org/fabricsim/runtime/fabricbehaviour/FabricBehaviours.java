package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.fabricbehaviour.BehaviourKey.FlowControl;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey.Recovery;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopologies;

/**
 * Which row of the behaviour table a fabric, as the language states it, runs with.
 *
 * <p><b>Rules.</b>
 * <ul>
 * <li>A fabric that does not say how it handles overload ({@link FabricSpec.FlowControl#stated()}
 * false: nothing, or a bare {@code lossless}) is the ideal fabric: no behaviour, the flow model's
 * max-min sharing exactly (the editor says so).</li>
 * <li>Flow control: the mechanism the packet backend runs ({@link FabricSpec.FlowControl}): tail drop
 * when not lossless, credits when credit-based ({@code credit-based}, {@code link-level-retry}), PFC
 * otherwise; a lossy Ultra Ethernet ({@code uec-cc}) or receiver-driven ({@code receiver-driven}, NDP) fabric
 * trims instead of dropping, as the packet backend runs them.</li>
 * <li>Congestion control: the one stated; every one has rows of its own, {@code uec-cc} those the packet backend
 * measures running it as Swift (the delay-based control UET's NSCC follows; docs/fabric-behaviour.md, "uec-cc").</li>
 * <li>Recovery: the one stated ({@code recovery selective-repeat}: RoCE NICs with IRN), else selective repeat
 * when the fabric or its topology sprays packets or the fabric runs Ultra Ethernet's congestion
 * control or receiver-driven pull (a transport built for multipath or trimming must tolerate reordering:
 * UEC 1.0's selective retransmission, NDP's), or when the switches route adaptively: their per-packet path
 * choice reorders a flow, and the NICs that run adaptive routing place out-of-order packets directly instead
 * of dropping them and rewinding (NVIDIA MLNX_OFED/DOCA "Out-of-Order (OOO) Data Placement": ConnectX-5 and
 * later, RC and XRC QPs, "handled instead of being dropped, in order to avoid retransmission", set up with
 * adaptive routing; enabled by default in rdma-core). Go-back-N otherwise: on ECMP a flow keeps one path and
 * arrives in order, and recovery matters only on loss (RoCE NICs' default retransmission, InfiniBand RC).</li>
 * <li>Routing: the routing the engine runs the cluster with (its scale-out topology's), so that the
 * row describes the paths the flow model actually takes.</li>
 * <li>Parameters: a fabric that states its congestion control's parameters runs on the row the packet backend
 * measures with them ({@link TunedBehaviours}); the shipped row holds the defaults.</li>
 * </ul>
 * A combination the table lacks is an error naming it ({@link BehaviourTable#behaviour}), never a
 * silent ideal. O(1), except the first call for a fabric that states its parameters (the packet runs that measure
 * its row, about 0.5 s).
 */
public final class FabricBehaviours {
    private FabricBehaviours() {
    }

    /**
     * The shipped table's behaviour of {@code cluster}'s scale-out fabric under the routing the
     * engine runs it with; null without a scale-out network or for a fabric that does not say how it handles
     * overload.
     */
    public static FabricBehaviour of(ClusterSpec cluster) {
        if (cluster.scaleOut() == null) {
            return null;
        }
        return of(cluster.scaleOut().fabric(), ClusterTopologies.routing(cluster), BehaviourTable.shipped());
    }

    /**
     * The behaviour {@code fabric} runs with under {@code routing}, from {@code table}, or measured with the
     * congestion-control parameters the fabric states ({@link TunedBehaviours}); null for a fabric that states no
     * loss (the ideal). Throws {@link IllegalArgumentException} naming the
     * fabric, the combination and what to do when no row fits.
     */
    public static FabricBehaviour of(FabricSpec fabric, RoutingMode routing, BehaviourTable table) {
        BehaviourKey key = key(fabric, routing);
        if (key == null) {
            return null;
        }
        try {
            return TunedBehaviours.behaviour(key, TunedBehaviours.scenarioParameters(fabric, key.congestionControl()),
                    table);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fabric " + fabric.name() + ": " + e.getMessage(), e);
        }
    }

    /** The table key of {@code fabric} under {@code routing}; null for a fabric that does not say how it handles overload. */
    public static BehaviourKey key(FabricSpec fabric, RoutingMode routing) {
        FabricSpec.FlowControl stated = fabric.flowControl();
        if (!stated.stated()) {
            return null;
        }
        CongestionControl cc = fabric.congestionControl();
        return new BehaviourKey(flowControl(stated, cc), cc, recovery(fabric, routing), routing);
    }

    /** The table's flow control of a fabric that states {@code stated} (see the class comment). */
    private static FlowControl flowControl(FabricSpec.FlowControl stated, CongestionControl cc) {
        FlowControl lossy = cc.trimsAndResendsSelectively() ? FlowControl.TRIMMING : FlowControl.LOSSY;
        return !stated.lossless() ? lossy : stated.creditBased() ? FlowControl.CREDIT : FlowControl.PFC;
    }

    /**
     * Whether a switch's stated buffer changes the flow model on a fabric of {@code stated} flow control and
     * {@code cc} ({@link BehaviourKey#readsSwitchBuffer}; recovery and routing do not matter): false on a
     * fabric that states no flow control (the ideal). O(1).
     */
    public static boolean readsSwitchBuffer(FabricSpec.FlowControl stated, CongestionControl cc) {
        return stated.stated() && new BehaviourKey(flowControl(stated, cc), cc, Recovery.GO_BACK_N,
                RoutingMode.ECMP).readsSwitchBuffer();
    }

    /**
     * The stated recovery, else the derived one (see the class comment): selective repeat where the transport
     * needs it ({@link FabricSpec#needsSelectiveRepeat}) or the routing reorders flows ({@link
     * RoutingMode#reordersFlows}: adaptive or sprayed, the fabric's or the topology's; out-of-order placement),
     * go-back-N otherwise ({@link FabricSpec#resendsSelectively}). O(1).
     */
    public static Recovery recovery(FabricSpec fabric, RoutingMode routing) {
        return fabric.resendsSelectively(routing.reordersFlows()) ? Recovery.SELECTIVE_REPEAT
                : Recovery.GO_BACK_N;
    }
}
