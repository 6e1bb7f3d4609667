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
     *
     * <p>A reference for checks, not a fabric's routing: the switches the language describes document a choice on
     * their own state ({@link #ADAPTIVE}: InfiniBand AR "select[s] the output port based on the port's load", NVIDIA's
     * InfiniBand cluster bring-up procedure; Spectrum's adaptive routing selects paths "based on the state of the
     * switch, such as queue occupancy and port utilization", Cumulus Linux's NVUE reference), while a choice that
     * weighs another switch's queue is a proposal (the IETF's draft-cheng-rtgwg-adaptive-routing-framework, CONGA,
     * UGAL-G) that no fabric states. It is kept because on three tiers the local choice cannot see the link it
     * commits a packet to, and the flow model's adaptive choice weighs that link ({@code AdaptiveDownlinksTest} needs
     * a packet reference that does too). As the default it moved the behaviour table's mixed step from 9.67% to
     * 11.34% mean error (docs: fabric-behaviour.md, "Which adaptive routing the packet default follows (session 70)").
     */
    ADAPTIVE_NEXT_TIER,
    /**
     * Adaptive per packet on the port quality switch silicon documents: each candidate's bytes sent in the last
     * microsecond and its queue at that microsecond's end, each quantised into eight bands and weighed 70 / 30, the
     * packet to a port of the best quality, ties drawn at random from the simulation's seed ({@link PortQuality}: SAI's
     * adaptive routing and switching profile, Broadcom's and Juniper's dynamic load balancing, FBOSS's per-packet
     * configuration).
     *
     * <p>Measured, not the default (docs: fabric-behaviour.md, "What an adaptive switch compares, session 71"): it
     * takes the 64-host mixed step's laggards away under HPCC with selective repeat (the flow model −14.2% → −0.2%
     * against it) but keeps the held-out all-to-all's tail, reorders go-back-N's flows, and on a lossless 2:1
     * permutation without congestion control delivers 0.47 of the bound {@link #ADAPTIVE} reaches: its draws among
     * uplinks that tie send a flow's packets into queues of unequal depth, and the receivers' reordering threshold
     * reads them as lost (the NICs resend 0.91 of the bytes). With receivers that place out-of-order packets
     * ({@link PacketConfig#outOfOrderPlacement}) the permutation reaches 0.98 of the bound, but as the behaviour
     * table's adaptive reference it still took the held-out cells within 10% from 465 to 414 of 492, mostly on
     * go-back-N rows (docs: fabric-behaviour.md, "Receivers that accept reordering, session 71"). Which of the two a
     * fabric's switches run, with which thresholds, no source for the catalog's fabrics says.
     */
    ADAPTIVE_QUALITY,
    /** Spraying: a flow's packets are dealt round robin over the minimal next hops (oblivious spraying). */
    SPRAY
}
