package org.fabricsim.runtime.packet;

/** How a switch picks the next hop of a packet among the minimal next hops to its destination. */
public enum PacketRouting {
    /** The path the caller gave the flow (the flow-level router's choice), hop by hop. */
    PATH,
    /** Per-flow ECMP: the flow's hash picks one minimal next hop at every switch; packets stay in order. */
    ECMP,
    /**
     * Adaptive per packet: the minimal next hop with the fewest bytes ahead, its own egress queue's or, where the next
     * switch has no choice left, the reported depth of the one queue it must then use if that outlasts the wait here
     * (ties by the flow's hash).
     */
    ADAPTIVE,
    /** Spraying: a flow's packets are dealt round robin over the minimal next hops (oblivious spraying). */
    SPRAY
}
