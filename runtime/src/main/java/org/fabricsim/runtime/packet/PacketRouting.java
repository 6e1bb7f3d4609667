package org.fabricsim.runtime.packet;

/** How a switch picks the next hop of a packet among the minimal next hops to its destination. */
public enum PacketRouting {
    /** The path the caller gave the flow (the flow-level router's choice), hop by hop. */
    PATH,
    /** Per-flow ECMP: the flow's hash picks one minimal next hop at every switch; packets stay in order. */
    ECMP,
    /**
     * Adaptive per packet on the switch's own port load (InfiniBand AR's choice): the minimal next hop with the
     * fewest queued bytes (ties by the flow's hash).
     */
    ADAPTIVE,
    /**
     * Adaptive per packet seeing the next tier: as {@link #ADAPTIVE}, but where the next switch has no choice left,
     * the reported depth of the one queue it must then use counts too if it outlasts the wait here (docs:
     * fabric-behaviour.md, "Packet adaptive routing that sees the next tier").
     */
    ADAPTIVE_NEXT_TIER,
    /** Spraying: a flow's packets are dealt round robin over the minimal next hops (oblivious spraying). */
    SPRAY
}
