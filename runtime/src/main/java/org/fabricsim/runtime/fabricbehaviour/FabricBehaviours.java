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
 * <li>A fabric that states nothing about its loss ({@link FabricSpec.FlowControl#UNSTATED}) is the
 * ideal fabric: no behaviour, the flow model's max-min sharing exactly.</li>
 * <li>Flow control: {@code lossless pfc} is PFC; {@code lossless credit-based} and {@code lossless
 * link-level-retry} are credits (assumption: a link that replays corrupted packets is kept lossless
 * by link credits, as Omni-Path's "credit-based lossless with link-level replay" is); {@code lossy}
 * is tail drop. A bare {@code lossless} does not say which, and is an error.</li>
 * <li>Recovery: selective repeat when the fabric sprays packets or runs Ultra Ethernet's congestion
 * control (a transport built for multipath must tolerate reordering: UEC 1.0's selective
 * retransmission), go-back-N otherwise (RoCE NICs' default retransmission and InfiniBand RC).</li>
 * <li>Routing: the routing the engine runs the cluster with (its scale-out topology's), so that the
 * row describes the paths the flow model actually takes.</li>
 * </ul>
 * A combination the table lacks is an error naming it ({@link BehaviourTable#behaviour}), never a
 * silent ideal. O(1).
 */
public final class FabricBehaviours {
    private FabricBehaviours() {
    }

    /**
     * The shipped table's behaviour of {@code cluster}'s scale-out fabric under the routing the
     * engine runs it with; null without a scale-out network or for a fabric that states no loss.
     */
    public static FabricBehaviour of(ClusterSpec cluster) {
        if (cluster.scaleOut() == null) {
            return null;
        }
        return of(cluster.scaleOut().fabric(), ClusterTopologies.routing(cluster), BehaviourTable.shipped());
    }

    /**
     * The behaviour {@code fabric} runs with under {@code routing}, from {@code table}; null for a
     * fabric that states no loss (the ideal). Throws {@link IllegalArgumentException} naming the
     * fabric, the combination and what to do when no row fits.
     */
    public static FabricBehaviour of(FabricSpec fabric, RoutingMode routing, BehaviourTable table) {
        BehaviourKey key = key(fabric, routing);
        if (key == null) {
            return null;
        }
        try {
            return table.behaviour(key);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fabric " + fabric.name() + ": " + e.getMessage(), e);
        }
    }

    /** The table key of {@code fabric} under {@code routing}; null for a fabric that states no loss. */
    public static BehaviourKey key(FabricSpec fabric, RoutingMode routing) {
        FlowControl flowControl = switch (fabric.flowControl()) {
            case UNSTATED -> null;
            case LOSSLESS -> throw new IllegalArgumentException("fabric " + fabric.name() + " says 'lossless' without"
                    + " how: write 'lossless pfc', 'lossless credit-based' or 'lossless link-level-retry'");
            case PFC -> FlowControl.PFC;
            case CREDIT_BASED, LINK_LEVEL_RETRY -> FlowControl.CREDIT;
            case LOSSY -> FlowControl.LOSSY;
        };
        if (flowControl == null) {
            return null;
        }
        return new BehaviourKey(flowControl, fabric.congestionControl(), recovery(fabric), routing);
    }

    /** Selective repeat for a spraying or Ultra Ethernet transport, go-back-N otherwise (see the class comment). */
    public static Recovery recovery(FabricSpec fabric) {
        return fabric.packetSpraying() || fabric.congestionControl() == CongestionControl.ULTRA_ETHERNET
                ? Recovery.SELECTIVE_REPEAT : Recovery.GO_BACK_N;
    }
}
