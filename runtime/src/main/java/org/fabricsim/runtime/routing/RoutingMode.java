package org.fabricsim.runtime.routing;

/** How a flow picks among equal-cost paths. */
public enum RoutingMode {
    /**
     * Static ECMP: at every hop with several uplinks the flow takes the one its hash selects. The
     * hash mixes the seed, the flow's key (its connection: source, destination, channel) and the
     * hop, so collisions are real, differ between seeds and repeat exactly for one seed.
     */
    ECMP,
    /**
     * Adaptive: at every hop the flow takes the candidate link with the fewest bytes already
     * routed over it in the current phase (ties broken by the ECMP hash), like InfiniBand AR or
     * Omni-Path adaptive routing at flow granularity; on a fat-tree a candidate's bytes include
     * those of the one link down toward the destination it commits to (a spine's link into the
     * destination's leaf), which backpressure stacks behind the switch's queue and which per-packet
     * adaptive routing keeps even.
     */
    ADAPTIVE,
    /** Packet spraying: the flow is split evenly over all its minimal paths (UEC, Ethernet spraying). */
    SPRAY;

    /**
     * Whether a flow's packets can arrive out of order: adaptive routing moves a flow between paths and spraying
     * splits it over them; ECMP keeps each flow on one path. An unstated recovery is selective where this holds
     * ({@link org.fabricsim.runtime.spec.FabricSpec#resendsSelectively}). O(1).
     */
    public boolean reordersFlows() {
        return this != ECMP;
    }
}
