package org.fabricsim.runtime.fabricbehaviour;

import java.util.Locale;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;

/**
 * One combination of fabric behaviour the language can declare, in the language's words.
 *
 * @param flowControl       how the fabric avoids (or takes) loss
 * @param congestionControl the end-to-end congestion control
 * @param recovery          how endpoints recover lost or reordered packets
 * @param routing           how flows choose among equal-cost paths
 */
public record BehaviourKey(FlowControl flowControl, CongestionControl congestionControl, Recovery recovery,
        RoutingMode routing) {

    /**
     * Lossless by PFC pauses, lossless by link credits, lossy (tail drop), or lossy with packet
     * trimming (NDP, Ultra Ethernet: a full queue forwards the headers, the receiver NACKs them;
     * selective repeat only).
     */
    public enum FlowControl {
        PFC("lossless pfc"), CREDIT("lossless credit-based"), LOSSY("lossy"), TRIMMING("lossy trimming");

        private final String words;

        FlowControl(String words) {
            this.words = words;
        }

        /** As the language writes it. */
        public String words() {
            return words;
        }
    }

    /** Go-back-N (RoCE NICs, InfiniBand RC) or selective repeat (IRN, Ultra Ethernet). */
    public enum Recovery {
        GO_BACK_N, SELECTIVE_REPEAT
    }

    public BehaviourKey {
        if (flowControl == null || congestionControl == null || recovery == null || routing == null) {
            throw new IllegalArgumentException("every part of a behaviour key is required");
        }
    }

    /**
     * Whether the row's incast deficit is loss to be charged per overflowing episode ({@link
     * DropTimeouts}): tail drop without congestion control. With congestion control the senders' rate
     * cuts bound the queue (DCQCN at 8:1 drops nothing in the packet backend: its lossy u(8) equals its
     * PFC u(8)), and trimming resends within a round trip, so both stay rates.
     */
    public boolean dropsOnOverflow() {
        return flowControl == FlowControl.LOSSY && congestionControl == CongestionControl.NONE;
    }

    /**
     * Whether a held-back backlog can build in the next switch: without congestion control, or under
     * receiver-driven pull (which paces senders at the receiver's port, not at a link inside the fabric).
     * DCQCN, HPCC and IB CC cut senders on the congested queue's own signal and {@code scheduled} schedules
     * every byte, so no backlog outgrows a buffer.
     */
    public boolean backlogBuilds() {
        return congestionControl == CongestionControl.NONE || congestionControl == CongestionControl.RECEIVER_DRIVEN;
    }

    /**
     * Whether a switch's stated shared buffer changes how the flow model runs this row: where a tail-drop
     * queue overflows ({@link #dropsOnOverflow}), or where PFC pauses a backlog ({@link #backlogBuilds}). Not
     * under credits: a credit is the link's, whatever the switch's pool ({@code FabricBehaviour#backlogBufferBytes}).
     * Under Swift ({@code uec-cc}) with PFC too: its standing queue blocks a switch whose pause threshold it outgrows
     * ({@link SwiftQueue}).
     */
    public boolean readsSwitchBuffer() {
        return dropsOnOverflow() || flowControl == FlowControl.PFC
                && (backlogBuilds() || congestionControl == CongestionControl.ULTRA_ETHERNET);
    }

    /** The key as one table row starts: the four parts, tab separated, lower case with hyphens. */
    public String row() {
        return token(flowControl) + "\t" + congestionControl.words() + "\t" + token(recovery) + "\t" + token(routing);
    }

    /** Parses the four tab-separated parts {@link #row()} writes. */
    public static BehaviourKey parse(String[] parts) {
        CongestionControl cc = null;
        for (CongestionControl candidate : CongestionControl.values()) {
            cc = candidate.words().equals(parts[1].trim()) ? candidate : cc;
        }
        if (cc == null) {
            throw new IllegalArgumentException("unknown congestion control '" + parts[1] + "'");
        }
        return new BehaviourKey(FlowControl.valueOf(constant(parts[0])), cc, Recovery.valueOf(constant(parts[2])),
                RoutingMode.valueOf(constant(parts[3])));
    }

    /** For messages: e.g. "lossless pfc, congestion-control dcqcn, go-back-n recovery, ecmp routing". */
    public String describe() {
        return flowControl.words() + ", congestion-control " + congestionControl.words() + ", " + token(recovery)
                + " recovery, " + token(routing) + " routing";
    }

    private static String token(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String constant(String token) {
        return token.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
